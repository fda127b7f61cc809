"""Pages of the campaign tables: index, one page per table, server-side search, HTMX rows.

These tests carry no ``django_db`` mark on purpose: any database query made while
rendering a table page would fail them.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from rules import tables as t


def body_rows(html: str) -> list[str]:
    tbody = re.search(r'<tbody id="table-rows"[^>]*>(.*?)</tbody>', html, re.S)
    source = tbody.group(1) if tbody else html
    return [r for r in re.findall(r"<tr[^>]*>.*?</tr>", source, re.S) if "no-match" not in r]


def test_index_lists_every_table(client):
    response = client.get(reverse("rules:tables"))
    assert response.status_code == 200
    html = response.content.decode()
    for key, entry in t.TABLES.items():
        assert reverse("rules:table", args=[key]) in html
        assert entry.title in html


@pytest.mark.parametrize("key", list(t.TABLES))
def test_every_table_page_renders_with_its_suit_note(client, key):
    response = client.get(f"/rules/tables/{key}/")
    assert response.status_code == 200
    html = response.content.decode()
    table = t.table(key)
    assert 'id="suit-note"' in html
    assert "<html" in html
    if table.suit_mapping_note:
        note_start = table.suit_mapping_note[:60].replace("'", "&#x27;").replace('"', "&quot;")
        assert note_start in html
    else:
        assert "Nothing was reconstructed" in html
    assert len(body_rows(html)) > 0


def test_weekly_events_page_shows_every_event(client):
    html = client.get("/rules/tables/weekly-events/").content.decode()
    assert len(body_rows(html)) == 28
    assert "5 of Rams or Masks" in html and "Saloon" in html and "BAR" in html


def test_search_filters_rows_without_javascript(client):
    html = client.get("/rules/tables/weekly-events/", {"q": "kythera"}).content.decode()
    rows = body_rows(html)
    assert len(rows) == 1 and "Kythera" in rows[0]
    assert 'value="kythera"' in html
    assert "<html" in html


def test_search_is_case_blind_and_matches_any_column(client):
    html = client.get("/rules/tables/campaign-upgrades/", {"q": "ALWAYS"}).content.decode()
    names = {"Good Lead", "Lucky Gremlin&#x27;s Foot"}
    rows = body_rows(html)
    assert all(any(n in r for n in names) or "always" in r.lower() for r in rows)
    assert len(rows) >= 2


def test_search_with_no_match_says_so(client):
    html = client.get("/rules/tables/bounties/", {"q": "zzzz"}).content.decode()
    assert body_rows(html) == []
    assert "No rows match" in html


def test_htmx_request_gets_only_the_rows(client):
    response = client.get("/rules/tables/hide-outs/", {"q": "barter"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "<tbody" not in html and 'id="suit-note"' not in html
    rows = body_rows(html)
    assert rows and all("barter" in r.lower() for r in rows)
    assert "HX-Request" in response["Vary"]


def test_htmx_history_restore_gets_the_full_page(client):
    response = client.get(
        "/rules/tables/injuries/", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in response.content.decode()


def test_search_box_is_wired_for_htmx(client):
    html = client.get("/rules/tables/injuries/").content.decode()
    assert 'hx-get="/rules/tables/injuries/"' in html
    assert 'hx-trigger="keyup changed delay:200ms"' in html
    assert 'hx-target="#table-rows"' in html
    assert 'name="q"' in html and 'method="get"' in html


def test_hide_outs_page_lists_every_fortification(client):
    html = client.get("/rules/tables/hide-outs/").content.decode()
    assert len(body_rows(html)) == 48
    assert "Steady Stream of Customers" in html and "Construction Material" in html


def test_unknown_table_is_a_404(client):
    assert client.get("/rules/tables/no-such-table/").status_code == 404


def test_nav_and_home_link_to_the_tables(client):
    html = client.get("/").content.decode()
    assert html.count(reverse("rules:tables")) >= 2


@pytest.mark.django_db
def test_table_pages_make_no_queries(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        client.get("/rules/tables/")
        client.get("/rules/tables/weekly-events/", {"q": "scrip"})
        client.get("/rules/tables/injuries/", HTTP_HX_REQUEST="true")

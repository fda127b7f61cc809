"""The bell, the notification list, the email settings page and the API: a user sees and
marks only their own notifications."""

import pytest
from django.urls import reverse

from notifications import kinds, services
from notifications.models import Notification
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def tell(user, n=1, url="/rules/odds/"):
    return [services.notify(user, kinds.JOIN_REQUEST, key=f"k{i}", url=url,
                            params={"user": f"Newcomer {i}", "league": "Club"})
            for i in range(n)]


def test_the_bell_shows_the_unread_count_on_every_page(client):
    user = UserFactory()
    tell(user, 3)
    services.mark_read(user, Notification.objects.filter(user=user).first())
    client.force_login(user)
    for url in ("/", reverse("rules:odds"), reverse("league:list")):
        html = client.get(url).content.decode()
        assert 'id="bell"' in html and 'id="bell-count" aria-hidden="true">2<' in html
        assert "Notifications: 2 unread" in html
    fragment = client.get(reverse("notifications:bell")).content.decode()
    assert fragment.startswith('<a id="bell"') and ">2<" in fragment


def test_no_count_when_all_is_read_and_no_bell_for_visitors(client):
    user = UserFactory()
    client.force_login(user)
    html = client.get("/").content.decode()
    assert 'id="bell"' in html and 'id="bell-count"' not in html
    client.logout()
    assert 'id="bell"' not in client.get(reverse("rules:odds")).content.decode()
    assert client.get(reverse("notifications:bell")).status_code == 204


def test_the_list_shows_only_your_own_and_opening_one_marks_it_read(client):
    user, other = UserFactory(), UserFactory()
    [mine] = tell(user)
    [theirs] = tell(other, url="/leagues/")
    client.force_login(user)
    html = client.get(reverse("notifications:list")).content.decode()
    assert f'id="notification-{mine.pk}"' in html and f"notification-{theirs.pk}" not in html
    response = client.get(mine.get_absolute_url())
    assert response.status_code == 302 and response.url == "/rules/odds/"
    mine.refresh_from_db()
    assert mine.is_read
    assert client.get(theirs.get_absolute_url()).status_code == 404
    assert client.post(reverse("notifications:read", args=[theirs.pk])).status_code == 404
    theirs.refresh_from_db()
    assert not theirs.is_read


def test_a_notification_never_redirects_off_site(client):
    user = UserFactory()
    [n] = tell(user, url="https://evil.example/")
    client.force_login(user)
    assert client.get(n.get_absolute_url()).url == reverse("notifications:list")


def test_mark_read_with_htmx_and_mark_all_read(client):
    user = UserFactory()
    first, *_ = tell(user, 3)
    client.force_login(user)
    fragment = client.post(reverse("notifications:read", args=[first.pk]),
                           HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith(f'<li class="notification" id="notification-{first.pk}"')
    client.post(reverse("notifications:read-all"))
    assert not Notification.objects.filter(user=user, read_at__isnull=True).exists()


def test_the_list_works_without_login_only_by_redirect(client):
    response = client.get(reverse("notifications:list"))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_the_email_settings_page_saves_each_kind(client):
    user = UserFactory()
    client.force_login(user)
    html = client.get(reverse("notifications:preferences")).content.decode()
    for kind in kinds.KINDS.values():
        assert str(kind.label) in html
    chosen = {k: "on" for k in kinds.KINDS if k != kinds.NEW_WEEK}
    client.post(reverse("notifications:preferences"), chosen)
    prefs = services.email_preferences(user)
    assert prefs[kinds.NEW_WEEK] is False and prefs[kinds.RESULT_TO_CONFIRM] is True


def test_the_api_lists_and_marks_only_your_own(api_client):
    user, other = UserFactory(), UserFactory()
    mine = tell(user, 2)
    [theirs] = tell(other)
    api_client.force_authenticate(user)
    body = api_client.get("/api/notifications/").json()
    assert {r["id"] for r in body["results"]} == {n.pk for n in mine}
    assert body["results"][0]["message"].endswith("asks to join Club.")
    assert api_client.get("/api/notifications/unread-count/").json() == {"unread": 2}
    assert api_client.post(f"/api/notifications/{mine[0].pk}/read/").json()["read"] is True
    assert api_client.post(f"/api/notifications/{theirs.pk}/read/").status_code == 404
    assert api_client.get(f"/api/notifications/{theirs.pk}/").status_code == 404
    assert api_client.post("/api/notifications/read-all/").json() == {"marked": 1}
    theirs.refresh_from_db()
    assert not theirs.is_read


def test_the_api_reads_and_sets_email_preferences(api_client):
    user = UserFactory()
    api_client.force_authenticate(user)
    rows = api_client.get("/api/notifications/preferences/").json()
    assert {r["kind"] for r in rows} == set(kinds.KINDS) and all(r["email"] for r in rows)
    rows = api_client.put("/api/notifications/preferences/",
                          {"email": {kinds.NEW_WEEK: False}}, format="json").json()
    assert {r["kind"]: r["email"] for r in rows}[kinds.NEW_WEEK] is False
    bad = api_client.patch("/api/notifications/preferences/", {"email": {"nope": True}},
                           format="json")
    assert bad.status_code == 400 and "nope" in str(bad.json())


def test_the_api_needs_a_login(api_client):
    assert api_client.get("/api/notifications/").status_code == 403
    assert api_client.get("/api/notifications/preferences/").status_code == 403


def test_the_api_list_is_bounded(api_client, django_assert_max_num_queries):
    user = UserFactory()
    tell(user, 40)
    api_client.force_authenticate(user)
    with django_assert_max_num_queries(3):
        assert len(api_client.get("/api/notifications/").json()["results"]) == 40


def test_the_schema_documents_notifications_and_home(api_client):
    schema = api_client.get("/api/schema/").content.decode()
    for path in ("/api/notifications/", "/api/notifications/read-all/",
                 "/api/notifications/preferences/", "/api/home/"):
        assert path in schema


def test_the_list_page_is_bounded(client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = UserFactory()
    client.force_login(user)

    def count():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("notifications:list")).status_code == 200
        return len(queries)

    tell(user, 3)
    few = count()
    services.notify(user, kinds.AFTERMATH_WAITING, key="a", params={"phase": "barter"})
    services.notify(user, kinds.CHECK_IN_OPEN, key="n", params={"date": "2026-12-01"})
    for i in range(40):
        services.notify(user, kinds.NEW_WEEK, key=f"w{i}", params={"week": i})
    assert count() == few


def test_a_new_notification_says_now_not_zero_minutes_ago(client):
    """Its age reads as people say it, in the page's language."""
    from datetime import timedelta

    from django.utils import timezone

    user = UserFactory()
    _, old = tell(user, 2)
    Notification.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - timedelta(minutes=5))
    client.force_login(user)
    html = client.get(reverse("notifications:list")).content.decode()
    import re

    html = html.replace("\xa0", " ")
    assert re.search(r">(now|\d+ seconds? ago)<", html)
    assert ">5 minutes ago<" in html and "0 minutes" not in html
    french = client.get(reverse("notifications:list"),
                        HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9").content.decode()
    french = french.replace("\xa0", " ")
    assert re.search(r">(maintenant|il y a \d+ secondes?)<", french)
    assert ">il y a 5 minutes<" in french

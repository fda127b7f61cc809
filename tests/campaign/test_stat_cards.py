"""Stat cards: each arsenal model as a card with its actions, abilities, upgrades,
injuries and effective stats, on the sheet, in the print view, in the roster PDF and in
the API, without a query per model."""

import io

import pytest
from django.urls import reverse

from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign
from campaign.selectors import arsenal_sheet
from campaign.services import arsenal
from campaign.stat_cards import stat_cards
from tests.campaign.factories import CampaignFactory, CrewFactory, member
from tests.catalogue.factories import ModelCardFactory

pytestmark = pytest.mark.django_db

SHOOT = {"name": "Test Pistol", "stat": "Sh", "value": 5, "range": '12"', "resist": "Df",
         "damage": "1/2/4", "suits": ["crows"],
         "triggers": [{"suits": ["crows", "masks"], "name": "Test Ricochet",
                       "text": "Damage another model."}]}
SPELL = {"name": "Test Ward", "stat": "Ca", "value": 6, "tn": 12, "range": "Pulse 6\"",
         "text": "Friendly models gain Shielded."}


@pytest.fixture
def crew(db):
    campaign = CampaignFactory(visibility=Campaign.Visibility.MEMBERS)
    crew = CrewFactory(campaign=campaign, player=member(campaign.league), name="Wardens",
                       status="active")
    card = ModelCardFactory(name="Test Captain", station="henchman", cost=8, cache=2,
                            actions=[*ModelCardFactory.actions.function(), SHOOT, SPELL])
    captain = ArsenalModel.objects.create(crew=crew, card=card, station="henchman")
    crew.leader = captain
    crew.save()
    arsenal.add_injury(model=captain, actor=crew.player, key="slowed-reflexes",
                       name="Slowed Reflexes", stat_effects={"df": -1})
    arsenal.add_skill(model=captain, actor=crew.player, key="duelist", name="Duelist",
                      stat_effects={"ml": 1})
    ArsenalUpgrade.objects.create(crew=crew, kind="equipment", table_key="extended-blade",
                                  name="Extended Blade", attached_to=captain,
                                  stat_effects={"melee_range": 1})
    ArsenalUpgrade.objects.create(crew=crew, kind="equipment", table_key="clockwork-seeker",
                                  name="Clockwork Seeker", attached_to=captain)
    for i in range(3):
        ArsenalModel.objects.create(crew=crew, card=ModelCardFactory(name=f"Test Guard {i}"),
                                    station="minion")
    return crew


def test_a_card_shows_effective_stats_actions_and_what_the_model_carries(crew):
    [card] = [c for c in stat_cards(arsenal_sheet(crew).models) if c.name == "Test Captain"]
    assert card.is_leader
    stats = {stat.key: stat for _label, stat in card.stats}
    assert (stats["df"].base, stats["df"].value) == (5, 4)
    assert [c.source for c in stats["df"].changes] == ["Slowed Reflexes"]
    actions = {a.name: a for a in card.actions}
    swing = actions["Test Swing"]  # Ml 5, 1": Duelist +1 Ml, Extended Blade +1"
    assert (swing.printed_value, swing.value) == (5, 6)
    assert (swing.printed_range, swing.range) == ('1"', '2"') and swing.changed
    assert swing.resist == "Df" and swing.damage == "2/3/4"
    assert [(t.suit_names, t.name) for t in swing.triggers] == [("Rams", "Test Push")]
    pistol = actions["Test Pistol"]
    assert (pistol.value, pistol.range, pistol.suit_names) == (5, '12"', "Crows")
    assert pistol.triggers[0].suit_names == "Crows + Masks"
    assert actions["Test Ward"].tn == 12 and not actions["Test Ward"].changed
    seeker = actions["Clockwork Seeker"]  # an action the equipment grants
    assert seeker.source == "Clockwork Seeker" and seeker.stat == "Sh"
    assert card.abilities == (("Test Grit", "Stands firm."),)
    assert [u.name for u in card.injuries] == ["Slowed Reflexes"]
    assert card.injuries[0].effects == "Df -1" and "Df drops by 1" in card.injuries[0].text
    assert [u.name for u in card.skills] == ["Duelist"]
    assert {u.name for u in card.upgrades} == {"Extended Blade", "Clockwork Seeker"}


def test_the_sheet_and_the_old_stat_row_agree(crew):
    sheet = arsenal_sheet(crew)
    for model, card in zip(sheet.models, stat_cards(sheet.models), strict=True):
        assert model.stats == {s.key: s.value for _label, s in card.stats}


def test_the_sheet_shows_the_cards(client, crew):
    client.force_login(crew.player)
    html = client.get(crew.get_absolute_url()).content.decode()
    block = html.split('data-model="Test Captain"')[1].split("</article>")[0]
    for text in ("Test Swing", "Ml <span class=\"changed\">6</span>",
                 'Rg <span class="changed">2&quot;</span>', "Resist Df",
                 "Dmg 2/3/4", "Rams: Test Push", "Test Pistol", "Crows + Masks: Test Ricochet",
                 "TN 12", "Test Grit", "Stands firm.", "Slowed Reflexes", "Duelist",
                 "Extended Blade", "Df 5 → 4", "Leader"):
        assert text in block, text
    assert reverse("campaign:cards", args=[crew.pk]) in html
    assert reverse("campaign:roster-pdf", args=[crew.pk]) in html


def test_the_print_view_lays_out_every_card_on_the_chosen_paper(client, crew):
    client.force_login(crew.player)
    url = reverse("campaign:cards", args=[crew.pk])
    html = client.get(url).content.decode()
    assert html.count('class="model-card print-card"') == 4
    assert "css/print-a4.css" in html and 'class="card-sheet cols-2 paper-a4"' in html
    letter = client.get(url, {"paper": "letter", "columns": "3"}).content.decode()
    assert "css/print-letter.css" in letter and "cols-3 paper-letter" in letter
    odd = client.get(url, {"paper": "a0", "columns": "9"}).content.decode()
    assert "css/print-a4.css" in odd and "cols-2" in odd
    # No inline script or event handler (the Content Security Policy forbids them).
    assert "<script>" not in html and "onclick" not in html and "js/print.js" in html


def test_print_css_sets_the_page_size_and_keeps_cards_whole():
    from pathlib import Path

    css = Path("static/css/cards.css").read_text()
    assert "break-inside: avoid" in css and ".cols-3" in css
    assert "size: A4" in Path("static/css/print-a4.css").read_text()
    assert "size: letter" in Path("static/css/print-letter.css").read_text()


def test_the_roster_pdf_lists_every_model_with_effective_stats(client, crew):
    from pypdf import PdfReader

    client.force_login(crew.player)
    response = client.get(reverse("campaign:roster-pdf", args=[crew.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert 'filename="wardens-roster.pdf"' in response["Content-Disposition"]
    reader = PdfReader(io.BytesIO(response.content))
    text = " ".join(page.extract_text() for page in reader.pages)
    for word in ("Wardens", "Test Captain", "Test Guard 2", "Slowed Reflexes", "Duelist",
                 "4*"):
        assert word in text, word
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert round(width) == 842 and round(height) == 595  # A4 landscape
    letter = PdfReader(io.BytesIO(client.get(reverse("campaign:roster-pdf", args=[crew.pk]),
                                             {"paper": "letter"}).content))
    assert [round(float(v)) for v in letter.pages[0].mediabox[2:]] == [792, 612]


def test_cards_and_roster_follow_the_campaigns_visibility(client, crew):
    for name in ("campaign:cards", "campaign:roster-pdf"):
        assert client.get(reverse(name, args=[crew.pk])).status_code == 403
    assert client.get(f"/api/crews/{crew.pk}/cards/").status_code == 403
    client.force_login(member(crew.campaign.league))
    for name in ("campaign:cards", "campaign:roster-pdf"):
        assert client.get(reverse(name, args=[crew.pk])).status_code == 200


def test_the_api_gives_the_same_cards(api_client, crew):
    api_client.force_authenticate(crew.player)
    body = api_client.get(f"/api/crews/{crew.pk}/cards/").json()
    captain = next(c for c in body if c["name"] == "Test Captain")
    df = next(s for s in captain["stats"] if s["key"] == "df")
    assert (df["printed"], df["value"]) == (5, 4)
    assert df["changes"] == [{"source": "Slowed Reflexes", "delta": -1}]
    swing = next(a for a in captain["actions"] if a["name"] == "Test Swing")
    assert (swing["value"], swing["range"], swing["triggers"][0]["name"]) == (6, '2"',
                                                                           "Test Push")
    assert captain["injuries"][0]["name"] == "Slowed Reflexes"


def test_cards_add_no_query_per_model(client, crew, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(crew.player)
    urls = [crew.get_absolute_url(), reverse("campaign:cards", args=[crew.pk]),
            reverse("campaign:roster-pdf", args=[crew.pk]), f"/api/crews/{crew.pk}/cards/"]

    def counts():
        found = []
        for url in urls:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            found.append(len(queries))
        return found

    before = counts()
    for i in range(12):
        model = ArsenalModel.objects.create(crew=crew, card=ModelCardFactory(name=f"More {i}"),
                                            station="minion")
        arsenal.add_injury(model=model, actor=crew.player, key="amputation",
                           name="Amputation", stat_effects={"wd": -2})
    assert counts() == before

"""The scrip ledger's reasons, a change of station and the week's hires in the reader's
language (issue 23).

The services store these lines in English (an audit record, written once for every
reader); a French page reads them in French (rules.log_lines), the names in them (models,
Upgrades, crews, Fortifications kept English) marked lang="en"."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from campaign.models import ArsenalEvent, ArsenalUpgrade, Fortification, HideOut, ScripEntry
from campaign.services import arsenal, one_use, scrip
from tests.aftermath.conftest import campaign_week, roster  # noqa: F401
from tests.i18n.visible_english import english_in

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def _section(html: str, key: str) -> str:
    start = html.index(f'id="{key}"')
    return html[start:html.index("</section>", start)]


def _pages(client, crew, key: str) -> tuple[str, str]:
    client.force_login(crew.player)
    sheet = reverse("campaign:crew", args=[crew.pk])
    return (_section(client.get(sheet, **FRENCH).content.decode(), key),
            _section(client.get(sheet, **ENGLISH).content.decode(), key))


def _en(name: str) -> str:
    return f'<span lang="en">{escape(name)}</span>'


def test_a_change_of_station_reads_french_and_is_stored_english(client, campaign_week):  # noqa: F811
    """Changed by a French reader: the line is still stored in English (the station's
    English name), and a French page shows the station in French."""
    _, alpha, _, _ = campaign_week
    guard = alpha.models.filter(station="minion").select_related("card").first()
    with translation.override("fr"):
        arsenal.change_station(model=guard, actor=alpha.player, station="enforcer")
    line = ArsenalEvent.objects.filter(crew=alpha, kind=ArsenalEvent.Kind.STATION).get()
    assert line.description == f"{guard.card.name} changed station: Minion to Enforcer"
    fr, en = _pages(client, alpha, "history")
    assert escape(line.description) in en
    assert "changed station" not in fr
    assert f"{_en(guard.card.name)} a changé de rang : Homme de main → Enforcer" in fr
    assert not english_in(fr, [alpha.name]), english_in(fr, [alpha.name])


def test_the_hide_outs_scrip_reads_french_on_the_ledger(client, campaign_week):  # noqa: F811
    """Memento Mori (an Injury entered by hand) and Marble Headstones (a model
    annihilated): the ledger reads French, the Fortification and the model marked."""
    _, alpha, _, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="mausoleum", name="Crypt")
    for key, name in (("memento-mori", "Memento Mori"),
                      ("marble-headstones", "Marble Headstones")):
        Fortification.objects.create(hide_out=hide_out, key=key, name=name, built_week=1)
    guard, other = alpha.models.filter(station="minion").select_related("card")[:2]
    arsenal.add_injury(model=guard, actor=alpha.player, key="fragile", name="Fragile")
    arsenal.annihilate_model(model=other, actor=alpha.player)
    reasons = set(ScripEntry.objects.filter(crew=alpha).values_list("reason", flat=True))
    stored = {f"Memento Mori: {guard.card.name} injured",
              f"Marble Headstones: {other.card.name} lost"}
    assert stored <= reasons, reasons
    fr, en = _pages(client, alpha, "scrip")
    for line in stored:
        assert escape(line) in en and escape(line) not in fr, line
    assert f"Memento mori : {_en(guard.card.name)} blessé" in fr
    assert f"Stèles de marbre : {_en(other.card.name)} perdu" in fr
    assert not english_in(fr, [alpha.name]), english_in(fr, [alpha.name])


def test_the_scrap_pile_reads_french_on_the_ledger_and_the_history(client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    hide_out = HideOut.objects.create(crew=alpha, hide_out_key="wasteland-outpost", name="Yard")
    Fortification.objects.create(hide_out=hide_out, key="scrap-pile", name="Scrap Pile",
                                 built_week=1)
    scrip.adjust_scrip(alpha, 5, week=1, reason="test funds", actor=alpha.player)
    guard = alpha.models.filter(station="minion").first()
    whiskey = ArsenalUpgrade.objects.create(crew=alpha, kind="equipment", table_key="whiskey",
                                            name="Whiskey", attached_to=guard)
    one_use.spend(upgrade=whiskey, actor=alpha.player, where="game 3, turn 2", game_id=None,
                  keep=True)
    assert ScripEntry.objects.filter(crew=alpha, reason="Scrap Pile: kept Whiskey").exists()
    fr, en = _pages(client, alpha, "scrip")
    assert "Scrap Pile: kept Whiskey" in en and "Scrap Pile" not in fr
    assert f"Tas de ferraille : {_en('Whiskey')} gardé" in fr
    fr, en = _pages(client, alpha, "history")
    assert "kept by the Scrap Pile" in en and "kept by the Scrap Pile" not in fr
    assert (f"{_en('Whiskey')} utilisé : partie 3, tour 2 ; gardé par le Tas de ferraille "
            "(3 Scrip)") in fr


#: Ledger reasons as the services store them, and a part of their French.
REASONS = [
    ("Catch-up Barter: Whiskey", f"Troc de rattrapage : {_en('Whiskey')}"),
    ("Barter: Whiskey", f"Troc : {_en('Whiskey')}"),
    ("Bounty: Hunting Party", f"Prime : {_en('Hunting Party')}"),
    ("The Doc's: Sergeant Pike", f"Chez le Doc : {_en('Sergeant Pike')}"),
    ("Cut 'Em Up For Parts: Sergeant Pike", "Dépecez-les pour les pièces : "),
    ("Fortified Walls: Sergeant Pike's Injury flip", "Murs fortifiés : tirage de Blessure de "),
    ("We Was Just Wrastlin': paid to Bravo Crew", f"versé à {_en('Bravo Crew')}"),
    ("We Was Just Wrastlin': paid by Bravo Crew", f"versé par {_en('Bravo Crew')}"),
    ("A Sinner's Prayer: Sergeant Pike", "Prière du pécheur : "),
    ("Brain In a Jar: reflipped initiative, Turn 2 (Game 4)",
     "Cerveau en bocal : initiative retirée, tour 2 (partie 4)"),
    ("Metal Servant: reflipped the Strategy flip (5C) (Game 4)",
     "tirage de Stratégie retiré (5 de Corbeaux) (partie 4)"),
    ("BBQ: healed 1 damage on Sergeant Pike, Turn 2 (Game 4)",
     f"1 dommage soigné sur {_en('Sergeant Pike')}, tour 2"),
    ("Traded to Bravo Crew", f"Cédé à {_en('Bravo Crew')}"),
    ("Traded from Bravo Crew", f"Reçu de {_en('Bravo Crew')}"),
    ("Wanted: Sergeant Pike of Bravo Crew fell", "est tombé"),
    ("Over the weekly cap of 10: Payday, game 3: winning",
     "Au-delà du plafond hebdomadaire de 10 : Jour de paie, partie 3 : la victoire"),
    ("Late start: 2 scrip for each of 3 week(s) past the first",
     "Départ tardif : 2 scrip pour chacune des 3 semaine(s) après la première"),
    ("Starting arsenal beyond the soulstone budget", "Arsenal de départ au-delà du budget"),
    ("New Hires, week 3", "Nouvelles recrues, semaine 3"),
    ("Master Lady Justice joins", f"Le Maître {_en('Lady Justice')} rejoint la bande"),
    ("A Bullet With Your Name: Bravo Crew's Leader",
     f"Une balle à votre nom : le Leader de {_en('Bravo Crew')}"),
    ("Pit Fight", "Combat de fosse"),
    ("Built Cash Box", "Coffre construit(e)"),
]


def test_the_ledgers_reasons_read_french(client, campaign_week):  # noqa: F811
    """The other reasons the services write (catch_up, aftermath, optional rules, the
    weeks, the game's Fortifications), as they store them."""
    _, alpha, _, _ = campaign_week
    for english, _ in REASONS:
        ScripEntry.objects.create(crew=alpha, week=1, kind=ScripEntry.Kind.GAIN, amount=1,
                                  reason=english)
    fr, en = _pages(client, alpha, "scrip")
    for english, french in REASONS:
        shown = english.replace("(5C)", "(5 of Crows)")  # a card as people read it
        assert escape(shown) in en, shown
        assert escape(english) not in fr, english
        assert french in fr, french
    names = [alpha.name, "Sergeant Pike", "We Was Just Wrastlin\u2019", "Metal Servant",
             "BBQ", "Wanted"]
    assert not english_in(fr, names), english_in(fr, names)


def test_a_catch_up_barter_flip_reads_french_in_the_history(client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    ArsenalEvent.objects.create(crew=alpha, kind=ArsenalEvent.Kind.STARTED, week=1,
                                description="Catch-up Barter flip 2: 5C")
    fr, en = _pages(client, alpha, "history")
    # The card as people read it (issue 23: "5 of Crows", not "5C"), in either language.
    assert "Catch-up Barter flip 2: 5 of Crows" in en and "Catch-up" not in fr
    assert "Tirage de Troc de rattrapage 2 : 5 de Corbeaux" in fr
    assert "5C" not in en and "5C" not in fr


def test_the_weeks_wandering_mercenary_reads_french(client, campaign_week):  # noqa: F811
    """The week's hire line (campaign.weeks.services: a Wandering Mercenary stays) on the
    crew's history and the week's page."""
    campaign, alpha, _, _ = campaign_week
    guard = alpha.models.filter(station="minion").select_related("card").first()
    line = f"Wandering Mercenaries: {guard.card.name} stays with the crew (2 games)"
    ArsenalEvent.objects.create(crew=alpha, kind=ArsenalEvent.Kind.HIRED, week=1, model=guard,
                                description=line)
    fr, en = _pages(client, alpha, "history")
    assert escape(line) in en and escape(line) not in fr
    assert (f"Mercenaires errants : {_en(guard.card.name)} reste dans la bande "
            "(2 parties)") in fr
    week = reverse("campaign:week", args=[campaign.pk, 1])
    fr, en = (client.get(week, **FRENCH).content.decode(),
              client.get(week, **ENGLISH).content.decode())
    assert escape(line) in en and escape(line) not in fr
    assert f"Mercenaires errants : {_en(guard.card.name)} reste dans la bande" in fr


def test_the_weekly_event_flips_and_an_organizers_choice_read_french(client):
    """The week page's flips ("Week 1: weekly event") and an organizer's choice of event
    (a transition's note "Event set to X: why")."""
    from campaign.weeks import services as weeks
    from tests.campaign.factories import guild_roster
    from tests.campaign.weeks.test_pages import force_event, running_campaign

    run = running_campaign(guild_roster())
    weeks.turn_over(run.campaign, 1)
    force_event(run, 2, "contract-work")
    client.force_login(run.crews[0].player)
    one = reverse("campaign:week", args=[run.campaign.pk, 1])
    fr, en = (client.get(one, **FRENCH).content.decode(),
              client.get(one, **ENGLISH).content.decode())
    assert "Week 1: weekly event" in en and "weekly event" not in fr
    assert "Semaine 1 : événement de la semaine" in fr
    two = reverse("campaign:week", args=[run.campaign.pk, 2])
    fr, en = (client.get(two, **FRENCH).content.decode(),
              client.get(two, **ENGLISH).content.decode())
    assert "Event set to Contract Work: Forced for the test" in en
    assert "Event set to" not in fr
    assert ('Événement fixé à <span lang="en">Contract Work</span> : Forced for the test'
            in fr)

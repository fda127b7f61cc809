"""Aftermath and tracker summaries in the reader's language (issue 23): Reward chart
entries, Bounties, the Barter offer, faction Injuries, Fortifications, the tracker's
"apply at the table" lines and the stat cards' Injuries and Upgrades come from
rules/data/fr/summaries.json on a French page (no lang="en"), and stay English, marked
lang="en", on an English page."""

from __future__ import annotations

import pytest
from django.utils.html import escape

from campaign.models import ArsenalUpgrade, CrewBounty
from campaign.services import hideouts, scrip
from encounters.models import HiredModel
from rules import tables
from rules.summaries import french, page_summaries
from tests.aftermath.conftest import aftermaths, campaign_week, play, roster  # noqa: F401
from tests.aftermath.test_pages import HTMX, _walk_to, act_url, fresh, full_game
from tests.encounters.test_tracker_rules import in_play  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

FRENCH = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


def _both(client, url):
    return (client.get(url, **FRENCH).content.decode(),
            client.get(url, **ENGLISH).content.decode())


def _shown(html, key, english, tag="span", attrs=' class="help"'):
    """The French summary unmarked and no English of it (French page)."""
    assert f'<{tag}{attrs}>{escape(french()[key])}<' in html, key
    assert escape(english) not in html, key


def _english(html, english):
    assert f'<span class="help" lang="en">{escape(english)}<' in html, english


def test_the_completeness_test_covers_every_aftermath_table():
    keys = set(page_summaries())
    charts = [tables.campaign_upgrades(), tables.injury_chart(), tables.bounties(),
              *(tables.faction_injury_chart(c) for c in tables.FACTIONS),
              *(tables.reward_chart(c) for c in ("generic", *tables.FACTIONS))]
    for chart in charts:
        assert {f"{chart.key}/summary/{r.key}" for r in chart.rows} <= keys, chart.key
    for hide_out in tables.hide_outs().rows:
        assert {f"hide-outs/fortification/{f.key}"
                for f in tables.fortifications(hide_out.key)} <= keys


def test_the_reward_phase_shows_the_chart_entries_and_the_reward_in_french(
        client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    a = _walk_to(client, a, "reward")
    steel = tables.reward_chart("generic").row("favors-of-steel").summary
    fr_page, en_page = _both(client, a.get_absolute_url())
    assert 'id="reward-charts"' in fr_page
    _shown(fr_page, "rewards-generic/summary/favors-of-steel", steel)
    _english(en_page, steel)
    guild = tables.reward_chart("guild").row("brutal").summary
    _shown(fr_page, "rewards-guild/summary/brutal", guild)

    client.post(act_url(a, "reward-choose"), {"chart": "generic",
                                              "take": "favors-of-treachery"}, **HTMX)
    treachery = tables.reward_chart("generic").row("favors-of-treachery").summary
    fr_page, en_page = _both(client, a.get_absolute_url())
    assert 'id="reward-place"' in fr_page
    _shown(fr_page, "rewards-generic/summary/favors-of-treachery", treachery, tag="p",
           attrs=' class="help" id="reward-summary"')
    assert f'<p class="help" id="reward-summary" lang="en">{escape(treachery)}</p>' in en_page


def test_a_faction_injury_choice_is_summarised_in_french(client, campaign_week):  # noqa: F811
    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    a = _walk_to(client, a, "injuries")
    guard = a.state["injuries"]["remaining"][0]
    faction = alpha.faction.code
    row = tables.faction_injury_chart(faction).rows[0]
    # The state an Injury flip leaves when a faction result is the player's to take.
    a.state["injuries"].update(current=guard, effect_choice={
        "model": guard, "key": row.key, "name": row.name})
    a.save(update_fields=["state"])
    fr_page, en_page = _both(client, a.get_absolute_url())
    assert 'id="effect-choice"' in fr_page and row.name in fr_page  # the name stays
    _shown(fr_page, f"injuries-{faction}/summary/{row.key}", row.summary)
    _english(en_page, row.summary)


def test_the_bounty_and_barter_summaries_are_french(client, campaign_week):  # noqa: F811
    campaign, alpha, bravo, _ = campaign_week
    scrip.adjust_scrip(alpha, 10, week=1, reason="test funds", actor=alpha.player)
    CrewBounty.objects.create(crew=alpha, bounty_key="hunting-party", name="Hunting Party",
                              bought_week=1, progress={"counted": 0, "target": 3,
                                                       "contributions": []})
    a = aftermaths(play(campaign, alpha, bravo, vp=(2, 4)))["a"]
    client.force_login(alpha.player)
    client.post(act_url(a, "barter-flip"), **HTMX)
    if fresh(a).state["barter"]["current"].get("question"):
        client.post(act_url(a, "barter-answer"), {"card": ""}, **HTMX)
    offer = fresh(a)
    fr_page, en_page = _both(client, offer.get_absolute_url())
    always = next(u for u in tables.campaign_upgrades().rows
                  if f'data-upgrade="{u.key}"' in fr_page)
    _shown(fr_page, f"campaign-upgrades/summary/{always.key}", always.summary)
    _english(en_page, always.summary)

    a = _walk_to(client, a, "bounty")
    fr_page, en_page = _both(client, a.get_absolute_url())
    covert = tables.bounties().row("covert-operation").summary
    assert 'data-bounty="covert-operation"' in fr_page
    _shown(fr_page, "bounties/summary/covert-operation", covert)
    _english(en_page, covert)


def test_the_fortifications_on_offer_are_french(client, campaign_week):  # noqa: F811
    campaign, alpha, bravo, _ = campaign_week
    campaign.competitive_mode = "hide_outs"
    campaign.save(update_fields=["competitive_mode"])
    hideouts.choose_hide_out(crew=alpha, actor=alpha.player, key="wasteland-outpost")
    hideouts.add_cm(alpha, 20, week=1, reason="test material")
    a = aftermaths(play(campaign, alpha, bravo, vp=(5, 1)))["a"]
    client.force_login(alpha.player)
    a = _walk_to(client, a, "extras")
    fr_page, en_page = _both(client, a.get_absolute_url())
    row = tables.fortifications("wasteland-outpost")[0]
    assert f'data-fortification="{row.key}"' in fr_page
    _shown(fr_page, f"hide-outs/fortification/{row.key}", row.summary)
    _english(en_page, row.summary)


def test_the_tracker_apply_at_the_table_lines_are_french(client, in_play):  # noqa: F811
    game, alpha, bravo = in_play
    victim = HiredModel.objects.filter(side__game=game, side__key="b",
                                       is_leader=False).order_by("id").first()
    ArsenalUpgrade.objects.create(crew=bravo, kind="injury", table_key="baggage",
                                  name="Baggage", attached_to=victim.arsenal_model)
    english = tables.injury_chart().row("baggage").summary
    client.force_login(alpha.player)
    fr_page, en_page = _both(client, game.get_absolute_url())
    assert 'id="table-only-b"' in fr_page and "<strong>" + escape(victim.name) in fr_page
    assert f'<span class="muted">({escape(french()["injuries/summary/baggage"])})</span>' \
        in fr_page
    assert escape(english) not in fr_page
    assert f'<span class="muted" lang="en">({escape(english)})</span>' in en_page


def test_the_stat_card_summaries_are_french(client, campaign_week):  # noqa: F811
    from django.urls import reverse

    _, alpha, _, _ = campaign_week
    sergeant = alpha.models.get(station="enforcer")
    ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key="fragile",
                                  name="Fragile", attached_to=sergeant)
    ArsenalUpgrade.objects.create(crew=alpha, kind="equipment", table_key="helmet",
                                  name="Helmet", attached_to=sergeant)
    client.force_login(alpha.player)
    fr_page, en_page = _both(client, reverse("campaign:crew", args=[alpha.pk]))
    fragile = tables.injury_chart().row("fragile").summary
    helmet = tables.campaign_upgrades().row("helmet").summary
    _shown(fr_page, "injuries/summary/fragile", fragile, attrs=' class="mc-text"')
    _shown(fr_page, "campaign-upgrades/summary/helmet", helmet, attrs="")
    assert f'<span class="mc-text" lang="en">{escape(fragile)}</span>' in en_page
    assert f'<span lang="en">{escape(helmet)}</span>' in en_page


#: English the wizard's controls once showed on French pages (button labels, the Cheat
#: question's purpose, stations and upgrade types).
ENGLISH_CONTROLS = ("Flip on the", "No Bounty", "Flip for ", "Finish the Aftermath",
                    "Next Barter card", "Done with Barter", "Barter flip", "eward flip",
                    "njury flip", "The Doc&#x27;s:", "(henchman)", "(minion)",
                    'class="tag">Skill<', 'class="tag">Equipment<', "Generic")


def test_a_whole_aftermath_walked_in_french_shows_no_english_control_or_step(
        client, campaign_week):  # noqa: F811
    import re

    from tests.aftermath.test_pages import next_decision

    _, alpha, _, _ = campaign_week
    a = full_game(campaign_week)
    client.force_login(alpha.player)
    seen, english_seen = set(), set()
    for _ in range(30):
        a = fresh(a)
        if a.phase == "done":
            break
        fr_page, en_page = _both(client, a.get_absolute_url())
        wizard = fr_page[fr_page.index('id="wizard"'):fr_page.index('id="steps"')]
        left = [text for text in ENGLISH_CONTROLS if text in wizard]
        assert not left, (a.phase, left)
        seen |= set(re.findall(r"Tirage de Troc \d|Tirer sur la table Générique|Pas de Prime|"
                               r"Tirer pour |Terminer l\u2019Après-partie|Tirage de Récompense:|"
                               r"Tirage de Blessure:|Chez le Doc:", wizard))
        english_seen |= {text for text in ENGLISH_CONTROLS if text in en_page}
        action, data = next_decision(a)
        client.post(act_url(a, action), data, **HTMX)
    assert fresh(a).phase == "done"
    assert {"Tirer sur la table Générique", "Pas de Prime", "Tirer pour ",
            "Terminer l\u2019Après-partie", "Tirage de Récompense:", "Tirage de Blessure:",
            "Chez le Doc:"} <= seen, seen
    assert {"Flip on the", "No Bounty", "Flip for ", "Finish the Aftermath", "Barter flip",
            "Generic"} <= english_seen, english_seen
    fr_page, en_page = _both(client, a.get_absolute_url())
    steps, english_steps = (page[page.index('id="steps"'):] for page in (fr_page, en_page))
    for french_step in ("Jour de paie", "Main d\u2019Après-partie : 3 carte(s)",
                        "Tirage de Troc 1 : ",
                        "Aucune Prime achetée", "Après-partie terminée"):
        assert french_step in steps, french_step
    for english_step in ("Payday", "Aftermath hand: 3 card(s)", "No Bounty bought",
                         "Barter flip 1: ",
                         "Aftermath finished"):
        assert english_step not in steps and english_step in english_steps, english_step


def test_a_reward_skill_on_the_stat_card_is_summarised_in_french(
        client, campaign_week):  # noqa: F811
    from django.urls import reverse

    _, alpha, _, _ = campaign_week
    sergeant = alpha.models.get(station="enforcer")
    row = tables.reward_chart("generic").row("favors-of-treachery")
    assert row.type == "Skill"
    ArsenalUpgrade.objects.create(crew=alpha, kind="skill", table_key=row.key, name=row.name,
                                  attached_to=sergeant, counts_as_skill=True)
    client.force_login(alpha.player)
    fr_page, en_page = _both(client, reverse("campaign:crew", args=[alpha.pk]))
    _shown(fr_page, "rewards-generic/summary/favors-of-treachery", row.summary, attrs="")
    assert f'<strong lang="en">{escape(row.name)}</strong>: <span>' in fr_page
    assert f'<span lang="en">{escape(row.summary)}</span>' in en_page

"""A whole four-week campaign for four crews through the services: weekly events, games,
results, Aftermaths (a scripted player for some crews, the deadline defaults for the
others), New Hires, Hide Outs. Then every ledger must reconcile, and no model, upgrade or
scrip may appear or vanish without an entry."""

import random
from collections import Counter
from pathlib import Path

import pytest

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import barter, bounty, extras, injuries, reward
from aftermath.services.automatic import start_game
from aftermath.services.defaults import take_defaults
from campaign.models import (
    ArsenalEvent,
    ArsenalModel,
    ArsenalUpgrade,
    Campaign,
    ConstructionEntry,
    Crew,
    CrewBounty,
    Fortification,
    ScripEntry,
)
from campaign.services import arsenal, crews, hideouts, one_use, scrip
from campaign.weeks import services as weeks
from encounters.models import Game
from encounters.services import games as games_services
from encounters.services import items
from rules import tables
from rules.engine import aftermath as rules
from rules.engine.bounties import BOUNTY_COST
from rules.models import FlipRecord
from rules.services import replay
from tests.aftermath.conftest import open_with_seeds, play, seed_where
from tests.campaign.factories import CampaignFactory, CrewFactory, member

pytestmark = pytest.mark.django_db
EVENTS = ["contract-work", "swamp-creatures", "guild-patrol", "map-it-out"]
PAIRS = [((0, 1), (2, 3)), ((0, 2), (1, 3))]
#: Every one-use Campaign Upgrade of the table (annihilated on use): each must be bought in
#: a Barter and used (at the table, or in the Aftermath for the Skills) in the simulation.
ONE_USE = one_use.one_use_keys()
#: The Skills among them: bought for a model that played, used in the Aftermath.
ONE_USE_SKILLS = (one_use.GOOD_LEAD, one_use.LUCKY_FOOT)


def fresh(a):
    return Aftermath.objects.select_related("crew__campaign", "crew__faction", "game").get(pk=a.pk)


def scripted_player(a, rng):
    """A player who keeps every flip, buys what they can afford, takes a Bounty and builds."""
    actor = a.crew.player
    for _ in range(200):
        a = fresh(a)
        state = a.state
        if a.phase == "done":
            return
        if a.phase == "barter":
            current = state["barter"]["current"]
            if current is None:
                barter.flip(aftermath=a, actor=actor)
            elif current.get("question"):
                hand = current["question"]["hand"]
                cheat = hand[0] if rng.random() < 0.3 else None
                barter.answer(aftermath=a, actor=actor, card=_cheat_for_wanted(a, hand) or cheat)
            else:
                _buy(a, current, actor, rng)
                barter.next_card(aftermath=fresh(a), actor=actor)
        elif a.phase == "reward":
            if state["reward"].get("place"):
                reward.place(aftermath=a, actor=actor,
                             model=reward.default_holder(a, state["reward"]["place"]))
            elif not state["reward"]["chart"]:
                reward.choose(aftermath=a, actor=actor, chart=rng.choice(reward.charts(a)))
            else:
                reward.answer(aftermath=a, actor=actor, card=None)
        elif a.phase == "bounty":
            if a.crew.bounties.filter(status="active").exists():
                bounty.skip(aftermath=a, actor=actor)
            else:
                bounty.buy(aftermath=a, actor=actor, key=rng.choice(bounty.choices(a)).key)
        elif a.phase == "injuries":
            inj = state["injuries"]
            if inj.get("skill_choice"):
                injuries.keep_skill(aftermath=a, actor=actor, replaces=None)
            elif inj.get("question"):
                injuries.answer(aftermath=a, actor=actor, card=None)
            elif inj.get("foot"):  # Lucky Gremlin's Foot: move the result one up
                injuries.lucky_foot(aftermath=a, actor=actor, change=1)
            else:  # a model with a Lucky Gremlin's Foot flips first
                footed = [pk for pk in inj["remaining"] if ArsenalUpgrade.objects.filter(
                    attached_to_id=pk, table_key=one_use.LUCKY_FOOT, status="active").exists()]
                model = ArsenalModel.objects.get(pk=(footed or [rng.choice(inj["remaining"])])[0])
                injuries.flip(aftermath=a, actor=actor, model=model)
        elif a.phase == "extras":
            for row in tables.fortifications(a.crew.hide_out.hide_out_key):
                if hideouts.fortification_refusal(a.crew, row.key) is None:
                    extras.build(aftermath=a, actor=actor, key=row.key)
                    break
            extras.finish(aftermath=fresh(a), actor=actor)
    raise AssertionError(f"Aftermath {a.pk} did not finish")


def _unused_one_use(campaign) -> set[str]:
    """One-use keys no crew of the campaign has used up yet."""
    used = ArsenalUpgrade.objects.filter(crew__campaign=campaign, table_key__in=ONE_USE,
                                         status="annihilated").values_list("table_key",
                                                                           flat=True)
    return set(ONE_USE) - set(used)


def _bought_one_use(campaign) -> set[str]:
    return set(ArsenalUpgrade.objects.filter(crew__campaign=campaign, table_key__in=ONE_USE)
               .values_list("table_key", flat=True))


def _cheat_for_wanted(a, hand) -> str | None:
    """A hand card whose value (with the crew's Hide Out and Good Lead changes) offers a
    one-use Equipment no crew has bought yet, or None."""
    wanted = ONE_USE - _bought_one_use(a.crew.campaign)
    for code in hand:
        for change in barter._changes(a):
            options = rules.barter_options(code, change=change,
                                           no_injuries=a.crew.campaign.no_injuries)
            if any(u.key in wanted and u.type == "Equipment" for u in options.upgrades):
                return code
    return None


def _buy(a, current, actor, rng):
    """Buy one Equipment the card offers, preferring a one-use item no crew has bought
    yet, reached with a Good Lead (+/-1) when the card is one off; else buy a one-use
    Skill (Good Lead, Lucky Gremlin's Foot) no crew has used yet for a model that played."""
    if current["bought"]:
        return
    crew = Crew.objects.get(pk=a.crew_id)
    bought = _bought_one_use(crew.campaign)
    for change in barter._changes(a):
        wanted = [u for u in barter.offer(a, change).all if u.key in ONE_USE - bought
                  and u.type == "Equipment" and barter.price(a, u) <= crew.scrip]
        if wanted:
            barter.buy(aftermath=a, actor=actor, key=wanted[0].key, change=change)
            return
    played = a.game.record["sides"][a.side_key].get("played") or []
    unused = _unused_one_use(crew.campaign)
    for key in ONE_USE_SKILLS:
        if key not in unused or crew.scrip < 2 or \
                crew.upgrades.filter(table_key=key, status="active").exists():
            continue
        for model in ArsenalModel.objects.filter(pk__in=played, status="active") \
                .exclude(station="peon").order_by("pk"):
            if not model.upgrades.filter(table_key=key, status="active").exists():
                barter.buy(aftermath=a, actor=actor, key=key, model=model)
                return
    affordable = [u for u in barter.offer(a).all if u.type == "Equipment"
                  and u.key != "those-who-thirst" and barter.price(a, u) <= crew.scrip]
    if affordable:
        barter.buy(aftermath=a, actor=actor, key=rng.choice(affordable).key)


def attach_items(crew, models, *, size=None):
    """At hiring, the crew's loose one-use Equipment goes on its Leader; those that cost
    soulstones (Hydraulics) only while the hire stays within the encounter's ``size``."""
    loose = ArsenalUpgrade.objects.filter(crew=crew, attached_to__isnull=True, status="active",
                                          table_key__in=one_use.AT_THE_TABLE).order_by("pk")
    room = (size or 0) - _hire_cost(crew, models)
    out = {}
    for u in loose:
        cost = games_services.upgrade_soulstones(u)
        if cost <= room:
            out[u.pk] = crew.leader_id
            room -= cost
    return out


def _hire_cost(crew, models) -> int:
    """What hiring ``models`` costs, as the hire counts it, before attached Equipment."""
    return sum(games_services._model_cost(m, crew)
               + sum(games_services.upgrade_soulstones(u) for u in games_services._permanent(m))
               for m in models)


def use_every_item(game):
    """At the table each player uses every one-use item their hired models carry (a
    Healing Salve on the first Injury in play, if any)."""
    for side in game.sides.all():
        for upgrades in items.offered(game, list(side.hired.all())).values():
            for upgrade in upgrades:
                needs = upgrade.table_key in one_use.REMOVES_INJURY
                injury = next(iter(items.injuries_in_game(game)), None) if needs else None
                if needs and injury is None:
                    continue
                items.use_item(game=game, actor=side.crew.player, upgrade=upgrade,
                               injury=injury)


def test_four_weeks_four_crews_every_ledger_reconciles(roster, monkeypatch):
    rng = random.Random(2026)
    deck_seeds = random.Random(11)
    monkeypatch.setattr("aftermath.services.automatic.secrets.randbits",
                        lambda bits: deck_seeds.getrandbits(bits))
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, length_weeks=4,
                               competitive_mode=Campaign.Competitive.HIDE_OUTS)
    organizer = member(campaign.league, "organizer")
    four = []
    for i, hide_out in enumerate(["saloon", "swamp-village", "junkyard", "mausoleum"]):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=f"Crew {i}")
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[roster["minion"], roster["minion"],
                                             roster["enforcer"], roster["peon"]])
        hideouts.choose_hide_out(crew=crew, actor=crew.player, key=hide_out)
        crew.refresh_from_db()
        four.append(crew)
    weeks.ensure_weeks(campaign)
    games = []
    for number, event in enumerate(EVENTS, start=1):
        weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                        event_key=event, reason="The organizer's calendar")
        weeks.turn_over(campaign, number)
        campaign.refresh_from_db()
        if number > 1:
            for crew in four:
                crews.new_hires(crew=crew, actor=crew.player, models=[roster["peon"]])
        for pairs in PAIRS:
            for ia, ib in pairs:
                a, b = (Crew.objects.get(pk=four[i].pk) for i in (ia, ib))
                kills = [(rng.choice("ab"), rng.randrange(3), rng.random() < 0.7)
                         for _ in range(rng.randrange(3))]
                kills = list({(s, i): (s, i, f) for s, i, f in kills}.values())
                vp = (rng.randrange(0, 9), rng.randrange(0, 9))
                strategy = {"a": {"1": rng.randrange(0, 3), "2": rng.randrange(0, 2)}}
                size = games_services.max_size(a, b)
                game = play(campaign, a, b, vp=vp, kills=kills, strategy=strategy,
                            schemes_vp={"a": [rng.randrange(0, 3)], "b": [rng.randrange(0, 3)]},
                            at_table=use_every_item,
                            attach=lambda crew, models, size=size: attach_items(
                                crew, models, size=size))
                games.append(game)
                start_game(game.pk)
                for aftermath in Aftermath.objects.filter(game=game):
                    if aftermath.crew.name in ("Crew 0", "Crew 2"):
                        scripted_player(aftermath, rng)
                    else:
                        take_defaults(aftermath.pk)
    weeks.turn_over(campaign, 5)

    assert Game.objects.filter(pk__in=[g.pk for g in games], state="done").count() == 16
    assert not Aftermath.objects.exclude(phase="done").exists()
    for crew in Crew.objects.filter(campaign=campaign):
        _scrip_reconciles(crew)
        _models_have_entries(crew)
        _upgrades_have_entries(crew)
        _construction_reconciles(crew)
    _aftermath_spending_has_purchases()
    for record in FlipRecord.objects.filter(subject_type__model="aftermath"):
        assert replay(record).matches, record
    kinds = Counter(AftermathStep.objects.values_list("phase", flat=True))
    assert kinds["payday"] >= 32 and kinds["hand"] == 32
    # The scenario exercises the whole Aftermath, not just Payday.
    assert ArsenalUpgrade.objects.filter(crew__campaign=campaign, kind="injury").exists()
    assert ArsenalUpgrade.objects.filter(crew__campaign=campaign, kind="equipment").exists()
    assert CrewBounty.objects.filter(crew__campaign=campaign).exists()
    assert Fortification.objects.filter(hide_out__crew__campaign=campaign).exists()
    assert AftermathStep.objects.filter(by_default=True).exists()
    assert ScripEntry.objects.filter(crew__campaign=campaign, kind="discarded").exists() or \
        kinds["barter"] > 0
    # One-use items: every one of the table's is bought in a Barter and used up, each
    # copy once (at the table, or in the Aftermath for Good Lead and the Foot).
    report = _one_use_report(campaign)
    assert set(report) == one_use.one_use_keys()
    for key, (held, used) in report.items():  # at the table, every item carried is used
        assert held == 0 or key in ("healing-salve", "hydraulics", *ONE_USE_SKILLS), \
            (key, held, used)
    assert not [key for key, (_held, used) in report.items() if used < 1], report
    _one_use_bought_in_barter(campaign)


def _scrip_reconciles(crew):
    assert crew.scrip == scrip.ledger_balance(crew) >= 0
    for week in range(1, 5):
        kept = sum(e.amount for e in crew.scrip_entries.filter(week=week,
                                                               kind__in=["gain", "discarded"]))
        assert kept <= crew.campaign.weekly_scrip_cap
    for entry in crew.scrip_entries.filter(kind__in=["gain", "discarded"]):
        assert entry.source is not None or "New Hires" in entry.reason, entry
        if isinstance(entry.source, AftermathStep):
            step = entry.source
            # Its own Aftermath, or the opponent paying for We Was Just Wrastlin'.
            assert step.aftermath.crew_id == crew.pk or (
                step.detail.get("fortification") == "we-was-just-wrastlin"
                and step.aftermath.game.sides.filter(crew=crew).exists()), entry


def _models_have_entries(crew):
    started = set(crew.events.get(kind="started").detail["models"])
    for model in crew.models.all():
        hired = model.events.filter(kind="hired").exists()
        assert hired != (model.pk in started), model  # exactly one way in
        if model.status == "annihilated":
            assert model.events.filter(kind="annihilated").exists(), model
    gone = crew.events.filter(kind="annihilated", model__isnull=False, upgrade__isnull=True)
    assert crew.models.filter(status="active").count() == (
        len(started) + crew.events.filter(kind="hired").count() - gone.count())


def _upgrades_have_entries(crew):
    for upgrade in ArsenalUpgrade.objects.filter(crew=crew):
        if upgrade.kind == "upgrade" and upgrade.acquired_week == crew.joined_week:
            continue  # part of the starting arsenal's event
        assert upgrade.events.exclude(kind="annihilated").exists(), upgrade
        if upgrade.status == "annihilated":
            assert upgrade.events.filter(kind="annihilated").exists(), upgrade


def _construction_reconciles(crew):
    built = Fortification.objects.filter(hide_out__crew=crew)
    costs = {f.key: f.cm for f in tables.fortifications(crew.hide_out.hide_out_key)}
    spent = -sum(e.amount for e in ConstructionEntry.objects.filter(crew=crew, amount__lt=0))
    assert spent == sum(costs[f.key] for f in built)
    assert hideouts.cm_balance(crew) >= 0
    for entry in ConstructionEntry.objects.filter(crew=crew):
        assert isinstance(entry.source, AftermathStep)


def _aftermath_spending_has_purchases():
    for entry in ScripEntry.objects.filter(kind="spend", source_id__isnull=False):
        step = entry.source
        assert isinstance(step, AftermathStep)
        if "Bounty" in entry.reason:
            assert CrewBounty.objects.filter(crew=entry.crew, bought_week=step.aftermath.week,
                                             bounty_key=step.detail["bounty"]).exists()
        elif entry.reason.startswith("Cash Box"):  # an extra Barter flip, not a purchase
            assert step.aftermath.state.get("cash_box_used"), entry
        elif "Barter" in entry.reason:
            assert ArsenalUpgrade.objects.filter(crew=entry.crew,
                                                 table_key=step.detail["upgrade"]).exists()


def _one_use_bought_in_barter(campaign):
    """Each one-use key has a Barter purchase (an Aftermath step paid from the ledger)."""
    for key in ONE_USE:
        steps = AftermathStep.objects.filter(aftermath__crew__campaign=campaign,
                                             detail__upgrade=key)
        assert ScripEntry.objects.filter(kind="spend", source_id__in=[s.pk for s in steps],
                                         crew__campaign=campaign).exists(), key


def _one_use_report(campaign) -> dict[str, tuple[int, int]]:
    """Per one-use key: copies still held, copies used up (each with one history entry)."""
    out = {}
    for key in sorted(ONE_USE):
        rows = ArsenalUpgrade.objects.filter(crew__campaign=campaign, table_key=key)
        used = rows.filter(status="annihilated")
        for row in used:
            assert row.events.filter(kind="annihilated").count() == 1, row
        out[key] = (rows.filter(status="active").count(), used.count())
    return out



def every_fortification_built(roster, bounties=None):
    """Eight crews, one per Hide Out (in the table's order), that each build their six
    Fortifications (prerequisites first) in their week 1 Aftermath and claim the Scrip
    of those paying for table events; ``bounties`` maps a Hide Out to the Bounty its crew
    buys then. Returns (campaign, organizer, crews)."""
    from aftermath.services import defaults
    from tests.campaign.factories import CardFactory

    CardFactory(name="Piglet", station="minion", cost=3)
    CardFactory(name="Executioner", station="enforcer", cost=10)
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, length_weeks=4,
                               competitive_mode=Campaign.Competitive.HIDE_OUTS)
    organizer = member(campaign.league, "organizer")
    eight = []
    for i, row in enumerate(tables.hide_outs().rows):
        crew = CrewFactory(campaign=campaign, player=member(campaign.league), name=f"Crew {i}")
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=roster["henchman"],
                                     models=[roster["minion"], roster["enforcer"]])
        hideouts.choose_hide_out(crew=crew, actor=crew.player, key=row.key)
        hideouts.add_cm(crew, sum(f.cm for f in row.fortifications), week=1,
                        reason="Enough to build everything")
        if row.key in (bounties or {}):  # enough for the Bounty whatever the Payday
            scrip.adjust_scrip(crew, BOUNTY_COST, week=1,
                               reason="The organizer's gift", actor=organizer)
        eight.append(crew)
    weeks.ensure_weeks(campaign)
    weeks.set_event(week=campaign.weeks.get(number=1), actor=organizer,
                    event_key="contract-work", reason="The organizer's calendar")
    weeks.turn_over(campaign, 1)
    campaign.refresh_from_db()
    for i in range(0, len(eight), 2):
        a, b = (Crew.objects.get(pk=c.pk) for c in eight[i:i + 2])
        game = play(campaign, a, b, vp=(5, 1))
        start_game(game.pk)
        for aftermath in Aftermath.objects.filter(game=game):
            for _ in range(100):
                aftermath = fresh(aftermath)
                if aftermath.phase in ("extras", "done"):
                    break
                key = (bounties or {}).get(aftermath.crew.hide_out.hide_out_key)
                if aftermath.phase == "bounty" and key:
                    bounty.buy(aftermath=aftermath, actor=aftermath.crew.player, key=key)
                else:
                    defaults._one(aftermath)
            assert aftermath.phase == "extras"
            actor = aftermath.crew.player
            rows = tables.fortifications(aftermath.crew.hide_out.hide_out_key)
            for _ in rows:
                for row in rows:
                    if hideouts.fortification_refusal(aftermath.crew, row.key) is None:
                        extras.build(aftermath=fresh(aftermath), actor=actor, key=row.key)
            for key in sorted(hideouts.owned_keys(aftermath.crew) & set(hideouts.TABLE_SCRIP)):
                extras.claim_fortification_scrip(aftermath=fresh(aftermath), actor=actor,
                                                 key=key)
            extras.finish(aftermath=fresh(aftermath), actor=actor)
            assert fresh(aftermath).phase == "done"
    return campaign, organizer, [Crew.objects.get(pk=c.pk) for c in eight]


def test_every_fortification_is_built_in_an_aftermath_and_the_ledgers_reconcile(roster):
    """Eight crews, one per Hide Out, each builds its six Fortifications in one Aftermath
    (prerequisites first), claims the Scrip those that pay for table events give, and the
    scrip, model and Construction Material ledgers still reconcile; nothing is built twice."""
    campaign, _organizer, _eight = every_fortification_built(roster)

    every = {(h.key, f.key) for h in tables.hide_outs().rows for f in h.fortifications}
    built = Counter(Fortification.objects.filter(hide_out__crew__campaign=campaign)
                    .values_list("hide_out__hide_out_key", "key"))
    assert set(built) == every and set(built.values()) == {1}
    for crew in Crew.objects.filter(campaign=campaign):
        _scrip_reconciles(crew)
        _models_have_entries(crew)
        _upgrades_have_entries(crew)
        costs = {f.key: f.cm for f in tables.fortifications(crew.hide_out.hide_out_key)}
        spent = ConstructionEntry.objects.filter(crew=crew, amount__lt=0)
        assert -sum(e.amount for e in spent) == sum(costs.values())
        assert hideouts.cm_balance(crew) >= 0
        assert all(isinstance(e.source, AftermathStep) for e in spent)
    claims = ScripEntry.objects.filter(crew__campaign=campaign, kind="gain",
                                       source_id__isnull=False, reason__contains=": ")
    for key, (amount, _why) in hideouts.TABLE_SCRIP.items():
        name = Fortification.objects.get(hide_out__crew__campaign=campaign, key=key).name
        assert [e.amount for e in claims if e.reason.startswith(name + ":")] == [amount]
    added = ArsenalModel.objects.filter(crew__campaign=campaign,
                                        card__name__in=["Piglet", "Executioner"])
    assert sorted(m.card.name for m in added) == ["Executioner", "Piglet"]


#: Fortifications whose effect happens at the table only, with nothing the app records or
#: changes (a marker dropped, a duel twist, terrain placed, a card drawn...): the players
#: apply them, so the simulation can only build them.
TABLE_ONLY = frozenset({
    "advanced-scouts", "my-creations", "scouted-location", "big-game-hunter", "hiding-place",
    "salvage-operation",
})
#: Fortifications the tracker offers during a game (a reflip, Scrip paid at the table, a
#: scheme or role allowed), each shown by the test named here: this simulation plays its
#: games through results, not the tracker.
TRACKER = {
    "grizzled-bartender": "test_finished_off_reflips.py::"
                          "test_grizzled_bartender_reflips_its_own_models_twice_per_game",
    "tasteful-dirge": "test_finished_off_reflips.py::"
                      "test_tasteful_dirge_needs_the_deployment_zone_and_has_no_limit",
    "gallows": "test_finished_off_reflips.py::test_gallows_reflips_any_flip_once_per_game",
    "brain-in-a-jar": "test_scrip_table_effects.py::"
                      "test_brain_in_a_jar_pays_one_scrip_instead_of_a_soulstone",
    "metal-servant": "test_scrip_table_effects.py::"
                     "test_metal_servant_reflips_the_strategy_once_per_game",
    "bbq": "test_scrip_table_effects.py::test_bbq_heals_once_per_turn_after_initiative",
    "posse": "test_guild_outpost_fortifications.py::"
             "test_with_posse_on_either_side_both_crews_choose_take_prisoner",
    "warrant": "test_guild_outpost_fortifications.py::"
               "test_warrant_changes_the_roles_the_page_shows",
    "on-the-move": "test_on_the_move.py::"
                   "test_both_players_agree_and_the_game_follows_the_moved_event",
    **dict.fromkeys(("loose-gravedirt", "pick-and-pull"),
                    "aftermath/test_recorded_fortification_scrip.py::"
                    "test_markers_at_the_start_the_specimen_and_the_scrip_the_record_shows"),
    "a-fine-specimen": "aftermath/test_recorded_fortification_scrip.py::"
                       "test_a_fine_specimen_enters_and_trophy_rack_pays_from_the_record",
}


def test_every_tracker_fortification_names_a_test_that_exists():
    tests = Path(__file__).resolve().parents[1]
    for key, test in TRACKER.items():
        module, name = test.split("::")
        path = tests / module if "/" in module else tests / "encounters" / module
        assert f"def {name}(" in path.read_text(), key


#: Effects the app applies that this simulation does not reach yet, and why. Empty: every
#: Fortification the app applies is used below. A key put here (with its reason) must not
#: be used; one that starts being used fails the test until it is taken off.
NOT_REACHED: dict[str, str] = {}


def _chart_cards(test) -> frozenset[str]:
    """The codes of the Fate Deck's suited cards whose Injury-chart row passes ``test``."""
    chart = tables.injury_chart()
    return frozenset(code for code in (f"{v}{s}" for v in range(1, 14) for s in "RMCT")
                     if test(chart.for_card(code)))


#: The cards that give a Knocked Out on the Injury chart.
KNOCKED_OUT = _chart_cards(lambda row: row.key == "knocked-out")


def fortified_player(a, bought: list):
    """A player who uses every Fortification their Aftermath offers: Cash Box and Fine
    Liquor at the Barter, a purchase with the Hide Out's change to the card (Smuggling
    Tunnels, One Man's Trash), Fortified Walls, Surgical Tools and the opponent's We Was
    Just Wrastlin' on Injury flips, a Knocked Out Cheated into an Injury flip when the
    crew's Electrodes make it harmless, the Library's Reward reflip, the Grand Tomb; the
    defaults for everything else.
    ``bought`` collects (crew, key, change) for each purchase."""
    from aftermath.services import defaults, grand_tomb

    actor = a.crew.player
    for _ in range(200):
        a = fresh(a)
        state, crew = a.state, Crew.objects.get(pk=a.crew_id)
        owned = hideouts.owned_keys(crew)
        if a.phase == "done":
            return
        if a.phase == "barter":
            current = state["barter"]["current"]
            if current is None and "cash-box" in owned and not state.get("cash_box_used") \
                    and crew.scrip >= barter.CASH_BOX_COST:
                barter.extra_flip(aftermath=a, actor=actor)
            elif current is not None and barter.can_reflip(a):
                barter.reflip(aftermath=a, actor=actor)
            elif current is not None and (current.get("question") or {}).get("hand") \
                    and not current.get("thirst") and (card := _cheat_for_change(
                        a, crew, current["question"], bought)):
                barter.answer(aftermath=a, actor=actor, card=card)
            elif current is not None and not current.get("question") \
                    and not current.get("thirst") and not current["bought"] \
                    and _buy_with_change(a, crew, actor, bought):
                continue
            else:
                defaults._one(a)
        elif a.phase == "injuries":
            inj = state["injuries"]
            if inj.get("question") and injuries.can_reflip(a):
                injuries.reflip(aftermath=a, actor=actor)
            elif inj.get("question") and injuries.can_wrastle(a) and crew.scrip >= 1:
                injuries.reflip(aftermath=a, actor=actor, wrastlin=True)
            elif inj.get("question") and "electrodes" in owned \
                    and inj["question"]["card"] not in KNOCKED_OUT \
                    and (card := next((c for c in inj["question"]["hand"]
                                       if c in KNOCKED_OUT), None)):
                injuries.answer(aftermath=a, actor=actor, card=card)
            elif inj.get("current") is None and not inj.get("question") \
                    and not inj.get("skill_choice") and not inj.get("effect_choice") \
                    and not inj.get("foot") and inj["remaining"]:
                model = ArsenalModel.objects.get(pk=inj["remaining"][0])
                injuries.flip(aftermath=a, actor=actor, model=model,
                              walls="fortified-walls" in owned and crew.scrip >= 1)
            else:
                defaults._one(a)
        elif a.phase == "reward" and reward.can_reflip(a):
            reward.reflip(aftermath=a, actor=actor)
        elif a.phase == "extras":
            for casualty in grand_tomb.choices(a)[:1]:
                grand_tomb.take(aftermath=a, actor=actor, casualty=casualty)
            extras.finish(aftermath=fresh(a), actor=actor)
        else:
            defaults._one(a)
    raise AssertionError(f"Aftermath {a.pk} did not finish")


def _equipment_for(a, crew, options):
    return [u for u in options.upgrades if u.type == "Equipment"
            and u.key != "those-who-thirst" and barter.price(a, u) <= crew.scrip]


def _cheat_for_change(a, crew, question, bought) -> str | None:
    """A hand card for what ``_buy_with_change`` looks for next (an Equipment bought with
    the Hide Out's change, then a one-use item), when the card turned over has none."""
    changed = any(c == crew.pk and d for c, _k, d in bought)
    if not changed:
        changes, keys = [c for c in barter._hide_out_changes(a) if c], None
    elif not crew.upgrades.filter(table_key__in=TABLE_ITEMS, status="active").exists():
        changes, keys = barter._hide_out_changes(a), TABLE_ITEMS
    else:
        return None

    def buys(code):
        return any(keys is None or u.key in keys for c in changes
                   for u in _equipment_for(a, crew, rules.barter_options(code, change=c)))

    if not changes or buys(question["card"]):
        return None
    return next((code for code in question["hand"] if buys(code)), None)


#: One-use items a model uses at the table with no target (bought to use next game).
TABLE_ITEMS = ("coffee", "whiskey", "soulstone-ale", "dynamite")


def _buy_with_change(a, crew, actor, bought) -> bool:
    """Buy an affordable Equipment the card offers only with the Hide Out's change, until
    the crew has made such a purchase; then a one-use item for the next game while the
    crew holds none; else any Equipment the card offers as it is. True when bought."""
    changes = barter._hide_out_changes(a)
    changed = any(c == crew.pk and d for c, _k, d in bought)
    holds_item = crew.upgrades.filter(table_key__in=TABLE_ITEMS, status="active").exists()
    tries = [] if changed else [(c, None) for c in changes if c]
    tries += [] if holds_item else [(c, TABLE_ITEMS) for c in changes]
    for change, keys in [*tries, (0, None)]:
        for u in _equipment_for(a, crew, barter.offer(a, change)):
            if keys is None or u.key in keys:
                barter.buy(aftermath=a, actor=actor, key=u.key, change=change)
                bought.append((crew.pk, u.key, change))
                return True
    return False


def _flip_finished_off_for(game, side_key):
    """A model of ``side_key`` is killed by the other Leader and its controller flips
    its Finished Off at the table (the tracker's own flip)."""
    from encounters.models import HiredModel
    from encounters.services import tracker

    victim = HiredModel.objects.filter(side__game=game, side__key=side_key,
                                       is_leader=False).order_by("id").first()
    killer = HiredModel.objects.get(side__game=game, is_leader=True,
                                    side__key="b" if side_key == "a" else "a")
    casualty = tracker.record_casualty(game=game, actor=victim.side.crew.player,
                                       side_key=side_key, model=victim, by_model=killer)
    tracker.flip_finished_off(casualty=casualty, actor=victim.side.crew.player)


def test_every_fortification_effect_is_used_in_a_second_week(roster, monkeypatch):
    """After every Fortification is built, a second week of games where each crew uses
    what its Hide Out gives: the automatic effects (income, a loss, the extra Barter flip,
    the Pool, the New Hires discount, Memento Mori...), the Aftermath actions (Cash Box,
    Fine Liquor, a purchase with the changed card, Fortified Walls, Surgical Tools, We Was
    Just Wrastlin', Rousing Eulogies, the Grand Tomb, a Knocked Out the Lab's Electrodes
    ignore), the table's Bouncer, and the models the Pig Farm and the Executioner add,
    hired; in week 3 a Mausoleum model at its maximum is annihilated (Marble Headstones).
    Each Fortification of the table is either used (its trace found below), played at the
    table only, or listed as not reached; the ledgers still reconcile."""
    deck_seeds = random.Random(7)
    monkeypatch.setattr("aftermath.services.automatic.secrets.randbits",
                        lambda bits: deck_seeds.getrandbits(bits))
    # A Bounty the Hidden Lab and the Swamp Village complete by week 3 (Library and
    # Drunken Revelers): 3 Strategy VP in two games.
    campaign, organizer, eight = every_fortification_built(roster, bounties={
        "hidden-lab": "build-a-reputation", "swamp-village": "build-a-reputation"})
    by_hide_out = {c.hide_out.hide_out_key: c for c in eight}
    assert set(by_hide_out) == {h.key for h in tables.hide_outs().rows}
    weeks.set_event(week=campaign.weeks.get(number=2), actor=organizer,
                    event_key="contract-work", reason="The organizer's calendar")
    weeks.turn_over(campaign, 2)
    campaign.refresh_from_db()
    for key in ("wasteland-outpost", "junkyard"):  # enough to buy with the changed card
        crew = by_hide_out[key]
        crew.refresh_from_db()
        scrip.adjust_scrip(crew, max(0, 6 - crew.scrip), week=2, reason="The organizer's gift",
                           actor=organizer)
    # (a, b, vp, kills: (victim side, index of the hired model, finished off), Bouncer side)
    pairings = [
        ("mausoleum", "wasteland-outpost", (5, 1),
         [("b", 1, True), ("a", 0, True), ("a", 1, True)], None),
        ("guild-outpost", "swamp-village", (5, 1), [("a", 1, True)], None),
        ("hidden-lab", "saloon", (1, 5), [("a", 1, True)], "b"),
        ("junkyard", "mobile-encampment", (5, 1), [], None),
    ]
    bought, games = [], {}
    for key_a, key_b, vp, kills, bouncer in pairings:
        a, b = (Crew.objects.get(pk=by_hide_out[k].pk) for k in (key_a, key_b))
        at_table = (lambda g, side=bouncer: _flip_finished_off_for(g, side)) if bouncer \
            else None
        full = {"1": 2, "2": 1}  # 3 Strategy VP: a second Barter flip for both
        game = play(campaign, a, b, vp=vp, kills=kills, at_table=at_table,
                    strategy={"a": full, "b": full})
        games[key_a] = games[key_b] = game
        start_game(game.pk)
        for aftermath in Aftermath.objects.filter(game=game):
            fortified_player(aftermath, bought)
    weeks.set_event(week=campaign.weeks.get(number=3), actor=organizer,
                    event_key="contract-work", reason="The organizer's calendar")
    weeks.turn_over(campaign, 3)
    # Week 3: the Outpost and the Junkyard use the items they bought, the Outpost keeping
    # its own with the Scrap Pile (3 Scrip), the Junkyard's New Tools counting its own.
    outpost, junkyard = (Crew.objects.get(pk=by_hide_out[k].pk)
                         for k in ("wasteland-outpost", "junkyard"))
    # Both hire a Sergeant first (Extra Guards: 6 off for the Outpost, 5 for the
    # Junkyard), so the two arsenals stay within the encounter's size of each other.
    for crew, need in ((outpost, one_use.SCRAP_PILE_COST + roster["enforcer"].cost - 6),
                       (junkyard, roster["enforcer"].cost - 5)):
        if crew.scrip < need:  # the organizer tops it up
            scrip.adjust_scrip(crew, need - crew.scrip, week=3,
                               reason="The organizer's gift", actor=organizer)
        crews.new_hires(crew=crew, actor=crew.player, models=[roster["enforcer"]])
    outpost, junkyard = (Crew.objects.get(pk=c.pk) for c in (outpost, junkyard))
    size = games_services.max_size(outpost, junkyard)

    def use_them(game):
        for side in game.sides.all():
            for upgrades in items.offered(game, list(side.hired.all())).values():
                for upgrade in upgrades:
                    if upgrade.table_key in TABLE_ITEMS:
                        keep = side.crew_id == outpost.pk and Crew.objects.get(
                            pk=outpost.pk).scrip >= one_use.SCRAP_PILE_COST
                        items.use_item(game=game, actor=side.crew.player, upgrade=upgrade,
                                       keep=keep)

    game = play(campaign, outpost, junkyard, vp=(3, 3), at_table=use_them,
                attach=lambda crew, models: attach_items(crew, models, size=size))
    games["week 3"] = game
    start_game(game.pk)
    for aftermath in Aftermath.objects.filter(game=game):
        fortified_player(aftermath, bought)
    lab, swamp = (Crew.objects.get(pk=by_hide_out[k].pk) for k in ("hidden-lab",
                                                                    "swamp-village"))
    game = play(campaign, lab, swamp, vp=(4, 4), strategy={"a": full, "b": full})
    games["week 3, lab"] = game
    start_game(game.pk)
    for aftermath in Aftermath.objects.filter(game=game):
        fortified_player(aftermath, bought)
    assert CrewBounty.objects.filter(crew__in=[lab, swamp], status="completed").count() == 2
    games["week 3, mausoleum"] = _annihilation_for_the_mausoleum(
        campaign, *(Crew.objects.get(pk=by_hide_out[k].pk)
                    for k in ("mausoleum", "mobile-encampment")), bought)
    # The Saloon's player enters a table's Injuries by hand: its Guard keeps four
    # (Steady Stream of Customers), two more than a Minion may carry.
    saloon = Crew.objects.get(pk=by_hide_out["saloon"].pk)
    guard = saloon.models.filter(status="active", station="minion").order_by("pk").first()
    for key, name in (("bad-leg", "Bad Leg"), ("broken-arm", "Broken Arm"),
                      ("blind", "Blind"), ("shaky-nerves", "Shaky Nerves"),
                      ("amputation", "Amputation")):
        if guard.upgrades.filter(kind="injury", status="active").count() < 4:
            assert not arsenal.add_injury(model=guard, actor=saloon.player, key=key,
                                          name=name).annihilated

    used = {key for key, trace in _fortification_traces(campaign, by_hide_out, games, bought,
                                                        roster).items() if trace}
    every = {f.key for h in tables.hide_outs().rows for f in h.fortifications}
    assert TABLE_ONLY | set(TRACKER) | set(NOT_REACHED) <= every
    assert not TABLE_ONLY & set(NOT_REACHED) and not set(TRACKER) & (TABLE_ONLY | set(NOT_REACHED))
    missing = every - used - TABLE_ONLY - set(TRACKER) - set(NOT_REACHED)
    assert not missing, f"Fortifications built but never used: {sorted(missing)}"
    stale = used & set(NOT_REACHED)
    assert not stale, f"Now used, take them off NOT_REACHED: {sorted(stale)}"
    assert not Aftermath.objects.exclude(phase="done").exists()
    for crew in Crew.objects.filter(campaign=campaign):
        _scrip_reconciles(crew)
        _models_have_entries(crew)
        _upgrades_have_entries(crew)
    _aftermath_spending_has_purchases()
    for record in FlipRecord.objects.filter(subject_type__model="aftermath"):
        assert replay(record).matches, record


def _annihilation_for_the_mausoleum(campaign, mausoleum, encampment, bought):
    """Week 3: the Mausoleum's player enters by hand an Injury its Guard took at a table
    outside the app, which puts it at a Minion's maximum with the one it flipped in week 2;
    then the Guard is Finished Off against the Mobile Encampment, and the Aftermath's deck
    (a real shuffle, chosen) gives it one more Injury: it is annihilated."""
    guard = mausoleum.models.filter(status="active", station="minion",
                                    upgrades__kind="injury").distinct().get()
    held = set(guard.upgrades.filter(kind="injury", status="active")
               .values_list("table_key", flat=True))
    chart = tables.injury_chart()
    for row in chart.rows:
        if len(held) >= arsenal.max_injuries(guard.station, mausoleum):
            break
        if row.attaches_injury and not row.flags and not row.reflip_if and row.key not in held:
            assert not arsenal.add_injury(model=guard, actor=mausoleum.player, key=row.key,
                                          name=row.name,
                                          stat_effects=dict(row.stat_effects)).annihilated
            held.add(row.key)
    # Any plain Injury it does not hold annihilates it. The Mausoleum loses: its hand is
    # 1 card and the Barter turns over 1, so the Injury flip is the deck's third card; the
    # first twelve hold no Joker.
    fatal = _chart_cards(lambda row: row.attaches_injury and not row.flags
                         and not row.reflip_if and row.key not in held)
    seed = seed_where(lambda cards: not {"RJ", "BJ"} & set(cards) and cards[2] in fatal)
    hired = [m.pk for m in mausoleum.models.filter(status="active")
             if not m.misses_next_game or m.pk == mausoleum.leader_id]
    game = play(campaign, mausoleum, encampment, vp=(1, 5),
                kills=[("a", hired.index(guard.pk), True)])
    for aftermath in open_with_seeds(game, {"a": seed}).values():
        fortified_player(aftermath, bought)
    guard.refresh_from_db()
    assert guard.status == "annihilated", "the chosen shuffle no longer annihilates the Guard"
    return game


def _fortification_traces(campaign, by_hide_out, games, bought, roster) -> dict[str, bool]:
    """For each Fortification whose effect the app applies: did the campaign use it (the
    trace it leaves in the ledgers, the Aftermath steps, the games)?"""
    from encounters.models import GameLog, HiredModel, Side

    def crew_of(hide_out):
        return by_hide_out[hide_out].pk

    def gained(hide_out, text):
        return ScripEntry.objects.filter(crew_id=crew_of(hide_out), kind="gain",
                                         reason__contains=text).exists()

    def step(hide_out, key, *, built=False):
        rows = AftermathStep.objects.filter(aftermath__crew_id=crew_of(hide_out),
                                            detail__fortification=key)
        return rows.exclude(description__startswith="Built").exists()

    def extras_of(hide_out, why):
        return any(why in [w for _n, w in a.state.get("barter_extras") or []]
                   for a in Aftermath.objects.filter(crew_id=crew_of(hide_out)))

    def hired(hide_out, name):
        return HiredModel.objects.filter(side__crew_id=crew_of(hide_out),
                                         arsenal_model__card__name=name).exists()

    def vein_pool():
        game = games["wasteland-outpost"]
        mine = Side.objects.get(game=game, crew_id=crew_of("wasteland-outpost"))
        other = Side.objects.get(game=game, crew_id=crew_of("mausoleum"))
        # Same Campaign Rating and both crews hire their whole arsenal: the Pools differ
        # only by what the Outpost's Vein adds.
        return (mine.campaign_rating == other.campaign_rating
                and mine.soulstone_pool == other.soulstone_pool + 1)

    def cheaper(hide_out):
        discount = {u.key: u.campaign_cost for u in tables.campaign_upgrades().rows}
        return any(s.detail["cost"] == discount[s.detail["upgrade"]] - 1
                   for s in AftermathStep.objects.filter(aftermath__crew_id=crew_of(hide_out),
                                                         detail__has_key="cost")
                   if s.detail.get("upgrade") in discount)

    def changed(hide_out, change):
        return any(c == crew_of(hide_out) and d == change for c, _k, d in bought)

    def extra_guards():
        spent = ScripEntry.objects.filter(crew_id=crew_of("wasteland-outpost"), kind="spend",
                                          reason__startswith="New Hires").values_list(
                                              "amount", flat=True)
        return -(roster["enforcer"].cost - 6) in list(spent)

    def electrodes():
        # A model of the Lab (not its Leader, who may always be hired) Knocked Out in week 2
        # is hired for the week 3 game: without Electrodes the hire refuses it.
        steps = [s for s in AftermathStep.objects.filter(
            aftermath__crew_id=crew_of("hidden-lab"), aftermath__game=games["hidden-lab"],
            detail__has_key="gained") if "knocked-out" in s.detail["gained"]]
        # ... and the Aftermath's step says the Electrodes cancel the missed game.
        assert all("(ignored: Electrodes)" in s.description for s in steps)
        knocked = {s.detail["model"] for s in steps}
        knocked.discard(by_hide_out["hidden-lab"].leader_id)
        return HiredModel.objects.filter(side__game=games["week 3, lab"],
                                         arsenal_model_id__in=knocked).exists()

    table_scrip = {key: gained(h, tables_name(h, key) + ":") for h, key in (
        ("guild-outpost", "wanted-posters"), ("guild-outpost", "deputy"),
        ("mobile-encampment", "trophy-rack"), ("junkyard", "junkyard-dogs"))}
    return {
        "gambling-tables": gained("saloon", "the Hide Out's income"),
        "electrodes": electrodes(),
        "steady-stream-of-customers": any(
            m.upgrades.filter(kind="injury", status="active").count()
            > arsenal.max_injuries(m.station)
            for m in ArsenalModel.objects.filter(crew_id=crew_of("saloon"), status="active")),
        "fine-liquor": step("saloon", "fine-liquor"),
        "bouncer": GameLog.objects.filter(game=games["saloon"],
                                          text__contains="(Bouncer: +)").exists(),
        "cash-box": ScripEntry.objects.filter(crew_id=crew_of("saloon"),
                                              reason__startswith="Cash Box").exists(),
        "soulstone-vein": vein_pool(),
        "smuggling-tunnels": changed("wasteland-outpost", 1),
        "fortified-walls": step("wasteland-outpost", "fortified-walls"),
        "extra-guards": extra_guards(),
        "surgical-tools": step("hidden-lab", "surgical-tools"),
        "memento-mori": gained("mausoleum", "Memento Mori:"),
        "marble-headstones": gained("mausoleum", "Marble Headstones:"),
        "rousing-eulogies": step("mausoleum", "rousing-eulogies"),
        "grand-tomb": ArsenalEvent.objects.filter(crew_id=crew_of("mausoleum"),
                                                  detail__fortification="grand-tomb").exists(),
        "banjo-player": gained("swamp-village", "losing (Hide Out)"),
        "drunken-revelers": gained("swamp-village", "completing a Bounty (Hide Out)"),
        "library": step("hidden-lab", "library"),
        "we-was-just-wrastlin": gained("swamp-village", "We Was Just Wrastlin': paid by"),
        "pig-farm": hired("swamp-village", "Piglet"),
        "hootenany": extras_of("swamp-village", "the Hide Out"),
        "one-mans-trash": changed("junkyard", -3),
        "scrap-pile": ScripEntry.objects.filter(crew_id=crew_of("wasteland-outpost"),
                                                reason__startswith="Scrap Pile: kept").exists(),
        "new-tools": extras_of("junkyard", "New Tools"),
        "appraisals": cheaper("junkyard"),
        "executioner": hired("guild-outpost", "Executioner"),
        **table_scrip,
    }


def tables_name(hide_out: str, key: str) -> str:
    return next(f.name for f in tables.fortifications(hide_out) if f.key == key)


def _play_wandering(campaign, alpha, bravo, mercenaries, *, vp=(5, 1), hire=None,
                    at_table=None):
    """One game through the services: each crew hires its whole Arsenal (or ``hire``'s
    models for it) and, in a Wandering Mercenaries week, the Mercenary ``mercenaries``
    names for it; ``at_table(game)`` records what happens at the table."""
    from encounters.services import results, tracker

    game = games_services.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                               actor=alpha.player)
    for crew in (alpha, bravo):
        models = (hire or {}).get(crew.pk) or list(crew.models.filter(status="active"))
        games_services.hire_crew(game=game, actor=crew.player, models=models,
                                 wandering=mercenaries.get(crew.pk))
        games_services.reveal_crew(game=game, actor=crew.player)
        pool = game.setup["scheme_pool"]
        games_services.choose_schemes(game=game, actor=crew.player,
                                      choices=[(pool[0], None), (pool[1], None)])
    tracker.start(game=game, actor=alpha.player)
    if at_table is not None:
        at_table(Game.objects.get(pk=game.pk))
    results.report_result(game=game, actor=alpha.player, vp_a=vp[0], vp_b=vp[1])
    results.confirm_result(game=game, actor=bravo.player)
    return Game.objects.get(pk=game.pk)


def test_a_wandering_week_played_three_times_and_a_good_doctor_undead_counted_by_purge(roster):
    """Week 1, Wandering Mercenaries, three games: Alpha hires Drifter, Drifter, then Loner
    (keeps nobody: not the same Mercenary in every game); Bravo hires Drifter three times
    (keeps it). In Bravo's third Aftermath the Good Doctor's Tomes row makes a Guard Undead
    for good. Week 2: Alpha holds Purge (4 Living or Undead enemies killed in one game) and
    kills Bravo's Living Captain, Sergeant and Clerk and the Undead Guard: four, so the
    Bounty counts the game; without the Doctor's Undead it would be three."""
    from catalogue.models import ModelCard
    from tests.aftermath.conftest import aftermaths
    from tests.aftermath.test_wizard import _injure, _no_hand_seed, _to_injuries
    from tests.campaign.factories import CardFactory, campaign_in_week_one

    ModelCard.objects.filter(pk__in=[roster[k].pk for k in ("henchman", "enforcer", "peon")]
                             ).update(characteristics=["Living"])
    campaign, (alpha, bravo), organizer = campaign_in_week_one(
        roster, models=("minion", "minion", "enforcer", "peon"), upgrade=False,
        event="wandering-mercenaries", max_games_per_week=3, good_doctor=True)
    drifter = roster["merc"]
    loner = CardFactory(name="Loner", station="enforcer", cost=7, is_mercenary=True,
                        factions=["outcasts"])
    guard = bravo.models.filter(station="minion").order_by("id").first()
    _injure(guard, ["fragile"])
    scrip.adjust_scrip(bravo, 6, week=1, reason="test funds", actor=bravo.player)
    played = [_play_wandering(campaign, alpha, bravo, {alpha.pk: alpha_merc, bravo.pk: drifter})
              for alpha_merc in (drifter, drifter, loner)]
    for game in played[:2]:
        for aftermath in aftermaths(game).values():
            take_defaults(aftermath.pk)
    third = open_with_seeds(played[2], {"b": _no_hand_seed("6T")})
    take_defaults(third["a"].pk)
    b = _to_injuries(fresh(third["b"]), bravo.player)
    b = extras.visit_doctor(aftermath=b, actor=bravo.player, model=guard)
    while (fresh(b).state["extras"].get("doctor") or {}).get("question"):
        b = extras.doctor_answer(aftermath=fresh(b), actor=bravo.player, card=None)
    extras.finish(aftermath=fresh(b), actor=bravo.player)
    guard.refresh_from_db()
    assert guard.gained_characteristics == ["Undead"]

    weeks.set_event(week=campaign.weeks.get(number=2), actor=organizer, event_key="junkyard",
                    reason="The organizer's calendar")
    weeks.turn_over(campaign, 2)
    kept = ArsenalModel.objects.filter(crew__campaign=campaign, card__in=[drifter, loner])
    assert [(m.crew_id, m.card_id) for m in kept] == [(bravo.pk, drifter.pk)]

    CrewBounty.objects.create(crew=alpha, bounty_key="purge", name="Purge", bought_week=2,
                              progress={"counted": 0, "target": 2, "contributions": []})
    campaign.refresh_from_db()
    hired = [m for m in bravo.models.filter(status="active").order_by("id")
             if m.card_id != drifter.pk]
    victims = [m.pk for m in hired if m.pk == guard.pk or m.card.characteristics]
    assert len(victims) == 4  # Captain, Sergeant, Clerk (Living) and the Undead Guard

    def kill_them(game):
        from encounters.models import HiredModel
        from encounters.services import tracker

        killer = HiredModel.objects.get(side__game=game, side__key="a", is_leader=True)
        for victim in HiredModel.objects.filter(side__game=game, arsenal_model_id__in=victims):
            casualty = tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                                               model=victim, by_model=killer)
            tracker.flip_finished_off(casualty=casualty, actor=bravo.player, table_card="1R")

    game = _play_wandering(campaign, alpha, bravo, {}, vp=(6, 1), hire={bravo.pk: hired},
                           at_table=kill_them)
    entries = {m["arsenal_model"]: m["characteristics"] for m in game.record["models"]
               if m["side"] == "b"}
    assert "undead" in entries[guard.pk]
    aftermaths(game)
    progress = CrewBounty.objects.get(crew=alpha, bounty_key="purge").progress
    assert progress["counted"] == 1, progress

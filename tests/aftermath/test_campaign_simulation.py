"""A whole four-week campaign for four crews through the services: weekly events, games,
results, Aftermaths (a scripted player for some crews, the deadline defaults for the
others), New Hires, Hide Outs. Then every ledger must reconcile, and no model, upgrade or
scrip may appear or vanish without an entry."""

import random
from collections import Counter

import pytest

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import barter, bounty, extras, injuries, reward
from aftermath.services.automatic import start_game
from aftermath.services.defaults import take_defaults
from campaign.models import (
    ArsenalModel,
    ArsenalUpgrade,
    Campaign,
    ConstructionEntry,
    Crew,
    CrewBounty,
    Fortification,
    ScripEntry,
)
from campaign.services import crews, hideouts, scrip, weeks
from encounters.models import Game
from rules import tables
from rules.models import FlipRecord
from rules.services import replay
from tests.aftermath.conftest import play
from tests.campaign.factories import CampaignFactory, CrewFactory, member

pytestmark = pytest.mark.django_db
EVENTS = ["contract-work", "swamp-creatures", "guild-patrol", "map-it-out"]
PAIRS = [((0, 1), (2, 3)), ((0, 2), (1, 3))]


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
                barter.answer(aftermath=a, actor=actor,
                              card=hand[0] if rng.random() < 0.3 else None)
            else:
                options = barter.offer(a)
                crew = Crew.objects.get(pk=a.crew_id)
                affordable = [u for u in options.all if u.type == "Equipment"
                              and u.key != "those-who-thirst" and barter.price(a, u) <= crew.scrip]
                if affordable and not current["bought"]:
                    barter.buy(aftermath=a, actor=actor, key=rng.choice(affordable).key)
                barter.next_card(aftermath=fresh(a), actor=actor)
        elif a.phase == "reward":
            if not state["reward"]["chart"]:
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
            else:
                model = ArsenalModel.objects.get(pk=rng.choice(inj["remaining"]))
                injuries.flip(aftermath=a, actor=actor, model=model)
        elif a.phase == "extras":
            for row in tables.fortifications(a.crew.hide_out.hide_out_key):
                if hideouts.fortification_refusal(a.crew, row.key) is None:
                    extras.build(aftermath=a, actor=actor, key=row.key)
                    break
            extras.finish(aftermath=fresh(a), actor=actor)
    raise AssertionError(f"Aftermath {a.pk} did not finish")


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
                game = play(campaign, a, b, vp=vp, kills=kills, strategy=strategy,
                            schemes_vp={"a": [rng.randrange(0, 3)], "b": [rng.randrange(0, 3)]})
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


def _scrip_reconciles(crew):
    assert crew.scrip == scrip.ledger_balance(crew) >= 0
    for week in range(1, 5):
        kept = sum(e.amount for e in crew.scrip_entries.filter(week=week,
                                                               kind__in=["gain", "discarded"]))
        assert kept <= crew.campaign.weekly_scrip_cap
    for entry in crew.scrip_entries.filter(kind__in=["gain", "discarded"]):
        assert entry.source is not None or "New Hires" in entry.reason, entry
        if isinstance(entry.source, AftermathStep):
            assert entry.source.aftermath.crew_id == crew.pk


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
        elif "Barter" in entry.reason:
            assert ArsenalUpgrade.objects.filter(crew=entry.crew,
                                                 table_key=step.detail["upgrade"]).exists()

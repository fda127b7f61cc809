"""A scripted four-week campaign in which every one of the 35 Bounties is bought by some
crew, progresses from games recorded at the table (the live tracker's services) and pays
its Reward flip in the Aftermath. Seven crews, one per Faction, each work through a queue
of Bounties; each game's table does what the two crews' Bounties need, unless the two
Bounties cannot both be served in one game (then the pairing avoids it, or one waits).

Nothing here sets a Bounty's progress by hand: the tracker records the facts, the result
counts, the record is frozen, the Aftermath job marks the parts off and the scripted player
buys the next Bounty and takes the Reward. Deck seeds are fixed, so the run is the same
every time; the table never depends on a lucky flip."""

import random

import pytest

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import barter, bounty, extras, injuries, reward
from aftermath.services.automatic import start_game
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, Crew, CrewBounty
from campaign.services import crews, scrip
from campaign.weeks import services as weeks
from encounters.models import Casualty, Game, HiredModel
from encounters.services import games, results, table, tracker
from encounters.services.common import EncounterError
from rules import tables
from rules.encounter_tables import encounter_tables
from rules.engine.bounties import listed_schemes
from tests.aftermath.test_campaign_simulation import _aftermath_spending_has_purchases
from tests.campaign.factories import CampaignFactory, CardFactory, CrewFactory, member

pytestmark = pytest.mark.django_db

EVENTS = ["guild-patrol", "contract-work", "swamp-creatures", "extermination"]
GAMES_PER_WEEK = 5
QUEUES = {
    "guild": ["hunting-party", "roundup", "apprehend-their-leader", "drive-them-back",
              "hunt-them-down"],
    "resurrectionists": ["cleanup-crew", "lend-a-hand", "the-dead-horde", "infectious-fear",
                         "strange-times"],
    "arcanists": ["map-it-out", "spare-parts", "leave-our-mark", "sabotage",
                  "build-a-reputation"],
    "neverborn": ["trophy-hunter", "purge", "unseen-objectives", "lessons-learned-in-blood",
                  "covert-operation"],
    "outcasts": ["take-their-land", "cursed-wretches", "well-use-that-later",
                 "do-the-job-get-paid", "hit-list"],
    "gremlins": ["just-live-through-this", "hogwild", "burn-down-the-barn", "kabloooy",
                 "mark-our-territory"],
    "ten-thunders": ["escort-mission", "purity-of-spirit", "ancestral-artifacts",
                     "strike-from-darkness", "on-the-payroll"],
}
#: What a Bounty's table does that another's might spoil (see ``compatible``).
TRAITS = {
    "hunt-them-down": {"kills"}, "trophy-hunter": {"kills"}, "hit-list": {"kills"},
    "roundup": {"kills", "clears"}, "drive-them-back": {"kills"}, "purge": {"kills"},
    "lessons-learned-in-blood": {"kills"}, "kabloooy": {"kills"},
    "purity-of-spirit": {"kills"}, "strike-from-darkness": {"kills", "first"},
    "just-live-through-this": {"keeps"}, "burn-down-the-barn": {"loses"},
    "do-the-job-get-paid": {"win"}, "unseen-objectives": {"win"},
    "build-a-reputation": {"strategy"}, "sabotage": {"holds"}, "escort-mission": {"escorts"},
}


def compatible(x: str | None, y: str | None) -> bool:
    """Can one game serve both Bounties? Killing the other crew's models spoils Just Live
    Through This and Burn Down the Barn (whose own models must die in their own
    Activation); Roundup cannot leave the Escort Mission model alive; two crews cannot
    both win, both take the first kill, or score 3 Strategy VP against Sabotage."""
    tx, ty = TRAITS.get(x, set()), TRAITS.get(y, set())
    for a, b in ((tx, ty), (ty, tx)):
        if ("keeps" in a or "loses" in a) and "kills" in b:
            return False
        if ("clears" in a and "escorts" in b) or ("strategy" in a and "holds" in b):
            return False
    return not ({"win", "first"} & tx & ty)


def roster(faction: str) -> dict:
    """A Faction's cards: a Henchman leader, Minions, an Enforcer, a Peon, a Totem and a
    Master for Adding a Master."""
    def card(name, station, cost, *traits, **extra):
        return CardFactory(name=f"{name} ({faction})", station=station, cost=cost,
                           characteristics=list(traits), factions=[faction], **extra)

    return {"henchman": card("Captain", "henchman", 8, "Living", cache=2),
            "minion": card("Guard", "minion", 5, "Living"),
            "enforcer": card("Brute", "enforcer", 8, "Undead", "Construct"),
            "peon": card("Clerk", "peon", 2, "Living"),
            "totem": card("Owl", "minion", 3, "Beast", is_totem=True),
            "master": card("Boss", "master", None, "Living", cache=3)}


# --- The table --------------------------------------------------------------------------


class Table:
    """One game at the table between two crews, seen from side ``key``'s Bounty."""

    def __init__(self, game, crews_by_side):
        self.game, self.crews = game, crews_by_side
        self.dead: set[int] = set()
        self.protected: set[int] = set()

    def actor(self, key):
        return self.crews[key].player

    def hired(self, key):
        return list(HiredModel.objects.filter(side__game=self.game, side__key=key)
                    .select_related("arsenal_model__card").order_by("id"))

    def alive(self, key, test=lambda h: True, *, spare=True):
        return [h for h in self.hired(key) if h.pk not in self.dead
                and (not spare or h.pk not in self.protected) and test(h)]

    def kill(self, victim, killer=None, *, by_side="", **flags):
        key = victim.side.key
        casualty = tracker.record_casualty(
            game=self.game, actor=self.actor(key), side_key=key, model=victim,
            by_model=killer, by_side=by_side or None, **flags)
        self.dead.add(victim.pk)
        if casualty.finished_off == Casualty.FinishedOff.PENDING:  # flipped low: spared
            tracker.flip_finished_off(casualty=casualty, actor=self.actor(key),
                                      table_card="1R")

    def leader(self, key):
        return next(h for h in self.hired(key) if h.is_leader)


def _traits(h):
    return {c.lower() for c in h.arsenal_model.card.characteristics}


def _scheme_vp(t, key, scheme, vp):
    choice = t.game.sides.get(key=key).schemes.get(scheme_key=scheme)
    if encounter_tables().scheme(scheme).reveal_bonus:
        tracker.reveal_scheme(game=t.game, actor=t.actor(key), scheme=choice)
    tracker.score_scheme(game=t.game, actor=t.actor(key), scheme=choice, vp=vp)


def play_bounty(t: Table, key: str, bounty: str) -> None:
    """What side ``key``'s table does for one part of ``bounty``."""
    opp = "b" if key == "a" else "a"
    me, mine = t.actor(key), t.leader(key)
    g = t.game

    def kill_enemies(n, test=lambda h: True, **flags):
        for victim in t.alive(opp, test)[:n]:
            t.kill(victim, mine, **flags)

    def mark(kind, quarter, delta=1, owner="", by=None, **extra):
        table.mark(game=g, actor=t.actor(by or key), kind=kind, owner=owner, quarter=quarter,
                   delta=delta, by_side=by or key, **extra)

    if bounty in ("hunt-them-down",):
        t.kill(t.leader(opp), mine)
    elif bounty == "build-a-reputation":
        tracker.score_strategy(game=g, actor=me, side_key=key, vp=3)
    elif bounty in ("covert-operation", "on-the-payroll", "mark-our-territory"):
        chosen = {c.scheme_key for c in g.sides.get(key=key).schemes.all()}
        row = next(b for b in tables.bounties().rows if b.key == bounty)
        for scheme in listed_schemes(row):
            if scheme in chosen:
                _scheme_vp(t, key, scheme, encounter_tables().scheme(scheme).max_vp)
                break
    elif bounty == "cleanup-crew":
        mark("scheme", 0, 3, owner=opp, by=opp)
        for _ in range(3):
            mark("scheme", 0, -1, owner=opp, interact=True)
    elif bounty == "hunting-party":
        for _ in range(3):
            guard = table.bring_in(game=g, actor=me, name=table.neutral_names(g)[0],
                                   side_key=None, station="minion", cost=5)
            tracker.record_casualty(game=g, actor=me, side_key="neutral", table_model=guard,
                                    by_model=mine)
    elif bounty == "trophy-hunter":
        top = max(h.model_cost or 0 for h in t.hired(opp) if not h.is_leader)
        kill_enemies(1, lambda h: not h.is_leader and h.model_cost == top)
    elif bounty == "strange-times":
        tracker.add_event_scrip(game=g, actor=me, side_key=key, amount=2, why="the event")
    elif bounty == "take-their-land":
        table.set_end_facts(game=g, actor=me, side_key=key, in_their_zone=(3, 1))
    elif bounty == "map-it-out":
        for quarter in (1, 2, 3, 4):
            mark("scheme", quarter, owner=key)
    elif bounty == "escort-mission":
        table.set_end_facts(game=g, actor=me, side_key=key, escorted=True)
    elif bounty == "hit-list":
        note = g.sides.get(key=key).bounty_notes.get(bounty_key="hit-list")
        t.kill(note.model, mine)
    elif bounty == "roundup":
        kill_enemies(99, lambda h: "living" in _traits(h))
    elif bounty == "apprehend-their-leader":
        table.set_end_facts(game=g, actor=me, side_key=key, engaging_leader=2)
    elif bounty == "drive-them-back":
        kill_enemies(99, lambda h: h.station in ("minion", "peon")
                     or h.arsenal_model.card.is_totem)
    elif bounty == "lend-a-hand":
        mark("corpse", 0, 5)
    elif bounty == "the-dead-horde":
        for n in range(3):
            table.bring_in(game=g, actor=me, name=f"Risen {n}", side_key=key, cost=4)
    elif bounty == "infectious-fear":
        for victim in t.alive(opp, spare=False)[:2]:
            table.model_event(game=g, actor=me, kind="horror_failed", model=victim)
    elif bounty == "spare-parts":
        mark("scrap", 0, 4)
    elif bounty == "leave-our-mark":
        mark("scheme", 0, 4, owner=key)
    elif bounty == "purge":
        kill_enemies(4, lambda h: bool({"living", "undead"} & _traits(h)))
    elif bounty == "lessons-learned-in-blood":
        kill_enemies(2, lambda h: h.station in ("master", "enforcer", "henchman"))
    elif bounty == "cursed-wretches":
        table.set_end_facts(game=g, actor=me, side_key=key, afflicted=3)
    elif bounty == "well-use-that-later":
        table.set_end_facts(game=g, actor=me, side_key=key, pool=2)
    elif bounty == "hogwild":
        table.set_end_facts(game=g, actor=me, side_key=key, pigs=[1, 2, 3, 4])
    elif bounty == "burn-down-the-barn":
        for victim in t.alive(key)[:5]:  # each falls to a reaction in its own Activation
            t.kill(victim, t.leader(opp), own_activation=True)
    elif bounty == "kabloooy":
        kill_enemies(3, blast=True)
    elif bounty == "purity-of-spirit":
        for _ in range(g.sides.get(key=key).soulstone_pool or 0):
            table.adjust_pool(game=g, actor=me, side_key=key, change=-1)
        kill_enemies(3)
    elif bounty == "ancestral-artifacts":
        for model in t.alive(key, spare=False)[:3]:
            table.model_event(game=g, actor=me, kind="upgrade_attached", model=model,
                              name="Ancestral blade")
    elif bounty == "strike-from-darkness":
        kill_enemies(1)
    elif bounty in ("just-live-through-this", "unseen-objectives", "do-the-job-get-paid",
                    "sabotage"):
        pass  # the pairing and the result see to these
    else:
        raise AssertionError(f"no table script for {bounty}")


def _schemes_for(game, crew, bounty_key) -> list[str]:
    """Two Schemes: the one the Bounty needs (when it can have it), then the pool's."""
    pool = list(game.setup["scheme_pool"])
    wanted = []
    if bounty_key in ("covert-operation", "on-the-payroll", "mark-our-territory"):
        row = next(b for b in tables.bounties().rows if b.key == bounty_key)
        held = crew.bounties.get(status="active", bounty_key=bounty_key)
        done = {k for c in held.progress.get("contributions", ()) for k in c["schemes"]}
        for key in listed_schemes(row):
            if key not in done and (key in pool or bounty_key == "covert-operation"):
                wanted = [key]
                break
    return (wanted + [k for k in pool if k not in wanted])[:2]


def _hire(crew, size):
    """The Leader, then the arsenal's models in a fixed order while the size allows."""
    order = {"master": 0, "henchman": 1, "enforcer": 2, "minion": 3, "peon": 4}
    models = sorted(crew.models.filter(status="active").select_related("card"),
                    key=lambda m: (m.pk != crew.leader_id, order[m.station], m.pk))
    chosen, cost = [], 0
    for model in models:
        price = 15 if model.station == "master" else model.card.cost or 0
        if cost + price <= size:
            chosen.append(model)
            cost += price
    return chosen


def play(campaign, a, b) -> Game:
    """One game, recorded through the tracker, confirmed; its Aftermaths opened."""
    held = {k: c.bounties.filter(status="active").values_list("bounty_key", flat=True).first()
            for k, c in (("a", a), ("b", b))}
    game = games.create_campaign_game(campaign=campaign, crew_a=a, crew_b=b, actor=a.player)
    for crew in (a, b):
        games.hire_crew(game=game, actor=crew.player, models=_hire(crew, game.size))
    for key, crew in (("a", a), ("b", b)):
        games.reveal_crew(game=game, actor=crew.player)
        games.choose_schemes(game=game, actor=crew.player,
                             choices=[(s, None) for s in _schemes_for(game, crew, held[key])])
    tracker.start(game=game, actor=a.player)
    game.refresh_from_db()
    t = Table(game, {"a": a, "b": b})
    for key in "ab":  # the notes Bounties ask for, made at the start
        opp = "b" if key == "a" else "a"
        if held[key] == "escort-mission":
            guard = next(h for h in t.hired(key) if not h.is_leader)
            table.note(game=game, actor=t.actor(key), bounty="escort-mission", model=guard)
            t.protected.add(guard.pk)
        elif held[key] == "hit-list":
            target = next(h for h in t.alive(opp) if not h.is_leader
                          and (h.model_cost or 0) >= 6)
            table.note(game=game, actor=t.actor(key), bounty="hit-list", model=target)
        elif held[key] == "roundup":
            table.note(game=game, actor=t.actor(key), bounty="roundup",
                       characteristic="Living")
    first = sorted("ab", key=lambda k: "first" not in TRAITS.get(held[k], set()))
    for key in first:
        if held[key]:
            play_bounty(t, key, held[key])
    for key in "ab":  # each crew scores a little from its other Scheme: Payday pays
        other = g_schemes(game, key)[-1]
        tracker.score_scheme(game=game, actor=t.actor(key), scheme=other, vp=2)
    winner = next((k for k in "ab" if "win" in TRAITS.get(held[k], set())), "a")
    vp = _lead(t, winner, held)
    results.report_result(game=game, actor=a.player, vp_a=vp["a"], vp_b=vp["b"])
    results.confirm_result(game=game, actor=b.player)
    start_game(game.pk)
    return Game.objects.get(pk=game.pk)


def g_schemes(game, key):
    return list(game.sides.get(key=key).schemes.order_by("id"))


def _lead(t, winner, held) -> dict:
    """Score Scheme VP for ``winner`` until it leads; the tracker's totals are reported."""
    def totals():
        from encounters.selectors import game_view

        return {s.side.key: s.total_vp for s in game_view(t.game, t.actor("a")).sides}

    for _ in range(12):
        vp = totals()
        loser = "b" if winner == "a" else "a"
        if vp[winner] > vp[loser]:
            return vp
        for choice in t.game.sides.get(key=winner).schemes.all():
            try:
                tracker.score_scheme(game=t.game, actor=t.actor(winner), scheme=choice, vp=1)
                break
            except EncounterError:
                continue
        else:
            tracker.score_strategy(game=t.game, actor=t.actor(winner), side_key=winner, vp=1)
    raise AssertionError("the winner could not take the lead")


# --- The Aftermath ----------------------------------------------------------------------


def fresh(a):
    return Aftermath.objects.select_related("crew__campaign", "crew__faction", "game").get(
        pk=a.pk)


def player(a, queue):
    """Keeps every card, buys nothing at Barter, takes the Avatar when it can, buys the
    next Bounty of its queue, flips Injuries in order."""
    actor = a.crew.player
    for _ in range(200):
        a = fresh(a)
        state, phase = a.state, a.phase
        if phase == "done":
            return
        if phase == "barter":
            current = state["barter"]["current"]
            if current is None:
                barter.flip(aftermath=a, actor=actor)
            elif current.get("question") or (current.get("thirst") or {}).get("question"):
                barter.answer(aftermath=a, actor=actor, card=None)
            else:
                barter.next_card(aftermath=a, actor=actor)
        elif phase == "reward":
            r = state["reward"]
            if r.get("place"):
                reward.place(aftermath=a, actor=actor,
                             model=reward.default_holder(a, r["place"]))
            elif r.get("question"):
                reward.answer(aftermath=a, actor=actor, card=None)
            elif reward.master(a) and not a.crew.upgrades.filter(table_key="avatar").exists():
                reward.choose(aftermath=a, actor=actor, chart=a.crew.faction.code, take="avatar")
            else:  # the chart with the most results still to win
                owned = set(a.crew.upgrades.values_list("table_key", flat=True))
                chart = min(reward.charts(a), key=lambda c: sum(
                    r.key in owned for r in tables.reward_chart(c).rows))
                reward.choose(aftermath=a, actor=actor, chart=chart)
        elif phase == "bounty":
            done = set(a.crew.bounties.filter(status="completed")
                       .values_list("bounty_key", flat=True))
            todo = [k for k in queue if k not in done]
            if todo and not a.crew.bounties.filter(status="active").exists():
                bounty.buy(aftermath=a, actor=actor, key=todo[0])
            else:
                bounty.skip(aftermath=a, actor=actor)
        elif phase == "injuries":
            inj = state["injuries"]
            if inj.get("skill_choice"):
                injuries.keep_skill(aftermath=a, actor=actor, replaces=None)
            elif inj.get("question"):
                injuries.answer(aftermath=a, actor=actor, card=None)
            else:
                injuries.flip(aftermath=a, actor=actor,
                              model=ArsenalModel.objects.get(pk=inj["remaining"][0]))
        elif phase == "extras":
            extras.finish(aftermath=a, actor=actor)
    raise AssertionError(f"Aftermath {a.pk} did not finish")


# --- Pairing ----------------------------------------------------------------------------


def pairings(ready: list[Crew], held: dict[int, str | None], played: dict[int, int]):
    """The pairs for one round: as many games as the crews allow, as many Bounties served
    as possible, then the crews that played least this week first."""
    best, best_score = [], None
    crews_ = sorted(ready, key=lambda c: (played[c.pk], c.pk))
    for combo in _matchings(crews_):
        served = sum(2 for x, y in combo if compatible(held[x.pk], held[y.pk]))
        score = (len(combo), served, -sum(played[c.pk] for pair in combo for c in pair))
        if best_score is None or score > best_score:
            best, best_score = combo, score
    return best


def _matchings(crews_):
    if len(crews_) < 2:
        yield []
        return
    first, rest = crews_[0], crews_[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other), *tail]
    if len(crews_) % 2:  # the first may sit this round out
        yield from _matchings(rest)


def test_every_bounty_is_bought_progresses_and_pays_in_a_four_week_campaign(monkeypatch):
    seeds = random.Random(14)
    monkeypatch.setattr("secrets.randbits", lambda bits: seeds.getrandbits(bits))
    campaign = CampaignFactory(status=Campaign.Status.RUNNING, length_weeks=4,
                               max_games_per_week=GAMES_PER_WEEK)
    organizer = member(campaign.league, "organizer")
    cards, seven = {}, []
    for faction in QUEUES:
        cards[faction] = roster(faction)
        crew = CrewFactory(campaign=campaign, player=member(campaign.league),
                           name=faction.title(), faction=_faction(faction))
        c = cards[faction]
        crews.build_starting_arsenal(crew=crew, actor=crew.player, leader=c["henchman"],
                                     models=[c["minion"], c["minion"], c["enforcer"],
                                             c["peon"], c["totem"]])
        seven.append(crew.pk)
    weeks.ensure_weeks(campaign)
    master_added = None
    for number, event in enumerate(EVENTS, start=1):
        weeks.set_event(week=campaign.weeks.get(number=number), actor=organizer,
                        event_key=event, reason="The scripted campaign")
        weeks.turn_over(campaign, number)
        campaign.refresh_from_db()
        everyone = list(Crew.objects.filter(pk__in=seven).select_related("faction"))
        if number > 1:
            for crew in everyone:
                crews.new_hires(crew=crew, actor=crew.player,
                                models=[cards[crew.faction.code]["peon"]])
        if number == campaign.halfway_week and master_added is None:
            master_added = _add_a_master(everyone, cards, organizer)
        played = dict.fromkeys(seven, 0)
        for _round in range(GAMES_PER_WEEK):
            everyone = list(Crew.objects.filter(pk__in=seven).select_related("faction"))
            held = {c.pk: c.bounties.filter(status="active")
                    .values_list("bounty_key", flat=True).first() for c in everyone}
            if _all_done(campaign):
                break
            for x, y in pairings(everyone, held, played):
                game = play(campaign, x, y)
                played[x.pk] += 1
                played[y.pk] += 1
                for aftermath in Aftermath.objects.filter(game=game):
                    player(aftermath, QUEUES[aftermath.crew.faction.code])
    weeks.turn_over(campaign, 5)
    campaign.refresh_from_db()

    assert campaign.status == Campaign.Status.ENDED
    summary = "\n".join(
        f"{crew.name}: {crew.scrip} scrip, "
        f"{Game.objects.filter(sides__crew=crew).count()} games, "
        f"{[(b.bounty_key, b.status, b.progress.get('counted')) for b in crew.bounties.all()]}"
        for crew in Crew.objects.filter(campaign=campaign))
    completed = {b.bounty_key: b for b in CrewBounty.objects.filter(
        crew__campaign=campaign, status="completed")}
    assert set(completed) == {row.key for row in tables.bounties().rows}, summary  # all 35
    for key, done in completed.items():
        row = next(b for b in tables.bounties().rows if b.key == key)
        assert QUEUES[done.crew.faction.code].count(key) == 1
        games_counted = [c["game"] for c in done.progress["contributions"] if c["count"]]
        assert sum(c["count"] for c in done.progress["contributions"]) == row.target
        assert Game.objects.filter(pk__in=games_counted, campaign=campaign,
                                   state="done").count() == len(set(games_counted))
        last = Aftermath.objects.get(game_id=games_counted[-1], crew=done.crew)
        assert last.steps.filter(phase="bounty", detail__bounty=key).exists()
        paid = last.steps.filter(phase="reward").exclude(detail__reward=None)
        assert paid.exists(), f"{key} paid no Reward"
        assert AftermathStep.objects.filter(aftermath__crew=done.crew, phase="bounty",
                                            detail__bounty=key,
                                            description__startswith="Bought").exists()
    # Adding a Master needed a completed Bounty; its crew later took the Avatar.
    assert master_added is not None
    assert ArsenalUpgrade.objects.filter(crew=master_added, table_key="avatar",
                                         attached_to__station="master").exists()
    for crew in Crew.objects.filter(campaign=campaign):
        assert crew.scrip == scrip.ledger_balance(crew) >= 0
    _aftermath_spending_has_purchases()
    assert not Aftermath.objects.exclude(phase="done").exists()


def _faction(code):
    from tests.campaign.factories import faction

    return faction(code)


def _all_done(campaign) -> bool:
    return CrewBounty.objects.filter(crew__campaign=campaign, status="completed").count() == \
        len(tables.bounties().rows)


def _add_a_master(everyone, cards, organizer):
    """The first crew (in Faction order) with a completed Bounty adds its Master in the
    halfway week's New Hires (the organizer funds the 10 Scrip if it lacks them)."""
    for crew in everyone:
        if crew.bounties.filter(status="completed").exists():
            crew.refresh_from_db()
            if crew.scrip < 10:
                scrip.adjust_scrip(crew, 10, week=crew.campaign.current_week, actor=organizer,
                                   reason="Funds for the Master (scripted campaign)")
            crews.add_master(crew=crew, actor=crew.player,
                             master=cards[crew.faction.code]["master"])
            return crew
    return None


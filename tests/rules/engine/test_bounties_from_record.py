"""Every one of the 35 Bounties progresses from a recorded game (``rules.engine.record``):
per Bounty, games that mark off its parts and a near miss that does not, read through
``record.game_facts`` exactly as the Aftermath reads a frozen record. Plain Python.

Each docstring gives the Bounty's goal in our own words (campaign book, PHASE 5:
PURCHASE BOUNTIES). Crew "a" holds the Bounty unless a test says otherwise.
"""

import pytest

from rules.engine import bounties
from rules.engine.record import GOAL_FACTS, facts_needed, game_facts
from rules.tables import bounties as bounty_table
from tests.rules.engine.records import (
    EndState,
    HorrorFailure,
    MarkerChange,
    Note,
    UpgradeAttached,
    game,
    kill,
    summoned,
)

ROWS = {row.key: row for row in bounty_table().rows}
TESTED = set()


def progress(key, *records, side="a"):
    """Fold ``records`` (one per game) into a fresh ``key`` Bounty for ``side``."""
    TESTED.add(key)
    done = bounties.start(key)
    for number, record in enumerate(records, start=1):
        done = bounties.advance(ROWS[key], done, game_facts(record, side, number))
    return done


def counted(key, *records, side="a"):
    return progress(key, *records, side=side).counted


def scheme(key, vp, revealed=True):
    return {"scheme": key, "vp": vp, "revealed": revealed}


def scheme_markers(owner, *quarters, by=None, turn=3):
    return tuple(MarkerChange(turn=turn, kind="scheme", delta=1, owner=owner, quarter=q,
                              by=by or owner) for q in quarters)


# --- Generic Bounties ----------------------------------------------------------------


def test_hunt_them_down():
    """Hunt Them Down: kill or sacrifice two enemy Leaders (the reward flip gains a twist)."""
    one = game(kills=(kill(11, by=3),))
    theirs = game(kills=(kill(11, by=12),))  # their own Zombie sacrificed it
    neutral = game(kills=(kill(11, by=21),))
    assert counted("hunt-them-down", one, theirs, neutral) == 1
    assert progress("hunt-them-down", one, game(kills=(kill(11, by_side="a"),))).completed


def test_build_a_reputation():
    """Build a Reputation: twice, score 3 VP or more from the Strategy in one game."""
    three = game(a={"strategy_vp": {"1": 1, "3": 2}})
    two = game(a={"strategy_vp": {"2": 2}})
    assert counted("build-a-reputation", three, two) == 1
    assert progress("build-a-reputation", three, two, three).completed


def test_covert_operation():
    """Covert Operation: full VP from two different listed Schemes (Plant Explosives, Make
    Them Suffer, Deliver a Message), only one of them per game."""
    both = game(a={"schemes": (scheme("plant-explosives", 3), scheme("deliver-a-message", 3))})
    again = game(a={"schemes": (scheme("plant-explosives", 3),)})
    short = game(a={"schemes": (scheme("make-them-suffer", 2),)})
    done = progress("covert-operation", both, again, short)
    assert done.counted == 1 and done.schemes_counted == ("plant-explosives",)
    assert progress("covert-operation", both, game(a={"schemes": (
        scheme("make-them-suffer", 3),)})).completed


def test_on_the_payroll():
    """On the Payroll: full VP from two different Schemes of Breakthrough, Protect
    Territory and Bodyguard, one per game (the reward flip suffers a twist)."""
    breakthrough = game(a={"schemes": (scheme("breakthrough", 3),)})
    bodyguard = game(a={"schemes": (scheme("bodyguard", 3),)})
    assert counted("on-the-payroll", breakthrough, breakthrough) == 1
    assert progress("on-the-payroll", breakthrough, bodyguard).completed


def test_cleanup_crew():
    """Cleanup Crew: three times, an Interact Action that removes at least one enemy
    Scheme Marker; all three may come in one game."""
    placed = scheme_markers("b", 1, 2, 3, 4)
    removals = tuple(MarkerChange(turn=4, kind="scheme", delta=-1, owner="b", quarter=q,
                                  by="a", interact=True) for q in (1, 2, 3))
    not_interact = (MarkerChange(turn=4, kind="scheme", delta=-1, owner="b", quarter=4,
                                 by="a"),)
    own = (*scheme_markers("a", 1), MarkerChange(turn=4, kind="scheme", delta=-1, owner="a",
                                                 quarter=1, by="a", interact=True))
    assert counted("cleanup-crew", game(markers=placed + not_interact + own)) == 0
    assert progress("cleanup-crew", game(markers=placed + removals)).completed


def test_hunting_party():
    """Hunting Party: kill or sacrifice three Neutral models (any game, any number)."""
    guard = game(kills=(kill(21, by=2),))
    stolen = game(kills=(kill(21, by=12),))
    assert counted("hunting-party", guard, stolen, guard) == 2
    assert progress("hunting-party", guard, guard, guard).completed


def test_trophy_hunter():
    """Trophy Hunter: in two different games, kill or sacrifice the opposing crew's most
    expensive non-Leader model (with a tie, any of the tied models)."""
    flesh = game(kills=(kill(13, by=3),))          # 9: the priciest non-Leader
    leader = game(kills=(kill(11, by=3),))         # 9 too, but the Leader
    cheaper = game(kills=(kill(14, by=3), kill(13, by=12)))
    assert counted("trophy-hunter", leader, cheaper) == 0
    assert progress("trophy-hunter", flesh, flesh).completed


def test_just_live_through_this():
    """Just Live Through This: finish a game with no friendly model killed or sacrificed
    (summoned ones included) and without a Strategic Withdraw."""
    clean = game(kills=(kill(12, by=2),))
    lost_summon = game(extra_models=(summoned(31, "a", 4),),
                       kills=(kill(31, by=12, models=(summoned(31, "a", 4),)),))
    withdrew = game(a={"withdrew_on_turn": 3})
    assert counted("just-live-through-this", lost_summon, withdrew) == 0
    assert progress("just-live-through-this", clean).completed


def test_strange_times():
    """Strange Times: in two different games, earn 1 Scrip or more from the week's Event."""
    paid = game(a={"event_scrip": 2})
    assert counted("strange-times", paid, game(a={"event_scrip": 0})) == 1
    assert progress("strange-times", paid, paid).completed


def test_mark_our_territory():
    """Mark Our Territory: twice, score full VP from A Line in the Sand."""
    full = game(a={"schemes": (scheme("a-line-in-the-sand", 3),)})
    short = game(a={"schemes": (scheme("a-line-in-the-sand", 2),)})
    assert counted("mark-our-territory", full, short) == 1
    assert progress("mark-our-territory", full, full).completed


def test_take_their_land():
    """Take Their Land: twice, end a game with more friendly models in the opponent's
    Deployment Zone than enemy models (Neutrals count as enemies)."""
    more = game(end=EndState(zones={"b": {"a": 3, "b": 1, "neutral": 1}}))
    level = game(end=EndState(zones={"b": {"a": 2, "b": 1, "neutral": 1}}))
    own_zone = game(end=EndState(zones={"a": {"a": 5, "b": 0, "neutral": 0}}))
    assert counted("take-their-land", level, own_zone) == 0
    assert progress("take-their-land", more, more).completed


def test_map_it_out():
    """Map It Out: twice, end the game (after all VP) with one of the crew's Scheme Markers
    in every quarter of the board; one near the centre or straddling does not count."""
    four = game(markers=scheme_markers("a", 1, 2, 3, 4))
    centre = game(markers=scheme_markers("a", 1, 2, 3, 0))
    scored_away = game(markers=(*scheme_markers("a", 1, 2, 3, 4),
        MarkerChange(turn=5, kind="scheme", delta=-1, owner="a", quarter=4, by="a")))
    theirs = game(markers=scheme_markers("a", 1, 2, 3) + scheme_markers("b", 4))
    assert counted("map-it-out", centre, scored_away, theirs) == 0
    assert progress("map-it-out", four, four).completed


def test_escort_mission():
    """Escort Mission: at the start, secretly note a friendly non-Leader; twice, end the
    game with the noted model in the opponent's Deployment Zone."""
    note = (Note(side="a", bounty="escort-mission", ref=3),)
    there = game(notes=note, end=EndState(in_enemy_zone={"a": (3,)}))
    someone_else = game(notes=note, end=EndState(in_enemy_zone={"a": (2,)}))
    killed = game(notes=note, kills=(kill(3, by=13),))
    assert counted("escort-mission", someone_else, killed) == 0
    assert progress("escort-mission", there, there).completed


def test_hit_list():
    """Hit List: at the start, secretly note an enemy non-Leader costing 6 or more; twice,
    kill or sacrifice the noted model."""
    note = (Note(side="a", bounty="hit-list", ref=13),)
    hit = game(notes=note, kills=(kill(13, by=3),))
    wrong = game(notes=note, kills=(kill(14, by=3),))
    by_them = game(notes=note, kills=(kill(13, by=12),))
    cheap = game(notes=(Note(side="a", bounty="hit-list", ref=12),), kills=(kill(12, by=3),))
    assert counted("hit-list", wrong, by_them, cheap) == 0
    assert progress("hit-list", hit, hit).completed


# --- Guild ----------------------------------------------------------------------------


def test_roundup():
    """Roundup (Guild): after deployment name a Characteristic at least three enemy models
    share; twice, end the game with no enemy model with it in play (summoned ones too)."""
    note = (Note(side="a", bounty="roundup", characteristic="undead"),)
    cleared = game(notes=note, kills=(kill(11, by=1), kill(12, by=2), kill(13, by=3)))
    raised = summoned(32, "b", 4, "undead", turn=3)
    late_zombie = game(notes=note, extra_models=(raised,),
                       kills=(kill(11, by=1), kill(12, by=2), kill(13, by=3)))
    too_few = game(notes=(Note(side="a", bounty="roundup", characteristic="living"),),
                   kills=(kill(14, by=2),))
    assert counted("roundup", late_zombie, too_few) == 0
    assert progress("roundup", cleared, cleared).completed


def test_apprehend_their_leader():
    """Apprehend Their Leader (Guild): twice, end the game with two or more friendly models
    engaging the enemy Leader."""
    two = game(end=EndState(engaging_leader={"a": 2}))
    one = game(end=EndState(engaging_leader={"a": 1, "b": 3}))
    assert counted("apprehend-their-leader", one) == 0
    assert progress("apprehend-their-leader", two, two).completed


def test_drive_them_back():
    """Drive Them Back (Guild): kill or sacrifice ten enemy Minions, Peons or Totems
    (Neutrals count)."""
    four = game(kills=(kill(12, by=2), kill(14, by=2), kill(15, by=3), kill(21, by=3),
                       kill(13, by=3)))  # the Enforcer does not count
    assert counted("drive-them-back", four) == 4
    assert progress("drive-them-back", four, four, four).completed


# --- Resurrectionists -----------------------------------------------------------------


def test_lend_a_hand():
    """Lend a Hand (Resurrectionists): twice, end a game with 5 or more Corpse Markers in
    play (whoever dropped them)."""
    corpses = tuple(MarkerChange(turn=t, kind="corpse", delta=1, quarter=q, by="")
                    for t, q in ((1, 1), (2, 2), (2, 0), (3, 3), (4, 4)))
    eaten = (*corpses, MarkerChange(turn=5, kind="corpse", delta=-1, quarter=4, by="b"))
    assert counted("lend-a-hand", game(markers=eaten), side="b") == 0
    assert progress("lend-a-hand", game(markers=corpses), game(markers=corpses),
                    side="b").completed


def test_the_dead_horde():
    """The Dead Horde (Resurrectionists): twice, summon 12 Soulstones or more of models in
    one game."""
    horde = (summoned(31, "b", 4), summoned(32, "b", 4), summoned(33, "b", 4))
    eleven = (summoned(31, "b", 4), summoned(32, "b", 7))
    assert counted("the-dead-horde", game(extra_models=eleven), side="b") == 0
    assert progress("the-dead-horde", game(extra_models=horde), game(extra_models=horde),
                    side="b").completed


def test_infectious_fear():
    """Infectious Fear (Resurrectionists): twice, play a game in which two or more enemy
    models fail Horror duels (a model failing twice is one model)."""
    two = game(horror=(HorrorFailure(2, 1), HorrorFailure(3, 3), HorrorFailure(3, 1)))
    one = game(horror=(HorrorFailure(2, 1), HorrorFailure(3, 1), HorrorFailure(3, 12)))
    assert counted("infectious-fear", one, side="b") == 0
    assert progress("infectious-fear", two, two, side="b").completed


# --- Arcanists ------------------------------------------------------------------------


def test_spare_parts():
    """Spare Parts (Arcanists): twice, end a game with 4 or more Scrap Markers in play."""
    scrap = tuple(MarkerChange(turn=3, kind="scrap", delta=1, quarter=q) for q in (1, 2, 3))
    assert counted("spare-parts", game(markers=scrap)) == 0
    four = game(markers=(*scrap, MarkerChange(turn=4, kind="scrap", delta=1, quarter=0)))
    assert progress("spare-parts", four, four).completed


def test_leave_our_mark():
    """Leave Our Mark (Arcanists): twice, end a game with 4 or more friendly Scheme Markers
    in play after all VP (anywhere on the board)."""
    four = game(markers=scheme_markers("a", 1, 1, 0, 3))
    spent = game(markers=(*scheme_markers("a", 1, 1, 0, 3),
        MarkerChange(turn=5, kind="scheme", delta=-2, owner="a", quarter=1, by="a")))
    assert counted("leave-our-mark", spent, game(markers=scheme_markers("b", 1, 2, 3, 4))) == 0
    assert progress("leave-our-mark", four, four).completed


def test_sabotage():
    """Sabotage (Arcanists): twice, hold the opponent to 2 VP or fewer from the Strategy."""
    held = game(b={"strategy_vp": {"1": 1, "2": 1}})
    lost = game(b={"strategy_vp": {"1": 1, "2": 1, "3": 1}})
    assert counted("sabotage", lost) == 0
    assert progress("sabotage", held, held).completed


# --- Neverborn ------------------------------------------------------------------------


def test_purge():
    """Purge (Neverborn): twice, kill or sacrifice 4 or more Living or Undead enemy models
    in one game (Neutrals count)."""
    four = game(kills=(kill(12, by=2), kill(13, by=2), kill(14, by=3), kill(21, by=3)))
    three = game(kills=(kill(12, by=2), kill(15, by=2), kill(14, by=3), kill(13, by=12)))
    assert counted("purge", three) == 0
    assert progress("purge", four, four).completed


def test_unseen_objectives():
    """Unseen Objectives (Neverborn): twice, win a game in which both chosen Schemes stayed
    unrevealed."""
    hidden = (scheme("bodyguard", 2, False), scheme("breakthrough", 3, False))
    won = game(winner="a", a={"schemes": hidden})
    shown = game(winner="a", a={"schemes": (scheme("bodyguard", 2, True), hidden[1])})
    lost = game(winner="b", a={"schemes": hidden})
    assert counted("unseen-objectives", shown, lost) == 0
    assert progress("unseen-objectives", won, won).completed


def test_lessons_learned_in_blood():
    """Lessons Learned In Blood (Neverborn): kill or sacrifice 4 enemy Masters, Enforcers
    or Henchmen."""
    two = game(kills=(kill(11, by=1), kill(13, by=3), kill(12, by=3)))
    assert counted("lessons-learned-in-blood", two) == 2
    assert progress("lessons-learned-in-blood", two, two).completed


# --- Outcasts -------------------------------------------------------------------------


def test_cursed_wretches():
    """Cursed Wretches (Outcasts): twice, end the game with three or more enemy models
    suffering a Condition, or carrying an Upgrade, from one of the crew's models."""
    three = game(end=EndState(afflicted={"a": 3}))
    assert counted("cursed-wretches", game(end=EndState(afflicted={"a": 2, "b": 5}))) == 0
    assert progress("cursed-wretches", three, three).completed


def test_well_use_that_later():
    """We'll Use That Later (Outcasts): twice, end the game with 2 or more Soulstones in the
    crew's Pool."""
    kept = game(end=EndState(pool={"a": 2, "b": 0}))
    assert counted("well-use-that-later", game(end=EndState(pool={"a": 1, "b": 5}))) == 0
    assert progress("well-use-that-later", kept, kept).completed


def test_do_the_job_get_paid():
    """Do the Job, Get Paid (Outcasts): win two games (a tie is no win)."""
    assert counted("do-the-job-get-paid", game(winner=""), game(winner="b")) == 0
    assert progress("do-the-job-get-paid", game(winner="a"), game(winner="a")).completed


# --- Gremlins -------------------------------------------------------------------------


def test_hogwild():
    """Hogwild (Gremlins): twice, end the game with at least one of the crew's Pigs in
    every quarter of the board."""
    everywhere = game(end=EndState(pigs={"a": (1, 2, 3, 4)}))
    three = game(end=EndState(pigs={"a": (1, 2, 3), "b": (4,)}))
    assert counted("hogwild", three) == 0
    assert progress("hogwild", everywhere, everywhere).completed


def test_burn_down_the_barn():
    """Burn Down the Barn (Gremlins): five times, a friendly model is killed during its own
    Activation (by anyone, itself included; a sacrifice does not count)."""
    boom = game(kills=(kill(2, by=2, own_activation=True), kill(3, by=13, own_activation=True),
                       kill(4, by=13), kill(1, by=1, how="sacrificed", own_activation=True),
                       kill(12, by=12, own_activation=True)))
    assert counted("burn-down-the-barn", boom) == 2
    assert progress("burn-down-the-barn", boom, boom, boom).completed


def test_kabloooy():
    """Kabloooy! (Gremlins): kill three enemy models with Blast Markers (not sacrifice)."""
    blasts = game(kills=(kill(12, by=3, blast=True), kill(21, by=3, blast=True),
                         kill(14, by=3, blast=True, how="sacrificed"),
                         kill(2, by=3, blast=True), kill(13, by=3)))
    assert counted("kabloooy", blasts) == 2
    assert progress("kabloooy", blasts, blasts).completed


# --- Ten Thunders ---------------------------------------------------------------------


def test_purity_of_spirit():
    """Purity of Spirit (Ten Thunders): kill or sacrifice six enemy models while the crew's
    Soulstone Pool is empty."""
    empty = {"a": 0, "b": 3}
    three = game(kills=(kill(12, by=2, pools=empty), kill(14, by=3, pools=empty),
                        kill(21, by=3, pools=empty), kill(15, by=3, pools={"a": 1, "b": 0}),
                        kill(13, by=3)))
    assert counted("purity-of-spirit", three) == 3
    assert progress("purity-of-spirit", three, three).completed


def test_ancestral_artifacts():
    """Ancestral Artifacts (Ten Thunders): twice, attach 3 or more Upgrades to the crew's
    models during a game."""
    three = game(attached=(UpgradeAttached(1, 1, "Badge"), UpgradeAttached(2, 2, "Badge"),
                           UpgradeAttached(3, 2, "Coat")))
    theirs = game(attached=(UpgradeAttached(1, 1, "Badge"), UpgradeAttached(2, 12, "Coat"),
                            UpgradeAttached(3, 13, "Coat")))
    assert counted("ancestral-artifacts", theirs) == 0
    assert progress("ancestral-artifacts", three, three).completed


def test_strike_from_darkness():
    """Strike From Darkness (Ten Thunders): twice, the game's first model killed or
    sacrificed is an enemy that the crew took out."""
    first = game(kills=(kill(12, by=2, turn=1), kill(2, by=12, turn=1)))
    second = game(kills=(kill(2, by=12, turn=1), kill(12, by=2, turn=1)))
    neutral_did = game(kills=(kill(12, by=21, turn=1),))
    assert counted("strike-from-darkness", second, neutral_did, game()) == 0
    assert progress("strike-from-darkness", first, first).completed


# --- The whole table -------------------------------------------------------------------


def test_every_bounty_has_its_test_and_its_facts():
    """Every Bounty of the book is tested above, and every goal says what the tracker must
    record for it."""
    import sys

    module = sys.modules[__name__]
    names = {name for name in dir(module) if name.startswith("test_")}
    for key in ROWS:
        assert "test_" + key.replace("-", "_") in names, key
    assert set(GOAL_FACTS) == {row.goal for row in ROWS.values()}


@pytest.mark.parametrize("key,needed", [
    ("cleanup-crew", {"removals"}), ("map-it-out", {"markers.scheme"}),
    ("hit-list", {"hit_list"}), ("escort-mission", {"escort"}),
    ("kabloooy", {"blast"}), ("purity-of-spirit", {"pool"}),
    ("the-dead-horde", {"summons"}), ("do-the-job-get-paid", set()),
])
def test_the_tracker_asks_only_what_the_bounties_need(key, needed):
    assert facts_needed([key]) == needed
    assert facts_needed([key, ""]) == needed  # a crew without a Bounty adds nothing

"""The Malediction replay tells swaps and swift answers in plain words (simulator 1.1)."""

from django.utils import translation

from autoresolve.mal_replay import line, round_lines, steps
from rules.engine.malediction.sim import HeuristicCommander, RandomCommander, simulate
from rules.engine.malediction.sim.sample import sample_match

UNITS = {1: ("Guard", 0), 2: ("Raider", 1), 3: ("Scout", 0)}
WHO = ["Ann", "Bo"]


def test_swift_answers_name_the_player_spell_target_and_moment():
    ev = ["swift", 0, "Mend", 1, "hit", 2]
    assert line(ev, UNITS, WHO) == ("Ann answers Raider's attack with the swift spell Mend "
                                    "on Guard, before the damage.")
    assert "as Raider activates" in line(["swift", 0, "Bolt", 2, "activation", 2], UNITS, WHO)
    assert "before the die" in line(["swift", 0, "Mend", 1, "attack", 2], UNITS, WHO)
    with translation.override("fr"):
        assert "sort rapide" in line(ev, UNITS, WHO)


def test_swaps_say_who_passes_what():
    assert line(["swap", 1, 3, "relic", "Crown", None], UNITS, WHO) == \
        "Guard passes the relic Crown to Scout."
    assert line(["swap", 1, 3, "item", None, "Charm"], UNITS, WHO) == \
        "Scout passes the item Charm to Guard."
    assert line(["swap", 1, 3, "item", "Charm", "Ring"], UNITS, WHO) == \
        "Guard and Scout swap Charm and Ring."


def test_a_simulated_match_with_both_reads_in_words_and_steps():
    log = simulate(sample_match(), 3, [HeuristicCommander(), RandomCommander(3)]).log
    text = [t for r in round_lines(log) for t in r["lines"]]
    assert any("swift spell" in t for t in text)
    assert any(" passes the " in t or " swap " in t for t in text)
    assert any(" passes the " in s["line"] or " swap " in s["line"] for s in steps(log))

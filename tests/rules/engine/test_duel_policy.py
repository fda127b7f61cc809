"""The duel policy: cheat only to win, or cheat to win or to reduce damage.

The rules manual's opposed duel example (Seamus against the Freikorpsmann) has the
losing Defender cheat a card that cannot win: the 10 of Masks takes its total from 8 to
15 against Seamus's 18, so Seamus wins by 3 instead of 10 and his damage flip suffers a
negative twist instead of none. The engine's default decisions (``GreedyDecisions``) and
the odds (``DuelSpec.policy``, default "reduce_damage") play that way; ``CheatToWin`` and
``policy="to_win"`` cheat only to win.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.engine.cards import Card, Suit
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    DEFAULT_DUEL_POLICY,
    DUEL_POLICIES,
    GREEDY,
    CheatToWin,
    Duelist,
    GreedyDecisions,
    SoulstoneUse,
    decisions_for,
    opposed_duel,
    resolve_damage,
)
from rules.engine.errors import RulesError
from rules.engine.odds import DuelistSpec, DuelSpec, duel_odds

SEAMUS_SUIT = Suit.CROWS  # lost in the OCR; see docs/rules-decisions.md ("Engine")


def seamus_duel(**decisions):
    seamus = Duelist(7, can_use_soulstones=True, soulstone=SoulstoneUse(True, SEAMUS_SUIT),
                     name="Seamus")
    freikorpsmann = Duelist(5, is_df_duel=True, name="Freikorpsmann")
    seamus_deck = FateDeck.stacked(["6R", "11M", "4T", "9C"], hand=["2R"])
    result = opposed_duel(seamus, freikorpsmann, seamus_deck,
                          FateDeck.stacked(["3T"], hand=["10M"]), **decisions)
    return result, seamus_deck


def test_the_default_decisions_cheat_like_the_manuals_freikorpsmann():
    """Manual, opposed duel example: Seamus totals 18, the Freikorpsmann 8 and losing; he
    cheats his best card, the 10 of Masks (15), which cannot win but cuts the margin from
    10 to 3, so Seamus's damage flip takes one negative twist instead of none."""
    result, seamus_deck = seamus_duel()
    assert result.defender.flip.cheated_in == Card.parse("10M")
    assert result.defender.total == 15 and result.margin == 3
    assert result.accuracy_twist == -1
    damage = resolve_damage(result, "2/3/4", seamus_deck)
    assert damage.flip.net == -1 and damage.card == Card.parse("4T")


def test_cheating_only_to_win_keeps_the_card_and_suffers_more():
    result, seamus_deck = seamus_duel(defender_decisions=CheatToWin())
    assert not result.defender.cheated and result.margin == 10
    assert result.accuracy_twist == 0
    damage = resolve_damage(result, "2/3/4", seamus_deck)
    assert damage.flip.net == 0 and damage.card == Card.parse("4T")


def test_the_defender_cuts_to_the_gentlest_band_with_the_lowest_card():
    # Attacker 18 against 5 + 3 = 8 (margin 10, no twist). With Df 5 the cards give:
    # 2 -> margin 11 (worse), 6 -> 7 (same band), 9 -> 4 and 10 -> 3 (one negative),
    # 13 -> a tie at 0 (two negatives): the 13 alone reaches the gentlest band.
    hand = ["2R", "10M", "9T", "6M", "13C"]
    result = opposed_duel(Duelist(7), Duelist(5), FateDeck.stacked(["11R"]),
                          FateDeck.stacked(["3T"], hand=hand))
    assert result.defender.flip.cheated_in == Card.parse("13C") and result.margin == 0
    # Without the 13 the best band is one negative twist: the lower card, the 9.
    result = opposed_duel(Duelist(7), Duelist(5), FateDeck.stacked(["11R"]),
                          FateDeck.stacked(["3T"], hand=hand[:-1]))
    assert result.defender.flip.cheated_in == Card.parse("9T") and result.margin == 4


def test_no_cheat_when_no_card_makes_the_damage_gentler():
    result = opposed_duel(Duelist(7), Duelist(5), FateDeck.stacked(["9R"]),
                          FateDeck.stacked(["6T"], hand=["2R", "4C"]))
    # Margin 5 (one negative); the 2 and the 4 give 3 and 1: the same band.
    assert not result.defender.cheated and result.margin == 5


def test_the_attacker_still_cheats_only_to_win():
    result = opposed_duel(Duelist(5), Duelist(7), FateDeck.stacked(["2R"], hand=["3C"]),
                          FateDeck.stacked(["9T"]))
    assert not result.attacker.cheated  # 3 cannot win; an attacker gains nothing


def test_policies_are_named_and_the_better_one_is_the_default():
    assert set(DUEL_POLICIES) == {"to_win", "reduce_damage"}
    assert DEFAULT_DUEL_POLICY == "reduce_damage"
    assert GreedyDecisions.policy == "reduce_damage" and GREEDY.policy == "reduce_damage"
    assert isinstance(decisions_for("to_win"), CheatToWin)
    assert decisions_for() is GREEDY
    with pytest.raises(RulesError, match="to_win"):
        decisions_for("always")


def test_the_odds_say_which_policy_they_assume():
    """Seamus (Ml 7, Soulstone twist and suit) against the Freikorpsmann (Df 5) holding
    the 10 of Masks, damage 2/3/4: the chance to hit is the same under both policies, the
    expected damage is lower when the Freikorpsmann cheats to reduce it."""
    seamus = DuelistSpec(7, can_use_soulstones=True, soulstone_twist=True,
                         soulstone_suit="crows")
    freikorpsmann = DuelistSpec(5, hand=("10M",))
    reduce = duel_odds(DuelSpec(seamus, freikorpsmann, damage=(2, 3, 4)))
    to_win = duel_odds(DuelSpec(seamus, freikorpsmann, damage=(2, 3, 4), policy="to_win"))
    assert reduce.policy == "reduce_damage" and to_win.policy == "to_win"
    assert reduce.as_dict()["policy"] == "reduce_damage"
    assert reduce.p_win == to_win.p_win
    assert reduce.expected_damage < to_win.expected_damage
    assert reduce.cheat_probability["defender"] > to_win.cheat_probability["defender"]
    # The manual's flip (6 and 11 against a 3) lands on margin 3, not 10, more often.
    assert reduce.margin_distribution[3] > to_win.margin_distribution[3]
    assert reduce.margin_distribution[10] < to_win.margin_distribution[10]
    assert sum(reduce.damage.as_fractions().values()) == Fraction(1)

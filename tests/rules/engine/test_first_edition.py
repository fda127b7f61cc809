"""First edition as a ruleset of the engine: each difference the notes list, tested with
stacked decks against the French rules (FR) and the English quick reference (QR).

Every docstring says the rule in our own words and where it comes from
(``../shared/seeds/m1e-rules-french.txt``, ``m1e-quick-reference.txt``). The same calls
without ``ruleset`` play second edition; several tests show both to pin the difference.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import campaign_game
from rules.engine.cards import Card, Suit
from rules.engine.damage import Severity, damage_flip, healing_flip, prevention_flip
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    CheatToWin,
    Duelist,
    SoulstoneUse,
    Trigger,
    decisions_for,
    opposed_duel,
    resolve_damage,
    simple_duel,
)
from rules.engine.errors import IllegalSoulstoneUse, RulesError
from rules.engine.fear import (
    STEADY,
    end_activation,
    fear_duel,
    negative_twists_from_fear,
    start_activation,
)
from rules.engine.flips import BLOCKED_BY_OPPONENT_RED_JOKER, cheat_block_reason
from rules.engine.ruleset import FIRST_EDITION, SECOND_EDITION, get_ruleset
from rules.engine.spells import cast_spell, spell_damage
from rules.engine.turns import (
    action_points,
    continue_value,
    encounter_continues,
    initiative,
    reflip_unless_highest,
    turn_steps,
)

from .scripted import Scripted

M1E = "m1e"
R, C, T, M = Suit.RAMS, Suit.CROWS, Suit.TOMES, Suit.MASKS


def card(code: str) -> Card:
    return Card.parse(code)


def deck(cards: str, hand: str = "") -> FateDeck:
    return FateDeck.stacked(cards.split(), hand=hand.split())


def cards_from(*codes: str):
    """A draw function handing out the given cards in order (for initiative)."""
    queue = [card(c) for c in codes]
    return lambda purpose: queue.pop(0)


# --- The ruleset itself ----------------------------------------------------------------


def test_the_ruleset_is_a_parameter_with_second_edition_as_default():
    assert get_ruleset() is SECOND_EDITION
    assert get_ruleset("M1E") is FIRST_EDITION and get_ruleset(FIRST_EDITION) is FIRST_EDITION
    with pytest.raises(RulesError, match="m2e, m1e"):
        get_ruleset("m3e")
    assert not FIRST_EDITION.campaigns and SECOND_EDITION.campaigns


# --- Duels -----------------------------------------------------------------------------


class TestSoulstoneCard:
    def test_a_soulstone_adds_a_second_card_after_the_flip_and_the_cheat(self):
        """FR p.13-14: after the flip, a model able to use Soulstones may cheat and then
        discard a Soulstone to flip one more card, adding its value AND its suit to the
        total; the first card stays."""
        master = Duelist(5, can_use_soulstones=True, soulstone_card=True, name="Master")
        book = Scripted()
        result = simple_duel(master, 14, (T,), deck("3R 7T", hand="4C"), book, ruleset=M1E)
        # 5 + 3 = 8, losing: the 4 of Crows cannot win (9), so no cheat; the Soulstone
        # card (7 of Tomes) brings 15 and the Tomes the TN asks for.
        assert result.flip.cards == (card("3R"),) and not result.flip.cheated
        assert result.side.extra_card == card("7T")
        assert result.total == 15 and result.suits == (R, T)
        assert result.success and result.side.soulstones_spent == 1
        assert ("soulstone", "simple", "card 7T") in result.events
        steps = [e[0] for e in result.events]
        assert steps.index("pass") < steps.index("soulstone")  # the cheat comes first

    def test_the_cheat_comes_before_the_soulstone_card(self):
        master = Duelist(5, can_use_soulstones=True, soulstone_card=True)
        book = Scripted(cheat_with="10C")  # cheats a card that does not win on its own
        result = simple_duel(master, 20, (), deck("3R 6M", hand="10C"), book, ruleset=M1E)
        steps = [e[0] for e in result.events]
        assert steps.index("cheat") < steps.index("soulstone")
        assert result.total == 5 + 10 + 6 and result.success

    def test_a_black_joker_soulstone_card_adds_nothing(self):
        """FR p.14: a Black Joker flipped with a Soulstone adds nothing and does not replace
        the first card."""
        master = Duelist(6, can_use_soulstones=True, soulstone_card=True)
        result = simple_duel(master, 14, (), deck("5R BJ"), ruleset=M1E)
        assert result.side.extra_card == card("BJ")
        assert result.total == 11 and result.suits == (R,) and not result.success

    def test_a_soulstone_may_follow_a_negative_twist_or_a_black_joker(self):
        """FR p.14: the Soulstone card is allowed under negative twists and after the
        Black Joker was flipped (both of which forbid cheating)."""
        master = Duelist(5, negative=1, can_use_soulstones=True, soulstone_card=True)
        result = simple_duel(master, 12, (), deck("BJ 9R 8C", hand="13M"), ruleset=M1E)
        assert result.side.cheat_blocked is not None and not result.flip.cheated
        assert result.side.extra_card == card("8C") and result.total == 13 and result.success

    def test_a_red_joker_soulstone_card_names_a_missing_suit(self):
        master = Duelist(4, can_use_soulstones=True, soulstone_card=True)
        result = simple_duel(master, 12, ("crows", "masks"), deck("2C RJ"), ruleset=M1E)
        # The chosen card carries Crows; the Joker is named Masks, the suit still missing.
        assert result.side.extra_card == card("RJ:M")
        assert result.total == 20 and result.success

    def test_a_winning_model_keeps_its_soulstone(self):
        master = Duelist(9, can_use_soulstones=True, soulstone_card=True)
        result = simple_duel(master, 10, (), deck("4R 13M"), ruleset=M1E)
        assert result.side.extra_card is None and result.side.soulstones_spent == 0

    def test_editions_refuse_each_others_soulstones(self):
        card_user = Duelist(5, can_use_soulstones=True, soulstone_card=True)
        twister = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(twist=True))
        with pytest.raises(IllegalSoulstoneUse, match="second card"):
            simple_duel(card_user, 10, (), deck("5R"))
        with pytest.raises(IllegalSoulstoneUse, match="not declared before the flip"):
            simple_duel(twister, 10, (), deck("5R"), ruleset=M1E)
        with pytest.raises(IllegalSoulstoneUse, match="use Soulstones"):
            Duelist(5, soulstone_card=True)


class TestOpposedDuelOrder:
    def test_the_losing_side_changes_first(self):
        """FR p.14: starting with the model that would lose, each may change its total.
        Without a TN this is the lower total, the Defender on a tie (as in M2E)."""
        attacker_book, defender_book = Scripted(), Scripted()
        result = opposed_duel(
            Duelist(5), Duelist(5), deck("9R"), deck("2T", hand="13M"),
            attacker_decisions=attacker_book, defender_decisions=defender_book, ruleset=M1E,
        )
        assert result.cheat_order == ("defender", "attacker")
        assert result.defender.flip.cheated_in == card("13M")
        # The attacker was asked second, when it was losing 14 to 18.
        assert attacker_book.asked("cheat")[0].opponent_total == 18

    def test_the_active_model_picks_first_under_twists(self):
        """FR p.13: when both models have twists, the active model (the Attacker) picks
        its card first; M2E lets the Defender pick first."""
        for ruleset, first in ((M1E, "attacker"), (None, "defender")):
            a_book, d_book = Scripted(), Scripted()
            log = []
            a_book.log = d_book.log = log
            opposed_duel(Duelist(5, positive=1), Duelist(5, positive=1), deck("3R 9C"),
                         deck("4T 8M"), attacker_decisions=a_book, defender_decisions=d_book,
                         ruleset=ruleset)
            assert [a.role for a in log if a.what == "choose"] == [first, _other(first)]

    def test_an_opposed_duel_has_no_tn(self):
        with pytest.raises(RulesError, match="no TN"):
            opposed_duel(Duelist(5), Duelist(5), deck("9R"), deck("2T"), tn=10, ruleset=M1E)

    def test_the_defender_soulstone_card_can_turn_the_duel(self):
        guard = Duelist(5, name="Attacker")
        master = Duelist(5, can_use_soulstones=True, soulstone_card=True, name="Master")
        result = opposed_duel(guard, master, deck("10R"), deck("4T 3M"), ruleset=M1E)
        # 15 against 9: the Master is losing, adds the 3 of Masks (12), still loses.
        assert result.defender.total == 12 and result.defender.extra_card == card("3M")
        assert result.defender.suits == (T, M)
        assert result.winner == "attacker" and result.margin == 3
        assert result.damage_negative_twists == 0  # no Soulstone twist in first edition

    def test_triggers_read_both_cards(self):
        master = Duelist(5, can_use_soulstones=True, soulstone_card=True,
                         triggers=(Trigger("Both", (R, T)),))
        result = opposed_duel(master, Duelist(6), deck("3R 9T"), deck("8C"), ruleset=M1E)
        assert result.attacker.total == 17 and result.attacker.trigger.name == "Both"


class TestCheatingBan:
    def test_only_a_net_negative_twist_or_ones_own_black_joker_bars_cheating(self):
        """FR p.12: a model cannot cheat when negative twists apply or when it flipped the
        Black Joker. The opponent's Red Joker bars nothing in first edition (it does in
        M2E)."""
        flipped, against = [card("3R")], [card("RJ")]
        assert cheat_block_reason(0, flipped, against) == BLOCKED_BY_OPPONENT_RED_JOKER
        assert cheat_block_reason(0, flipped, against, ruleset=FIRST_EDITION) is None
        assert cheat_block_reason(-1, flipped, (), ruleset=FIRST_EDITION) is not None
        assert cheat_block_reason(0, [card("BJ")], (), ruleset=FIRST_EDITION) is not None

    def test_a_defender_cheats_against_the_attackers_red_joker(self):
        result = opposed_duel(Duelist(2), Duelist(6), deck("RJ"), deck("2T", hand="12M"),
                              ruleset=M1E)
        assert result.defender.flip.cheated_in == card("12M")
        assert result.winner == "defender"
        second = opposed_duel(Duelist(2), Duelist(6), deck("RJ"), deck("2T", hand="12M"))
        assert not second.defender.cheated and second.winner == "attacker"


def _other(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


# --- Damage, healing and prevention ------------------------------------------------------


class TestDamage:
    def test_the_margin_twist_bands_are_those_of_the_quick_reference(self):
        """QR p.56: the damage flip takes two negative twists on a tied combat total, one
        at 1-5, none at 6-10 and one positive at 11 or more."""
        for margin, cards, expected in ((0, "9R 2C 5T", 2), (3, "9R 2C", 2), (7, "9R", 9),
                                        (12, "4R 11C", 11)):
            result = damage_flip("1/2/3", deck(cards), margin=margin, ruleset=M1E)
            assert len(result.flip.cards) == len(cards.split())
            assert result.flip.final.value == expected

    def test_action_twists_add_to_the_damage_flip(self):
        """FR p.20: a Charge gives its attack's damage flip a positive twist (Focus gives
        one to the attack and to the damage: the ``focused`` field), Channel gives one to
        the spell's damage; M2E actions give none of their own."""
        charged = damage_flip("2/3/4", deck("3R 12M"), margin=7, action="charge", ruleset=M1E)
        assert charged.positive == 1 and charged.severity is Severity.SEVERE
        focused = damage_flip("2/3/4", deck("3R 12M"), margin=7, focused=1, ruleset=M1E)
        assert focused.positive == 1
        with pytest.raises(RulesError, match="no damage twist"):
            damage_flip("2/3/4", deck("3R"), action="charge")

    def test_hard_to_wound_is_a_negative_twist(self):
        """QR p.72: Hard to Wound N gives damage flips against the model N negative
        twists."""
        result = damage_flip("2/3/4", deck("12R 3C"), margin=8, hard_to_wound=1, ruleset=M1E)
        assert result.negative == 1 and result.card == card("3C")

    def test_red_joker_is_severe_plus_a_second_damage_flip(self):
        """FR p.24: the Red Joker deals Severe damage plus a second damage flip; the total
        is reduced by damage modifiers once (Armor here)."""
        result = damage_flip("2/3/5", deck("RJ 7C"), margin=8, armor=1, ruleset=M1E)
        assert result.severity is Severity.RED_JOKER
        assert result.follow_up.severity is Severity.MODERATE
        assert result.unreduced_damage == 5 + 3 and result.damage == 7
        # Second edition: Severe plus Weak, no second flip.
        plain = damage_flip("2/3/5", deck("RJ 7C"), margin=8, armor=1)
        assert plain.follow_up is None and plain.unreduced_damage == 7

    def test_a_black_joker_on_the_second_flip_adds_nothing(self):
        """FR p.24: a Black Joker on the flip after the Red Joker adds no damage but does
        not cancel the Severe damage."""
        result = damage_flip("2/3/5", deck("RJ BJ"), margin=8, ruleset=M1E)
        assert result.follow_up.severity is Severity.NONE and result.damage == 5

    def test_the_second_flip_may_be_cheated(self):
        """FR p.24: a damage flip may be cheated unless a negative twist applies; the
        second flip is a damage flip of one card."""
        result = damage_flip("2/3/5", deck("RJ 4C", hand="11M"), margin=8, ruleset=M1E)
        assert result.follow_up.flip.cheated_in == card("11M")
        assert result.damage == 10

    def test_a_red_joker_cheated_in_also_brings_the_second_flip(self):
        result = damage_flip("2/3/5", deck("4C 12T", hand="RJ"), margin=8, ruleset=M1E)
        assert result.flip.cheated_in.is_red_joker
        assert result.follow_up.card == card("12T") and result.damage == 10

    def test_blasts_of_a_red_joker_are_moderate_and_the_second_flip_adds_none(self):
        """FR p.24-25: models under a Red Joker's blast take Moderate damage, and the
        second flip's blasts are not added."""
        result = damage_flip("2/3b/4bb", deck("RJ 12M"), margin=8, ruleset=M1E)
        assert result.blast_damage == 3 and result.blast_markers == 2
        assert result.damage == 8

    def test_resolve_damage_follows_the_duels_edition(self):
        duel = opposed_duel(Duelist(6), Duelist(3), deck("10R"), deck("2T"), ruleset=M1E)
        assert duel.ruleset == M1E and duel.margin == 11
        result = resolve_damage(duel, "2/3/5", FateDeck.stacked(["RJ", "3M", "8C"]))
        assert result.follow_up is not None and result.damage == 5 + 3


class TestHealingAndPrevention:
    @pytest.mark.parametrize(("code", "healed"), [("BJ", 0), ("1R", 1), ("5C", 1), ("6T", 2),
                                                  ("10M", 2), ("11R", 3), ("13C", 3)])
    def test_the_healing_table(self, code, healed):
        """FR p.25: a healing flip heals none on the Black Joker, 1 on 1-5, 2 on 6-10 and
        3 on 11 or more, never above the Wounds stat."""
        result = healing_flip(None, deck(code), current_wounds=2, max_wounds=9, ruleset=M1E)
        assert result.healed == healed and result.wounds_after == 2 + healed

    def test_a_red_joker_heals_every_wound_and_healing_is_never_cheated(self):
        """FR p.25: a Red Joker heals every wound suffered so far; a healing flip cannot be
        cheated nor use Soulstones (M2E heals on the model's own track and may cheat)."""
        result = healing_flip(None, deck("RJ"), current_wounds=1, max_wounds=9, ruleset=M1E)
        assert result.healed == 8 and result.wounds_after == 9
        held = healing_flip(None, deck("2R", hand="12M"), current_wounds=1, max_wounds=9,
                            ruleset=M1E)
        assert held.healed == 1 and not held.flip.cheated and held.cheat_blocked
        second = healing_flip("1/2/4", deck("2R", hand="12M"), current_wounds=1, max_wounds=9)
        assert second.flip.cheated and second.healed == 4

    @pytest.mark.parametrize(("code", "prevented"), [("BJ", 0), ("4R", 1), ("8C", 2),
                                                     ("12T", 3), ("RJ", 7)])
    def test_the_prevention_table(self, code, prevented):
        """FR p.26: discard a Soulstone and flip: the card prevents as many wounds as the
        healing table says, all of them on the Red Joker (the QR's "3+card" for the Red
        Joker is not followed: see docs/rules-decisions.md)."""
        result = prevention_flip(deck(code), 7)
        assert result.prevented == prevented and result.remaining == 7 - prevented


# --- Spells ------------------------------------------------------------------------------


class TestSpells:
    def test_a_spell_is_a_casting_duel_then_a_resist_duel(self):
        """FR p.27-29: the caster wins a simple duel Ca -> CC (with its suits); the target
        then resists with its stat against the final casting total, suits ignored, and
        must be strictly higher to resist. The difference is the combat total."""
        caster = Duelist(6, name="Caster")
        target = Duelist(5, name="Target")
        spell = cast_spell(caster, 12, "masks", deck("7M"), target=target,
                           target_deck=deck("8R"), ruleset=M1E)
        assert spell.cast and spell.casting_total == 13
        assert spell.resist.total == 13 and spell.resisted is False  # a tie does not resist
        assert spell.affected and spell.margin == 0
        stronger = cast_spell(caster, 12, "masks", deck("7M"), target=target,
                              target_deck=deck("9R"), ruleset=M1E)
        assert stronger.resisted and not stronger.affected and stronger.margin is None

    def test_a_failed_cast_needs_no_resist(self):
        spell = cast_spell(Duelist(6), 12, "masks", deck("7R"), target=Duelist(5),
                           target_deck=deck("2T"), ruleset=M1E)
        assert not spell.cast and spell.resist is None and not spell.affected

    def test_a_friendly_target_may_choose_to_tie(self):
        spell = cast_spell(Duelist(6), 10, (), deck("7R"), target=Duelist(9),
                           target_deck=deck("13T"), friendly_target_ties=True, ruleset=M1E)
        assert spell.affected and spell.margin == 0 and spell.resist is None

    def test_spell_damage_uses_the_combat_total(self):
        spell = cast_spell(Duelist(7), 10, (), deck("13R"), target=Duelist(4),
                           target_deck=deck("1C"), ruleset=M1E)
        assert spell.margin == 15
        damage = spell_damage(spell, "2/3/4", FateDeck.stacked(["3R", "12T"]))
        assert damage.positive == 1 and damage.severity is Severity.SEVERE

    def test_second_edition_spells_are_one_opposed_duel(self):
        spell = cast_spell(Duelist(6), 12, "masks", deck("7M"), target=Duelist(5),
                           target_deck=deck("8R"))
        assert spell.cast and spell.resist is None and spell.margin == 0


# --- The turn ------------------------------------------------------------------------------


class TestTurn:
    def test_initiative_goes_to_the_highest_flip(self):
        """FR p.15: every player flips; from the lowest card up each may discard a
        Soulstone to reflip; the highest card activates first, without a choice."""
        result = initiative(("a", "b", "c"), cards_from("4R", "12C", "9T"), ruleset=M1E)
        assert result.order == ("b", "c", "a") and result.chooser is None
        second = initiative(("a", "b"), cards_from("4R", "12C"))
        assert second.chooser == "b"  # M2E: the highest chooses first or second

    def test_ties_reflip_without_soulstones_and_restart_the_step(self):
        """FR p.15: equal cards reflip and nobody may spend a Soulstone on that flip;
        players still tied after the Soulstone step restart it among themselves."""
        # a and b tie on 7: both reflip (3, 10). Then a, lowest, spends a Soulstone and
        # reflips a 10: tied with b again, so a and b restart (a 2, b 5), each with a new
        # Soulstone: a (lowest) reflips a 6, then b, now behind, reflips a 4.
        draw = cards_from("7R", "7C", "3R", "10C", "10T", "2R", "5C", "6M", "4C")
        result = initiative(("a", "b"), draw, reflip=reflip_unless_highest, ruleset=M1E)
        assert [why for _, _, why in result.flips] == [
            "initiative", "initiative", "tie: reflip", "tie: reflip", "Soulstone reflip",
            "initiative", "initiative", "Soulstone reflip", "Soulstone reflip",
        ]
        assert result.soulstones == ("a", "a", "b") and result.order == ("a", "b")
        # Second edition: after the Soulstone step the tied players just reflip.
        m2e = initiative(("a", "b"), cards_from("7R", "3C", "7T", "2R", "9C"),
                         reflip=reflip_unless_highest)
        assert [why for _, _, why in m2e.flips][-2:] == ["initiative", "initiative"]
        assert m2e.soulstones == ("b",) and m2e.chooser == "b"

    def test_every_model_gets_two_action_points(self):
        """FR p.16: every model receives 2 general AP (M2E Masters get 3); Fast and Slow
        add and remove one and cancel each other; Paralyzed models get none."""
        assert action_points("master", ruleset=M1E) == 2
        assert action_points("minion", ruleset=M1E) == 2
        assert action_points("master") == 3
        assert action_points("minion", fast=True, ruleset=M1E) == 3
        assert action_points("minion", slow=True, ruleset=M1E) == 1
        assert action_points("minion", fast=True, slow=True, ruleset=M1E) == 2
        assert action_points("master", paralyzed=True, ruleset=M1E) == 0

    def test_the_turn_has_three_phases_and_shuffles_in_the_closing_phase(self):
        """FR p.15: Draw, Activation (with initiative) and Closing phases; the discards
        are shuffled into the decks in the Closing Phase; Turn 1 starts at drawing."""
        steps = turn_steps(2, M1E)
        assert [s.phase for s in steps] == ["draw"] * 4 + ["activation"] * 4 + ["closing"] * 4
        assert [s.phase for s in steps if s.shuffles] == ["closing"]
        assert turn_steps(1, M1E)[0].step == "draw control cards"
        second = turn_steps(2)
        assert second[0].shuffles and second[0].phase == "draw"
        assert "check for encounter end" not in [s.step for s in turn_steps(4)]
        assert "check for encounter end" in [s.step for s in turn_steps(5)]

    def test_hand_size_by_encounter_size(self):
        """FR p.11: the maximum Control Hand is 6 in a Scrap and 7 in a Brawl."""
        assert FIRST_EDITION.hand_size("scrap") == 6
        assert FIRST_EDITION.hand_size("brawl") == 7
        assert SECOND_EDITION.hand_size() == 6
        with pytest.raises(RulesError, match="scrap"):
            FIRST_EDITION.hand_size("dustup")

    def test_the_encounter_ends_after_turn_6_unless_the_flip_says_go_on(self):
        """FR p.41: after the Closing Phase of turn 6 the player who activated last flips:
        10 or more plays another turn, and the number needed rises by 1 each turn (the
        book's example: 11 or more after turn 7, 12 or more after turn 8)."""
        assert [continue_value(t, M1E) for t in range(1, 10)] == \
            [None] * 5 + [10, 11, 12, 13]
        assert encounter_continues(6, "10R", M1E) and not encounter_continues(6, "9R", M1E)
        assert not encounter_continues(7, "10R", M1E) and encounter_continues(7, "RJ", M1E)
        assert encounter_continues(5, "BJ", M1E) and not encounter_continues(5, "BJ")

    def test_second_edition_end_matches_the_campaign_games(self):
        for turn in range(1, 12):
            assert continue_value(turn) == campaign_game.continue_value_needed(turn)


class TestMorale:
    def test_a_failed_morale_duel_falls_back_twice_the_walk(self):
        """FR p.32: a model losing a Morale Duel falls back at once, moving twice its Walk
        toward the nearest table edge (M2E's Horror Duel paralyzes instead)."""
        result = fear_duel(Duelist(4), 12, deck("3R"), walk=5, ruleset=M1E)
        assert not result.passed and result.effect == "falls_back"
        assert result.move_inches == 10 and result.state.falling_back
        horror = fear_duel(Duelist(4), 12, deck("3R"), walk=5)
        assert horror.effect == "paralyzed" and horror.move_inches == 0

    def test_a_model_at_the_edge_is_sacrificed(self):
        """FR p.32: a model already at the table edge that must fall back is sacrificed."""
        result = fear_duel(Duelist(4), 12, deck("3R"), walk=5, at_table_edge=True,
                           ruleset=M1E)
        assert result.effect == "sacrificed"

    def test_a_paralyzed_model_does_not_move(self):
        result = fear_duel(Duelist(4), 12, deck("3R"), walk=5, paralyzed=True,
                           at_table_edge=True, ruleset=M1E)
        assert result.effect == "falls_back" and result.move_inches == 0

    def test_engaged_with_the_cause_it_moves_directly_away(self):
        result = fear_duel(Duelist(4), 12, deck("3R"), walk=4, engaged_with_cause=True,
                           ruleset=M1E)
        assert result.away_from_cause and result.move_inches == 8

    def test_falling_back_takes_a_negative_twist_until_rallied(self):
        """FR p.32: until it rallies, every duel but a Morale Duel takes a negative twist;
        the next activation is spent rallying, without movement actions, and the model is
        rallied when it ends."""
        result = fear_duel(Duelist(4), 12, deck("3R"), walk=5, ruleset=M1E)
        state = result.state
        assert negative_twists_from_fear(state) == 1
        assert negative_twists_from_fear(state, morale_duel=True) == 0
        state, may_move = start_activation(state)
        assert state.rallying and not may_move and negative_twists_from_fear(state) == 1
        state = end_activation(state)
        assert state == STEADY and negative_twists_from_fear(state) == 0
        assert start_activation(state) == (STEADY, True)

    def test_passing_changes_nothing(self):
        result = fear_duel(Duelist(6), 12, deck("9R"), walk=5, ruleset=M1E)
        assert result.passed and result.effect == "none" and result.state == STEADY


def test_greedy_policy_in_first_edition_still_cuts_damage():
    """The duel policy works in either edition: a losing defender that cannot win cheats
    the card that lowers the margin band."""
    default = opposed_duel(Duelist(7), Duelist(5), deck("11R"), deck("3T", hand="10M"),
                           ruleset=M1E)
    assert default.defender.flip.cheated_in == card("10M") and default.margin == 3
    to_win = opposed_duel(Duelist(7), Duelist(5), deck("11R"), deck("3T", hand="10M"),
                          defender_decisions=CheatToWin(), ruleset=M1E)
    assert not to_win.defender.cheated and to_win.margin == 10


# --- Properties ------------------------------------------------------------------------

_suits = st.sampled_from(list(Suit))


@st.composite
def first_edition_duelists(draw, *, defender=False):
    master = draw(st.booleans())
    return Duelist(
        draw(st.integers(0, 9)), positive=draw(st.integers(0, 3)),
        negative=draw(st.integers(0, 3)), suits=draw(st.lists(_suits, max_size=1)),
        bonus=draw(st.integers(-2, 2)), can_use_soulstones=master,
        soulstone_card=master and draw(st.booleans()),
        focused=0 if defender else draw(st.integers(0, 1)),
        triggers=tuple(Trigger(f"T{i}", draw(st.lists(_suits, min_size=1, max_size=2)))
                       for i in range(draw(st.integers(0, 2)))),
    )


def _dealt(seed: int, hand: int) -> FateDeck:
    deck = FateDeck(seed)
    deck.draw(hand)
    return deck


@given(attacker=first_edition_duelists(), defender=first_edition_duelists(defender=True),
       a_seed=st.integers(0, 2**32), d_seed=st.integers(0, 2**32),
       a_hand=st.integers(0, 6), d_hand=st.integers(0, 6),
       policy=st.sampled_from(["to_win", "reduce_damage"]))
@settings(max_examples=200, deadline=None)
def test_first_edition_duel_invariants(attacker, defender, a_seed, d_seed, a_hand, d_hand,
                                       policy):
    a_deck, d_deck = _dealt(a_seed, a_hand), _dealt(d_seed, d_hand)
    hands = {"attacker": a_deck.hand, "defender": d_deck.hand}
    result = opposed_duel(attacker, defender, a_deck, d_deck, ruleset=M1E,
                          attacker_decisions=decisions_for(policy),
                          defender_decisions=decisions_for(policy))
    a, d = result.attacker, result.defender
    for side, duelist in ((a, attacker), (d, defender)):
        extra = side.extra_card.value if side.extra_card is not None else 0
        assert side.total == duelist.stat + duelist.bonus + side.card.value + extra
        # Cheating only where first edition allows: no net negative twist, no own BJ.
        if side.cheated:
            assert side.flip.net >= 0 and not side.flip.flipped_black_joker
            assert side.flip.cheated_in in hands[side.role]
        # A Soulstone card only for a model that may add one.
        if side.extra_card is not None:
            assert duelist.soulstone_card and side.soulstones_spent == 1
        if side.trigger is not None:
            assert side.trigger.met_by(side.suits)
    assert result.margin == a.total - d.total
    assert result.attacker_won == (a.total >= d.total)
    assert result.damage_negative_twists == 0
    # The side that would lose changed first.
    a_start = attacker.stat + attacker.bonus + a.flip.chosen.value
    d_start = defender.stat + defender.bonus + d.flip.chosen.value
    assert result.cheat_order[0] == ("defender" if a_start >= d_start else "attacker")
    for deck in (a_deck, d_deck):
        deck.check_conservation()
        assert not deck.in_play


@given(seed=st.integers(0, 2**32), margin=st.integers(0, 15), hand=st.integers(0, 5))
@settings(max_examples=150, deadline=None)
def test_first_edition_damage_flip_invariants(seed, margin, hand):
    deck = _dealt(seed, hand)
    result = damage_flip("2/3/5", deck, margin=margin, ruleset=M1E)
    if result.severity is Severity.RED_JOKER:
        assert result.follow_up is not None and result.follow_up.follow_up is None
        assert result.damage == 5 + result.follow_up.unreduced_damage
    else:
        assert result.follow_up is None
    deck.check_conservation()
    assert not deck.in_play

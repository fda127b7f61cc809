"""Damage flips, accuracy, blasts, Armor, prevention and healing."""

import pytest

from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card
from rules.engine.damage import (
    DamageTrack,
    GreedyDamageDecisions,
    Severity,
    accuracy_twist,
    apply_armor,
    apply_healing,
    blast_damage,
    blast_markers,
    damage_fate_modifiers,
    damage_flip,
    damage_for,
    healing_flip,
    prevention_flip,
    severity_of,
)
from rules.engine.deck import FateDeck
from rules.engine.duels import NeverCheat
from rules.engine.errors import IllegalChoice, IllegalSoulstoneUse, RulesError
from rules.engine.flips import BLOCKED_BY_NEGATIVE_TWIST, BLOCKED_BY_OWN_BLACK_JOKER

TRACK = DamageTrack(2, 3, 5)


def deck(top: str = "", hand: str = "") -> FateDeck:
    return FateDeck.stacked(top.split(), hand=hand.split())


def card(code: str) -> Card:
    return Card.parse(code)


class TestSeverity:
    @pytest.mark.parametrize(
        ("code", "severity"),
        [
            ("BJ", Severity.NONE),
            ("1R", Severity.WEAK),
            ("5M", Severity.WEAK),
            ("6C", Severity.MODERATE),
            ("10T", Severity.MODERATE),
            ("11R", Severity.SEVERE),
            ("13M", Severity.SEVERE),
            ("RJ", Severity.RED_JOKER),
        ],
    )
    def test_bands(self, code, severity):
        assert severity_of(card(code)) is severity

    def test_every_card_has_a_severity(self):
        counts = {s: 0 for s in Severity}
        for c in FULL_DECK:
            counts[severity_of(c)] += 1
        assert counts == {
            Severity.NONE: 1,
            Severity.WEAK: 20,
            Severity.MODERATE: 20,
            Severity.SEVERE: 12,
            Severity.RED_JOKER: 1,
        }

    def test_damage_for_each_severity(self):
        assert [damage_for(TRACK, s) for s in Severity] == [0, 2, 3, 5, 7]
        assert TRACK.amount(Severity.RED_JOKER) == 7


class TestDamageTrack:
    def test_parse_plain(self):
        assert DamageTrack.parse("2/3/5") == TRACK
        assert DamageTrack.parse(" Dg 2 / 3 / 5 ") == TRACK
        assert DamageTrack.parse(TRACK) is TRACK

    def test_parse_blasts(self):
        track = DamageTrack.parse("2/3b/4bb")
        assert (track.weak, track.moderate, track.severe) == (2, 3, 4)
        assert track.blasts == (0, 1, 2)
        assert DamageTrack.parse("2/3☛/4☛").blasts == (0, 1, 1)
        assert DamageTrack.parse("1B/2/3").blasts == (1, 0, 0)

    def test_round_trip(self):
        for text in ("2/3/5", "2/3b/4bb", "0/1/2", "1b/2b/3bbb"):
            assert str(DamageTrack.parse(text)) == text

    @pytest.mark.parametrize("text", ["2/3", "2/3/5/6", "a/3/5", "2/-3/5", "2/3x/5", ""])
    def test_parse_rejects_nonsense(self, text):
        with pytest.raises(RulesError):
            DamageTrack.parse(text)

    def test_validation(self):
        with pytest.raises(RulesError):
            DamageTrack(-1, 2, 3)
        with pytest.raises(RulesError):
            DamageTrack(1, 2, 3, blasts=(0, 1))
        with pytest.raises(RulesError):
            DamageTrack(1, 2, 3, blasts=(0, -1, 0))


class TestAccuracy:
    @pytest.mark.parametrize(
        ("margin", "twist"),
        [(0, -2), (1, -1), (5, -1), (6, 0), (10, 0), (11, 1), (30, 1)],
    )
    def test_bands(self, margin, twist):
        assert accuracy_twist(margin) == twist

    def test_failed_attack_has_no_accuracy(self):
        with pytest.raises(RulesError, match="lost the duel"):
            accuracy_twist(-1)

    def test_fate_modifiers_combine(self):
        assert damage_fate_modifiers(margin=0) == (0, 2)
        assert damage_fate_modifiers(margin=12, focused=1, positive=1) == (3, 0)
        assert damage_fate_modifiers(margin=3, hard_to_wound=1, defender_soulstone=True) == (0, 3)
        assert damage_fate_modifiers() == (0, 0)
        with pytest.raises(RulesError):
            damage_fate_modifiers(hard_to_wound=-1)


class TestBlasts:
    TRACK = DamageTrack.parse("2b/3b/4bb")

    def test_one_step_lower(self):
        assert blast_damage(self.TRACK, Severity.SEVERE) == 3
        assert blast_damage(self.TRACK, Severity.MODERATE) == 2

    def test_red_joker_steps_down_to_moderate(self):
        assert blast_damage(self.TRACK, Severity.RED_JOKER) == 3

    def test_weak_steps_down_to_nothing(self):
        assert blast_damage(self.TRACK, Severity.WEAK) == 0
        assert blast_damage(self.TRACK, Severity.NONE) == 0

    def test_markers_per_severity(self):
        assert [blast_markers(self.TRACK, s) for s in Severity] == [0, 1, 1, 2, 2]
        assert blast_markers(TRACK, Severity.SEVERE) == 0


class TestArmor:
    @pytest.mark.parametrize(
        ("damage", "armor", "after"),
        [(5, 1, 4), (5, 2, 3), (2, 1, 1), (1, 1, 1), (3, 5, 1), (0, 1, 0), (0, 0, 0), (4, 0, 4)],
    )
    def test_reduce_to_a_minimum_of_one_but_zero_stays_zero(self, damage, armor, after):
        assert apply_armor(damage, armor) == after


class TestDamageFlip:
    def test_plain_flip(self):
        result = damage_flip(TRACK, deck("7R"))
        assert result.severity is Severity.MODERATE and result.damage == 3
        assert len(result.flip.cards) == 1 and result.flip.purpose == "damage flip"

    def test_tied_duel_two_negative_twists_lowest_and_no_cheat(self):
        d = deck("12R 3M 9C", hand="13T")
        result = damage_flip(TRACK, d, margin=0)
        assert len(result.flip.cards) == 3 and result.card == card("3M")
        assert result.damage == 2 and result.negative == 2
        assert result.cheat_blocked == BLOCKED_BY_NEGATIVE_TWIST
        assert d.hand == (card("13T"),)

    def test_big_margin_positive_twist(self):
        result = damage_flip(TRACK, deck("3M 12R"), margin=11)
        assert result.card == card("12R") and result.damage == 5

    def test_four_card_cap(self):
        result = damage_flip(
            TRACK, deck("12R 3M 9C 8T 1M"), margin=0, hard_to_wound=2, defender_soulstone=True
        )
        assert len(result.flip.cards) == 4 and result.negative == 5
        assert result.card == card("3M")

    def test_hard_to_wound_and_defender_soulstone_are_negative_twists(self):
        assert len(damage_flip(TRACK, deck("9R 2R"), hard_to_wound=1).flip.cards) == 2
        result = damage_flip(TRACK, deck("9R 2R"), defender_soulstone=True)
        assert result.card == card("2R") and result.negative == 1

    def test_focused_and_positive_cancel_negatives(self):
        result = damage_flip(TRACK, deck("9R"), margin=3, focused=1)
        assert len(result.flip.cards) == 1 and result.flip.net == 0

    def test_black_joker_always_chosen_and_blocks_cheating(self):
        d = deck("13R BJ", hand="13T")
        result = damage_flip(TRACK, d, margin=11)
        assert result.card == BLACK_JOKER and result.damage == 0
        assert result.severity is Severity.NONE
        assert result.cheat_blocked == BLOCKED_BY_OWN_BLACK_JOKER
        assert d.hand == (card("13T"),)

    def test_black_joker_beats_the_red_joker(self):
        assert damage_flip(TRACK, deck("RJ BJ"), margin=11).card == BLACK_JOKER

    def test_red_joker_chosen_under_negative_twists(self):
        result = damage_flip(TRACK, deck("2R RJ 5M"), margin=0)
        assert result.card == RED_JOKER
        assert result.severity is Severity.RED_JOKER and result.damage == 7

    def test_greedy_cheat_improves_severity_with_the_lowest_such_card(self):
        d = deck("3R", hand="13M 11R 12T 7C BJ")
        result = damage_flip(TRACK, d)
        assert result.flip.cheated_in == card("11R") and result.damage == 5
        assert d.hand == (card("13M"), card("12T"), card("7C"), BLACK_JOKER)
        d.check_conservation()

    def test_greedy_cheat_takes_the_red_joker_as_the_best_severity(self):
        result = damage_flip(TRACK, deck("3R", hand="13M RJ"))
        assert result.flip.cheated_in == RED_JOKER and result.damage == 7

    def test_greedy_does_not_cheat_without_improvement(self):
        d = deck("7R", hand="10M 6T BJ")
        result = damage_flip(TRACK, d)
        assert result.flip.cheated_in is None and len(d.hand) == 3

    def test_greedy_never_cheats_the_black_joker(self):
        assert GreedyDamageDecisions().cheat_damage((BLACK_JOKER,), BLACK_JOKER, TRACK) is None

    def test_opponent_red_joker_blocks_cheating(self):
        result = damage_flip(TRACK, deck("3R", hand="13M"), opponent_flipped=(RED_JOKER,))
        assert result.flip.cheated_in is None and result.cheat_blocked is not None

    def test_never_cheat_policy(self):
        result = damage_flip(TRACK, deck("3R", hand="13M"), decisions=NeverCheat())
        assert result.flip.cheated_in is None

    def test_illegal_choice(self):
        class Bad(GreedyDamageDecisions):
            def choose_damage_card(self, allowed, track):
                return card("9C")

        with pytest.raises(IllegalChoice):
            damage_flip(TRACK, deck("3R 3M 9C"), margin=0, decisions=Bad())

    def test_armor_reduces_the_target_only(self):
        track = DamageTrack.parse("2/3b/4b")
        result = damage_flip(track, deck("12R"), armor=2)
        assert result.unreduced_damage == 4 and result.damage == 2
        assert result.blast_damage == 3 and result.blast_markers == 1

    def test_armor_never_below_one_and_zero_stays_zero(self):
        assert damage_flip(TRACK, deck("3R"), armor=5).damage == 1
        assert damage_flip(TRACK, deck("BJ"), armor=5).damage == 0

    def test_red_joker_blast(self):
        result = damage_flip(DamageTrack.parse("2/3b/4bb"), deck("RJ"))
        assert result.damage == 6 and result.blast_damage == 3 and result.blast_markers == 2

    def test_all_cards_discarded(self):
        d = deck("3R 9M", hand="13M")
        damage_flip(TRACK, d, margin=12)
        assert d.in_play == () and len(d.discard_pile) == 3
        d.check_conservation()

    def test_accepts_a_track_in_text(self):
        assert damage_flip("1/2/3", deck("12R")).damage == 3


class TestPrevention:
    @pytest.mark.parametrize(
        ("code", "prevented"),
        [("BJ", 0), ("1R", 1), ("5M", 1), ("6C", 2), ("10T", 2), ("11R", 3), ("13M", 3), ("RJ", 6)],
    )
    def test_table(self, code, prevented):
        result = prevention_flip(deck(code), 6)
        assert result.prevented == prevented and result.remaining == 6 - prevented

    def test_never_more_than_the_damage(self):
        result = prevention_flip(deck("12R"), 2)
        assert result.prevented == 2 and result.remaining == 0

    def test_one_card_never_cheated(self):
        d = deck("1R 13M", hand="13T")
        result = prevention_flip(d, 5)
        assert result.flip.cards == (card("1R"),) and result.flip.cheated_in is None
        assert d.hand == (card("13T"),) and d.remaining == 1

    def test_only_masters_and_henchmen(self):
        with pytest.raises(IllegalSoulstoneUse):
            prevention_flip(deck("5R"), 3, can_use_soulstones=False)

    def test_negative_damage_rejected(self):
        with pytest.raises(RulesError):
            prevention_flip(deck("5R"), -1)


class TestHealing:
    def test_capped_at_the_wounds_stat(self):
        result = healing_flip(TRACK, deck("12R"), current_wounds=7, max_wounds=9)
        assert result.rolled == 5 and result.healed == 2 and result.wounds_after == 9

    def test_full_amount_when_room(self):
        result = healing_flip(TRACK, deck("4R"), current_wounds=2, max_wounds=9)
        assert result.healed == 2 and result.wounds_after == 4

    def test_healed_model_may_cheat(self):
        d = deck("4R", hand="12M")
        result = healing_flip(TRACK, d, current_wounds=1, max_wounds=9)
        assert result.flip.cheated_in == card("12M") and result.healed == 5

    def test_jokers(self):
        assert healing_flip(TRACK, deck("BJ"), current_wounds=1, max_wounds=9).healed == 0
        assert healing_flip(TRACK, deck("RJ"), current_wounds=1, max_wounds=9).healed == 7

    def test_negative_twist_blocks_cheating(self):
        d = deck("4R 9R", hand="12M")
        result = healing_flip(TRACK, d, current_wounds=1, max_wounds=9, negative=1)
        assert result.flip.cheated_in is None and result.healed == 2

    def test_invalid_wounds(self):
        with pytest.raises(RulesError):
            healing_flip(TRACK, deck("4R"), current_wounds=10, max_wounds=9)
        with pytest.raises(RulesError):
            apply_healing(-1, 5, 2)
        with pytest.raises(RulesError):
            apply_healing(1, 5, -2)

    def test_apply_healing(self):
        assert apply_healing(3, 5, 4) == 2
        assert apply_healing(5, 5, 4) == 0

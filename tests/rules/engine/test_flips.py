"""Fate modifiers, the Jokers, Cheating Fate and the Flip record."""

import pytest

from rules.engine.cards import BLACK_JOKER, RED_JOKER, Card, parse_cards
from rules.engine.deck import FateDeck
from rules.engine.errors import IllegalCheat, IllegalChoice, RulesError
from rules.engine.flips import (
    BLOCKED_BY_NEGATIVE_TWIST,
    BLOCKED_BY_OPPONENT_RED_JOKER,
    BLOCKED_BY_OWN_BLACK_JOKER,
    MAX_CARDS_FLIPPED,
    Flip,
    allowed_choices,
    cards_to_flip,
    cheat_block_reason,
    cheat_fate,
    flip,
    highest_card,
    may_cheat,
    net_twist,
    table_flip,
)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def codes(seq) -> list[str]:
    return [c.code for c in seq]


class TestTwists:
    @pytest.mark.parametrize(
        ("positive", "negative", "net"),
        [(0, 0, 0), (2, 1, 1), (1, 2, -1), (3, 3, 0), (0, 4, -4), (5, 0, 5)],
    )
    def test_cancel_one_for_one(self, positive, negative, net):
        assert net_twist(positive, negative) == net

    def test_negative_counts_rejected(self):
        with pytest.raises(RulesError):
            net_twist(-1, 0)

    @pytest.mark.parametrize(
        ("net", "n"), [(0, 1), (1, 2), (-1, 2), (2, 3), (-2, 3), (3, 4), (-3, 4), (4, 4), (-9, 4)]
    )
    def test_cards_to_flip_is_one_plus_twists_capped_at_four(self, net, n):
        assert cards_to_flip(net) == n
        assert MAX_CARDS_FLIPPED == 4


class TestAllowedChoices:
    def test_no_twist_single_card(self):
        assert codes(allowed_choices(cards("7R"), 0)) == ["7R"]

    def test_positive_any_card(self):
        assert codes(allowed_choices(cards("3R 12M 7T"), 2)) == ["3R", "12M", "7T"]

    def test_negative_only_the_lowest(self):
        assert codes(allowed_choices(cards("3R 12M 7T"), -2)) == ["3R"]

    def test_negative_tie_on_lowest_allows_either(self):
        assert codes(allowed_choices(cards("9C 3R 3M"), -2)) == ["3R", "3M"]

    def test_red_joker_may_be_taken_under_negative(self):
        assert codes(allowed_choices(cards("RJ 2T"), -1)) == ["RJ", "2T"]

    def test_black_joker_forced_under_positive(self):
        assert allowed_choices(cards("13R BJ 12M"), 2) == (BLACK_JOKER,)

    def test_black_joker_forced_under_negative(self):
        assert allowed_choices(cards("1R BJ"), -1) == (BLACK_JOKER,)

    def test_black_joker_beats_red_joker(self):
        assert allowed_choices(cards("RJ BJ"), 1) == (BLACK_JOKER,)
        assert allowed_choices(cards("RJ 5M BJ"), -2) == (BLACK_JOKER,)

    def test_lone_jokers(self):
        assert allowed_choices([RED_JOKER], 0) == (RED_JOKER,)
        assert allowed_choices([BLACK_JOKER], 0) == (BLACK_JOKER,)

    def test_wrong_number_of_cards_rejected(self):
        with pytest.raises(RulesError, match="turns over 2"):
            allowed_choices(cards("1R"), 1)
        with pytest.raises(RulesError):
            allowed_choices(cards("1R 2R"), 0)


class TestCheatBlocks:
    def test_allowed_by_default(self):
        assert cheat_block_reason(0, cards("5R")) is None
        assert may_cheat(2, cards("5R 6R 7R"))

    def test_negative_twist_blocks(self):
        assert cheat_block_reason(-1, cards("5R 6R")) == BLOCKED_BY_NEGATIVE_TWIST
        assert not may_cheat(-1, cards("5R 6R"))

    def test_cancelled_negative_twist_does_not_block(self):
        assert may_cheat(net_twist(1, 1), cards("5R"))

    def test_own_black_joker_blocks(self):
        assert cheat_block_reason(1, cards("BJ 6R")) == BLOCKED_BY_OWN_BLACK_JOKER

    def test_opponent_red_joker_blocks(self):
        assert cheat_block_reason(0, cards("5R"), cards("RJ")) == BLOCKED_BY_OPPONENT_RED_JOKER
        # Even when the Red Joker was flipped but not chosen by the opponent.
        assert not may_cheat(0, cards("5R"), cards("RJ 3T"))

    def test_opponent_black_joker_does_not_block(self):
        assert may_cheat(0, cards("5R"), cards("BJ"))

    def test_own_red_joker_does_not_block(self):
        assert may_cheat(1, cards("RJ 5R"), cards("7C"))


class TestFlipRecord:
    def test_final_is_the_cheated_card_else_the_chosen(self):
        plain = Flip("attack", tuple(cards("3R 9M")), 1, Card.parse("9M"))
        assert plain.final == Card.parse("9M") and not plain.cheated
        cheated = Flip("attack", tuple(cards("3R 9M")), 1, Card.parse("9M"), Card.parse("13T"))
        assert cheated.final == Card.parse("13T") and cheated.cheated

    def test_joker_flags(self):
        record = Flip("x", tuple(cards("BJ RJ")), 1, BLACK_JOKER)
        assert record.flipped_black_joker and record.flipped_red_joker
        assert not Flip("x", (Card.parse("4C"),), 0, Card.parse("4C")).flipped_black_joker

    def test_str(self):
        record = Flip("attack", tuple(cards("3R 9M")), 1, Card.parse("9M"), Card.parse("13T"))
        assert str(record) == "attack: 3R 9M -> 9M, cheated 13T"


class TestFlipFromDeck:
    def test_default_chooser_takes_the_highest(self):
        deck = FateDeck.stacked(["3R", "12M", "7T"], seed=77)
        record = flip(deck, positive=2, purpose="initiative")
        assert codes(record.cards) == ["3R", "12M", "7T"]
        assert record.chosen == Card.parse("12M")
        assert record.net == 2 and record.source == "deck" and record.seed == 77
        assert record.purpose == "initiative"
        assert codes(deck.discard_pile) == ["7T", "12M", "3R"]
        deck.check_conservation()

    def test_negative_takes_the_lowest(self):
        deck = FateDeck.stacked(["3R", "12M"])
        assert flip(deck, negative=1).chosen == Card.parse("3R")

    def test_chooser_sees_only_allowed_cards(self):
        deck = FateDeck.stacked(["9C", "3R", "3M"])
        seen = []

        def chooser(allowed):
            seen.append(allowed)
            return allowed[-1]

        record = flip(deck, negative=2, chooser=chooser)
        assert codes(seen[0]) == ["3R", "3M"]
        assert record.chosen == Card.parse("3M")

    def test_illegal_choice_raises(self):
        deck = FateDeck.stacked(["3R", "12M", "3M"])
        with pytest.raises(IllegalChoice, match="12M"):
            flip(deck, negative=2, chooser=lambda allowed: Card.parse("12M"))

    def test_black_joker_chosen_without_asking(self):
        deck = FateDeck.stacked(["13R", "BJ", "12M"])

        def chooser(allowed):
            raise AssertionError("no choice to make")

        assert flip(deck, positive=2, chooser=chooser).chosen == BLACK_JOKER

    def test_red_joker_taken_under_negative_by_default(self):
        deck = FateDeck.stacked(["RJ", "2T"])
        assert flip(deck, negative=1).chosen == RED_JOKER

    def test_four_card_cap(self):
        deck = FateDeck(5)
        record = flip(deck, positive=6, negative=0)
        assert len(record.cards) == 4
        assert deck.remaining == 50

    def test_cancelled_twists_flip_one(self):
        deck = FateDeck(5)
        assert len(flip(deck, positive=2, negative=2).cards) == 1

    def test_keep_in_play(self):
        deck = FateDeck.stacked(["3R", "12M"])
        record = flip(deck, positive=1, discard=False)
        assert deck.in_play == record.cards
        deck.discard(record.cards)
        deck.check_conservation()

    def test_same_seed_reproduces_the_flip(self):
        first = flip(FateDeck(99), positive=3)
        again = flip(FateDeck(first.seed), positive=3)
        assert first == again


class TestTableFlip:
    def test_valid_table_flip(self):
        record = table_flip(["3R", "12M"], positive=1, chosen="3R", purpose="attack")
        assert record.source == "table" and record.seed is None
        assert record.chosen == Card.parse("3R")

    def test_chosen_defaults_to_the_highest(self):
        assert table_flip("3R 12M", positive=1).chosen == Card.parse("12M")

    def test_wrong_card_count(self):
        with pytest.raises(RulesError, match="2 card"):
            table_flip(["3R"], positive=1)

    def test_illegal_choice_under_negative(self):
        with pytest.raises(IllegalChoice, match="allowed: 3R"):
            table_flip(["3R", "12M"], negative=1, chosen="12M")

    def test_must_take_the_black_joker(self):
        with pytest.raises(IllegalChoice):
            table_flip(["BJ", "12M"], positive=1, chosen="12M")

    def test_red_joker_under_negative_entered_with_its_suit(self):
        record = table_flip(["RJ", "2T"], negative=1, chosen="RJ:M")
        assert record.chosen == RED_JOKER

    def test_cheat_blocked_by_negative_twist(self):
        with pytest.raises(IllegalCheat, match="negative twist"):
            table_flip(["3R", "12M"], negative=1, chosen="3R", cheated_in="13T")

    def test_cheat_blocked_by_own_black_joker(self):
        with pytest.raises(IllegalCheat, match="Black Joker"):
            table_flip(["BJ"], cheated_in="13T")

    def test_cheat_blocked_by_opponent_red_joker(self):
        with pytest.raises(IllegalCheat, match="opponent flipped the Red Joker"):
            table_flip(["4C"], cheated_in="9M", opponent_flipped=["RJ"])

    def test_cheat_allowed_despite_opponent_black_joker(self):
        record = table_flip(["4C"], cheated_in="9M", opponent_flipped=["BJ"])
        assert record.final == Card.parse("9M")

    def test_duplicate_cards(self):
        with pytest.raises(RulesError, match="twice"):
            table_flip(["4C", "4C"], positive=1)

    def test_cheated_card_cannot_be_a_flipped_one(self):
        with pytest.raises(IllegalCheat):
            table_flip(["4C", "9M"], positive=1, chosen="4C", cheated_in="9M")


class TestCheatFate:
    def test_cheat_moves_the_card_from_hand_and_discards_it(self):
        deck = FateDeck.stacked(["4C"], hand=["9M", "2R"])
        record = cheat_fate(flip(deck), deck, Card.parse("9M"))
        assert record.final == Card.parse("9M") and record.chosen == Card.parse("4C")
        assert deck.hand == (Card.parse("2R"),)
        assert codes(deck.discard_pile) == ["9M", "4C"]
        deck.check_conservation()

    def test_cheat_blocked_raises_with_reason(self):
        deck = FateDeck.stacked(["4C", "5C"], hand=["9M"])
        record = flip(deck, negative=1)
        with pytest.raises(IllegalCheat, match="negative twist"):
            cheat_fate(record, deck, Card.parse("9M"))
        assert deck.hand == (Card.parse("9M"),)

    def test_opponent_red_joker(self):
        deck = FateDeck.stacked(["4C"], hand=["9M"])
        with pytest.raises(IllegalCheat, match="Red Joker"):
            cheat_fate(flip(deck), deck, Card.parse("9M"), opponent_flipped=[RED_JOKER])

    def test_card_must_be_in_hand(self):
        deck = FateDeck.stacked(["4C"], hand=["9M"])
        with pytest.raises(RulesError, match="not in the Control Hand"):
            cheat_fate(flip(deck), deck, Card.parse("10M"))

    def test_only_once(self):
        deck = FateDeck.stacked(["4C"], hand=["9M", "10M"])
        record = cheat_fate(flip(deck), deck, Card.parse("9M"))
        with pytest.raises(IllegalCheat, match="already"):
            cheat_fate(record, deck, Card.parse("10M"))


def test_highest_card_prefers_red_joker_and_first_on_ties():
    assert highest_card(tuple(cards("13R RJ"))) == RED_JOKER
    assert highest_card(tuple(cards("9R 9M 2T"))) == Card.parse("9R")

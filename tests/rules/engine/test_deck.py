"""FateDeck: piles, seeding, reshuffles and card conservation."""

from collections import Counter

import pytest

from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Card, parse_cards
from rules.engine.deck import DEFAULT_HAND_SIZE, FateDeck
from rules.engine.errors import EngineBug, InvalidCard, RulesError


def cards(text: str) -> list[Card]:
    return parse_cards(text)


class TestConstruction:
    def test_full_deck_has_54_distinct_cards(self):
        deck = FateDeck(7)
        assert len(deck.cards) == 54
        assert Counter(deck.draw_pile) == Counter(FULL_DECK)
        assert deck.hand == () and deck.discard_pile == () and deck.in_play == ()
        assert deck.hand_size == DEFAULT_HAND_SIZE == 6
        assert deck.shuffles == 0

    def test_same_seed_same_flip(self):
        assert FateDeck(1234).flip(5) == FateDeck(1234).flip(5)
        assert FateDeck(1234).draw_pile == FateDeck(1234).draw_pile

    def test_different_seeds_shuffle_differently(self):
        assert FateDeck(1).draw_pile != FateDeck(2).draw_pile

    def test_fresh_keeps_its_seed_so_the_flip_can_be_replayed(self):
        deck = FateDeck.fresh()
        assert isinstance(deck.seed, int) and 0 <= deck.seed < 2**64
        assert deck.flip(4) == FateDeck(deck.seed).flip(4)

    def test_no_seed_means_a_fresh_seed(self):
        assert isinstance(FateDeck().seed, int)

    def test_given_cards(self):
        deck = FateDeck(3, cards=["1R", "2R", "RJ"])
        assert sorted(c.code for c in deck.cards) == ["1R", "2R", "RJ"]
        assert len(deck.flip(3)) == 3

    def test_given_cards_unshuffled_keep_order_top_first(self):
        deck = FateDeck(3, cards=["1R", "2R", "3R"], shuffle=False)
        assert deck.flip(3) == cards("1R 2R 3R")

    def test_duplicate_cards_rejected(self):
        with pytest.raises(InvalidCard, match="repeated: 5M"):
            FateDeck.stacked(["5M", "6M"], hand=["5M"])

    def test_named_red_joker_is_stored_as_the_deck_card(self):
        deck = FateDeck.stacked(["RJ:M"])
        assert deck.draw_pile == (RED_JOKER,)

    def test_negative_hand_size_rejected(self):
        with pytest.raises(RulesError):
            FateDeck(1, hand_size=-1)


class TestStacked:
    def test_draw_pile_is_the_given_order_top_first(self):
        deck = FateDeck.stacked(["13R", "1M", "BJ"], hand=["9M"], discard=["2T"])
        assert deck.draw_pile == tuple(cards("13R 1M BJ"))
        assert deck.hand == (Card.parse("9M"),)
        assert deck.discard_pile == (Card.parse("2T"),)
        assert deck.flip(2) == cards("13R 1M")
        assert deck.remaining == 1
        deck.check_conservation()


class TestFlipDrawDiscard:
    def test_flipped_cards_are_in_play_until_discarded(self):
        deck = FateDeck.stacked(["1R", "2R", "3R"])
        flipped = deck.flip(2)
        assert deck.in_play == tuple(flipped)
        assert deck.draw_pile == (Card.parse("3R"),)
        deck.discard(flipped)
        assert deck.in_play == ()
        assert deck.discard_pile == tuple(cards("2R 1R"))  # last discarded on top
        deck.check_conservation()

    def test_flip_zero_and_negative(self):
        deck = FateDeck(1)
        assert deck.flip(0) == []
        with pytest.raises(RulesError):
            deck.flip(-1)
        with pytest.raises(RulesError):
            deck.draw(-1)

    def test_draw_goes_to_hand(self):
        deck = FateDeck.stacked(["1R", "2R", "3R"])
        assert deck.draw(2) == cards("1R 2R")
        assert deck.hand == tuple(cards("1R 2R"))
        assert deck.draw(0) == []
        deck.check_conservation()

    def test_refill_hand_draws_up_to_hand_size(self):
        deck = FateDeck(9)
        assert len(deck.refill_hand()) == 6
        deck.play_from_hand(deck.hand[0])
        assert len(deck.refill_hand()) == 1
        assert len(deck.hand) == 6
        deck.draw(2)
        assert deck.refill_hand() == []
        assert len(deck.hand) == 8

    def test_custom_hand_size(self):
        deck = FateDeck(9, hand_size=4)
        deck.refill_hand()
        assert len(deck.hand) == 4

    def test_play_from_hand(self):
        deck = FateDeck.stacked(["1R"], hand=["9M", "RJ"])
        assert deck.play_from_hand(Card.parse("9M")) == Card.parse("9M")
        assert deck.hand == (RED_JOKER,)
        assert deck.in_play == (Card.parse("9M"),)
        # A named Red Joker is the same card as the one in hand.
        assert deck.play_from_hand(Card.parse("RJ:T")) == RED_JOKER
        deck.check_conservation()

    def test_play_from_hand_refuses_a_card_not_in_hand(self):
        deck = FateDeck.stacked(["1R"], hand=["9M"])
        with pytest.raises(RulesError, match="not in the Control Hand"):
            deck.play_from_hand(Card.parse("1R"))
        assert deck.hand == (Card.parse("9M"),)

    def test_discard_from_hand(self):
        deck = FateDeck.stacked([], hand=["9M", "4C"])
        deck.discard([Card.parse("4C")])
        assert deck.hand == (Card.parse("9M"),)
        assert deck.discard_hand() == [Card.parse("9M")]
        assert deck.discard_pile == tuple(cards("9M 4C"))

    def test_discard_refuses_a_card_twice(self):
        deck = FateDeck.stacked(["1R", "2R"])
        flipped = deck.flip(1)
        deck.discard(flipped)
        with pytest.raises(RulesError, match="neither in play"):
            deck.discard(flipped)
        with pytest.raises(RulesError):
            deck.discard([Card.parse("2R")])  # still in the draw pile
        deck.check_conservation()


class TestReshuffle:
    def test_empty_draw_pile_reshuffles_the_discard_pile(self):
        deck = FateDeck.stacked([], discard=["1R", "2R", "3R"], seed=5)
        flipped = deck.flip(1)
        assert deck.shuffles == 1
        assert flipped[0] in cards("1R 2R 3R")
        assert deck.remaining == 2 and deck.discard_pile == ()
        deck.check_conservation()

    def test_reshuffle_mid_flip_keeps_the_cards_already_flipped(self):
        deck = FateDeck.stacked(["1R", "2R"], discard=["3R", "4R"], seed=5)
        flipped = deck.flip(3)
        assert flipped[:2] == cards("1R 2R")
        assert flipped[2] in cards("3R 4R")
        assert deck.shuffles == 1
        assert len(deck.draw_pile) == 1
        assert deck.in_play == tuple(flipped)
        deck.check_conservation()

    def test_reshuffle_on_draw(self):
        deck = FateDeck.stacked(["1R"], discard=["3R"], seed=5)
        assert deck.draw(2) == cards("1R 3R")
        assert deck.shuffles == 1

    def test_not_enough_cards_anywhere(self):
        deck = FateDeck.stacked(["1R"], hand=["2R"], discard=["3R"])
        with pytest.raises(RulesError, match="Cannot flip 3 cards"):
            deck.flip(3)
        # Nothing moved.
        assert deck.draw_pile == (Card.parse("1R"),) and deck.shuffles == 0
        deck.check_conservation()

    def test_reshuffle_is_seeded(self):
        def run(seed):
            deck = FateDeck.stacked([], discard=[c.code for c in FULL_DECK], seed=seed)
            return deck.flip(10)

        assert run(3) == run(3)
        assert run(3) != run(4)

    def test_explicit_reshuffle_puts_discards_under_the_draw_pile(self):
        deck = FateDeck.stacked(["1R"], discard=["2R", "3R"])
        deck.shuffle_discard_into_draw()
        assert deck.draw_pile[0] == Card.parse("1R")
        assert set(deck.draw_pile[1:]) == set(cards("2R 3R"))

    def test_long_play_with_many_reshuffles_conserves_cards(self):
        deck = FateDeck(11)
        deck.refill_hand()
        for i in range(500):
            flipped = deck.flip(1 + i % 4)
            if i % 3 == 0 and deck.hand:
                flipped.append(deck.play_from_hand(deck.hand[-1]))
            deck.discard(flipped)
            if i % 5 == 0:
                deck.refill_hand()
        assert deck.shuffles > 10
        deck.check_conservation()


def test_conservation_check_catches_a_lost_card():
    deck = FateDeck(1)
    deck.flip(1)  # in play: fine
    deck.check_conservation()
    deck._in_play.clear()  # simulate a bug that drops a card
    with pytest.raises(EngineBug):
        deck.check_conservation()


def test_conservation_check_catches_a_duplicated_card():
    deck = FateDeck.stacked(["1R", "BJ"])
    deck._hand.append(BLACK_JOKER)
    with pytest.raises(EngineBug):
        deck.check_conservation()


def test_repr_mentions_the_seed():
    assert "seed=42" in repr(FateDeck(42))

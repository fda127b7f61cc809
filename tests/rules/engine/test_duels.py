"""Simple and opposed duels: sequence, Soulstones, cheating order, Triggers, success."""

import pytest

from rules.engine.cards import BLACK_JOKER, RED_JOKER, Card, Suit
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    Duelist,
    DuelView,
    GreedyDecisions,
    NeverCheat,
    SoulstoneUse,
    Trigger,
    has_suits,
    opposed_duel,
    parse_suits,
    resolve_damage,
    simple_duel,
)
from rules.engine.errors import IllegalChoice, IllegalSoulstoneUse, RulesError
from rules.engine.flips import (
    BLOCKED_BY_NEGATIVE_TWIST,
    BLOCKED_BY_OPPONENT_RED_JOKER,
    BLOCKED_BY_OWN_BLACK_JOKER,
)

from .scripted import Scripted

R, C, T, M = Suit.RAMS, Suit.CROWS, Suit.TOMES, Suit.MASKS


def deck(top: str = "", hand: str = "", seed: int = 0) -> FateDeck:
    return FateDeck.stacked(top.split(), hand=hand.split(), seed=seed)


def card(code: str) -> Card:
    return Card.parse(code)


def steps(result, step: str) -> list[tuple[str, str, str]]:
    return [e for e in result.events if e[0] == step]


# -- the duelist --------------------------------------------------------------------------


class TestDuelist:
    def test_stat_must_be_non_negative(self):
        assert Duelist(0).stat == 0
        with pytest.raises(RulesError):
            Duelist(-1)

    def test_twists_and_conditions_must_be_non_negative(self):
        for name in ("positive", "negative", "focused", "defensive"):
            with pytest.raises(RulesError, match=name):
                Duelist(5, **{name: -1})

    def test_soulstones_only_for_masters_and_henchmen(self):
        with pytest.raises(IllegalSoulstoneUse, match="Masters and Henchmen"):
            Duelist(5, soulstone=SoulstoneUse(twist=True))
        with pytest.raises(IllegalSoulstoneUse):
            Duelist(5, soulstone=SoulstoneUse(suit=M))
        master = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(True, "masks"))
        assert master.soulstone.stones == 2 and master.soulstone.suit is M

    def test_declaring_no_soulstone_is_fine_for_anyone(self):
        assert Duelist(5, soulstone=SoulstoneUse()).soulstone.stones == 0

    def test_suits_parse_from_text(self):
        assert Duelist(6, suits="rams").suits == (R,)
        assert Duelist(6, suits=("R", "masks")).suits == (R, M)
        assert parse_suits("rams, r t") == (R, R, T)
        assert parse_suits(None) == ()

    def test_fixed_suits_add_the_soulstone_suit(self):
        seamus = Duelist(7, suits=(R,), can_use_soulstones=True, soulstone=SoulstoneUse(suit=C))
        assert seamus.fixed_suits == (R, C)

    def test_fate_modifiers_by_role(self):
        duelist = Duelist(
            5,
            positive=1,
            negative=2,
            focused=1,
            defensive=2,
            is_df_duel=True,
            can_use_soulstones=True,
            soulstone=SoulstoneUse(twist=True),
        )
        assert duelist.fate_modifiers("attacker") == (5, 2)
        assert duelist.fate_modifiers("simple") == (5, 2)
        assert duelist.fate_modifiers("defender") == (4, 2)  # Focused belongs to an Action
        assert Duelist(5, defensive=2).fate_modifiers("defender") == (0, 0)  # not a Df duel

    def test_trigger_suits_are_a_multiset(self):
        double = Trigger("Onslaught", "rams rams")
        assert double.suits == (R, R)
        assert double.met_by((R, C, R))
        assert not double.met_by((R, C))
        assert has_suits((R, R, M), (M, R))
        with pytest.raises(RulesError):
            Trigger("Nothing", ())


# -- simple duels -------------------------------------------------------------------------


class TestSimpleDuel:
    def test_total_equal_to_tn_succeeds(self):
        result = simple_duel(Duelist(5), 13, (), deck("8R"))
        assert result.total == 13 and result.success
        assert result.suits == (R,)

    def test_total_below_tn_fails(self):
        result = simple_duel(Duelist(5), 13, (), deck("7R"))
        assert result.total == 12 and not result.success

    def test_bonus_is_added_to_the_total(self):
        assert simple_duel(Duelist(5, bonus=2), 13, (), deck("6R")).success

    def test_required_suit_missing_fails_even_with_a_high_total(self):
        result = simple_duel(Duelist(5), 10, "rams", deck("13C"))
        assert result.total == 18 and not result.success

    def test_built_in_suit_meets_the_requirement(self):
        result = simple_duel(Duelist(5, suits=(R,)), 10, [R], deck("13C"))
        assert result.success and result.suits == (C, R)

    def test_soulstone_suit_meets_the_requirement(self):
        master = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(suit=R))
        result = simple_duel(master, 10, [R], deck("13C"))
        assert result.success and result.side.soulstones_spent == 1
        assert steps(result, "soulstone") == [("soulstone", "simple", "rams")]

    def test_required_suits_count_repeats(self):
        duelist = Duelist(5, suits=(R,))
        assert simple_duel(duelist, 10, "rams rams", deck("9R")).success
        assert not simple_duel(duelist, 10, "rams rams", deck("9C")).success

    def test_soulstone_twist_flips_an_extra_card(self):
        master = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(twist=True))
        result = simple_duel(master, 13, (), deck("4C 11M"))
        assert result.flip.cards == (card("4C"), card("11M"))
        assert result.flip.chosen == card("11M") and result.total == 16

    def test_negative_twist_takes_the_lowest_and_blocks_cheating(self):
        spy = Scripted(forbid_cheat=True)
        result = simple_duel(Duelist(5, negative=1), 13, (), deck("12R 4C", hand="13M"), spy)
        assert result.flip.chosen == card("4C") and not result.success
        assert result.side.cheat_blocked == BLOCKED_BY_NEGATIVE_TWIST
        assert steps(result, "blocked") == [("blocked", "simple", BLOCKED_BY_NEGATIVE_TWIST)]
        assert spy.asked("cheat") == []

    def test_own_black_joker_is_forced_and_blocks_cheating(self):
        spy = Scripted(forbid_cheat=True)
        result = simple_duel(Duelist(5, positive=2), 5, (), deck("13R BJ 12M", hand="13M"), spy)
        assert result.flip.chosen == BLACK_JOKER
        assert result.total == 5 and result.suits == () and result.success
        assert result.side.cheat_blocked == BLOCKED_BY_OWN_BLACK_JOKER
        assert spy.asked("choose") == []  # nothing to choose

    def test_greedy_cheats_the_lowest_card_that_wins(self):
        hand_deck = deck("4C", hand="13M 10M 9R BJ")
        result = simple_duel(Duelist(5), 13, (), hand_deck)
        assert result.flip.cheated_in == card("9R") and result.total == 14 and result.success
        assert hand_deck.hand == (card("13M"), card("10M"), BLACK_JOKER)
        assert steps(result, "cheat") == [("cheat", "simple", "4C>9R")]

    def test_greedy_cheat_ties_go_to_the_first_card_in_hand(self):
        result = simple_duel(Duelist(5), 13, (), deck("4C", hand="9R 9M 9T"))
        assert result.flip.cheated_in == card("9R")

    def test_greedy_does_not_cheat_when_no_card_wins(self):
        hand_deck = deck("4C", hand="2R 3M BJ")
        result = simple_duel(Duelist(5), 13, (), hand_deck)
        assert result.flip.cheated_in is None and not result.success
        assert len(hand_deck.hand) == 3
        assert steps(result, "pass") == [("pass", "simple", "")]

    def test_greedy_does_not_cheat_when_already_winning(self):
        result = simple_duel(Duelist(5), 13, (), deck("8C", hand="13M"))
        assert result.flip.cheated_in is None and result.success

    def test_greedy_uses_the_red_joker_only_when_no_numbered_card_wins(self):
        numbered = simple_duel(Duelist(5), 13, (), deck("4C", hand="RJ 8M"))
        assert numbered.flip.cheated_in == card("8M")
        joker = simple_duel(Duelist(5), 13, (), deck("4C", hand="RJ 7M"))
        assert joker.flip.cheated_in == RED_JOKER
        assert joker.side.card == RED_JOKER.named(R)  # no suit wanted: Rams
        assert joker.total == 19 and joker.success

    def test_suits_are_checked_on_the_final_total_after_cheating(self):
        # The flipped 13 Crows is high enough but lacks Masks; the 6 Masks wins.
        result = simple_duel(Duelist(5), 10, "masks", deck("13C", hand="12R 6M"))
        assert result.flip.cheated_in == card("6M")
        assert result.total == 11 and result.suits == (M,) and result.success
        # Cheating away the suit loses the duel, even with a higher total.
        lost = simple_duel(
            Duelist(5), 10, "masks", deck("9M", hand="13C"), Scripted(cheat_with="13C")
        )
        assert lost.total == 18 and not lost.success

    def test_red_joker_named_for_the_required_suit(self):
        result = simple_duel(Duelist(5), 10, "tomes", deck("RJ"))
        assert result.side.card == RED_JOKER.named(T) and result.success
        assert ("name", "simple", "tomes") in result.events

    def test_red_joker_named_badly_fails_the_suit(self):
        result = simple_duel(Duelist(5), 10, "tomes", deck("RJ"), Scripted(name=C))
        assert result.suits == (C,) and not result.success

    def test_one_trigger_declared_first_listed_that_is_met(self):
        duelist = Duelist(
            5,
            triggers=(
                Trigger("Two Masks", "masks masks"),
                Trigger("A", "masks"),
                Trigger("B", "masks"),
            ),
        )
        result = simple_duel(duelist, 10, (), deck("9M"))
        assert result.trigger.name == "A"
        assert steps(result, "trigger") == [("trigger", "simple", "A")]

    def test_trigger_not_offered_when_suits_missing(self):
        spy = Scripted()
        result = simple_duel(Duelist(5, triggers=(Trigger("A", "masks"),)), 10, (), deck("9R"), spy)
        assert result.trigger is None and spy.asked("trigger") == []

    def test_trigger_enabled_by_the_cheated_card(self):
        duelist = Duelist(5, triggers=(Trigger("A", "masks"),))
        result = simple_duel(duelist, 13, (), deck("4C", hand="9M"))
        assert result.trigger.name == "A"

    def test_declaring_an_unavailable_trigger_is_refused(self):
        duelist = Duelist(5, triggers=(Trigger("A", "masks"), Trigger("B", "rams")))
        with pytest.raises(IllegalChoice, match="'B'"):
            simple_duel(duelist, 10, (), deck("9M"), Scripted(trigger=Trigger("B", "rams")))

    def test_illegal_card_choice_is_refused(self):
        with pytest.raises(IllegalChoice):
            simple_duel(Duelist(5, negative=2), 10, (), deck("3R 3M 12C"), Scripted(choose="12C"))

    def test_cheating_a_card_not_in_hand_is_refused(self):
        with pytest.raises(RulesError, match="not in the Control Hand"):
            simple_duel(Duelist(5), 13, (), deck("4C", hand="9M"), Scripted(cheat_with="10M"))

    def test_all_cards_are_discarded_and_recorded(self):
        hand_deck = deck("4C 11M", hand="13R", seed=31)
        result = simple_duel(Duelist(2, positive=1), 15, (), hand_deck, purpose="Interact")
        record = result.flip
        assert record.cards == (card("4C"), card("11M"))
        assert record.chosen == card("11M") and record.cheated_in == card("13R")
        assert record.purpose == "Interact" and record.seed == 31 and record.net == 1
        assert hand_deck.in_play == () and len(hand_deck.discard_pile) == 3
        hand_deck.check_conservation()


# -- opposed duels ------------------------------------------------------------------------


class TestOpposedDuel:
    def test_each_side_flips_from_its_own_deck(self):
        a_deck, d_deck = deck("10R"), deck("5T")
        result = opposed_duel(Duelist(5), Duelist(5), a_deck, d_deck)
        assert result.attacker.card == card("10R") and result.defender.card == card("5T")
        assert a_deck.discard_pile == (card("10R"),) and d_deck.discard_pile == (card("5T"),)
        assert result.attacker_won and result.margin == 5

    def test_attacker_wins_ties(self):
        result = opposed_duel(Duelist(5), Duelist(4), deck("5R"), deck("6T"))
        assert result.attacker_total == result.defender_total == 10
        assert result.winner == "attacker" and result.margin == 0
        assert result.accuracy_twist == -2

    def test_defender_wins_when_higher(self):
        result = opposed_duel(Duelist(5), Duelist(4), deck("5R"), deck("7T"))
        assert result.winner == "defender" and result.margin == -1
        assert result.accuracy_twist is None

    def test_tn_applies_to_the_attacker(self):
        result = opposed_duel(Duelist(5), Duelist(5), deck("7R"), deck("3T"), tn=14)
        assert result.attacker_total == 12 > result.defender_total
        assert result.winner == "defender"
        assert opposed_duel(Duelist(5), Duelist(5), deck("9R"), deck("3T"), tn=14).attacker_won

    def test_required_suits_apply_to_the_attacker(self):
        lost = opposed_duel(Duelist(5), Duelist(5), deck("10C"), deck("3T"), required_suits="rams")
        assert lost.winner == "defender"
        won = opposed_duel(
            Duelist(5, suits=(R,)), Duelist(5), deck("10C"), deck("3T"), required_suits=[R]
        )
        assert won.attacker_won and won.attacker.suits == (C, R)

    def test_defender_chooses_first_and_the_attacker_sees_it(self):
        a_spy, d_spy, log = Scripted(), Scripted(), []
        a_spy.log = d_spy.log = log  # one shared, ordered log
        result = opposed_duel(
            Duelist(5, positive=1),
            Duelist(5, positive=1),
            deck("3R 9R"),
            deck("2T 8T"),
            attacker_decisions=a_spy,
            defender_decisions=d_spy,
        )
        chooses = [a for a in log if a.what == "choose"]
        assert [a.role for a in chooses] == ["defender", "attacker"]
        assert chooses[0].opponent_total is None
        assert chooses[1].opponent_total == 13
        choose_events = steps(result, "choose")
        assert [e[1] for e in choose_events] == ["defender", "attacker"]

    @pytest.mark.parametrize(
        ("a_card", "d_card", "order"),
        [
            ("3R", "6T", ("attacker", "defender")),  # attacker lower
            ("6R", "6T", ("defender", "attacker")),  # tie: defender first
            ("9R", "6T", ("defender", "attacker")),  # defender lower
        ],
    )
    def test_cheat_order_lower_total_first(self, a_card, d_card, order):
        a_spy, d_spy, log = Scripted(cheat_with=None), Scripted(cheat_with=None), []
        a_spy.log = d_spy.log = log
        result = opposed_duel(
            Duelist(5),
            Duelist(5),
            deck(a_card, hand="1R"),
            deck(d_card, hand="1T"),
            attacker_decisions=a_spy,
            defender_decisions=d_spy,
        )
        assert result.cheat_order == order
        assert tuple(a.role for a in log if a.what == "cheat") == order
        assert tuple(e[1] for e in steps(result, "pass")) == order

    def test_second_to_cheat_sees_the_first_cheat_and_each_cheats_once(self):
        a_spy, d_spy = Scripted(), Scripted()
        result = opposed_duel(
            Duelist(5),
            Duelist(5),
            deck("8R", hand="12R 11R"),
            deck("2T", hand="10M"),
            attacker_decisions=a_spy,
            defender_decisions=d_spy,
        )
        # Defender (7 < 13) cheats first: 10M -> 15. Attacker then needs 15: 11R -> 16.
        assert result.cheat_order == ("defender", "attacker")
        assert result.defender.flip.cheated_in == card("10M")
        assert result.attacker.flip.cheated_in == card("11R")
        assert a_spy.asked("cheat")[0].opponent_total == 15
        assert len(a_spy.asked("cheat")) == len(d_spy.asked("cheat")) == 1
        assert result.attacker_won and result.margin == 1
        assert steps(result, "cheat") == [
            ("cheat", "defender", "2T>10M"),
            ("cheat", "attacker", "8R>11R"),
        ]

    def test_opponent_red_joker_blocks_cheating(self):
        d_spy = Scripted(forbid_cheat=True)
        result = opposed_duel(
            Duelist(5), Duelist(5), deck("RJ"), deck("3T", hand="13M"), defender_decisions=d_spy
        )
        assert result.defender.cheat_blocked == BLOCKED_BY_OPPONENT_RED_JOKER
        assert result.attacker.cheat_blocked is None
        assert ("blocked", "defender", BLOCKED_BY_OPPONENT_RED_JOKER) in result.events

    def test_opponent_red_joker_flipped_but_not_chosen_still_blocks(self):
        result = opposed_duel(
            Duelist(5, negative=1),
            Duelist(5),
            deck("RJ 2R"),
            deck("3T", hand="13M"),
            attacker_decisions=Scripted(choose="2R"),
        )
        assert result.attacker.card == card("2R")
        assert result.defender.cheat_blocked == BLOCKED_BY_OPPONENT_RED_JOKER

    def test_opponent_black_joker_does_not_block_cheating(self):
        a_spy = Scripted(forbid_cheat=True)
        result = opposed_duel(
            Duelist(5),
            Duelist(5),
            deck("BJ", hand="13R"),
            deck("3T", hand="13M"),
            attacker_decisions=a_spy,
            defender_decisions=Scripted(cheat_with="13M"),
        )
        assert result.attacker.cheat_blocked == BLOCKED_BY_OWN_BLACK_JOKER
        assert result.defender.cheat_blocked is None
        assert result.defender.flip.cheated_in == card("13M")
        assert result.attacker.total == 5 and result.winner == "defender"

    def test_negative_twist_blocks_the_attacker_only(self):
        result = opposed_duel(
            Duelist(5, negative=1),
            Duelist(5),
            deck("3R 4R", hand="13R"),
            deck("9T", hand="13M"),
            attacker_decisions=Scripted(forbid_cheat=True),
        )
        assert result.attacker.cheat_blocked == BLOCKED_BY_NEGATIVE_TWIST
        assert result.attacker.card == card("3R")
        assert result.defender.cheat_blocked is None

    def test_triggers_lowest_first_one_each_and_only_if_met(self):
        a_spy, d_spy, log = Scripted(), Scripted(), []
        a_spy.log = d_spy.log = log
        attacker = Duelist(
            5, triggers=(Trigger("Critical Strike", "rams"), Trigger("Other", "rams"))
        )
        defender = Duelist(5, triggers=(Trigger("Sub Zero", "tomes"), Trigger("Masks", "masks")))
        result = opposed_duel(
            attacker,
            defender,
            deck("10R"),
            deck("3T"),
            attacker_decisions=a_spy,
            defender_decisions=d_spy,
        )
        assert result.trigger_order == ("defender", "attacker")
        assert [a.role for a in log if a.what == "trigger"] == ["defender", "attacker"]
        assert result.defender.trigger.name == "Sub Zero"
        assert result.attacker.trigger.name == "Critical Strike"
        assert steps(result, "trigger") == [
            ("trigger", "defender", "Sub Zero"),
            ("trigger", "attacker", "Critical Strike"),
        ]

    def test_trigger_order_on_a_tie_and_when_the_attacker_is_lower(self):
        tied = opposed_duel(Duelist(5), Duelist(5), deck("6R"), deck("6T"))
        assert tied.trigger_order == ("defender", "attacker")
        lower = opposed_duel(Duelist(5), Duelist(5), deck("2R"), deck("6T"))
        assert lower.trigger_order == ("attacker", "defender")

    def test_trigger_uses_the_final_total_after_cheating(self):
        defender = Duelist(5, triggers=(Trigger("Sub Zero", "tomes"),))
        result = opposed_duel(Duelist(5), defender, deck("10R"), deck("3T", hand="11M"))
        assert result.defender.card == card("11M")
        assert result.defender.trigger is None  # the Tome left with the cheated card

    def test_defender_soulstone_first_and_damage_penalty(self):
        attacker = Duelist(6, can_use_soulstones=True, soulstone=SoulstoneUse(True, M))
        defender = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(twist=True))
        result = opposed_duel(attacker, defender, deck("5R 12R"), deck("2T 4T"))
        assert steps(result, "soulstone") == [
            ("soulstone", "defender", "twist"),
            ("soulstone", "attacker", "twist+masks"),
        ]
        assert len(result.defender.flip.cards) == 2 and result.defender.card == card("4T")
        assert result.attacker.suits == (R, M)
        assert result.damage_negative_twists == 1
        assert result.defender.soulstones_spent == 1 and result.attacker.soulstones_spent == 2

    def test_defender_soulstone_suit_alone_gives_no_damage_penalty(self):
        defender = Duelist(5, can_use_soulstones=True, soulstone=SoulstoneUse(suit=T))
        result = opposed_duel(Duelist(6), defender, deck("5R"), deck("2T"))
        assert result.damage_negative_twists == 0
        assert result.defender.suits == (T, T)

    def test_focused_attacker_twists_duel_and_damage(self):
        attacker = Duelist(5, focused=2)
        a_deck = deck("2R 9R 4R  1M 7M 12M")
        result = opposed_duel(attacker, Duelist(5), a_deck, deck("3T"))
        assert len(result.attacker.flip.cards) == 3 and result.attacker.card == card("9R")
        assert result.damage_positive_twists == 2
        # Margin 14-8 = 6: no accuracy twist, so Focused +2 alone: three cards.
        damage = resolve_damage(result, "2/3/5", a_deck)
        assert len(damage.flip.cards) == 3 and damage.card == card("12M")
        assert damage.damage == 5

    def test_defender_cannot_be_focused(self):
        with pytest.raises(RulesError, match="Focused"):
            opposed_duel(Duelist(5), Duelist(5, focused=1), deck("2R"), deck("3T"))

    def test_defensive_applies_to_df_duels_only(self):
        df = opposed_duel(
            Duelist(5), Duelist(5, defensive=2, is_df_duel=True), deck("2R"), deck("3T 9T 4T")
        )
        assert len(df.defender.flip.cards) == 3 and df.defender.card == card("9T")
        wp = opposed_duel(Duelist(5), Duelist(5, defensive=2), deck("2R"), deck("3T 9T 4T"))
        assert len(wp.defender.flip.cards) == 1

    def test_greedy_defender_does_not_cheat_when_the_attacker_misses_the_tn(self):
        result = opposed_duel(Duelist(5), Duelist(5), deck("9R"), deck("3T", hand="13M"), tn=15)
        assert result.defender.flip.cheated_in is None and result.winner == "defender"

    def test_greedy_attacker_cheats_to_reach_the_tn(self):
        result = opposed_duel(Duelist(5), Duelist(5), deck("7R", hand="13R 9R"), deck("3T"), tn=14)
        assert result.attacker.flip.cheated_in == card("9R") and result.attacker_won

    def test_greedy_choice_prefers_the_required_suit(self):
        result = opposed_duel(
            Duelist(5, positive=1), Duelist(2), deck("12R 7M"), deck("1T"), required_suits="masks"
        )
        assert result.attacker.card == card("7M") and result.attacker_won

    def test_greedy_choice_without_requirement_takes_the_highest(self):
        result = opposed_duel(Duelist(5, positive=1), Duelist(2), deck("12R 7M"), deck("1T"))
        assert result.attacker.card == card("12R")

    def test_greedy_names_the_red_joker(self):
        required = opposed_duel(
            Duelist(5), Duelist(5), deck("RJ"), deck("1T"), required_suits="masks"
        )
        assert required.attacker.card == RED_JOKER.named(M)
        # A suit already carried is skipped: the next required one is named.
        skip = opposed_duel(
            Duelist(5, suits=(R,)), Duelist(5), deck("RJ"), deck("1T"), required_suits="rams masks"
        )
        assert skip.attacker.card == RED_JOKER.named(M)
        # The Defender has no required suits: its first unmet Trigger decides.
        trig = opposed_duel(
            Duelist(5),
            Duelist(5, triggers=(Trigger("Sub Zero", "tomes"),)),
            deck("1R"),
            deck("RJ"),
            required_suits="masks",
        )
        assert trig.defender.card == RED_JOKER.named(T)
        plain = opposed_duel(Duelist(5), Duelist(5), deck("1R"), deck("RJ"))
        assert plain.defender.card == RED_JOKER.named(R)

    def test_greedy_names_the_missing_suit_of_a_multi_suit_trigger(self):
        duelist = Duelist(5, suits=(R,), triggers=(Trigger("Both", "rams masks"),))
        result = simple_duel(duelist, 1, (), deck("RJ"))
        assert result.side.card == RED_JOKER.named(M) and result.trigger.name == "Both"

    def test_named_red_joker_returned_by_a_decision_names_its_suit(self):
        spy = Scripted(choose="RJ:C")
        result = opposed_duel(
            Duelist(5, positive=1), Duelist(5), deck("RJ 3R"), deck("1T"), attacker_decisions=spy
        )
        assert result.attacker.card == RED_JOKER.named(C)
        assert spy.asked("name") == []
        assert ("name", "attacker", "crows") in result.events

    def test_red_joker_cheated_in_is_named(self):
        result = opposed_duel(
            Duelist(5), Duelist(9), deck("3R", hand="RJ 2R"), deck("9T"), required_suits="tomes"
        )
        assert result.attacker.flip.cheated_in == RED_JOKER
        assert result.attacker.card == RED_JOKER.named(T)
        assert result.attacker_won and result.margin == 1

    def test_never_cheat(self):
        result = opposed_duel(
            Duelist(5),
            Duelist(5),
            deck("2R", hand="13R"),
            deck("9T", hand="13M"),
            attacker_decisions=NeverCheat(),
            defender_decisions=NeverCheat(),
        )
        assert not result.attacker.cheated and not result.defender.cheated
        assert result.winner == "defender"

    def test_decks_conserved_and_emptied_of_cards_in_play(self):
        a_deck, d_deck = FateDeck(1), FateDeck(2)
        a_deck.refill_hand()
        d_deck.refill_hand()
        for _ in range(200):
            opposed_duel(Duelist(6, positive=1), Duelist(5, negative=1), a_deck, d_deck)
            assert a_deck.in_play == () and d_deck.in_play == ()
        a_deck.check_conservation()
        d_deck.check_conservation()

    def test_same_deck_for_both_sides(self):
        shared = deck("10R 5T")
        result = opposed_duel(Duelist(5), Duelist(5), shared, shared)
        assert result.attacker.card == card("10R") and result.defender.card == card("5T")
        shared.check_conservation()

    def test_resolve_damage_needs_a_won_attack(self):
        result = opposed_duel(Duelist(5), Duelist(5), deck("2R"), deck("9T"))
        with pytest.raises(RulesError, match="no damage flip"):
            resolve_damage(result, "2/3/4", deck("5R"))

    def test_result_event_closes_the_log(self):
        result = opposed_duel(Duelist(5), Duelist(5), deck("9R"), deck("2T"))
        assert result.events[-1] == ("result", "attacker", "7")
        assert result.events[0] == ("flip", "attacker", "9R")


class TestDuelView:
    def test_what_ifs(self):
        seen = {}

        class Probe(GreedyDecisions):
            def cheat(self, view: DuelView):
                seen["total"] = view.total
                seen["with_13"] = view.total_with(card("13M"))
                seen["suits_rj"] = view.suits_with(RED_JOKER, T)
                seen["suits_bj"] = view.suits_with(BLACK_JOKER)
                seen["wins_13"] = view.wins_with(card("13M"))
                seen["winning"] = view.is_winning()
                seen["need"] = view.value_needed()
                seen["hand"] = view.hand
                seen["allowed"] = view.cheat_allowed
                return None

        opposed_duel(
            Duelist(5, suits=(R,)),
            Duelist(6),
            deck("3C", hand="13M"),
            deck("4T"),
            attacker_decisions=Probe(),
        )
        assert seen == {
            "total": 8,
            "with_13": 18,
            "suits_rj": (T, R),
            "suits_bj": (R,),
            "wins_13": True,
            "winning": False,
            "need": 5,
            "hand": (card("13M"),),
            "allowed": True,
        }


def test_greedy_cheat_with_negative_totals_uses_the_lowest_winning_card():
    """Without a TN there is no floor at 0: at totals below zero the attacker still needs
    only to reach the defender's total (here -1), so the 2 wins and the 5 is kept."""
    attacker_deck = FateDeck.stacked(["1R"], hand=["5C", "2R"])
    defender_deck = FateDeck.stacked(["BJ"])
    result = opposed_duel(
        Duelist(0, bonus=-3), Duelist(0, bonus=-1), attacker_deck, defender_deck,
        attacker_decisions=GreedyDecisions(), defender_decisions=GreedyDecisions(),
    )
    assert result.attacker.flip.cheated_in == Card.parse("2R")
    assert result.winner == "attacker"

"""The rulebook's worked examples, replayed with stacked Fate Decks.

Suit glyphs in the OCR text: spadesuit = Rams, clubsuit = Tomes, times = Crows,
heartsuit = Masks. Where the OCR lost a suit, the choice is recorded in
docs/rules-decisions.md ("Engine").
"""

from rules.engine.cards import Card, Suit
from rules.engine.damage import DamageTrack, Severity, accuracy_twist, damage_flip
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    CheatToWin,
    Duelist,
    GreedyDecisions,
    SoulstoneUse,
    Trigger,
    opposed_duel,
    resolve_damage,
    simple_duel,
)
from rules.engine.flips import allowed_choices, cards_to_flip, net_twist

from .scripted import Scripted

R, C, T, M = Suit.RAMS, Suit.CROWS, Suit.TOMES, Suit.MASKS

#: The suit of Seamus's second Soulstone, lost in the OCR (see docs/rules-decisions.md).
SEAMUS_SOULSTONE_SUIT = C


def card(code: str) -> Card:
    return Card.parse(code)


def test_fate_modifiers_guild_guard_two_positive_one_negative():
    # Two positive twists on the Guild Guard's attack, one negative from the Gremlin:
    # one positive remains, so two cards are flipped and the Guard may take either.
    net = net_twist(2, 1)
    assert net == 1 and cards_to_flip(net) == 2
    flipped = [card("5C"), card("12R")]
    assert allowed_choices(flipped, net) == tuple(flipped)


def test_simple_duel_guild_guard_resists_terrifying_13():
    guard = Duelist(5, name="Guild Guard")  # Wp 5, not a Master or Henchman
    book = Scripted(cheat_with="9M")
    guard_deck = FateDeck.stacked(["4C"], hand=["9M"])
    result = simple_duel(guard, 13, (), guard_deck, book)

    assert result.flip.chosen == card("4C")
    assert book.asked("cheat")[0].own_total == 9  # currently losing
    assert result.flip.cheated_in == card("9M")
    assert result.total == 14 and result.suits == (M,)
    assert result.trigger is None  # the Guard has no Wp Trigger
    assert result.success
    assert [e[0] for e in result.events] == ["flip", "choose", "cheat", "result"]
    # The default policy makes the same call.
    greedy = simple_duel(guard, 13, (), FateDeck.stacked(["4C"], hand=["9M"]), GreedyDecisions())
    assert greedy.flip.cheated_in == card("9M") and greedy.success


def test_opposed_duel_seamus_against_the_freikorpsmann():
    seamus = Duelist(
        7,  # Ml 7, Bag o' Tools
        can_use_soulstones=True,
        soulstone=SoulstoneUse(twist=True, suit=SEAMUS_SOULSTONE_SUIT),
        triggers=(Trigger("Make it Beautiful", (SEAMUS_SOULSTONE_SUIT,)),),
        name="Seamus",
    )
    freikorpsmann = Duelist(5, is_df_duel=True, name="Freikorpsmann")  # Df 5
    seamus_deck = FateDeck.stacked(["6R", "11M", "4T", "9C"], hand=["2R"])
    freikorps_deck = FateDeck.stacked(["3T"], hand=["10M"])
    seamus_choices = Scripted()
    freikorps_choices = Scripted(cheat_with="10M")  # the book's player cheats anyway

    result = opposed_duel(
        seamus,
        freikorpsmann,
        seamus_deck,
        freikorps_deck,
        attacker_decisions=seamus_choices,
        defender_decisions=freikorps_choices,
        purpose="Bag o' Tools",
    )

    # 1. Only Seamus declares Soulstones: two of them, a twist and a suit.
    assert [e for e in result.events if e[0] == "soulstone"] == [
        ("soulstone", "attacker", f"twist+{SEAMUS_SOULSTONE_SUIT.value}")
    ]
    assert result.attacker.soulstones_spent == 2
    # 2. Seamus flips two cards and keeps the 11 Masks: 18 with the Soulstone's suit.
    assert result.attacker.flip.cards == (card("6R"), card("11M"))
    assert result.attacker.flip.chosen == card("11M")
    assert result.attacker.total == 18
    assert result.attacker.suits == (M, SEAMUS_SOULSTONE_SUIT)
    assert result.defender.flip.cards == (card("3T"),)
    # 3. The Freikorpsmann (8, losing) decides first and cheats the 10 Masks: 15.
    assert result.cheat_order == ("defender", "attacker")
    assert freikorps_choices.asked("cheat")[0].own_total == 8
    assert result.defender.flip.cheated_in == card("10M")
    assert result.defender.total == 15 and result.defender.suits == (M,)
    #    Seamus, still ahead, keeps his card.
    assert seamus_choices.asked("cheat")[0].opponent_total == 15
    assert not result.attacker.cheated
    # 4. No Trigger for the Freikorpsmann; Seamus declares Make it Beautiful.
    assert result.defender.trigger is None
    assert result.attacker.trigger.name == "Make it Beautiful"
    # 5. Seamus wins by 3: the damage flip suffers one negative twist.
    assert result.winner == "attacker" and result.margin == 3
    assert result.accuracy_twist == accuracy_twist(3) == -1
    assert result.damage_negative_twists == 0  # the Freikorpsmann spent no Soulstone
    damage = resolve_damage(result, "2/3/4", seamus_deck)
    assert damage.flip.cards == (card("4T"), card("9C")) and damage.card == card("4T")
    assert damage.flip.cheated_in is None  # the negative twist forbids cheating
    for d in (seamus_deck, freikorps_deck):
        d.check_conservation()


def test_cheat_only_to_win_freikorpsmann_keeps_the_card():
    # 10 Masks cannot beat 18, so the "cheat only to win" policy keeps the card in hand.
    seamus = Duelist(
        7, can_use_soulstones=True, soulstone=SoulstoneUse(True, SEAMUS_SOULSTONE_SUIT)
    )
    result = opposed_duel(
        seamus,
        Duelist(5, is_df_duel=True),
        FateDeck.stacked(["6R", "11M"]),
        FateDeck.stacked(["3T"], hand=["10M"]),
        defender_decisions=CheatToWin(),
    )
    assert not result.defender.cheated and result.margin == 10


def test_soulstones_the_judge_against_lilith():
    # Lilith, defending, declares first: one Soulstone for a twist (and a negative twist
    # on any damage flip she suffers). The Judge spends two: a twist and a suit.
    lilith = Duelist(6, can_use_soulstones=True, soulstone=SoulstoneUse(twist=True), name="Lilith")
    judge = Duelist(
        7, can_use_soulstones=True, soulstone=SoulstoneUse(twist=True, suit=R), name="The Judge"
    )
    result = opposed_duel(
        judge,
        lilith,
        FateDeck.stacked(["12T", "2R", "8C", "9T"]),
        FateDeck.stacked(["3M", "4M"]),
    )
    assert [e[1] for e in result.events if e[0] == "soulstone"] == ["defender", "attacker"]
    assert len(result.attacker.flip.cards) == 2 and len(result.defender.flip.cards) == 2
    assert result.attacker.total == 19 and result.attacker.suits == (T, R)
    assert result.damage_negative_twists == 1
    # Margin 19-10 = 9: no accuracy twist, but Lilith's Soulstone adds a negative one.
    judge_deck = FateDeck.stacked(["8C", "9T"])
    damage = resolve_damage(result, "2/3/4", judge_deck)
    assert damage.flip.net == -1 and damage.card == card("8C")


def test_damage_profile_peacebringer():
    track = DamageTrack.parse("2/3/5")
    assert (track.weak, track.moderate, track.severe) == (2, 3, 5)


def test_blast_lilith_and_the_young_nephilim():
    # 2/3b/4b flipped Severe: one Blast Marker; Lilith takes 4, the Nephilim under it 3.
    result = damage_flip("2/3b/4b", FateDeck.stacked(["12M"]))
    assert result.severity is Severity.SEVERE
    assert result.damage == 4 and result.blast_damage == 3 and result.blast_markers == 1


def test_blast_moderate_example():
    # 2/3b/4b flipped Moderate: one marker, 3 to the target, 2 to each model under it.
    result = damage_flip("2/3b/4b", FateDeck.stacked(["7R"]))
    assert result.damage == 3 and result.blast_damage == 2 and result.blast_markers == 1

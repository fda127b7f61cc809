"""Hypothesis properties of the engine core: flips, decks, duels and damage."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from rules.engine.cards import BLACK_JOKER, FULL_DECK, RED_JOKER, Suit
from rules.engine.damage import (
    DamageTrack,
    Severity,
    accuracy_twist,
    apply_armor,
    blast_damage,
    damage_flip,
    damage_for,
    healing_flip,
    prevention_flip,
    severity_of,
)
from rules.engine.deck import FateDeck
from rules.engine.duels import (
    Duelist,
    DuelView,
    GreedyDecisions,
    SoulstoneUse,
    Trigger,
    has_suits,
    opposed_duel,
    simple_duel,
)
from rules.engine.flips import MAX_CARDS_FLIPPED, allowed_choices, cards_to_flip, flip, net_twist

seeds = st.integers(min_value=0, max_value=2**64 - 1)
twists = st.integers(min_value=0, max_value=6)
suits = st.sampled_from(list(Suit))
suit_lists = st.lists(suits, max_size=2).map(tuple)


@st.composite
def duelists(draw, *, defender=False):
    master = draw(st.booleans())
    stone = None
    if master and draw(st.booleans()):
        stone = SoulstoneUse(draw(st.booleans()), draw(st.none() | suits))
    triggers = tuple(
        Trigger(f"T{i}", draw(st.lists(suits, min_size=1, max_size=2)))
        for i in range(draw(st.integers(0, 2)))
    )
    return Duelist(
        draw(st.integers(0, 9)),
        positive=draw(st.integers(0, 3)),
        negative=draw(st.integers(0, 3)),
        suits=draw(suit_lists),
        bonus=draw(st.integers(-2, 2)),
        can_use_soulstones=master,
        soulstone=stone,
        focused=0 if defender else draw(st.integers(0, 2)),
        defensive=draw(st.integers(0, 2)),
        is_df_duel=defender and draw(st.booleans()),
        triggers=triggers,
    )


def dealt_deck(seed: int, hand: int) -> FateDeck:
    deck = FateDeck(seed)
    deck.draw(hand)
    return deck


# -- flips ------------------------------------------------------------------------------


@given(seed=seeds, positive=twists, negative=twists, data=st.data())
def test_flip_choice_is_always_allowed(seed, positive, negative, data):
    deck = FateDeck(seed)
    record = flip(
        deck, positive=positive, negative=negative, chooser=lambda a: data.draw(st.sampled_from(a))
    )
    net = net_twist(positive, negative)
    allowed = allowed_choices(record.cards, net)
    assert record.chosen in allowed
    assert len(record.cards) == cards_to_flip(net) <= MAX_CARDS_FLIPPED
    if BLACK_JOKER in record.cards:
        assert record.chosen == BLACK_JOKER
    elif RED_JOKER in record.cards:
        assert RED_JOKER in allowed
    if net < 0 and record.chosen != RED_JOKER:
        assert record.chosen.value == min(c.value for c in record.cards)
    deck.check_conservation()


@given(cards=st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=4, unique=True))
def test_allowed_choices_rules(cards):
    for net in {len(cards) - 1, -(len(cards) - 1)}:
        allowed = allowed_choices(cards, net)
        assert allowed and set(allowed) <= set(cards)
        if BLACK_JOKER in cards:
            assert allowed == (BLACK_JOKER,)
            continue
        if RED_JOKER in cards:
            assert RED_JOKER in allowed
        if net > 0:
            assert allowed == tuple(cards)
        elif net < 0:
            low = min(c.value for c in cards)
            assert {c for c in allowed if c != RED_JOKER} == {c for c in cards if c.value == low}


# -- deck conservation ------------------------------------------------------------------


class DeckMachine(RuleBasedStateMachine):
    """Random sequences of deck operations never lose or duplicate a card."""

    @rule(seed=seeds)
    def new_deck(self, seed):
        self.deck = FateDeck(seed)

    def has_deck(self):
        return hasattr(self, "deck")

    @precondition(has_deck)
    @rule(n=st.integers(1, 4))
    def flip_cards(self, n):
        if len(self.deck.draw_pile) + len(self.deck.discard_pile) >= n:
            self.deck.flip(n)

    @precondition(has_deck)
    @rule(n=st.integers(0, 8))
    def draw_cards(self, n):
        if len(self.deck.draw_pile) + len(self.deck.discard_pile) >= n:
            self.deck.draw(n)

    @precondition(has_deck)
    @rule()
    def refill(self):
        room = self.deck.hand_size - len(self.deck.hand)
        if len(self.deck.draw_pile) + len(self.deck.discard_pile) >= room:
            self.deck.refill_hand()

    @precondition(has_deck)
    @rule(data=st.data())
    def play_card(self, data):
        if self.deck.hand:
            self.deck.play_from_hand(data.draw(st.sampled_from(self.deck.hand)))

    @precondition(has_deck)
    @rule()
    def discard_in_play(self):
        self.deck.discard(self.deck.in_play)

    @precondition(has_deck)
    @rule(data=st.data())
    def discard_from_hand(self, data):
        if self.deck.hand:
            self.deck.discard([data.draw(st.sampled_from(self.deck.hand))])

    @precondition(has_deck)
    @rule(positive=twists, negative=twists)
    def duel_and_damage(self, positive, negative):
        self.deck.discard(self.deck.in_play)
        other = FateDeck(1)
        result = opposed_duel(
            Duelist(5, positive=positive, negative=negative), Duelist(5), self.deck, other
        )
        if result.attacker_won:
            damage_flip("2/3/4", self.deck, margin=result.margin)

    @invariant()
    def conserved(self):
        if self.has_deck():
            self.deck.check_conservation()
            piles = (
                self.deck.draw_pile + self.deck.hand + self.deck.discard_pile + self.deck.in_play
            )
            assert Counter(piles) == Counter(FULL_DECK) and len(piles) == 54


TestDeckMachine = DeckMachine.TestCase
TestDeckMachine.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)


# -- duels ----------------------------------------------------------------------------


class BruteForceCheck(GreedyDecisions):
    """Greedy, but checks its cheat against trying every hand card with ``wins_with``.

    A losing Defender with no winning card (the default "reduce damage" policy) is
    checked against the damage band every hand card would leave.
    """

    def cheat(self, view: DuelView):
        pick = super().cheat(view)
        if view.cheat_block is not None or view.is_winning():
            assert pick is None
            return pick
        winners = [c for c in view.hand if c.joker is None and view.wins_with(c)]
        cuts_damage = False
        if winners:
            expected = min(winners, key=lambda c: c.value)  # first lowest in hand order
        elif RED_JOKER in view.hand and view.wins_with(RED_JOKER, self.name_red_joker(view)):
            expected = RED_JOKER
        elif view.role == "defender":
            def band(card):
                return accuracy_twist(view.opponent.total - view.total_with(card))

            now = accuracy_twist(view.opponent.total - view.total)
            gentler = [c for c in view.hand if not c.is_black_joker and band(c) < now]
            expected = min(gentler, key=lambda c: (band(c), c.value)) if gentler else None
            cuts_damage = True
        else:
            expected = None
        assert pick == expected
        if pick is not None and not cuts_damage:
            assert view.wins_with(pick, self.name_red_joker(view) if pick == RED_JOKER else None)
        return pick


@given(
    attacker=duelists(),
    defender=duelists(defender=True),
    a_seed=seeds,
    d_seed=seeds,
    a_hand=st.integers(0, 6),
    d_hand=st.integers(0, 6),
    tn=st.none() | st.integers(0, 20),
    required=suit_lists,
)
@settings(max_examples=300, deadline=None)
def test_opposed_duel_invariants(attacker, defender, a_seed, d_seed, a_hand, d_hand, tn, required):
    a_deck, d_deck = dealt_deck(a_seed, a_hand), dealt_deck(d_seed, d_hand)
    result = opposed_duel(
        attacker,
        defender,
        a_deck,
        d_deck,
        tn=tn,
        required_suits=required,
        attacker_decisions=BruteForceCheck(),
        defender_decisions=BruteForceCheck(),
    )
    a, d = result.attacker, result.defender
    # Totals, suits and the winner.
    assert a.total == attacker.stat + attacker.bonus + a.card.value
    assert d.total == defender.stat + defender.bonus + d.card.value
    assert result.margin == a.total - d.total
    wins = a.total >= d.total and (tn is None or a.total >= tn) and has_suits(a.suits, required)
    assert result.attacker_won == wins
    assert Counter(a.suits) >= Counter(attacker.fixed_suits)
    # Flips: card counts, legal choices, Jokers, cheating only where allowed.
    for side, duelist, role, other in ((a, attacker, "attacker", d), (d, defender, "defender", a)):
        pos, neg = duelist.fate_modifiers(role)
        assert side.flip.net == pos - neg
        assert len(side.flip.cards) == cards_to_flip(pos - neg) <= 4
        assert side.flip.chosen in allowed_choices(side.flip.cards, side.flip.net)
        if BLACK_JOKER in side.flip.cards:
            assert side.flip.chosen == BLACK_JOKER and not side.cheated
        if side.cheated:
            assert side.cheat_blocked is None
            assert side.flip.net >= 0 and RED_JOKER not in other.flip.cards
        if side.trigger is not None:
            assert side.trigger.met_by(side.suits)
            assert side.trigger == next(t for t in duelist.triggers if t.met_by(side.suits))
    # The lower total before cheating was asked first (the Defender on a tie).
    a_before = attacker.stat + attacker.bonus + a.flip.chosen.value
    d_before = defender.stat + defender.bonus + d.flip.chosen.value
    assert result.cheat_order[0] == ("attacker" if a_before < d_before else "defender")
    assert result.trigger_order[0] == ("attacker" if a.total < d.total else "defender")
    stone = defender.soulstone
    assert result.damage_negative_twists == int(bool(stone and stone.twist))
    for deck in (a_deck, d_deck):
        deck.check_conservation()
        assert deck.in_play == ()


@given(
    duelist=duelists(),
    seed=seeds,
    hand=st.integers(0, 6),
    tn=st.integers(0, 25),
    required=suit_lists,
)
@settings(max_examples=200, deadline=None)
def test_simple_duel_success_rule(duelist, seed, hand, tn, required):
    deck = dealt_deck(seed, hand)
    result = simple_duel(duelist, tn, required, deck, BruteForceCheck())
    assert result.success == (result.total >= tn and has_suits(result.suits, required))
    deck.check_conservation()


@given(attacker=duelists(), defender=duelists(defender=True), a_seed=seeds, d_seed=seeds)
@settings(max_examples=50, deadline=None)
def test_same_seeds_same_duel(attacker, defender, a_seed, d_seed):
    def run():
        return opposed_duel(attacker, defender, dealt_deck(a_seed, 6), dealt_deck(d_seed, 6))

    assert run() == run()


# -- damage ----------------------------------------------------------------------------

tracks = st.builds(
    lambda w, m, s, b: DamageTrack(w, w + m, w + m + s, b),
    st.integers(0, 6),
    st.integers(0, 4),
    st.integers(0, 4),
    st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)),
)


@given(m1=st.integers(0, 40), m2=st.integers(0, 40))
def test_accuracy_twist_is_monotone(m1, m2):
    low, high = sorted((m1, m2))
    assert -2 <= accuracy_twist(low) <= accuracy_twist(high) <= 1


@given(damage=st.integers(0, 20), armor=st.integers(0, 6))
def test_armor_never_increases_damage(damage, armor):
    after = apply_armor(damage, armor)
    assert after <= damage
    assert after >= min(damage, 1)
    assert (after == 0) == (damage == 0)


@given(track=tracks)
def test_damage_bands_are_ordered_and_blasts_smaller(track):
    amounts = [damage_for(track, s) for s in Severity]
    assert amounts == sorted(amounts)
    for severity in Severity:
        assert blast_damage(track, severity) <= damage_for(track, severity)
    assert blast_damage(track, Severity.RED_JOKER) == track.moderate


@given(
    track=tracks,
    seed=seeds,
    hand=st.integers(0, 6),
    margin=st.none() | st.integers(0, 15),
    htw=st.integers(0, 2),
    soulstone=st.booleans(),
    focused=st.integers(0, 2),
    armor=st.integers(0, 3),
)
@settings(max_examples=200, deadline=None)
def test_damage_flip_invariants(track, seed, hand, margin, htw, soulstone, focused, armor):
    deck = dealt_deck(seed, hand)
    hand_before = deck.hand
    result = damage_flip(
        track,
        deck,
        margin=margin,
        hard_to_wound=htw,
        defender_soulstone=soulstone,
        focused=focused,
        armor=armor,
    )
    record = result.flip
    assert len(record.cards) <= 4 and record.chosen in allowed_choices(record.cards, record.net)
    if BLACK_JOKER in record.cards:
        assert result.damage == 0 and not record.cheated
    if record.cheated:
        assert record.net >= 0 and record.cheated_in in hand_before
        assert record.cheated_in != BLACK_JOKER
        assert severity_of(record.cheated_in) > severity_of(record.chosen)
    assert result.severity == severity_of(record.final)
    assert result.damage == apply_armor(damage_for(track, result.severity), armor)
    assert result.damage <= result.unreduced_damage
    deck.check_conservation()


@given(seed=seeds, damage=st.integers(0, 12))
def test_prevention_never_exceeds_the_damage(seed, damage):
    result = prevention_flip(FateDeck(seed), damage)
    assert 0 <= result.prevented <= damage and result.remaining == damage - result.prevented


@given(track=tracks, seed=seeds, data=st.data())
def test_healing_never_exceeds_the_wounds_stat(track, seed, data):
    max_wounds = data.draw(st.integers(1, 12))
    current = data.draw(st.integers(0, max_wounds))
    result = healing_flip(track, dealt_deck(seed, 3), current_wounds=current, max_wounds=max_wounds)
    assert 0 <= result.healed <= result.rolled
    assert current <= result.wounds_after <= max_wounds

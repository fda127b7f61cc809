"""War band validation returns every problem at once, with the card at fault."""

from rules.engine.malediction.cards import Rank
from rules.engine.malediction.warband import (
    PROBLEM_CODES,
    WarBand,
    swap_side_deck,
    validate,
    validate_swap,
)

from .factory import (
    CONCLAVE,
    ORDER,
    PRIMAL,
    basic_units,
    item,
    legacy,
    relic,
    seeker,
    spell,
    terrain,
    unit,
)


def band(deck, side=(), **kw) -> WarBand:
    return WarBand(kw.get("seeker", seeker()), kw.get("legacy", legacy()),
                   kw.get("terrain", terrain()), tuple(deck), tuple(side))


def codes(problems):
    return sorted(p.code for p in problems)


def test_a_legal_band_has_no_problem():
    deck = [*basic_units(28), spell(), item()]
    assert validate(band(deck, side=[unit("Spare")])) == []


def test_deck_size_bounds_30_and_50():
    assert codes(validate(band(basic_units(29)))) == ["deck_too_small"]
    assert validate(band(basic_units(30))) == []
    assert validate(band(basic_units(50))) == []
    problems = validate(band(basic_units(51)))
    assert codes(problems) == ["deck_too_large"] and problems[0].data == {"count": 51, "limit": 50}


def test_side_deck_at_most_7():
    side7 = [unit(f"Side {i}") for i in range(7)]
    assert validate(band(basic_units(30), side7)) == []
    side8 = [unit(f"Side {i}") for i in range(8)]
    assert codes(validate(band(basic_units(30), side8))) == ["side_deck_too_large"]


def test_copy_limits_basic_3_elite_2_unique_1():
    filler = basic_units(24)
    hound = unit("Hound", rank=Rank.BASIC)
    guard = unit("Guard", rank=Rank.ELITE)
    hero = unit("Hero", rank=Rank.UNIQUE)
    ok = band(filler + [hound] * 3 + [guard] * 2 + [hero])
    assert validate(ok) == []
    bad = band(filler + [hound] * 4 + [guard] * 3 + [hero] * 2)
    problems = validate(bad)
    assert codes(problems) == ["copy_limit"] * 3
    by_card = {p.card_name: p.data for p in problems}
    assert by_card == {"Hound": {"count": 4, "limit": 3}, "Guard": {"count": 3, "limit": 2},
                       "Hero": {"count": 2, "limit": 1}}


def test_copy_limit_counts_the_side_deck_too():
    hound = unit("Hound")
    problems = validate(band(basic_units(27) + [hound] * 3, side=[hound]))
    assert codes(problems) == ["copy_limit"] and problems[0].card == hound


def test_legendary_only_as_the_seeker():
    other = seeker("Rival Seeker", sigils=(PRIMAL,))
    problems = validate(band([*basic_units(30), other]))
    assert codes(problems) == ["legendary_in_deck"] and problems[0].card == other


def test_every_sigil_must_be_on_the_seeker_and_sigilless_cards_fit():
    conclave = unit("Sphere Adept", sigils=(CONCLAVE,))
    dual = unit("Oath Beast", sigils=(PRIMAL, ORDER))
    mixed = unit("Stray Mage", sigils=(PRIMAL, CONCLAVE))
    neutral = unit("Wanderer", sigils=())
    problems = validate(band([*basic_units(26), conclave, dual, mixed, neutral]))
    assert codes(problems) == ["sigil_not_on_seeker"] * 2
    assert {p.card_name: p.data["missing"] for p in problems} == {
        "Sphere Adept": [CONCLAVE], "Stray Mage": [CONCLAVE]}


def test_no_relics_and_no_other_card_kinds_in_the_deck():
    problems = validate(band([*basic_units(30), relic(), legacy(), terrain()]))
    assert codes(problems) == ["not_a_deck_card", "not_a_deck_card", "relic_in_deck"]


def test_seeker_legacy_pairing_and_missing_parts():
    problems = validate(band(basic_units(30), legacy=legacy("Someone Else")))
    assert codes(problems) == ["legacy_mismatch"]
    problems = validate(WarBand(None, None, None, tuple(basic_units(30))))
    assert codes(problems) == ["legacy_missing", "seeker_missing", "terrain_missing"]
    problems = validate(band(basic_units(30), seeker=unit("Imposter", rank=Rank.UNIQUE)))
    assert "seeker_not_legendary" in codes(problems)


def test_every_problem_at_once():
    hound = unit("Hound")
    deck = basic_units(20) + [hound] * 4 + [relic(), unit("Far", sigils=(CONCLAVE,))]
    problems = validate(band(deck, side=[unit(f"S{i}") for i in range(8)],
                             legacy=legacy("Nobody")))
    assert codes(problems) == sorted(["legacy_mismatch", "deck_too_small", "side_deck_too_large",
                                      "relic_in_deck", "sigil_not_on_seeker", "copy_limit"])
    assert all(p.code in PROBLEM_CODES and p.message for p in problems)


def test_side_deck_swap_keeps_the_deck_30_to_50_and_side_at_most_7():
    deck = basic_units(30)
    side = [unit(f"Side {i}") for i in range(7)]
    b = band(deck, side)
    new, problems = swap_side_deck(b, deck[:2], side[:2])
    assert problems == [] and len(new.deck) == 30 and len(new.side_deck) == 7
    assert side[0] in new.deck and deck[0] in new.side_deck
    # Taking one out without putting one in drops the deck to 29 and the side deck to 8.
    assert codes(validate_swap(b, deck[:1], [])) == ["deck_too_small", "side_deck_too_large"]
    # Into a 31-card deck from the side deck: 32 and 6.
    assert validate_swap(band(basic_units(31), side), [], side[:1]) == []
    assert codes(validate_swap(b, [side[0]], [deck[0]])) == [
        "swap_card_not_in_deck", "swap_card_not_in_side_deck"]
    assert swap_side_deck(b, [side[0]], [])[0] is b

"""Properties of the format 2 value readers: what they store reads back as itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from catalogue.card_elements import clean_damage, clean_range, clean_resist, range_kind

inches = st.integers(0, 48).map(str) | st.floats(0.5, 24, allow_nan=False).map(
    lambda f: f"{round(f * 2) / 2:g}")
ranges = st.one_of(
    inches.map(lambda n: f'{n}"'), inches.map(lambda n: f"melee {n}"),
    inches.map(lambda n: f"Pulse {n}\""), inches.map(lambda n: f"aura {n}"),
    st.just("self"), st.tuples(inches, inches).map(lambda p: f'{p[0]}" or melee {p[1]}'))


@settings(max_examples=80, deadline=None)
@given(ranges)
def test_a_stored_range_reads_back_as_itself_with_its_kind(text):
    stored = clean_range(text)
    assert clean_range(stored) == stored
    kind, distance = range_kind(stored)
    assert kind in ("melee", "ranged", "pulse", "aura", "self")
    assert (distance is None) == (kind == "self")


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 3)), min_size=3, max_size=3))
def test_a_stored_damage_track_reads_back_as_itself(track):
    text = "/".join(f"{amount}{'b' * blasts}" for amount, blasts in track)
    stored = clean_damage(text, version=2)
    assert stored == text and clean_damage(stored, version=2) == stored


def test_resists_are_stored_as_a_choice():
    assert clean_resist(["df", "WP"], version=2) == "Df or Wp"
    assert clean_resist("Df/Wp", version=2) == clean_resist("Df or Wp", version=2) == "Df or Wp"

"""The tracker's rules, entry by entry, with the rulebook's numbers."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine.malediction.errors import IllegalEntry
from rules.engine.malediction.match_state import (
    MatchSetup,
    PlayerSetup,
    apply,
    replay,
    side_players,
)


def setup(mode="standard", n=2, deck=30, echo=12, **kw):
    return MatchSetup.for_mode(mode, [PlayerSetup(f"P{i}", deck, echo, f"Seeker {i}", 8)
                                      for i in range(n)], **kw)


START = [{"type": "setup_bid", "bids": {"0": 5, "1": 3}},
         {"type": "setup_choice", "choice": "initiative"}]


def play(entries, s=None):
    return replay(s or setup(), START + entries)


def test_setup_starts_with_legacy_echo_hands_of_7_and_the_display():
    st_ = replay(setup(echo=12, relic_display=("A", "B", "C", "D")), [])
    assert [p.echo for p in st_.players] == [12, 12]
    assert [(p.hand, p.deck) for p in st_.players] == [(7, 23), (7, 23)]
    assert st_.husks == 4 and st_.relic_display == ["A", "B", "C", "D"] and st_.relic_deck == 11
    assert st_.round == 1 and st_.phase == "setup"


def test_mulligans_draw_one_fewer_each_time_up_to_5():
    entries = [{"type": "mulligan", "player": 0}] * 5
    st_ = replay(setup(), entries)
    assert (st_.players[0].hand, st_.players[0].deck) == (2, 28)
    with pytest.raises(IllegalEntry):
        replay(setup(), [*entries, {"type": "mulligan", "player": 0}])


def test_setup_bid_highest_cost_wins_cards_banished_and_tie_needs_the_die():
    st_ = play([])
    assert st_.initiative == 0 and st_.players[0].hand == 6 and st_.players[1].banished == 1
    st_ = replay(setup(), [START[0], {"type": "setup_choice", "choice": "zone"}])
    assert st_.initiative == 1  # the other side takes initiative
    with pytest.raises(IllegalEntry, match="tie_winner"):
        replay(setup(), [{"type": "setup_bid", "bids": {"0": 4, "1": 4}}])
    st_ = replay(setup(), [{"type": "setup_bid", "bids": {"0": 4, "1": 4}, "tie_winner": 1},
                           {"type": "setup_choice", "choice": "initiative"}])
    assert st_.initiative == 1 and st_.result is None


def test_the_deploy_example_18_echo_minus_2_minus_7_minus_3_leaves_6():
    s = setup(echo=18)
    st_ = play([{"type": "deploy", "player": 0, "name": "Beast", "cost": 2},
                {"type": "deploy", "player": 0, "name": "Berserker", "cost": 7},
                {"type": "item", "player": 0, "unit": "u2", "name": "Sandals", "cost": 3}], s)
    assert st_.players[0].echo == 6 and st_.players[0].hand == 3
    assert st_.units["u2"].item_cost == 3


def test_echo_never_goes_below_zero():
    with pytest.raises(IllegalEntry, match="costs 13 echo"):
        play([{"type": "spell", "player": 0, "cost": 13}])
    with pytest.raises(IllegalEntry):
        play([{"type": "echo", "player": 0, "delta": -13}])


def end_and_refresh():
    return [{"type": "end_round"}, {"type": "refresh"}]


def test_refresh_gains_2_x_round_up_to_10_and_draws_2():
    # The rulebook's example: 15 unspent echo in round 3 becomes 21.
    st_ = play([*end_and_refresh(), {"type": "spell", "player": 0, "cost": 1},
                *end_and_refresh()], setup(echo=12))
    assert st_.round == 3 and st_.players[0].echo == 12 + 4 - 1 + 6 == 21
    st_ = play((end_and_refresh()) * 6, setup(deck=50))
    assert st_.round == 7 and st_.tracker_round == 5
    assert st_.players[1].echo == 12 + 4 + 6 + 8 + 10 + 10 + 10
    assert st_.players[1].deck == 50 - 7 - 12 and st_.players[1].hand == 6 + 12


def test_a_player_who_cannot_draw_loses_at_once():
    # 9-card decks: 7 in hand, 2 left; round 2 draws them, round 3 cannot draw.
    st_ = play(end_and_refresh() * 2, setup(deck=9))
    assert st_.result is not None and st_.result.win_type == "deck_out"
    assert st_.phase == "over" and st_.result.final_round == 3
    st_ = play([{"type": "draw", "player": 1, "count": 3}], setup(deck=9))
    assert st_.result.winner == 0 and st_.result.win_type == "deck_out"


def test_initiative_bid_tie_goes_to_the_side_without_initiative():
    base = end_and_refresh()
    st_ = play([*base, {"type": "initiative_bid", "bids": {"1": 4, "0": 4}}])
    assert st_.initiative == 1 and st_.bids_won[-1] == (2, 1)
    st_ = play([*base, {"type": "initiative_bid", "bids": {"1": 3, "0": 4}}])
    assert st_.initiative == 0
    st_ = play([*base, {"type": "initiative_bid", "bids": {"1": 1}}])  # a lone bidder wins
    assert st_.initiative == 1
    with pytest.raises(IllegalEntry, match="without initiative"):
        play([*base, {"type": "initiative_bid", "bids": {"0": 3}}])
    with pytest.raises(IllegalEntry, match="right after the refresh"):
        play([*base, {"type": "spell", "player": 0, "cost": 0},
              {"type": "initiative_bid", "bids": {"1": 3}}])


def test_kill_mastery_is_unit_cost_plus_attachments():
    st_ = play([{"type": "deploy", "player": 0, "name": "Berserker", "cost": 7},
                {"type": "item", "player": 0, "unit": "u1", "name": "Sandals", "cost": 3},
                {"type": "defeat", "unit": "u1", "by": 1}])
    assert st_.mastery[1]["kills"] == 10 and st_.side_mastery(1) == 10
    assert st_.defeats[0].mastery == 10 and "u1" not in st_.units


def test_claim_plus_10_and_a_defeated_holder_minus_10_and_a_husk():
    st_ = play([{"type": "deploy", "player": 0, "name": "Raider", "cost": 6},
                {"type": "claim", "player": 0, "unit": "u1", "relic": None},
                {"type": "defeat", "unit": "u1", "by": 1}])
    assert st_.mastery[0] == {"kills": 0, "relics": 10, "losses": -10, "other": 0}
    assert st_.side_mastery(0) == 0 and st_.side_mastery(1) == 6
    assert st_.husks == 4 and st_.relic_deck == 11 and st_.relics_lost == [1, 0]


def test_claim_takes_from_the_display_and_refills():
    s = setup(relic_display=("A", "B", "C", "D"))
    st_ = play([{"type": "deploy", "player": 0, "name": "X", "cost": 1},
                {"type": "claim", "player": 0, "unit": "u1", "relic": "B", "refill": "E"}], s)
    assert st_.relic_display == ["A", "C", "D", "E"] and st_.relic_deck == 10
    assert st_.husks == 3 and st_.units["u1"].relic == "B"
    with pytest.raises(IllegalEntry, match="already holds a relic"):
        play([{"type": "deploy", "player": 0, "name": "X", "cost": 1},
              {"type": "claim", "player": 0, "unit": "u1", "relic": "A"},
              {"type": "claim", "player": 0, "unit": "u1", "relic": "C"}], s)



def test_threshold_most_mastery_wins_and_a_tie_plays_another_round():
    st_ = play([{"type": "mastery", "side": 0, "delta": 40},
                {"type": "mastery", "side": 1, "delta": 40}, {"type": "end_round"}])
    assert st_.result is None and st_.phase == "between"
    st_ = replay(st_.setup, [*START, {"type": "mastery", "side": 0, "delta": 40},
            {"type": "mastery", "side": 1, "delta": 40}, {"type": "end_round"}, {"type": "refresh"},
            {"type": "mastery", "side": 1, "delta": 1}, {"type": "end_round"}])
    assert st_.result.winner == 1 and st_.result.win_type == "threshold"
    assert st_.result.mastery == (40, 41) and st_.result.final_round == 2
    st_ = play([{"type": "mastery", "side": 0, "delta": 39}, {"type": "end_round"}])
    assert st_.result is None
    with pytest.raises(IllegalEntry, match="over"):
        play([{"type": "mastery", "side": 0, "delta": 40}, {"type": "end_round"},
              {"type": "refresh"}])


def test_demo_mode_fixed_echo_seekers_deployed_two_husks():
    st_ = replay(setup("demo", echo=15), [])
    assert [p.echo for p in st_.players] == [10, 10] and st_.husks == 2
    assert len(st_.units) == 2 and all(u.seeker for u in st_.units.values())
    assert len(st_.relic_display) == 2 and st_.relic_deck == 13


def test_allegiance_teams_share_mastery_and_bids_add_up():
    s = setup("allegiance", n=4)
    assert side_players(s.mode) == ((0, 1), (2, 3))
    st_ = replay(s, [{"type": "setup_bid", "bids": {"0": 2, "1": 2, "2": 3, "3": 0}},
                     {"type": "setup_choice", "choice": "initiative"},
                     {"type": "deploy", "player": 3, "name": "Y", "cost": 4},
                     {"type": "defeat", "unit": "u1", "by": 1}])
    assert st_.initiative == 0 and st_.side_mastery(0) == 4


def test_nemesis_bids_double_draws_3_and_deploys_one_free_unit():
    s = setup("nemesis", n=3, deck=40)
    st_ = replay(s, [{"type": "setup_bid", "bids": {"0": 3, "1": 2, "2": 3}},
                     {"type": "setup_choice", "choice": "initiative"},
                     {"type": "deploy", "player": 2, "name": "Free", "cost": 5, "free": True},
                     {"type": "end_round"}, {"type": "refresh"}])
    assert st_.initiative == 1  # 3 x 2 = 6 beats 3 + 2 = 5
    assert st_.players[2].echo == 12 + 4  # the free unit cost nothing
    assert st_.players[2].deck == 40 - 7 - 3 and st_.players[0].deck == 40 - 7 - 2
    with pytest.raises(IllegalEntry, match="one per deploy"):
        replay(s, [{"type": "setup_bid", "bids": {"0": 3, "1": 2, "2": 3}},
                   {"type": "setup_choice", "choice": "initiative"},
                   {"type": "deploy", "player": 2, "name": "A", "cost": 1, "free": True},
                   {"type": "deploy", "player": 2, "name": "B", "cost": 1, "free": True}])
    with pytest.raises(IllegalEntry, match="Only the Nemesis"):
        replay(s, [*START[:0], {"type": "setup_bid", "bids": {"0": 3, "1": 2, "2": 3}},
                {"type": "setup_choice", "choice": "initiative"},
                {"type": "deploy", "player": 0, "cost": 1, "free": True}])


@pytest.mark.parametrize("entry", [
    {"type": "nope"}, {"type": "deploy"}, {"type": "deploy", "player": "x"},
    {"type": "deploy", "player": 9}, {"type": "defeat", "unit": "u99"},
    {"type": "spell", "player": 0, "cost": -1}, {"type": "initiative_bid", "bids": {"a": 1}},
    {"type": "claim", "player": 0, "unit": None}, "not a dict", {"type": "refresh"},
])
def test_bad_entries_are_refused_with_a_message(entry):
    with pytest.raises(IllegalEntry):
        play([entry])


def test_apply_leaves_the_old_state_and_undo_is_replaying_without_the_last():
    st_ = play([])
    new = apply(st_, {"type": "spell", "player": 0, "cost": 2})
    assert st_.players[0].echo == 12 and new.players[0].echo == 10
    assert replay(st_.setup, START).to_dict() == st_.to_dict()


# Random entry streams: echo within the rules, mastery = sum of sources, decks >= 0.
ENTRY = st.one_of(
    st.builds(lambda p, c: {"type": "deploy", "player": p, "name": "U", "cost": c},
              st.integers(0, 1), st.integers(0, 9)),
    st.builds(lambda p, c: {"type": "spell", "player": p, "cost": c},
              st.integers(0, 1), st.integers(0, 6)),
    st.builds(lambda u, b: {"type": "defeat", "unit": f"u{u}", "by": b},
              st.integers(1, 8), st.sampled_from([0, 1, None])),
    st.builds(lambda p, u: {"type": "claim", "player": p, "unit": f"u{u}"},
              st.integers(0, 1), st.integers(1, 8)),
    st.builds(lambda p, u, c: {"type": "item", "player": p, "unit": f"u{u}", "cost": c},
              st.integers(0, 1), st.integers(1, 8), st.integers(0, 4)),
    st.builds(lambda p, n: {"type": "draw", "player": p, "count": n},
              st.integers(0, 1), st.integers(1, 3)),
    st.just({"type": "end_round"}), st.just({"type": "refresh"}),
    st.builds(lambda a, b: {"type": "initiative_bid", "bids": {"0": a, "1": b}},
              st.one_of(st.none(), st.integers(0, 8)), st.one_of(st.none(), st.integers(0, 8))),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(ENTRY, max_size=60), st.integers(8, 40))
def test_properties_over_random_entry_streams(entries, deck):
    s = setup(deck=deck)
    state = play([], s)
    for entry in entries:
        try:
            state = apply(state, entry)
        except IllegalEntry:
            continue
        for i, p in enumerate(state.players):
            rounds = range(2, state.round + 1)
            assert 0 <= p.echo <= 12 + sum(min(2 * r, 10) for r in rounds)
            assert p.echo == 12 + p.echo_gained - p.echo_spent
            assert p.deck >= 0 and p.hand >= 0
            assert p.deck + p.hand <= s.players[i].deck_size
        for side in range(2):
            assert state.side_mastery(side) == sum(state.mastery[side].values())
        kills = sum(d.mastery for d in state.defeats)
        assert kills <= state.mastery[0]["kills"] + state.mastery[1]["kills"]
        if state.result:
            assert state.result.mastery == tuple(
                sum(src.values()) for src in state.result.sources)
            break

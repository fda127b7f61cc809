"""The table's facts for the game record: recorded through the tracker (services, pages
without and with HTMX, API), frozen into the record when the result counts, refused
cleanly when wrong, kept secret where a Bounty says so, in a bounded number of queries."""

import pytest

from campaign.models import CrewBounty
from encounters.models import BountyNote, Casualty, Game, HiredModel, MarkerChange, TableModel
from encounters.services import results, table, tracker
from encounters.services.common import EncounterError
from rules.engine.record import GameRecord, game_facts
from tests.encounters.test_pages import act, client_for, errors, game_in_play, main, url
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def hold(crew, key):
    return CrewBounty.objects.create(crew=crew, bounty_key=key, name=key, bought_week=1,
                                     progress={"counted": 0, "target": 2, "contributions": []})


def hired(game, side, name):
    return HiredModel.objects.filter(side__game=game, side__key=side, name=name).first()


def confirm(game, alpha, bravo, vp=(4, 2)):
    results.report_result(game=game, actor=alpha.player, vp_a=vp[0], vp_b=vp[1])
    results.confirm_result(game=game, actor=bravo.player)
    game = Game.objects.get(pk=game.pk)
    return game, GameRecord.from_dict(game.record)


def test_a_tracked_game_freezes_every_fact_into_the_record(campaign_week):
    """Every fact recorded at the table reaches the frozen record, and each crew's Bounty
    reads it: Hit List's noted model killed, Escort Mission's model in the enemy zone,
    an Interact removal of an enemy Scheme Marker, a Blast kill with an empty Pool."""
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "hit-list")
    hold(bravo, "escort-mission")
    game = game_in_play(campaign_week)
    sergeant_b, guard_b = hired(game, "b", "Sergeant"), hired(game, "b", "Guard")
    captain_a, guard_a = hired(game, "a", "Captain"), hired(game, "a", "Guard")
    table.note(game=game, actor=alpha.player, bounty="hit-list", model=sergeant_b)
    table.note(game=game, actor=bravo.player, bounty="escort-mission", model=guard_b)
    risen = table.bring_in(game=game, actor=bravo.player, name="Risen", side_key="b", cost=4,
                           station="minion", characteristics=["Undead"])
    table.mark(game=game, actor=alpha.player, kind="scheme", owner="a", quarter=1, delta=2)
    table.mark(game=game, actor=bravo.player, kind="scheme", owner="a", quarter=1, delta=-1,
               interact=True)
    table.mark(game=game, actor=alpha.player, kind="corpse", delta=1)
    for _ in range(game.sides.get(key="a").soulstone_pool):
        table.adjust_pool(game=game, actor=alpha.player, side_key="a", change=-1)
    tracker.record_casualty(game=game, actor=alpha.player, side_key="b", model=sergeant_b,
                            by_model=captain_a, blast=True, action="Shotgun")
    tracker.record_casualty(game=game, actor=alpha.player, side_key="b", table_model=risen,
                            by_model=guard_a)
    table.model_event(game=game, actor=alpha.player, kind="horror_failed", model=guard_b)
    table.model_event(game=game, actor=alpha.player, kind="upgrade_attached", model=guard_a,
                      name="Badge")
    table.set_end_facts(game=game, actor=bravo.player, side_key="b", escorted=True,
                        in_their_zone=(2, 1), engaging_leader=2)
    casualty = Casualty.objects.get(model=sergeant_b)
    tracker.flip_finished_off(casualty=casualty, actor=bravo.player, table_card="1R")
    game, record = confirm(game, alpha, bravo)

    assert record.version == 2 and len(record.models) == 9  # 4 + 4 hired, the Risen
    (killed, raised) = record.kills
    assert killed.blast and killed.action == "Shotgun" and killed.pools["a"] == 0
    assert record.model(killed.victim_ref).name == "Sergeant" and killed.by_side == "a"
    assert record.model(raised.victim_ref).origin == "summoned"
    assert record.model(raised.victim_ref).characteristics == ("undead",)
    assert record.sides["a"].bounty == "hit-list"
    a, b = game_facts(record, "a", game.pk), game_facts(record, "b", game.pk)
    assert [c.noted for c in a.casualties] == [True, False]
    assert a.casualties[0].with_blast and a.casualties[0].our_pool_empty
    assert b.escorted_noted_model and b.friendly_in_enemy_zone == 2
    assert b.enemy_in_enemy_zone == 1 and b.engaging_enemy_leader == 2
    assert b.enemy_marker_removals == 1 and a.own_scheme_markers_at_end == 1
    assert a.corpse_markers_at_end == 1 and b.enemies_failed_horror == 0
    assert a.enemies_failed_horror == 1 and a.upgrades_attached == 1
    assert b.summoned_soulstones == 4
    assert BountyNote.objects.filter(side__game=game, revealed=False).count() == 0


def test_a_model_killed_by_a_neutral_is_finished_off_without_a_flip(roster):
    """Neutral models: a player's model killed or sacrificed by a Neutral model is
    automatically Finished Off. A Neutral victim belongs to nobody and never flips."""
    from tests.campaign.factories import campaign_in_week_one

    campaign, (alpha, bravo), organizer = campaign_in_week_one(roster, event="guild-patrol")
    game = game_in_play((campaign, alpha, bravo, organizer))
    with pytest.raises(EncounterError, match="Name the model"):
        table.bring_in(game=game, actor=alpha.player, name=" ", side_key=None)
    guard = table.bring_in(game=game, actor=alpha.player, name="Guild Guard", side_key=None,
                           station="minion", cost=5)
    victim = hired(game, "a", "Guard")
    fell = tracker.record_casualty(game=game, actor=bravo.player, side_key="a", model=victim,
                                   by_table_model=guard)
    assert fell.finished_off == Casualty.FinishedOff.AUTOMATIC and fell.by_side == "neutral"
    dead = tracker.record_casualty(game=game, actor=alpha.player, side_key="a",
                                   table_model=guard, by_model=hired(game, "a", "Sergeant"))
    assert dead.side is None and dead.finished_off == Casualty.FinishedOff.NOT_ARSENAL
    _, record = confirm(game, alpha, bravo)
    assert record.kills[1].victim_side == "neutral"
    assert [c.victim for c in game_facts(record, "a", 1).casualties] == ["friendly", "neutral"]


def test_wrong_facts_are_refused_and_write_nothing(campaign_week):
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "hit-list")
    hold(bravo, "roundup")
    game = game_in_play(campaign_week)
    guard_b = hired(game, "b", "Guard")  # costs 5: too cheap for Hit List
    with pytest.raises(EncounterError, match="costing 6 or more"):
        table.note(game=game, actor=alpha.player, bounty="hit-list", model=guard_b)
    with pytest.raises(EncounterError, match="does not hold"):
        table.note(game=game, actor=alpha.player, bounty="escort-mission",
                   model=hired(game, "a", "Guard"))
    with pytest.raises(EncounterError, match="at least three enemy models"):
        table.note(game=game, actor=bravo.player, bounty="roundup", characteristic="Living")
    with pytest.raises(EncounterError, match="Only 0"):
        table.mark(game=game, actor=alpha.player, kind="scheme", owner="b", quarter=2, delta=-1)
    with pytest.raises(EncounterError, match="enemy"):
        table.mark(game=game, actor=alpha.player, kind="scheme", owner="a", quarter=0,
                   delta=-1, interact=True)
    with pytest.raises(EncounterError, match="no Neutral models"):
        table.bring_in(game=game, actor=alpha.player, name="Guild Guard", side_key=None)
    with pytest.raises(EncounterError, match="Escort Mission"):
        table.set_end_facts(game=game, actor=alpha.player, side_key="b", escorted=True)
    assert not BountyNote.objects.exists() and not MarkerChange.objects.exists()
    assert not TableModel.objects.exists()
    a = client_for(alpha.player)
    html = act(a, "marker", game, {"change": "scheme:b:9:1"})
    assert errors(html) and not MarkerChange.objects.exists()
    response = a.post(f"/api/games/{game.pk}/markers/", {"kind": "pig", "delta": 0},
                      content_type="application/json")
    assert response.status_code == 400 and {"kind", "delta"} <= set(response.json())
    response = a.post(f"/api/games/{game.pk}/end-facts/",
                      {"side": "a", "in_their_zone": [1]}, content_type="application/json")
    assert response.status_code == 400 and "in_their_zone" in response.json()
    stranger = client_for(UserFactory())
    assert stranger.post(url("marker", game), {"change": "corpse::0:1"}).status_code in (302,
                                                                                        403)
    assert not MarkerChange.objects.exists()


def test_a_secret_hit_list_target_stays_hidden_until_the_game_counts(campaign_week):
    """Hit List: the target is noted secretly. The opponent (page, API, log) only learns
    that a note exists, until the owner reveals it or the result counts."""
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "hit-list")
    game = game_in_play(campaign_week)
    a, b = client_for(alpha.player), client_for(bravo.player)
    sergeant = hired(game, "b", "Sergeant")
    act(a, "note", game, {"bounty": "hit-list", "model": sergeant.pk})
    mine = main(a.get(game.get_absolute_url()))
    assert "Hit List: <strong>Sergeant</strong>" in mine.replace("\n", "")
    theirs = main(b.get(game.get_absolute_url()))
    assert "Side A noted a model for Hit List (secret)." in theirs
    assert "you noted" not in theirs and "Hit List: <strong>" not in theirs
    api = b.get(f"/api/games/{game.pk}/").json()["table"]
    assert api["notes"] == [] and api["secret_notes"] == [{"side": "a", "bounty": "Hit List"}]
    assert a.get(f"/api/games/{game.pk}/").json()["table"]["notes"][0]["model"] == "Sergeant"
    confirm(game, alpha, bravo)
    api = b.get(f"/api/games/{game.pk}/").json()["table"]
    assert api["notes"][0]["model"] == "Sergeant" and api["notes"][0]["revealed"]


def test_the_tracker_asks_only_what_the_crews_bounties_need(campaign_week):
    """A crew holding Map It Out gets the Scheme Marker board; Kabloooy! a Blast box; a crew
    whose Bounty needs nothing from the table gets neither. Taps work with and without
    JavaScript."""
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "do-the-job-get-paid")
    game = game_in_play(campaign_week)
    a = client_for(alpha.player)
    page = main(a.get(game.get_absolute_url()))
    assert 'id="marker-board"' not in page and "casualty_blast" not in page
    assert 'id="end-facts"' not in page
    CrewBounty.objects.filter(crew=alpha).update(bounty_key="map-it-out")
    CrewBounty.objects.create(crew=bravo, bounty_key="kabloooy", name="K", bought_week=1)
    page = main(a.get(game.get_absolute_url()))
    assert 'id="marker-board"' in page and 'id="casualty_blast"' in page
    assert 'data-markers="scheme-a"' in page and 'data-markers="scheme-b"' not in page
    html = act(a, "marker", game, {"change": "scheme:a:3:1"})
    assert 'id="count-scheme-a-3">1<' in html
    act(a, "marker", game, {"change": "scheme:a:3:1"}, htmx=False)
    assert MarkerChange.objects.filter(game=game).count() == 2
    assert 'id="count-scheme-a-3">2<' in main(a.get(game.get_absolute_url()))


def test_end_of_game_questions_for_the_bounty_held(campaign_week):
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "take-their-land")
    game = game_in_play(campaign_week)
    a = client_for(alpha.player)
    form = main(a.get(game.get_absolute_url()))
    assert 'id="end-facts-a"' in form and "in_their_zone" in form and "pigs" not in form
    act(a, "end-facts", game, {"side": "a", "in_their_zone": 3, "theirs_in_their_zone": 1})
    _, record = confirm(game, alpha, bravo)
    assert record.end.zones["b"] == {"a": 3, "b": 1, "neutral": 0}
    facts = game_facts(record, "a", 1)
    assert facts.friendly_in_enemy_zone == 3 and facts.enemy_in_enemy_zone == 1


def test_the_casualty_form_prefills_the_last_killer(campaign_week):
    _, alpha, _, _ = campaign_week
    game = game_in_play(campaign_week)
    sergeant = hired(game, "a", "Sergeant")
    tracker.record_casualty(game=game, actor=alpha.player, side_key="b",
                            model=hired(game, "b", "Guard"), by_model=sergeant)
    page = main(client_for(alpha.player).get(game.get_absolute_url()))
    select = page[page.index('id="casualty_by_model"'):]
    select = select[:select.index("</select>")]
    assert f'value="{sergeant.pk}" selected' in select


def test_panel_queries_do_not_grow_with_the_facts(campaign_week):
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "map-it-out")
    CrewBounty.objects.create(crew=bravo, bounty_key="escort-mission", name="E", bought_week=1)
    game = game_in_play(campaign_week)

    def count(user):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        client = client_for(user)
        client.get(url("panel", game))
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url("panel", game)).status_code == 200
        return len(queries)

    table.mark(game=game, actor=alpha.player, kind="scheme", owner="a", quarter=1, delta=1)
    few = count(alpha.player), count(bravo.player)
    for q in (2, 3, 4):
        table.mark(game=game, actor=alpha.player, kind="scheme", owner="a", quarter=q, delta=1)
        table.bring_in(game=game, actor=bravo.player, name=f"Risen {q}", side_key="b", cost=4)
    table.note(game=game, actor=bravo.player, bounty="escort-mission",
               model=hired(game, "b", "Guard"))
    assert (count(alpha.player), count(bravo.player)) == few


def test_the_api_records_the_same_facts(campaign_week):
    """The API writes through the same services: a summoned model, a Blast kill of it,
    Markers, an end-of-game answer; the game's JSON shows them and the record holds them."""
    _, alpha, bravo, _ = campaign_week
    hold(alpha, "kabloooy")
    hold(bravo, "lend-a-hand")
    game = game_in_play(campaign_week)
    a = client_for(alpha.player)

    def post(path, body):
        response = a.post(f"/api/games/{game.pk}/{path}/", body,
                          content_type="application/json")
        assert response.status_code == 200, response.content
        return response.json()

    data = post("table-models", {"side": "b", "name": "Risen", "cost": 4,
                                 "characteristics": ["Undead"]})
    (risen,) = data["table"]["models"]
    assert risen["characteristics"] == ["undead"] and risen["side"] == "b"
    post("casualties", {"side": "b", "table_model": risen["id"], "blast": True,
                        "by_model": hired(game, "a", "Captain").pk})
    data = post("markers", {"kind": "corpse", "delta": 5})
    assert data["table"]["markers"] == [{"kind": "corpse", "owner": "", "quarter": 0,
                                         "count": 5}]
    assert set(data["table"]["needed"]) >= {"blast", "markers.corpse"}
    post("end-facts", {"side": "a", "pool": 3})
    _, record = confirm(game, alpha, bravo)
    facts = game_facts(record, "a", 1)
    assert facts.casualties[0].with_blast and facts.casualties[0].victim == "opposing"
    assert facts.soulstones_at_end == 3
    assert game_facts(record, "b", 1).corpse_markers_at_end == 5


def test_roundup_is_named_after_deployment(campaign_week):
    """Roundup: after deployment, name a Characteristic three or more enemy models share;
    so not while the game is still being set up."""
    from encounters.services import games
    from tests.encounters.test_pages import choose_two_schemes, set_up_game

    _, alpha, bravo, _ = campaign_week
    hold(alpha, "roundup")
    for crew in (alpha, bravo):
        for model in crew.models.all():
            model.card.characteristics = ["Living"]
            model.card.save(update_fields=["characteristics"])
    game = set_up_game(campaign_week)
    for crew in (alpha, bravo):
        games.hire_crew(game=game, actor=crew.player, models=list(crew.models.all()))
        games.reveal_crew(game=game, actor=crew.player)
    choose_two_schemes(game, alpha, bravo)
    with pytest.raises(EncounterError, match="after deployment"):
        table.note(game=game, actor=alpha.player, bounty="roundup", characteristic="Living")
    assert 'id="note-form"' not in main(client_for(alpha.player).get(game.get_absolute_url()))
    tracker.start(game=game, actor=alpha.player)
    page = main(client_for(alpha.player).get(game.get_absolute_url()))
    assert 'id="note-form"' in page and "note_characteristic" in page
    table.note(game=game, actor=alpha.player, bounty="roundup", characteristic="Living")
    assert BountyNote.objects.get().characteristic == "living"

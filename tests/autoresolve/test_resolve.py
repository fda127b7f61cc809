"""Auto-resolving a campaign game: who may ask, what is refused (writing nothing), the job
played once, confirmation per the campaign's setting, and the result feeding the Aftermath,
Bounties and standings exactly as a played game's."""

from dataclasses import replace

import pytest
from django.core.exceptions import PermissionDenied

from aftermath.facts import bounty_facts, side_facts
from autoresolve.models import ResolveRequest, ResolveRun
from autoresolve.services import resolve
from autoresolve.tasks import resolve_game
from campaign.models import ArsenalUpgrade
from encounters.models import (
    Casualty,
    Game,
    GameLog,
    HiredModel,
    MarkerChange,
    ResultReport,
)
from encounters.services import results, tracker
from notifications.models import Notification
from rules.engine.simulation import SIMULATOR_VERSION, EncounterInput, simulate
from standings.selectors import load_facts
from tests.autoresolve.conftest import SEED, ready_game, seeded_game


def _both_ask(game, alpha, bravo, capture):
    resolve.request_resolve(game=game, actor=alpha.player)
    with capture(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    return ResolveRun.objects.get(game=game)


def _rows(game):
    return (ResolveRun.objects.count(), ResolveRequest.objects.count(),
            Casualty.objects.filter(game=game).count(), ResultReport.objects.count(),
            Game.objects.get(pk=game.pk).state)


def test_both_players_ask_and_the_job_reports_an_auto_resolved_result(
        game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    first = resolve.request_resolve(game=game, actor=alpha.player)
    assert not first.queued and first.run.status == "asking"
    assert Notification.objects.filter(user=bravo.player, kind="auto_resolve_request").exists()
    run = _both_ask_second(game, bravo, django_capture_on_commit_callbacks)
    assert run.status == "done" and run.progress == 100
    assert Notification.objects.get(user=bravo.player, kind="auto_resolve_request").read_at
    assert run.seed == SEED and run.simulator_version == SIMULATOR_VERSION
    game.refresh_from_db()
    assert game.state == Game.State.REPORTED
    report = game.reports.get()
    assert report.details["auto_resolved"] == {"run": run.pk, "seed": SEED,
                                               "simulator": SIMULATOR_VERSION,
                                               "mode": "both_players"}
    # The same input, seed and simulator version play the same game again.
    again = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    assert (report.vp_a, report.vp_b) == (again.vp["a"], again.vp["b"])
    assert run.log["events"] == again.log["events"]
    hired = {h.pk: h for h in HiredModel.objects.filter(side__game=game)}
    killed = [(hired[run.arsenal[c.model]].pk, c.turn) for c in again.casualties]
    assert [(c.model_id, c.turn) for c in game.casualties.order_by("id")] == killed
    assert killed, "the fixed seed's game has casualties"
    assert all(c.finished_off in ("finished", "spared", "already")
               for c in game.casualties.all())


def _both_ask_second(game, bravo, capture):
    with capture(execute=True):
        resolve.request_resolve(game=game, actor=bravo.player)
    return ResolveRun.objects.get(game=game)


def test_a_campaign_that_never_auto_resolves_refuses_and_writes_nothing(game, league_week):
    campaign, alpha, _, _ = league_week
    campaign.auto_resolve = "never"
    campaign.save()
    before = _rows(game)
    with pytest.raises(resolve.ResolveRefused, match="does not allow"):
        resolve.request_resolve(game=game, actor=alpha.player)
    assert _rows(game) == before


def test_a_game_not_set_up_is_refused(league_week):
    campaign, alpha, bravo, _ = league_week
    from encounters.services import games

    game = games.create_campaign_game(campaign=campaign, crew_a=alpha, crew_b=bravo,
                                      actor=alpha.player)
    before = _rows(game)
    with pytest.raises(resolve.ResolveRefused, match="not set up"):
        resolve.request_resolve(game=game, actor=alpha.player)
    assert _rows(game) == before


def test_a_counted_game_is_refused(game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    tracker.start(game=game, actor=alpha.player)
    results.report_result(game=game, actor=alpha.player, vp_a=3, vp_b=1)
    with django_capture_on_commit_callbacks(execute=True):
        results.confirm_result(game=game, actor=bravo.player)
    before = _rows(game)
    with pytest.raises(resolve.ResolveRefused, match="already counts"):
        resolve.request_resolve(game=game, actor=alpha.player)
    assert _rows(game) == before


def test_a_game_already_resolving_is_refused(game, league_week):
    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    resolve.request_resolve(game=game, actor=bravo.player)  # queued; the job has not run
    before = _rows(game)
    with pytest.raises(resolve.ResolveRefused, match="already being auto-resolved"):
        resolve.request_resolve(game=game, actor=alpha.player)
    with pytest.raises(resolve.ResolveRefused, match="already asked"):
        ResolveRun.objects.update(status="asking")
        resolve.request_resolve(game=game, actor=alpha.player)
    assert _rows(game)[1:] == before[1:]


def test_an_arsenal_changed_since_hiring_is_refused(game, league_week):
    _campaign, alpha, _, _ = league_week
    hired = HiredModel.objects.filter(side__game=game, side__key="a").first()
    ArsenalUpgrade.objects.create(crew=alpha, kind="injury", table_key="shaken", name="Shaken",
                                  attached_to=hired.arsenal_model)
    before = _rows(game)
    with pytest.raises(resolve.ResolveRefused, match="arsenal changed"):
        resolve.request_resolve(game=game, actor=alpha.player)
    assert _rows(game) == before


def test_only_the_players_ask_and_only_an_organizer_in_organizer_mode(game, league_week):
    campaign, alpha, _bravo, organizer = league_week
    with pytest.raises(PermissionDenied):
        resolve.request_resolve(game=game, actor=organizer)
    campaign.auto_resolve = "organizer"
    campaign.save()
    with pytest.raises(PermissionDenied):
        resolve.request_resolve(game=game, actor=alpha.player)
    assert not ResolveRun.objects.exists()


def test_a_duplicated_or_retried_job_resolves_the_game_once(
        game, league_week, django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _ = league_week
    resolve.request_resolve(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        resolve.request_resolve(game=game, actor=bravo.player)
    run = ResolveRun.objects.get()
    assert run.status == "queued" and len(callbacks) == 1
    resolve_game(run.pk)
    casualties = game.casualties.count()
    resolve_game(run.pk)  # the same message delivered again
    callbacks[0]()  # and the one the request sent
    assert ResultReport.objects.filter(game=game).count() == 1
    assert game.casualties.count() == casualties
    assert GameLog.objects.filter(game=game, text__startswith="Auto-resolved").count() == 1
    run.refresh_from_db()
    assert run.status == "done" and run.attempts == 1


def test_both_players_confirm_before_it_counts(game, league_week,
                                               django_capture_on_commit_callbacks):
    _campaign, alpha, bravo, _organizer = league_week
    _both_ask(game, alpha, bravo, django_capture_on_commit_callbacks)
    results.confirm_result(game=game, actor=alpha.player)
    game.refresh_from_db()
    assert game.state == Game.State.REPORTED
    with pytest.raises(resolve.ResolveRefused, match="waiting for your opponent"):
        resolve.confirm(game=game, actor=alpha.player)
    with pytest.raises(results.EncounterError, match="auto-resolved"):
        results.report_result(game=game, actor=alpha.player, vp_a=9, vp_b=0)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.confirm(game=game, actor=bravo.player)
    game.refresh_from_db()
    assert game.state in (Game.State.AFTERMATH, Game.State.DONE)
    assert game.reports.get().status == "confirmed"


def test_in_organizer_mode_the_organizer_resolves_and_rules(
        game, league_week, django_capture_on_commit_callbacks):
    campaign, alpha, _bravo, organizer = league_week
    campaign.auto_resolve = "organizer"
    campaign.save()
    with django_capture_on_commit_callbacks(execute=True):
        out = resolve.request_resolve(game=game, actor=organizer)
    assert out.queued
    with pytest.raises(PermissionDenied):
        resolve.confirm(game=game, actor=alpha.player)
    with django_capture_on_commit_callbacks(execute=True):
        resolve.confirm(game=game, actor=organizer)
    game.refresh_from_db()
    assert game.reports.get().status == "ruled"
    assert game.state in (Game.State.AFTERMATH, Game.State.DONE)


def _play_twin(campaign, alpha, bravo, resolved: Game):
    """The same game played at the table through the tracker: the same kills by the same
    killers, the same VP and scheme VP, the same Finished Off outcomes."""
    twin = ready_game(campaign, alpha, bravo, resolved.setup)
    tracker.start(game=twin, actor=alpha.player)
    by_arsenal = {h.arsenal_model_id: h for h in HiredModel.objects.filter(side__game=twin)}
    for c in resolved.casualties.select_related("model", "by_model", "side").order_by("id"):
        Game.objects.filter(pk=twin.pk).update(turn=c.turn)
        made = tracker.record_casualty(
            game=twin, actor=alpha.player, side_key=c.side.key,
            model=by_arsenal[c.model.arsenal_model_id],
            by_model=by_arsenal[c.by_model.arsenal_model_id] if c.by_model_id else None,
            by_effect=c.by_effect, by_side=c.by_side, action=c.action, blast=c.blast,
            own_activation=c.own_activation)
        Casualty.objects.filter(pk=made.pk).update(finished_off=c.finished_off, pools=c.pools)
    for m in MarkerChange.objects.filter(game=resolved).order_by("id"):
        MarkerChange.objects.create(game=twin, turn=m.turn, kind=m.kind, owner=m.owner,
                                    quarter=m.quarter, delta=m.delta, by_side=m.by_side,
                                    interact=m.interact)
    for side in resolved.sides.all():
        twin_side = twin.sides.get(key=side.key)
        twin_side.strategy_vp, twin_side.end_facts = side.strategy_vp, side.end_facts
        twin_side.soulstone_pool = side.soulstone_pool
        twin_side.save()
        vp = {s.scheme_key: (s.vp, s.revealed) for s in side.schemes.all()}
        for choice in twin_side.schemes.all():
            choice.vp, choice.revealed = vp[choice.scheme_key]
            choice.save()
    report = resolved.reports.get()
    results.report_result(game=twin, actor=alpha.player, vp_a=report.vp_a, vp_b=report.vp_b)
    results.confirm_result(game=twin, actor=bravo.player)
    return Game.objects.get(pk=twin.pk)


def test_simulated_casualties_feed_finished_off_the_aftermath_bounties_and_standings(
        game, league_week, django_capture_on_commit_callbacks):
    campaign, alpha, bravo, _ = league_week
    run = _both_ask(game, alpha, bravo, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False):
        results.confirm_result(game=game, actor=alpha.player)
        results.confirm_result(game=game, actor=bravo.player)
    game.refresh_from_db()
    simulated = simulate(EncounterInput.from_dict(run.input), seed=run.seed)
    finished = [c for c in game.casualties.all() if c.finished_off == "finished"]
    for key in ("a", "b"):
        facts = side_facts(game.record, key)
        assert sorted(facts.finished_off) == sorted(
            c.model.arsenal_model_id for c in finished if c.side.key == key)
    kills = game.record["kills"]
    assert len(kills) == len(simulated.casualties)
    with django_capture_on_commit_callbacks(execute=False):
        twin = _play_twin(campaign, alpha, bravo, game)
    for key in ("a", "b"):
        assert side_facts(twin.record, key) == side_facts(game.record, key)
        assert replace(bounty_facts(twin.pk, twin.record, key), game=game.pk) == \
            bounty_facts(game.pk, game.record, key)
    strip = ("finished_off",)
    assert [{k: v for k, v in kill.items() if k not in strip} for kill in twin.record["kills"]] \
        == [{k: v for k, v in kill.items() if k not in strip} for kill in kills]
    facts = load_facts(campaign)
    for crew in (alpha, bravo):
        outcomes = facts.for_crew(crew.pk).games
        assert len(outcomes) == 2 and outcomes[0] == outcomes[1]


def test_an_auto_resolved_game_gives_bouncers_crew_its_plus_on_finished_off(
        league_week, django_capture_on_commit_callbacks):
    """Bouncer (Saloon) twists the server's Finished Off flips of its own crew's models in
    an auto-resolved game as the tracker does at the table (the lowest card counts)."""
    from campaign.models import Fortification, HideOut
    from rules.engine.cards import Card

    campaign, alpha, bravo, _ = league_week
    game = seeded_game(campaign, alpha, bravo)  # the setup's flips, not the Finished Off ones
    hide_out = HideOut.objects.create(crew=bravo, hide_out_key="saloon", name="Saloon")
    Fortification.objects.create(hide_out=hide_out, key="bouncer", name="Bouncer",
                                 built_week=1)
    resolve.request_resolve(game=game, actor=alpha.player)
    _both_ask_second(game, bravo, django_capture_on_commit_callbacks)
    flipped = {key: [c for c in game.casualties.select_related("flip", "side")
                     if c.flip_id and c.side.key == key] for key in "ab"}
    assert flipped["a"] and flipped["b"], "the fixed seed's game finishes models on both sides"
    for casualty in flipped["b"]:
        record = casualty.flip
        assert len(record.cards) == 2 and record.net_twist == 1
        assert "Bouncer" in record.purpose
        cards = [Card.parse(c) for c in record.cards]
        if not any(c.joker == "black" for c in cards):
            assert Card.parse(record.chosen).value == min(c.value for c in cards)
    assert all(len(c.flip.cards) == 1 for c in flipped["a"])  # Alpha has no Bouncer

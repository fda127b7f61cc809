"""The Malediction part of the edges world: the sample pack, a war band of the crew's
player (Alpha), an event of the world's league with Alpha's and Bravo's lists submitted
(the deadline passed, lists revealed when paired), round 1 paired with their match."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace


def build(league, users) -> SimpleNamespace:
    from django.utils import timezone

    from malediction.models import Event, Team
    from malediction.packs.sample import load_sample_pack
    from malediction.services import events, warbands
    from tests.malediction.conftest import legal_band

    pack = load_sample_pack().pack
    alpha, bravo = users["crew_player"], users["other_player"]
    organizer = users["organizer"]
    band = warbands.save_war_band(owner=alpha, name="Alpha's band", **legal_band(pack))
    bravo_band = warbands.save_war_band(owner=bravo, name="Bravo's band", **legal_band(pack))
    event = events.create_event(league=league, actor=organizer, name="Relic Hunt",
                                list_deadline=timezone.now() + dt.timedelta(days=1))
    regs = []
    for player, own in ((alpha, band), (bravo, bravo_band)):
        reg = events.register(event=event, player=player, actor=player)
        warbands.submit_list(registration=reg, war_band=own, actor=player)
        events.check_in(registration=reg, actor=player)
        regs.append(reg)
    Event.objects.filter(pk=event.pk).update(list_deadline=timezone.now()
                                             - dt.timedelta(hours=1))
    event.refresh_from_db()
    rnd = events.open_round(event=event, actor=organizer, date=dt.date(2026, 12, 1))
    match = events.pair_round(round=rnd, actor=organizer, seed=1).matches[0]
    # A team (the event is not a team mode, and round 1 is paired: fixed either way).
    team = Team.objects.create(event=event, name="Early birds")
    # A second event whose lists are locked and not yet revealed: Alpha's is a secret.
    sealed = events.create_event(league=league, actor=organizer, name="Sealed Lists",
                                 list_deadline=timezone.now() + dt.timedelta(days=1))
    sealed_reg = events.register(event=sealed, player=alpha, actor=alpha)
    warbands.submit_list(registration=sealed_reg, war_band=band, actor=alpha)
    Event.objects.filter(pk=sealed.pk).update(list_deadline=timezone.now()
                                              - dt.timedelta(hours=1))
    # Auto-resolve (issue 28): the event lets both players agree; Alpha has asked; a
    # finished prediction of Alpha's.
    from autoresolve.models import MalEventSetting, MalResolveRun, Prediction

    MalEventSetting.objects.create(event=event, auto_resolve="both_players")
    run = MalResolveRun.objects.create(match=match, mode="both_players", requested_by=alpha,
                                       asked=["a"])
    prediction = Prediction.objects.create(
        key="mal-edges", game="malediction", requested_by=alpha, label="Alpha / Bravo",
        games=100, seed=1, simulator_version="edges", status="done")
    return SimpleNamespace(pack=pack, band=band, event=event, regs=regs, round=rnd,
                           match=match, league=league, sealed_reg=sealed_reg, run=run, team=team,
                           prediction=prediction)


def values(name: str, mal: SimpleNamespace) -> dict:
    """Path values for a Malediction route, by what the route is about."""
    if "resolve-run" in name:  # the auto-resolve API (autoresolve.mal_api)
        return {"pk": mal.run.pk, "id": mal.run.pk}
    if "malediction-prediction" in name:
        return {"pk": mal.prediction.pk, "id": mal.prediction.pk}
    if "pack" in name:
        return {"slug": mal.pack.slug}
    if "war-band" in name or "war_band" in name or "warband" in name:
        return {"pk": mal.band.pk, "id": mal.band.pk}
    last = name.split(":")[-1]
    if "archive" in last:  # an event's archive (the page and the API): the event's id
        return {"pk": mal.event.pk, "id": mal.event.pk, "league_slug": mal.league.slug}
    if "open-round" not in name and (last in ("pair", "unpair") or "round" in last):
        return {"pk": mal.round.pk, "id": mal.round.pk}
    if "registration" in name:  # the locked, unrevealed list (the secrets walk's secret)
        return {"pk": mal.sealed_reg.pk, "id": mal.sealed_reg.pk}
    if "match" in name or name.endswith(("report", "confirm", "dispute", "rule", "swap",
                                         "tracker", "tracker-entry", "tracker-undo",
                                         "tracker-state")):
        return {"pk": mal.match.pk, "id": mal.match.pk}
    return {"pk": mal.event.pk, "id": mal.event.pk, "league_slug": mal.league.slug,
            "registration_id": mal.regs[0].pk, "fmt": "csv", "team_id": mal.team.pk}


def autoresolve_values(name: str, mal: SimpleNamespace) -> dict:
    """Path values for the Malediction auto-resolve routes (``autoresolve:mal-*``)."""
    if name.endswith(("mal-withdraw", "mal-replay")):
        return {"pk": mal.run.pk}
    if "prediction" in name:
        return {"pk": mal.prediction.pk}
    if name.endswith("mal-setting"):
        return {"pk": mal.event.pk}
    return {"pk": mal.match.pk}

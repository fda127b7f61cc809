"""Event and match pages: create, register, submit, pair, report, confirm, standings
(CSV/XLSX read back), and a locked list kept secret until the reveal."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from malediction import selectors
from malediction.models import Event, Match, Registration, Reveal
from malediction.services import events, warbands
from tests.malediction.conftest import legal_band

pytestmark = pytest.mark.django_db


def test_organizer_creates_an_event_players_cannot(client, world):
    url = reverse("malediction:event-new", args=[world.league.slug])
    client.force_login(world.players[0])
    assert client.get(url).status_code == 403
    client.force_login(world.organizer)
    bad = client.post(url, {"name": "", "mode": "standard"})
    assert bad.status_code == 400
    made = client.post(url, {"name": "Winter Cup", "mode": "demo",
                             "list_deadline": "2026-12-01T18:00", "reveal": "open",
                             "planned_rounds": 2})
    event = Event.objects.get(name="Winter Cup")
    assert made.status_code == 302 and (event.board, event.threshold) == (24, 25)


def _submit(world, sample, index):
    band = warbands.save_war_band(owner=world.players[index], name=f"Band {index}",
                                  **legal_band(sample))
    warbands.submit_list(registration=world.regs[index], war_band=band,
                         actor=world.players[index])


def test_a_locked_list_is_secret_until_paired(client, world, sample):
    for i in (0, 1, 2, 3):
        _submit(world, sample, i)
    reg = Registration.objects.get(pk=world.regs[0].pk)
    url = reverse("malediction:registration-list", args=[reg.pk])
    client.force_login(world.players[1])
    assert client.get(url).status_code == 404  # a draft before the deadline
    Event.objects.filter(pk=world.event.pk).update(
        list_deadline=timezone.now() - dt.timedelta(hours=1))
    assert client.get(url).status_code == 404  # locked, not yet revealed
    page = client.get(world.event.get_absolute_url())
    assert b"hidden until revealed" in page.content
    events.pair_round(round=world.round1, actor=world.organizer, seed=5)
    reg.refresh_from_db()
    opponent = next(seat.player for m in Match.objects.filter(round=world.round1)
                    for side in m.sides.all() for seat in side.seats.all()
                    if world.players[0] in [s.player for sd in m.sides.all()
                                            for s in sd.seats.all()]
                    and seat.player != world.players[0])
    others = [p for p in world.players[1:] if p != opponent]
    client.force_login(opponent)
    assert client.get(url).status_code == 200
    client.force_login(others[0])
    assert client.get(url).status_code == 404
    assert not selectors.can_see_list(reg, others[0])
    client.force_login(world.players[0])
    assert client.get(url).status_code == 200
    Event.objects.filter(pk=world.event.pk).update(reveal=Reveal.OPEN)
    client.force_login(others[0])
    assert client.get(url).status_code == 200


def test_register_submit_pair_report_confirm_standings(client, world, sample):
    Registration.objects.filter(event=world.event).delete()
    client.force_login(world.players[0])
    assert client.post(reverse("malediction:register", args=[world.event.pk])).status_code == 302
    band = warbands.save_war_band(owner=world.players[0], name="Mine", **legal_band(sample))
    client.post(reverse("malediction:submit-list", args=[world.event.pk]),
                {"war_band": band.pk})
    reg = Registration.objects.get(player=world.players[0])
    assert reg.submitted_at is not None
    client.post(reverse("malediction:check-in", args=[world.event.pk, reg.pk]))
    client.force_login(world.players[1])
    client.post(reverse("malediction:register", args=[world.event.pk]))
    other = Registration.objects.get(player=world.players[1])
    client.post(reverse("malediction:check-in", args=[world.event.pk, other.pk]))
    client.force_login(world.organizer)
    client.post(reverse("malediction:pair", args=[world.round1.pk]))
    match = Match.objects.get(round=world.round1)
    a_player = match.sides.get(key="a").seats.get().player
    b_player = match.sides.get(key="b").seats.get().player
    client.force_login(a_player)
    page = client.get(match.get_absolute_url())
    assert b"Report the result" in page.content
    bad = client.post(reverse("malediction:report", args=[match.pk]),
                      {"winner": "a", "mastery_a": 41, "mastery_b": 20, "final_round": 9,
                       "win_type": "threshold"})
    assert bad.status_code == 400
    client.post(reverse("malediction:report", args=[match.pk]),
                {"winner": "a", "mastery_a": 41, "mastery_b": 20, "final_round": 4,
                 "win_type": "threshold", "relics_claimed_a": 2})
    client.force_login(b_player)
    client.post(reverse("malediction:confirm", args=[match.pk]))
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    page = client.get(reverse("malediction:standings", args=[world.event.pk]))
    assert str(a_player).encode() in page.content
    xlsx = client.get(reverse("malediction:standings-export", args=[world.event.pk, "xlsx"]))
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    rows = [[c.value for c in row] for row in sheet.iter_rows()]
    top = next(r for r in rows if r[0] == 1)
    assert top[1] == str(a_player) and top[5] == 1 and top[7] == 21  # 1 win, margin 21
    csv = client.get(reverse("malediction:standings-export", args=[world.event.pk, "csv"]))
    assert str(a_player) in csv.content.decode("utf-8-sig")
    pdf = client.get(reverse("malediction:standings-export", args=[world.event.pk, "pdf"]))
    assert pdf.content.startswith(b"%PDF")


def test_side_deck_swap_from_the_match_page(client, world, sample):
    from malediction.models import Kind
    from malediction.services.matches import create_match

    data = legal_band(sample)
    spare = sample.cards.filter(kind=Kind.SPELL, sigils=["primal-blood"]).first()
    band = warbands.save_war_band(owner=world.players[0], name="R", side=[(spare, 1)], **data)
    warbands.submit_list(registration=world.regs[0], war_band=band, actor=world.players[0])
    world.regs[0].refresh_from_db()
    match = create_match(round=world.round1, sides=[[world.regs[0]], [world.regs[1]]])
    client.force_login(world.players[0])
    assert b"swap-form" in client.get(match.get_absolute_url()).content
    out = data["deck"][0][0]
    client.post(reverse("malediction:swap", args=[match.pk]), {"out": [out.pk],
                                                               "in": [spare.pk]})
    seat = match.sides.get(key="a").seats.get()
    assert seat.swap == {"out": [out.name], "in": [spare.name]}

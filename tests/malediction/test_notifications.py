"""Malediction's players hear about their pairings and the results reported against them,
as Malifaux players do: one notification each, emailed after the commit (Celery runs
eagerly in tests) when their preferences say so, in their language."""

from __future__ import annotations

import pytest
from django.core import mail

from malediction.models import Registration, Round
from malediction.result_form import ResultForm
from malediction.services import events, results
from notifications import kinds, services
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _pair(world, capture, seed=3):
    with capture(execute=True):
        return events.pair_round(round=world.round1, actor=world.organizer, seed=seed)


def _seated(match):
    return {side.key: [seat.player for seat in side.seats.all()]
            for side in match.sides.prefetch_related("seats__player")}


def test_pairing_tells_each_player_their_opponent_and_table_once(
        world, django_capture_on_commit_callbacks):
    paired = _pair(world, django_capture_on_commit_callbacks)
    told = {n.user_id: n for n in Notification.objects.filter(kind=kinds.MALEDICTION_PAIRED)}
    assert len(told) == 4 == Notification.objects.filter(kind=kinds.MALEDICTION_PAIRED).count()
    for match in paired.matches:
        seated = _seated(match)
        for key, other in (("a", "b"), ("b", "a")):
            [player], [opponent] = seated[key], seated[other]
            notice = told[player.pk]
            assert notice.url == match.get_absolute_url()
            assert f"you play {opponent} at table {match.table}." in notice.message
            assert "Round 1 of Spring Relic Hunt" in notice.message
    bodies = {m.to[0]: m.body for m in mail.outbox}
    assert set(bodies) == {p.email for p in world.players}
    for match in paired.matches:
        [a], [b] = _seated(match).values()
        assert f"you play {b}" in bodies[a.email] and f"you play {a}" in bodies[b.email]
    # The job again (a retry) notifies nobody twice and sends nothing more.
    from malediction.tasks import send_pairing_notice

    with django_capture_on_commit_callbacks(execute=True):
        send_pairing_notice(world.round1.pk)
    assert Notification.objects.filter(kind=kinds.MALEDICTION_PAIRED).count() == 4
    assert len(mail.outbox) == 4


def test_the_odd_player_out_hears_of_the_bye(world, django_capture_on_commit_callbacks):
    Registration.objects.filter(pk=world.regs[3].pk).update(checked_in=False)
    paired = _pair(world, django_capture_on_commit_callbacks)
    [bye] = [m for m in paired.matches if m.is_bye]
    [player] = _seated(bye)["a"]
    [notice] = Notification.objects.filter(user=player, kind=kinds.MALEDICTION_PAIRED)
    assert "you have the bye, which counts as a win." in notice.message
    assert "you play" not in notice.message
    assert not Notification.objects.filter(user=world.players[3]).exists()
    assert len(mail.outbox) == 3


def test_an_unpaired_round_tells_nobody_and_a_new_pairing_tells_again(
        world, django_capture_on_commit_callbacks):
    from malediction.tasks import send_pairing_notice

    events.pair_round(round=world.round1, actor=world.organizer, seed=3)  # job not run
    events.unpair_round(round=world.round1, actor=world.organizer)
    assert send_pairing_notice(world.round1.pk) == 0
    assert not Notification.objects.exists()
    _pair(world, django_capture_on_commit_callbacks, seed=5)
    assert Notification.objects.filter(kind=kinds.MALEDICTION_PAIRED).count() == 4
    assert Round.objects.get(pk=world.round1.pk).state == Round.State.PAIRED


def test_a_reported_result_asks_the_opponent_only(world, django_capture_on_commit_callbacks):
    paired = _pair(world, django_capture_on_commit_callbacks)
    mail.outbox.clear()
    match = paired.matches[0]
    [a], [b] = _seated(match).values()
    with django_capture_on_commit_callbacks(execute=True):
        results.report_result(match=match, actor=a,
                              form=ResultForm("a", 41, 30, 4, "threshold"))
    [asked] = Notification.objects.filter(kind=kinds.RESULT_TO_CONFIRM)
    assert asked.user == b and asked.url == match.get_absolute_url()
    assert f"{a} reported 41-30 in {a} vs {b} (Spring Relic Hunt)" in asked.message
    assert "confirm it or dispute it" in asked.message
    assert [m.to for m in mail.outbox] == [[b.email]]
    # A dispute goes to the league's organizers, not to the players.
    with django_capture_on_commit_callbacks(execute=True):
        results.dispute_result(match=match, actor=b, reason="It was 30-41")
    [disputed] = Notification.objects.filter(kind=kinds.RESULT_DISPUTED)
    assert disputed.user == world.organizer and "It was 30-41" in disputed.message
    assert [m.to for m in mail.outbox][1:] == [[world.organizer.email]]


def test_emails_turned_off_send_nothing(world, django_capture_on_commit_callbacks):
    for player in world.players:
        services.set_email_preferences(player, {kinds.MALEDICTION_PAIRED: False,
                                                kinds.RESULT_TO_CONFIRM: False})
    paired = _pair(world, django_capture_on_commit_callbacks)
    match = paired.matches[0]
    [a], [_b] = _seated(match).values()
    with django_capture_on_commit_callbacks(execute=True):
        results.report_result(match=match, actor=a,
                              form=ResultForm("a", 41, 30, 4, "threshold"))
    assert mail.outbox == []
    # As on the Malifaux side, the choice is about email: the notice still lists.
    assert Notification.objects.filter(kind=kinds.MALEDICTION_PAIRED).count() == 4
    assert Notification.objects.filter(kind=kinds.RESULT_TO_CONFIRM).count() == 1


def test_the_notice_is_written_in_the_players_language(world, django_capture_on_commit_callbacks):
    player = world.players[0]
    player.language = "fr"
    player.save(update_fields=["language"])
    _pair(world, django_capture_on_commit_callbacks)
    [email] = [m for m in mail.outbox if m.to == [player.email]]
    assert "La ronde 1 de Spring Relic Hunt est appariée" in email.body
    assert "table" in email.body and "Round 1" not in email.body

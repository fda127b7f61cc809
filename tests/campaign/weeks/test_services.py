"""The week lifecycle: turnover, idempotence, the weekly event, organizer controls,
the week's one-offs, the end of the campaign, and the turnover job."""

import datetime

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.db import OperationalError

from campaign.lifecycle import IllegalTransition
from campaign.models import (
    ArsenalUpgrade,
    BulletDraw,
    Campaign,
    CampaignWeek,
    Crew,
    ScripEntry,
    TurnoverRun,
)
from campaign.services import crews
from campaign.services.errors import CampaignError
from campaign.weeks import services as weeks
from campaign.weeks.tasks import due_turnovers, turn_over_week
from league.models import Role
from rules.models import FlipRecord
from tests.campaign.factories import CrewFactory, UpgradeFactory, member

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(built_crew, roster):
    """A running six-week campaign with two built crews."""
    campaign = built_crew.campaign
    rival = CrewFactory(campaign=campaign, player=member(campaign.league))
    crews.build_starting_arsenal(crew=rival, actor=rival.player, leader=roster["henchman"],
                                 models=[roster["minion"]])
    campaign.status = Campaign.Status.RUNNING
    campaign.save()
    return campaign


def week(campaign, number):
    return CampaignWeek.objects.get(campaign=campaign, number=number)


def test_week_one_turns_over_without_new_hires(running, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        result = weeks.turn_over(running, 1)
    assert result.turned_over
    first = week(running, 1)
    assert first.state == CampaignWeek.State.GAMES
    assert [t.to_state for t in first.transitions.all()] == ["event_flipped", "games"]
    flips = weeks.week_flips(first)
    assert flips.exists() and all(f.source == "deck" and f.seed for f in flips)
    assert first.event_chain and first.games_event_key == first.event_chain[-1]
    assert len(mail.outbox) == 2 and "week 1" in mail.outbox[0].subject.lower()
    assert CampaignWeek.objects.filter(campaign=running).count() == 6


def test_turning_over_twice_flips_once(running):
    weeks.turn_over(running, 1)
    flips = FlipRecord.objects.count()
    again = weeks.turn_over(running, 1)
    assert not again.turned_over and "already" in again.reason
    assert FlipRecord.objects.count() == flips


def test_week_two_closes_week_one_and_opens_new_hires(running):
    weeks.turn_over(running, 1)
    weeks.turn_over(running, 2)
    assert week(running, 1).state == CampaignWeek.State.CLOSED
    second = week(running, 2)
    assert [t.to_state for t in second.transitions.all()] == [
        "new_hires", "event_flipped", "games"]
    assert second.event_key != week(running, 1).games_event_key or \
        week(running, 1).event_key != week(running, 1).games_event_key
    running.refresh_from_db()
    assert running.current_week == 2


def test_weeks_turn_in_order(running):
    with pytest.raises(CampaignError, match="Week 1 has not turned over yet"):
        weeks.turn_over(running, 2)
    with pytest.raises(CampaignError, match="weeks 1 to 6"):
        weeks.turn_over(running, 9)


def test_the_lifecycle_refuses_illegal_moves():
    with pytest.raises(IllegalTransition, match="allowed: new_hires, event_flipped"):
        CampaignWeek.LIFECYCLE.check("upcoming", "closed")
    with pytest.raises(IllegalTransition, match="final state"):
        CampaignWeek.LIFECYCLE.check("closed", "games")


def test_after_the_last_week_the_campaign_ends_and_sheets_are_read_only(running, built_crew):
    for number in range(1, 8):
        weeks.turn_over(running, number)
    running.refresh_from_db()
    assert running.status == Campaign.Status.ENDED
    assert week(running, 6).state == CampaignWeek.State.CLOSED
    with pytest.raises(CampaignError, match="read-only"):
        crews.attach_upgrade(crew=built_crew, actor=built_crew.player,
                             upgrade=built_crew.upgrades.create(kind="upgrade", name="X"),
                             model=None)
    assert not weeks.turn_over(running, 7).turned_over


def test_a_failure_leaves_nothing_half_applied(running, monkeypatch):
    weeks.turn_over(running, 1)
    flips = FlipRecord.objects.count()

    def broken(*args, **kwargs):
        raise OperationalError("database went away")

    monkeypatch.setattr(weeks, "flip_weekly_event", broken)
    with pytest.raises(OperationalError):
        weeks.turn_over(running, 2)
    assert week(running, 1).state == CampaignWeek.State.GAMES  # not closed
    assert week(running, 2).state == CampaignWeek.State.UPCOMING
    assert FlipRecord.objects.count() == flips


def test_set_event_records_who_and_why_and_replaces_the_flip(running):
    organizer = member(running.league, Role.ORGANIZER)
    weeks.ensure_weeks(running)
    first = week(running, 1)
    with pytest.raises(CampaignError, match="Say why"):
        weeks.set_event(week=first, actor=organizer, event_key="contract-work", reason=" ")
    with pytest.raises(CampaignError, match="also needs the event"):
        weeks.set_event(week=first, actor=organizer, event_key="a-bad-moon-rises", reason="x")
    with pytest.raises(CampaignError, match="Unknown weekly event"):
        weeks.set_event(week=first, actor=organizer, event_key="tea-party", reason="x")
    with pytest.raises(PermissionDenied):
        weeks.set_event(week=first, actor=member(running.league), event_key="junkyard",
                        reason="x")
    weeks.set_event(week=first, actor=organizer, event_key="junkyard", reason="Store event")
    weeks.turn_over(running, 1)
    first.refresh_from_db()
    assert first.event_key == "junkyard" and first.set_by == organizer
    assert not weeks.week_flips(first).exists()


def test_flip_now_needs_an_organizer(running):
    with pytest.raises(PermissionDenied):
        weeks.flip_now(campaign=running, actor=member(running.league))
    result = weeks.flip_now(campaign=running, actor=member(running.league, Role.ORGANIZER))
    assert result.week.number == 1


def test_bullet_draws_are_a_permutation_and_pay_when_claimed(running, built_crew):
    organizer = member(running.league, Role.ORGANIZER)
    weeks.ensure_weeks(running)
    weeks.set_event(week=week(running, 1), actor=organizer,
                    event_key="a-bullet-with-your-name", games_event_key="junkyard",
                    reason="Bullets")
    weeks.turn_over(running, 1)
    draws = list(BulletDraw.objects.filter(week__campaign=running))
    active = set(running.crews.filter(status="active").values_list("pk", flat=True))
    assert {d.crew_id for d in draws} == {d.target_id for d in draws} == active
    draw = next(d for d in draws if d.crew_id == built_crew.pk)
    other = Crew.objects.exclude(pk=built_crew.pk).get(campaign=running)
    before = Crew.objects.get(pk=built_crew.pk).scrip
    if draw.drew_own_name:
        paid = weeks.claim_bullet(draw=draw, actor=built_crew.player, leader_crew=other)
        assert paid == 4
    else:
        with pytest.raises(CampaignError):
            weeks.claim_bullet(draw=draw, actor=built_crew.player, leader_crew=built_crew)
        paid = weeks.claim_bullet(draw=draw, actor=built_crew.player, leader_crew=other)
        assert paid == 6
    assert Crew.objects.get(pk=built_crew.pk).scrip == before + paid
    with pytest.raises(CampaignError, match="already been claimed"):
        weeks.claim_bullet(draw=draw, actor=built_crew.player, leader_crew=other)
    weeks.turn_over(running, 2)
    assert not BulletDraw.objects.filter(week__number=1, revealed=False).exists()


def test_pit_fight_pays_three_per_kill_winner_and_first_out(running, built_crew):
    organizer = member(running.league, Role.ORGANIZER)
    weeks.ensure_weeks(running)
    weeks.set_event(week=week(running, 1), actor=organizer, event_key="pit-fight",
                    games_event_key="junkyard", reason="Pit night")
    weeks.turn_over(running, 1)
    other = Crew.objects.exclude(pk=built_crew.pk).get(campaign=running)
    entries = [weeks.PitFightEntryInput(built_crew, kills=1), weeks.PitFightEntryInput(other)]
    with pytest.raises(CampaignError, match="winner cannot also"):
        weeks.record_pit_fight(week=week(running, 1), actor=organizer, entries=entries,
                               winner=other, first_eliminated=other)
    weeks.record_pit_fight(week=week(running, 1), actor=organizer, entries=entries,
                           winner=built_crew, first_eliminated=other)
    gains = dict(ScripEntry.objects.filter(week=1, kind="gain", reason="Pit Fight")
                 .values_list("crew_id", "amount"))
    assert gains == {built_crew.pk: 6, other.pk: 3}
    with pytest.raises(CampaignError, match="already recorded"):
        weeks.record_pit_fight(week=week(running, 1), actor=organizer, entries=entries,
                               winner=built_crew, first_eliminated=other)


def test_the_event_adds_one_avatar_per_crew(running, built_crew):
    organizer = member(running.league, Role.ORGANIZER)
    weeks.ensure_weeks(running)
    weeks.set_event(week=week(running, 1), actor=organizer, event_key="the-event",
                    games_event_key="junkyard", reason="Avatars!")
    avatar = UpgradeFactory(name="Avatar of Law", is_avatar=True, factions=["guild"])
    plain = UpgradeFactory(name="Plain", factions=["guild"])
    with pytest.raises(CampaignError, match="during a week of The Event"):
        weeks.choose_event_avatar(crew=built_crew, actor=built_crew.player, avatar=avatar)
    weeks.turn_over(running, 1)
    with pytest.raises(CampaignError, match="not an Avatar"):
        weeks.choose_event_avatar(crew=built_crew, actor=built_crew.player, avatar=plain)
    upgrade = weeks.choose_event_avatar(crew=built_crew, actor=built_crew.player, avatar=avatar)
    assert upgrade.from_event_week == 1 and upgrade.card == avatar
    with pytest.raises(CampaignError, match="already chose"):
        weeks.choose_event_avatar(crew=built_crew, actor=built_crew.player, avatar=avatar)
    assert ArsenalUpgrade.objects.filter(crew=built_crew, card=avatar).count() == 1


def test_new_hires_follow_the_week(running, built_crew, roster):
    weeks.turn_over(running, 1)
    with pytest.raises(CampaignError, match="no New Hires in the first week"):
        crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["peon"]])
    weeks.turn_over(running, 2)
    crews.new_hires(crew=built_crew, actor=built_crew.player, models=[roster["peon"]])


def test_turnover_job_records_each_attempt_and_retries(running, monkeypatch):
    calls = {"n": 0}
    real = weeks.turn_over

    def flaky(campaign_id, number, **kwargs):
        calls["n"] += 1
        if calls["n"] < 3:
            raise OperationalError("connection reset")
        return real(campaign_id, number, **kwargs)

    monkeypatch.setattr(weeks, "turn_over", flaky)
    # Run the retries in-process, as a worker would, instead of raising Retry at once.
    from tests.conftest import set_celery

    set_celery(task_eager_propagates=False)
    try:
        turn_over_week.apply(args=(running.pk, 1))
    finally:
        set_celery(task_eager_propagates=True)
    statuses = list(TurnoverRun.objects.order_by("id").values_list("status", "attempt"))
    assert statuses == [("failed", 1), ("failed", 2), ("succeeded", 3)]
    monkeypatch.setattr(weeks, "turn_over", real)
    turn_over_week.apply(args=(running.pk, 1))
    assert TurnoverRun.objects.order_by("-id").first().status == "skipped"


def test_due_turnovers_follow_the_calendar(running):
    running.start_date = datetime.date(2026, 11, 1)
    running.save()
    now = datetime.datetime(2026, 11, 2, 12, tzinfo=datetime.UTC)
    assert due_turnovers(now) == []  # the first Tuesday is the 3rd
    later = datetime.datetime(2026, 11, 3, 12, tzinfo=datetime.UTC)
    assert due_turnovers(later) == [(running.pk, 1)]
    weeks.turn_over(running, 1)
    assert due_turnovers(later) == []


def test_individual_events_leave_the_flip_to_each_game(running):
    running.individual_events = True
    running.save()
    weeks.turn_over(running, 1)
    first = week(running, 1)
    assert first.state == CampaignWeek.State.GAMES and first.event_chain == []
    assert not weeks.week_flips(first).exists()
    assert "Individual Events" in first.transitions.first().note


def test_week_one_off_refusals(running, built_crew):
    """Claims stay within the campaign and with the drawing player; games events never
    chain; a closed week's Pit Fight cannot be recorded."""
    organizer = member(running.league, Role.ORGANIZER)
    weeks.ensure_weeks(running)
    with pytest.raises(CampaignError, match="cannot be the games' event"):
        weeks.set_event(week=week(running, 1), actor=organizer, event_key="a-bad-moon-rises",
                        games_event_key="a-bullet-with-your-name", reason="x")
    weeks.set_event(week=week(running, 1), actor=organizer,
                    event_key="a-bullet-with-your-name", games_event_key="junkyard",
                    reason="Bullets")
    weeks.turn_over(running, 1)
    draw = BulletDraw.objects.get(week__campaign=running, crew=built_crew)
    elsewhere = CrewFactory(status="active")
    with pytest.raises(CampaignError, match="crew of this campaign"):
        weeks.claim_bullet(draw=draw, actor=built_crew.player, leader_crew=elsewhere)
    other = Crew.objects.exclude(pk=built_crew.pk).get(campaign=running)
    with pytest.raises(PermissionDenied):
        weeks.claim_bullet(draw=draw, actor=organizer, leader_crew=other)
    weeks.set_event(week=week(running, 2), actor=organizer, event_key="pit-fight",
                    games_event_key="junkyard", reason="Pit night")
    weeks.turn_over(running, 2)
    weeks.turn_over(running, 3)
    entries = [weeks.PitFightEntryInput(built_crew), weeks.PitFightEntryInput(other)]
    with pytest.raises(CampaignError, match="closed"):
        weeks.record_pit_fight(week=week(running, 2), actor=organizer, entries=entries,
                               winner=built_crew, first_eliminated=other)


def test_an_event_in_force_last_week_is_reflipped_even_when_it_flipped_another(
        running, organizer, monkeypatch):
    """Campaign book, Weekly Event: when the flip gives last week's result again, flip
    until a new one comes up. Last week was The Event (its games used Contract Work), so
    a Red Joker this week is last week's result and is flipped again; it must not be
    compared only with the event last week's games used."""
    weeks.ensure_weeks(running)
    weeks.set_event(week=week(running, 1), actor=organizer, event_key="the-event",
                    games_event_key="contract-work", reason="Opening night")
    weeks.turn_over(running, 1)
    cards = iter(["RJ", "2R"])

    def scripted(*, label, subject, actor=None):
        from rules.engine.cards import Card

        return lambda purpose: Card.parse(next(cards))

    monkeypatch.setattr(weeks.flip_services, "recorded_draw", scripted)
    weeks.turn_over(running, 2)
    second = week(running, 2)
    assert second.event_key == "they-ride"
    assert second.event_chain == ["they-ride"]


def test_before_the_event_ignores_the_events_free_avatar(running, built_crew, client):
    """Optional rule Before The Event: nobody has access to Avatars, and any effect that
    grants one is ignored, so The Event's free Avatar cannot be taken (nor is it offered
    on the week page)."""
    organizer = member(running.league, Role.ORGANIZER)
    running.before_the_event = True
    running.save(update_fields=["before_the_event"])
    weeks.ensure_weeks(running)
    weeks.set_event(week=week(running, 1), actor=organizer, event_key="the-event",
                    games_event_key="junkyard", reason="Avatars?")
    weeks.turn_over(running, 1)
    avatar = UpgradeFactory(name="Avatar of Law", is_avatar=True, factions=["guild"])
    with pytest.raises(CampaignError, match="Before The Event"):
        weeks.choose_event_avatar(crew=built_crew, actor=built_crew.player, avatar=avatar)
    assert not ArsenalUpgrade.objects.filter(crew=built_crew, card=avatar).exists()
    client.force_login(built_crew.player)
    page = client.get(f"/campaigns/{running.pk}/weeks/1/").content.decode()
    assert 'id="avatar-form"' not in page and 'id="no-avatars"' in page

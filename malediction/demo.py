"""Demo data: a Malediction event of the demo league with two rounds played, so the
league page, the home page and the standings show one on a fresh machine. Idempotent:
run again, it changes nothing."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.utils import timezone

from malediction.models import Card, Event, Kind, Sigil

DEMO_EVENT = "Demo Malediction event (sample data)"
EXTRA_PLAYERS = (("wren", "Wren the Wanderer"), ("moss", "Moss the Mender"))


def sample_war_band(pack, sigil: str) -> dict:
    """A legal war band of one faction: its Seeker, Legacy, a terrain, 14 units at their
    copy limits (31 cards)."""
    cards = list(pack.cards.all())
    seeker = next(c for c in cards if c.kind == Kind.SEEKER and c.sigils == [sigil])
    limits = {"basic": 3, "elite": 2, "unique": 1}
    return {"seeker": seeker, "legacy": Card.objects.get(kind=Kind.LEGACY, seeker=seeker),
            "terrain": next(c for c in cards if c.kind == Kind.TERRAIN),
            "deck": [(c, limits[c.rank]) for c in cards
                     if c.kind == Kind.UNIT and c.sigils == [sigil]]}


def load_demo_event(league, users: dict, password: str) -> Event:
    from league.models import Membership, Role
    from malediction.packs.sample import load_sample_pack
    from malediction.result_form import ResultForm
    from malediction.services import events, results, warbands

    found = Event.objects.filter(league=league, name=DEMO_EVENT).first()
    if found is not None:
        return found
    pack = load_sample_pack().pack
    people = [users["player"], users["rival"]]
    user_model = get_user_model()
    for username, name in EXTRA_PLAYERS:
        user, created = user_model.objects.get_or_create(
            username=username, defaults={"email": f"{username}@demo.invalid",
                                         "display_name": name})
        if created:
            user.set_password(password)
            user.save()
        Membership.objects.update_or_create(league=league, user=user, defaults={
            "role": Role.PLAYER, "status": Membership.Status.ACTIVE})
        people.append(user)
    organizer = users["organizer"]
    event = events.create_event(league=league, actor=organizer, name=DEMO_EVENT,
                                list_deadline=timezone.now() + dt.timedelta(hours=1),
                                planned_rounds=3)
    for person, sigil in zip(people, Sigil.values, strict=True):
        band = warbands.save_war_band(owner=person, name=f"{person.display_name}'s war band",
                                      **sample_war_band(pack, sigil))
        registration = events.register(event=event, player=person, actor=person)
        warbands.submit_list(registration=registration, war_band=band, actor=person)
        events.check_in(registration=registration, actor=person)
    Event.objects.filter(pk=event.pk).update(list_deadline=timezone.now()
                                             - dt.timedelta(days=14))
    event.refresh_from_db()
    today = dt.date.today()
    scores = [(44, 31, 4), (27, 40, 5), (41, 38, 3), (12, 45, 4)]
    for number in (1, 2):
        rnd = events.open_round(event=event, actor=organizer,
                                date=today - dt.timedelta(days=14 - 7 * number))
        paired = events.pair_round(round=rnd, actor=organizer, seed=2024 + number)
        for match in paired.matches:
            if match.is_bye:
                continue
            a, b, final = scores.pop(0)
            winner = "a" if a > b else "b"
            reporter = match.sides.get(key="a").seats.first().player
            confirmer = match.sides.get(key="b").seats.first().player
            results.report_result(match=match, actor=reporter, form=ResultForm(
                winner, a, b, final, "threshold", {winner: {"relics_claimed": 1}}))
            results.confirm_result(match=match, actor=confirmer)
        events.close_round(round=rnd, actor=organizer)
    events.open_round(event=event, actor=organizer, date=today + dt.timedelta(days=7))
    return event

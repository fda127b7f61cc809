"""Running a campaign night: the only writer of nights, check-ins and pairings.

Each service is one transaction that locks the night and re-checks the rules under the
lock. Organizers and admins of the league run the night; a player may check their own
crew in or out. A refusal raises before anything is written.
"""

from __future__ import annotations

import datetime
import random
import secrets
from collections.abc import Mapping

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext

from campaign.lifecycle import IllegalTransition
from campaign.models import Campaign, CampaignWeek, Crew
from campaign.services.access import can_manage_campaign, require_campaign_manager
from campaign.services.errors import CampaignError
from encounters.models import Game
from encounters.services.common import EncounterError
from encounters.services.games import create_campaign_game
from nights import pairing, selectors
from nights.models import CampaignNight, CheckIn, Pairing
from nights.ordering import ranked_crews
from notifications import events as notify

State = CampaignNight.State
MAX_TABLE = 999


class NightError(CampaignError):
    """A rule of the night refuses the request; the message says what to do instead."""


USER_ERRORS = (CampaignError, IllegalTransition)
"""Refusals whose message is meant for the person who asked (pages show it)."""


def _lock(night: CampaignNight | int) -> CampaignNight:
    pk = night.pk if isinstance(night, CampaignNight) else night
    return (CampaignNight.objects.select_for_update(of=("self",))
            .select_related("campaign__league", "week").get(pk=pk))


def _move(night: CampaignNight, target: str) -> None:
    CampaignNight.LIFECYCLE.check(night.state, target)
    night.state = target


def _require_pairable(night: CampaignNight) -> None:
    if not night.is_pairable:
        raise NightError(gettext("The games have started; check-ins and pairings are fixed now."))


def _unpair(night: CampaignNight) -> None:
    """Check-ins changed after pairing: the pairings no longer fit, so they go."""
    if night.state == State.PAIRED:
        night.pairings.all().delete()
        _move(night, State.OPEN)
        night.notes = []
        night.save(update_fields=["state", "notes"])


# --- Opening and check-in ---------------------------------------------------------------


@transaction.atomic
def open_night(*, campaign: Campaign, actor, date: datetime.date | None = None
               ) -> CampaignNight:
    """Open the night of the campaign's current week (one night per week)."""
    campaign = Campaign.objects.select_for_update().select_related("league").get(pk=campaign.pk)
    require_campaign_manager(actor, campaign)
    if campaign.status != Campaign.Status.RUNNING:
        raise NightError(gettext("Start the campaign before opening a night."))
    week = campaign.weeks.filter(number=campaign.current_week).first()
    if week is None or week.state == CampaignWeek.State.CLOSED:
        raise NightError(gettext("Week %(current_week)s is not open; nights belong to the "
"week now in play.") % {"current_week": campaign.current_week})
    existing = CampaignNight.objects.filter(week=week).first()
    if existing is not None:
        raise NightError(
            gettext("Week %(number)s already has its night (%(date)s).")
            % {"number": week.number, "date": date_format(existing.date, "DATE_FORMAT")}
        )
    night = CampaignNight.objects.create(
        campaign=campaign, week=week, created_by=actor, date=date or timezone.localdate()
    )
    notify.check_in_opened(night)
    return night


def _crew_for(night: CampaignNight, crew: Crew, actor) -> Crew:
    crew = Crew.objects.get(pk=crew.pk)
    if crew.campaign_id != night.campaign_id:
        raise NightError(gettext("%(crew)s plays in another campaign.") % {"crew": crew})
    if not (
        crew.player_id == getattr(actor, "pk", None) or can_manage_campaign(actor, night.campaign)
    ):
        raise PermissionDenied(
            gettext("Players check in their own crew; organizers check in anyone.")
        )
    return crew


@transaction.atomic
def check_in(*, night: CampaignNight, crew: Crew, actor) -> CheckIn:
    """Check a crew in (again is harmless). After pairing, the pairings are cleared."""
    night = _lock(night)
    crew = _crew_for(night, crew, actor)
    _require_pairable(night)
    if crew.status != Crew.Status.ACTIVE:
        raise NightError(
            gettext(
                "%(crew)s is not active: only crews with a finished starting "
                "arsenal play campaign games."
            )
            % {"crew": crew}
        )
    existing = CheckIn.objects.filter(night=night, crew=crew).first()
    if existing is not None:
        return existing
    _unpair(night)
    return CheckIn.objects.create(night=night, crew=crew, checked_in_by=actor)


@transaction.atomic
def check_out(*, night: CampaignNight, crew: Crew, actor) -> None:
    night = _lock(night)
    crew = _crew_for(night, crew, actor)
    _require_pairable(night)
    if CheckIn.objects.filter(night=night, crew=crew).exists():
        _unpair(night)
        CheckIn.objects.filter(night=night, crew=crew).delete()


# --- Pairing ----------------------------------------------------------------------------


def _names(crews) -> dict[int, str]:
    return {c.pk: c.name for c in crews}


@transaction.atomic
def generate_pairings(
    *, night: CampaignNight, actor, method: str, rng: random.Random | None = None
) -> list[Pairing]:
    """Pair the checked-in crews (replacing the night's unstarted pairings) and number
    the tables in pairing order. ``rng`` replaces the recorded random seed in tests."""
    night = _lock(night)
    require_campaign_manager(actor, night.campaign)
    _require_pairable(night)
    if method not in CampaignNight.Method.values:
        raise NightError(gettext("Pair by current standings or at random."))
    crews = [c.crew for c in selectors.check_ins_of(night)]
    if len(crews) < 2:
        raise NightError(gettext("Check in at least two players before pairing."))
    ids = [c.pk for c in crews]
    seed = None
    if method == CampaignNight.Method.RANDOM:
        seed = secrets.randbits(48)
        order = pairing.shuffled(ids, rng or random.Random(seed))
        seed = None if rng else seed
    else:
        order = pairing.by_ranking(ids, ranked_crews(night.campaign))
    result = pairing.pair_players(order, selectors.pairing_history(night), _names(crews))
    night.pairings.all().delete()
    rows = [
        Pairing(night=night, table=table, crew_a_id=p.a, crew_b_id=p.b, explanations=list(p.notes))
        for table, p in enumerate(result.pairs, start=1)
    ]
    if result.bye is not None:
        rows.append(
            Pairing(
                night=night, crew_a_id=result.bye, bye=True, explanations=list(result.bye_notes)
            )
        )
    Pairing.objects.bulk_create(rows)
    if night.state == State.OPEN:
        _move(night, State.PAIRED)
    night.method, night.seed = method, seed
    night.notes = [{"crew": crew, "text": text} for crew, text in result.notes_by_player().items()]
    night.save(update_fields=["state", "method", "seed", "notes"])
    return selectors.pairings_of(night)


@transaction.atomic
def swap(*, night: CampaignNight, actor, crew_x: Crew, crew_y: Crew) -> list[Pairing]:
    """Swap two crews between pairings (or with the bye), or put a checked-in crew
    without a game in another's place. The result must keep the same rules."""
    night = _lock(night)
    require_campaign_manager(actor, night.campaign)
    if night.state != State.PAIRED:
        raise NightError(
            gettext("Generate the pairings first; they can be changed until the games start.")
        )
    if crew_x.pk == crew_y.pk:
        raise NightError(gettext("Choose two different crews to swap."))
    rows = list(night.pairings.select_for_update())
    checked_in = {c.crew_id: c.crew for c in selectors.check_ins_of(night)}
    for crew in (crew_x, crew_y):
        if crew.pk not in checked_in:
            raise NightError(gettext("%(crew)s is not checked in tonight.") % {"crew": crew})
    seats = {
        (row.pk, side): getattr(row, f"crew_{side}_id")
        for row in rows
        for side in ("a", "b")
        if getattr(row, f"crew_{side}_id")
    }
    where = {crew: seat for seat, crew in seats.items()}
    if crew_x.pk not in where and crew_y.pk not in where:
        raise NightError(
            gettext(
                "Neither crew is in tonight's pairings; swap a paired crew with one "
                "who has no game."
            )
        )
    for crew, other in ((crew_x, crew_y), (crew_y, crew_x)):
        if crew.pk in where:
            seats[where[crew.pk]] = other.pk
    history = selectors.pairing_history(night)
    names = _names(checked_in.values())
    pairs = [(seats[(r.pk, "a")], seats[(r.pk, "b")]) for r in rows if not r.bye]
    bye = next((seats[(r.pk, "a")] for r in rows if r.bye), None)
    reasons = pairing.refusals(pairs, bye, history, names)
    if reasons:
        raise NightError(" ".join(reasons))
    name = pairing.Namer(names)
    for row in rows:
        row.crew_a_id, row.crew_b_id = seats[(row.pk, "a")], seats.get((row.pk, "b"))
        if row.bye:
            row.explanations = (
                [f"{name(row.crew_a_id)} has the bye, changed by hand."]
                if row.crew_a_id in (crew_x.pk, crew_y.pk)
                else row.explanations
            )
        else:
            row.explanations = list(pairing.pair_notes(row.crew_a_id, row.crew_b_id, history, name))
    Pairing.objects.bulk_update(rows, ["crew_a", "crew_b", "explanations"])
    placed = {c for pair in pairs for c in pair} | ({bye} if bye else set())
    moved = (crew_x.pk, crew_y.pk)
    night.notes = [n for n in night.notes if n["crew"] not in moved]
    night.notes += [
        {"crew": c, "text": f"{name(c)} has no game tonight: taken out of the pairings by hand."}
        for c in moved
        if c not in placed
    ]
    night.save(update_fields=["notes"])
    return selectors.pairings_of(night)


@transaction.atomic
def assign_tables(*, night: CampaignNight, actor, tables: Mapping[int, int]) -> list[Pairing]:
    """Number the tables by hand: ``tables`` maps pairing id to table number."""
    night = _lock(night)
    require_campaign_manager(actor, night.campaign)
    if night.state not in (State.PAIRED, State.STARTED):
        raise NightError(gettext("Tables are assigned to pairings; generate the pairings first."))
    rows = {row.pk: row for row in night.pairings.select_for_update().filter(bye=False)}
    unknown = [pk for pk in tables if pk not in rows]
    if unknown:
        raise NightError(gettext("Assign tables to tonight's games only (a bye has no table)."))
    bad = sorted({n for n in tables.values() if not 1 <= n <= MAX_TABLE})
    if bad:
        raise NightError(
            gettext("Table numbers run from 1 to %(MAX_TABLE)s.") % {"MAX_TABLE": MAX_TABLE}
        )
    final = {pk: tables.get(pk, row.table) for pk, row in rows.items()}
    numbers = [n for n in final.values() if n is not None]
    clashes = sorted({n for n in numbers if numbers.count(n) > 1})
    if clashes:
        raise NightError(
            "Each table holds one game; used twice: " + ", ".join(str(n) for n in clashes) + "."
        )
    for pk, row in rows.items():
        row.table = final[pk]
    # Two steps so that swapping two numbers never meets the unique constraint midway.
    Pairing.objects.filter(pk__in=list(rows)).update(table=None)
    Pairing.objects.bulk_update(list(rows.values()), ["table"])
    return selectors.pairings_of(night)


# --- Games ------------------------------------------------------------------------------


@transaction.atomic
def start_games(*, night: CampaignNight, actor) -> list[Game]:
    """Every pairing becomes a campaign game with its setup; the bye stays recorded
    with no game. If one game cannot be set up, none is."""
    night = _lock(night)
    require_campaign_manager(actor, night.campaign)
    if night.state != State.PAIRED:
        raise NightError(gettext("Generate the pairings before starting the games."))
    if night.week.number != night.campaign.current_week:
        raise NightError(
            gettext(
                "This night belongs to week %(number)s; the campaign is now "
                "in week %(current_week)s."
            )
            % {"number": night.week.number, "current_week": night.campaign.current_week}
        )
    rows = list(
        night.pairings.select_for_update(of=("self",))
        .select_related("crew_a", "crew_b")
        .order_by("bye", "table", "id")
    )
    if any(r.table is None for r in rows if not r.bye):
        raise NightError(gettext("Give every game a table before starting."))
    games = []
    for row in rows:
        if row.bye:
            continue
        try:
            row.game = create_campaign_game(
                campaign=night.campaign, crew_a=row.crew_a, crew_b=row.crew_b, actor=actor
            )
        except EncounterError as exc:
            raise NightError(
                gettext("Table %(table)s (%(crew_a)s vs %(crew_b)s): %(exc)s")
                % {"table": row.table, "crew_a": row.crew_a, "crew_b": row.crew_b, "exc": exc}
            ) from exc
        row.save(update_fields=["game"])
        games.append(row.game)
    _move(night, State.STARTED)
    night.started_at = timezone.now()
    night.save(update_fields=["state", "started_at"])
    return games


@transaction.atomic
def close_night(*, night: CampaignNight, actor) -> CampaignNight:
    """End the evening (games still running carry on; their results count as usual)."""
    night = _lock(night)
    require_campaign_manager(actor, night.campaign)
    _move(night, State.CLOSED)
    night.closed_at = timezone.now()
    night.save(update_fields=["state", "closed_at"])
    return night

"""What the archive holds: an ordered registry of per-model sections.

A section names a model and the rows of one campaign; its fields are read from the
model itself, so a new column is archived without touching this file. Foreign keys are
written as archive ids of the section holding the target (or a username, or a catalogue
natural key), generic foreign keys as ``{"section", "id"}``. Ids inside JSON columns are
declared in ``json_refs``. Another app adds its models with ``register_section`` (after
the sections its rows point to; pointers to later sections are filled in afterwards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Q, QuerySet

from exports.archive import catalogue

#: A JSON column's id paths: ((path, target), ...); the target is a section key or a
#: catalogue label such as "catalogue.modelcard".
JsonRefs = tuple[tuple[tuple[str, ...], str], ...]


@dataclass(frozen=True, eq=False)
class Section:
    key: str
    model: type[models.Model]
    rows: Callable[[models.Model], QuerySet]
    exclude: tuple[str, ...] = ()
    json_refs: dict[str, JsonRefs] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """How each field of a section's model is written."""

    plain: tuple[models.Field, ...]
    users: tuple[models.Field, ...]
    catalogue: tuple[models.Field, ...]
    refs: tuple[tuple[models.Field, str], ...]
    generic: tuple[GenericForeignKey, ...]
    catalogue_m2m: tuple[models.ManyToManyField, ...]
    auto_times: tuple[models.Field, ...]


_SECTIONS: list[Section] = []


def register_section(section: Section, *, after: str | None = None) -> None:
    """Add a section (at the end, or right after the section ``after``)."""
    if any(s.key == section.key for s in _SECTIONS):
        raise ValueError(f"archive section {section.key!r} is already registered")
    at = len(_SECTIONS) if after is None else [s.key for s in _SECTIONS].index(after) + 1
    _SECTIONS.insert(at, section)
    plan.cache_clear()


def sections() -> tuple[Section, ...]:
    return tuple(_SECTIONS)


def section_for(model) -> Section | None:
    return next((s for s in _SECTIONS if s.model is model), None)


@cache
def plan(section: Section) -> Plan:
    user_model = get_user_model()
    generic = tuple(f for f in section.model._meta.private_fields
                    if isinstance(f, GenericForeignKey) and f.name not in section.exclude)
    generic_parts = {name for g in generic for name in (g.ct_field, g.fk_field)}
    plain, users, cards, refs, m2m, times = [], [], [], [], [], []
    for f in section.model._meta.get_fields():
        if not f.concrete or f.name in section.exclude or f.name in generic_parts:
            continue
        if getattr(f, "primary_key", False):
            continue
        if f.many_to_many:
            if not catalogue.is_catalogue(f.related_model):
                raise TypeError(f"{section.key}.{f.name}: only catalogue many-to-many fields "
                                "can be archived; exclude it or add a section")
            m2m.append(f)
        elif f.is_relation:
            target = f.related_model
            if target is user_model:
                users.append(f)
            elif catalogue.is_catalogue(target):
                cards.append(f)
            elif target is ContentType:
                raise TypeError(f"{section.key}.{f.name}: a content type outside a "
                                "GenericForeignKey cannot be archived")
            else:
                holder = section_for(target)
                if holder is None:
                    raise TypeError(f"{section.key}.{f.name} points to {target._meta.label}, "
                                    "which no archive section holds; exclude it or add one")
                refs.append((f, holder.key))
        else:
            plain.append(f)
            if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
                times.append(f)
    return Plan(tuple(plain), tuple(users), tuple(cards), tuple(refs), generic, tuple(m2m),
                tuple(times))


# --- The campaign's own sections --------------------------------------------------------


def _flips_of_campaign(campaign) -> QuerySet:
    """Flips whose subject is an archived row (a week, a game, a casualty...), and flips
    an archived row points to."""
    from rules.models import FlipRecord

    wanted = Q(pk__in=[])
    for section in _SECTIONS:
        if section.model is FlipRecord:
            continue
        rows = section.rows(campaign)
        content_type = ContentType.objects.get_for_model(section.model)
        wanted |= Q(subject_type=content_type, subject_id__in=rows.values("pk"))
        for f in section.model._meta.concrete_fields:
            if f.is_relation and f.related_model is FlipRecord:
                wanted |= Q(pk__in=rows.filter(**{f"{f.name}__isnull": False})
                            .values(f.name))
    return FlipRecord.objects.filter(wanted)


def _register_campaign_sections() -> None:
    from campaign import models as c
    from encounters import models as e
    from league import models as lg
    from rules.models import FlipRecord

    crew_key = "crew__campaign"  # rows that belong to one of the campaign's crews
    model_card = "catalogue.modelcard"
    record_refs: JsonRefs = (
        (("sides", "*", "crew"), "crews"),
        (("sides", "*", "played", "*"), "arsenal_models"),
        (("sides", "*", "finished_off", "*"), "arsenal_models"),
        (("kills", "*", "victim"), "arsenal_models"),
        (("kills", "*", "by_model"), "arsenal_models"),
        (("kills", "*", "wandering_card"), model_card),
        (("models", "*", "arsenal_model"), "arsenal_models"),
        (("models", "*", "card"), model_card),
    )
    #: Ids the arsenal history keeps in its detail: tied successors, the starting
    #: arsenal's models, a traitor's old row, trades, and the Aftermath that wrote it.
    event_refs: JsonRefs = (
        (("tied", "*"), "arsenal_models"),
        (("models", "*"), "arsenal_models"),
        (("traitor_from",), "arsenal_models"),
        (("to_crew",), "crews"),
        (("from_crew",), "crews"),
        (("game",), "games"),
        (("aftermath",), "aftermaths"),
    )
    for section in (
        Section("league", lg.League, lambda cp: lg.League.objects.filter(pk=cp.league_id)),
        Section("memberships", lg.Membership,
                lambda cp: lg.Membership.objects.filter(league_id=cp.league_id)),
        Section("campaign", c.Campaign, lambda cp: c.Campaign.objects.filter(pk=cp.pk)),
        Section("weeks", c.CampaignWeek, lambda cp: c.CampaignWeek.objects.filter(campaign=cp)),
        Section("week_transitions", c.WeekTransition,
                lambda cp: c.WeekTransition.objects.filter(week__campaign=cp)),
        Section("turnover_runs", c.TurnoverRun,
                lambda cp: c.TurnoverRun.objects.filter(campaign=cp)),
        Section("crews", c.Crew, lambda cp: c.Crew.objects.filter(campaign=cp)),
        Section("arsenal_models", c.ArsenalModel,
                lambda cp: c.ArsenalModel.objects.filter(**{crew_key: cp})),
        Section("arsenal_upgrades", c.ArsenalUpgrade,
                lambda cp: c.ArsenalUpgrade.objects.filter(**{crew_key: cp})),
        Section("scrip_entries", c.ScripEntry,
                lambda cp: c.ScripEntry.objects.filter(**{crew_key: cp})),
        Section("arsenal_events", c.ArsenalEvent,
                lambda cp: c.ArsenalEvent.objects.filter(**{crew_key: cp}),
                json_refs={"detail": event_refs}),
        Section("new_hires", c.NewHires, lambda cp: c.NewHires.objects.filter(**{crew_key: cp})),
        Section("bounties", c.CrewBounty,
                lambda cp: c.CrewBounty.objects.filter(**{crew_key: cp}),
                json_refs={"progress": ((("contributions", "*", "game"), "games"),)}),
        Section("hide_outs", c.HideOut, lambda cp: c.HideOut.objects.filter(**{crew_key: cp})),
        Section("fortifications", c.Fortification,
                lambda cp: c.Fortification.objects.filter(hide_out__crew__campaign=cp)),
        Section("construction_entries", c.ConstructionEntry,
                lambda cp: c.ConstructionEntry.objects.filter(**{crew_key: cp})),
        Section("bullet_draws", c.BulletDraw,
                lambda cp: c.BulletDraw.objects.filter(week__campaign=cp)),
        Section("pit_fights", c.PitFight, lambda cp: c.PitFight.objects.filter(week__campaign=cp)),
        Section("pit_fight_entries", c.PitFightEntry,
                lambda cp: c.PitFightEntry.objects.filter(pit_fight__week__campaign=cp)),
        # Linked Games series are not campaign games; a campaign game never has one.
        Section("games", e.Game, lambda cp: e.Game.objects.filter(campaign=cp),
                exclude=("series",), json_refs={"record": record_refs}),
        Section("sides", e.Side, lambda cp: e.Side.objects.filter(game__campaign=cp)),
        Section("hired_models", e.HiredModel,
                lambda cp: e.HiredModel.objects.filter(side__game__campaign=cp)),
        Section("table_models", e.TableModel,
                lambda cp: e.TableModel.objects.filter(game__campaign=cp)),
        Section("schemes", e.SchemeChoice,
                lambda cp: e.SchemeChoice.objects.filter(side__game__campaign=cp)),
        Section("lucrative_schemes", e.LucrativeScheme,
                lambda cp: e.LucrativeScheme.objects.filter(side__game__campaign=cp)),
        Section("bounty_notes", e.BountyNote,
                lambda cp: e.BountyNote.objects.filter(side__game__campaign=cp)),
        Section("casualties", e.Casualty,
                lambda cp: e.Casualty.objects.filter(game__campaign=cp)),
        Section("marker_changes", e.MarkerChange,
                lambda cp: e.MarkerChange.objects.filter(game__campaign=cp)),
        Section("model_events", e.ModelEvent,
                lambda cp: e.ModelEvent.objects.filter(game__campaign=cp)),
        Section("game_logs", e.GameLog, lambda cp: e.GameLog.objects.filter(game__campaign=cp)),
        Section("result_reports", e.ResultReport,
                lambda cp: e.ResultReport.objects.filter(game__campaign=cp)),
        Section("flips", FlipRecord, _flips_of_campaign),
        # After the flips: a Metal Servant use points at its Strategy flip.
        Section("scrip_effects", e.ScripEffect,
                lambda cp: e.ScripEffect.objects.filter(side__game__campaign=cp)),
    ):
        register_section(section)


def _register_later_apps() -> None:
    """The Aftermath, auto-resolve runs, campaign nights and standings settings, after the
    games and flips they point to."""
    from aftermath import models as am
    from autoresolve import models as ar
    from nights import models as nm
    from standings import models as sm

    model = "arsenal_models"
    for section in (
        Section("standings_config", sm.StandingsConfig,
                lambda cp: sm.StandingsConfig.objects.filter(campaign=cp)),
        Section("aftermaths", am.Aftermath,
                lambda cp: am.Aftermath.objects.filter(game__campaign=cp),
                json_refs={"state": (
                    (("injuries", "remaining", "*"), model), (("injuries", "current"), model),
                    (("injuries", "skill_choice", "model"), model),
                    (("extras", "doctor", "model"), model))}),
        Section("aftermath_steps", am.AftermathStep,
                lambda cp: am.AftermathStep.objects.filter(aftermath__game__campaign=cp),
                json_refs={"flips": ((("*",), "flips"),),
                           "detail": ((("model",), model),)}),
        Section("nights", nm.CampaignNight,
                lambda cp: nm.CampaignNight.objects.filter(campaign=cp),
                json_refs={"notes": ((("*", "crew"), "crews"),)}),
        # Auto-resolve runs keep their input, seed and event log: the replay after import.
        Section("resolve_runs", ar.ResolveRun,
                lambda cp: ar.ResolveRun.objects.filter(game__campaign=cp),
                json_refs={"arsenal": ((("*",), "hired_models"),)}),
        Section("resolve_requests", ar.ResolveRequest,
                lambda cp: ar.ResolveRequest.objects.filter(run__game__campaign=cp)),
        Section("check_ins", nm.CheckIn, lambda cp: nm.CheckIn.objects.filter(night__campaign=cp)),
        Section("pairings", nm.Pairing, lambda cp: nm.Pairing.objects.filter(night__campaign=cp)),
    ):
        register_section(section)


_register_campaign_sections()
_register_later_apps()

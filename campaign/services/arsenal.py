"""Changes to arsenal entries: skills, injuries, station, annihilation, leader succession.

Each model keeps its own history (``ArsenalEvent``); nothing is deleted: an annihilated
model or upgrade stays on the sheet's history with its status.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from campaign.models import ArsenalEvent, ArsenalModel, ArsenalUpgrade, Crew
from campaign.services import scrip
from campaign.services.access import require_crew_editor
from campaign.services.errors import CampaignError
from catalogue.models import Station

STATS = ("wk", "cg", "ht", "wp", "df", "wd")
STATION_ORDER = [Station.MASTER, Station.HENCHMAN, Station.ENFORCER, Station.MINION,
                 Station.PEON]


def max_skills(station: str) -> int:
    from rules import tables

    return tables.station_limits(station).max_skills


def outside_skill_limit() -> frozenset[str]:
    """Campaign Skills that do not use a Skill slot (Change of Station)."""
    from rules import tables

    return frozenset(r.key for r in tables.campaign_upgrades().rows
                     if "outside_skill_limit" in r.restrictions)


def counts_toward_skill_limit(upgrade: ArsenalUpgrade) -> bool:
    """Every active Skill uses a slot, however it was gained (Barter, a Reward, a faction
    Injury chart), except those that say they do not (Change of Station)."""
    return (upgrade.kind == ArsenalUpgrade.Kind.SKILL
            and upgrade.status == ArsenalUpgrade.Status.ACTIVE
            and upgrade.table_key not in outside_skill_limit())


def counted_skills(model: ArsenalModel, upgrades=None) -> list[ArsenalUpgrade]:
    """The model's Skills that count toward its station's limit (``upgrades``: the
    model's upgrades when already fetched)."""
    if upgrades is None:
        upgrades = model.upgrades.filter(kind=ArsenalUpgrade.Kind.SKILL,
                                         status=ArsenalUpgrade.Status.ACTIVE)
    return [u for u in upgrades if counts_toward_skill_limit(u)]


def max_injuries(station: str, crew: Crew | None = None) -> int:
    """The station's maximum, raised by the crew's Hide Out (Steady Stream of Customers)."""
    from rules import tables

    limit = tables.station_limits(station).max_injuries
    if crew is not None:
        from campaign.services import hideouts

        limit = max(limit, hideouts.fortification_effects(crew).get("max_injuries", 0))
    return limit


THE_CHOSEN = "the-chosen"


def hiring_info(model: ArsenalModel, leader_id: int | None, upgrades=None):
    """The arsenal model as the hiring rules see it: its station, and while it leads with
    The Chosen, a Henchman's rights to lead and spend Soulstones and one more Upgrade.
    ``upgrades``: its upgrades when already fetched (else ``model.upgrades.all()``)."""
    from rules.engine.hiring import CardInfo

    if upgrades is None:
        upgrades = model.upgrades.all()
    chosen = model.pk == leader_id and any(
        u.table_key == THE_CHOSEN and u.status == ArsenalUpgrade.Status.ACTIVE
        for u in upgrades)
    return CardInfo.from_card(model.card, model.station, chosen_leader=chosen)


def effective_stats(model: ArsenalModel, upgrades=None) -> dict[str, int | None]:
    """The stat line as changed by its active injuries, skills and upgrades; never below 1
    (``rules.engine.stat_line.effective_stat_line`` applies every effect).

    Pass ``upgrades`` (already fetched) to avoid a query per model on the sheet.
    """
    from campaign.stat_cards import stat_line_for

    if upgrades is None:
        upgrades = model.upgrades.filter(status=ArsenalUpgrade.Status.ACTIVE)
    return stat_line_for(model, upgrades).values()


def _event(crew, kind, description, *, actor, model=None, upgrade=None, **detail):
    from campaign.services import audit

    return ArsenalEvent.objects.create(
        crew=crew, kind=kind, week=crew.campaign.current_week, model=model, upgrade=upgrade,
        description=description[:250], detail={**audit.detail(), **detail}, actor=actor)


def _lock_model(model: ArsenalModel) -> tuple[Crew, ArsenalModel]:
    crew = scrip.lock_crew(model.crew)
    if crew.campaign.is_read_only:
        raise CampaignError(gettext("This campaign has ended; its arsenal sheets are read-only."))
    model = (ArsenalModel.objects.select_for_update(of=("self",))
             .select_related("card").get(pk=model.pk))
    if not model.is_active:
        raise CampaignError(gettext("%(name)s has been annihilated.") % {"name": model.card.name})
    return crew, model


def _active(model: ArsenalModel, kind: str):
    return model.upgrades.filter(kind=kind, status=ArsenalUpgrade.Status.ACTIVE)


@dataclass(frozen=True)
class InjuryResult:
    upgrade: ArsenalUpgrade | None
    annihilated: bool
    duplicate: bool


@transaction.atomic
def add_skill(*, model: ArsenalModel, actor, key: str, name: str, stat_effects=None,
              replaces: ArsenalUpgrade | None = None, cost_paid: int = 0) -> ArsenalUpgrade:
    """Attach a skill. At the station's limit, the player annihilates one to make room."""
    require_crew_editor(actor, model.crew)
    crew, model = _lock_model(model)
    owned = list(_active(model, ArsenalUpgrade.Kind.SKILL))
    skills = counted_skills(model, owned)
    limit = max_skills(model.station)
    if limit == 0:
        raise CampaignError(gettext("%(name)s is a %(get_station_display)s: it cannot learn "
"skills.") % {"name": model.card.name, "get_station_display": model.get_station_display()})
    if any(s.table_key == key for s in owned):
        raise CampaignError(
            gettext("%(name)s already has %(name2)s.") % {"name": model.card.name, "name2": name})
    if len(skills) >= limit:
        if replaces is None or replaces.pk not in {s.pk for s in skills}:
            raise CampaignError(
                gettext(
                    "%(name)s already has %(limit)s skill(s), its station's "
                    "maximum: choose one to annihilate to learn the new one."
                )
                % {"name": model.card.name, "limit": limit}
            )
        _annihilate_upgrade(crew, replaces, actor, why=f"to make room for {name}")
    skill = ArsenalUpgrade.objects.create(
        crew=crew,
        kind=ArsenalUpgrade.Kind.SKILL,
        table_key=key,
        name=name,
        attached_to=model,
        acquired_week=crew.campaign.current_week,
        stat_effects=stat_effects or {},
        cost_paid=cost_paid,
    )
    _event(
        crew,
        ArsenalEvent.Kind.SKILL,
        f"{model.card.name} learned {name}",
        actor=actor,
        model=model,
        upgrade=skill,
    )
    return skill


@transaction.atomic
def add_injury(
    *, model: ArsenalModel, actor, key: str, name: str, stat_effects=None
) -> InjuryResult:
    """Attach an injury entered by hand: a duplicate gives nothing; past the maximum the
    model is annihilated. The Hide Out pays as for a flipped one (Memento Mori, Marble
    Headstones)."""
    require_crew_editor(actor, model.crew)
    crew, model = _lock_model(model)
    injuries = list(_active(model, ArsenalUpgrade.Kind.INJURY))
    if any(i.table_key == key for i in injuries):
        _event(
            crew,
            ArsenalEvent.Kind.INJURY,
            f"{model.card.name} already has {name}: no new injury",
            actor=actor,
            model=model,
            duplicate=True,
        )
        return InjuryResult(None, annihilated=False, duplicate=True)
    if len(injuries) >= max_injuries(model.station, crew):
        annihilate_model(model=model, actor=actor,
                         why=f"one injury too many ({name} on top of {len(injuries)})")
        return InjuryResult(None, annihilated=True, duplicate=False)
    injury = ArsenalUpgrade.objects.create(
        crew=crew,
        kind=ArsenalUpgrade.Kind.INJURY,
        table_key=key,
        name=name,
        attached_to=model,
        acquired_week=crew.campaign.current_week,
        stat_effects=stat_effects or {},
    )
    _event(
        crew,
        ArsenalEvent.Kind.INJURY,
        f"{model.card.name} suffered {name}",
        actor=actor,
        model=model,
        upgrade=injury,
    )
    _hide_out_scrip(crew, "scrip_per_injury", week=crew.campaign.current_week, actor=actor,
                    reason=f"Memento Mori: {model.card.name} injured", source=injury)
    return InjuryResult(injury, annihilated=False, duplicate=False)


@transaction.atomic
def change_station(*, model: ArsenalModel, actor, station: str) -> ArsenalModel:
    """Change of Station: the model counts as the new station from now on."""
    require_crew_editor(actor, model.crew)
    crew, model = _lock_model(model)
    if station not in Station.values:
        raise CampaignError(gettext("Unknown station %(station)s.") % {"station": repr(station)})
    old = _station_name(model.station)
    model.station = station
    model.save(update_fields=["station"])
    _event(
        crew,
        ArsenalEvent.Kind.STATION,
        # Stored in English, read in the reader's language (rules.log_lines).
        f"{model.card.name} changed station: {old} to {_station_name(station)}",
        actor=actor,
        model=model,
        old=old,
        new=station,
    )
    return model


def _station_name(station: str) -> str:
    """A station's English name, whatever the request's language (a stored line)."""
    from django.utils.translation import override

    with override("en"):
        return str(Station(station).label)


def _annihilate_upgrade(crew, upgrade: ArsenalUpgrade, actor, *, why: str) -> None:
    upgrade.status = ArsenalUpgrade.Status.ANNIHILATED
    upgrade.save(update_fields=["status"])
    _event(
        crew,
        ArsenalEvent.Kind.ANNIHILATED,
        f"{upgrade.name} annihilated {why}",
        actor=actor,
        upgrade=upgrade,
        model=upgrade.attached_to,
    )


def annihilate_upgrade(upgrade: ArsenalUpgrade, *, why: str, actor=None) -> None:
    """Annihilate one skill, injury or upgrade (it stays on the sheet's history)."""
    _annihilate_upgrade(upgrade.crew, upgrade, actor, why=why)


@transaction.atomic
def annihilate_model(*, model: ArsenalModel, actor, why: str = "",
                     week: int | None = None) -> ArsenalModel | None:
    """Remove a model from the arsenal for good, with its skills and injuries; upgrades
    return to the arsenal. Returns the new Leader when the Leader was lost.

    Every annihilation pays the crew's Marble Headstones here, whatever caused it (an
    Injury flip or one entered by hand, a traitor, Steamborg Executioner, Cut 'Em Up), in
    ``week`` (the Aftermath's week; the current week by default)."""
    require_crew_editor(actor, model.crew)
    crew, model = _lock_model(model)
    week = crew.campaign.current_week if week is None else week
    model.status = ArsenalModel.Status.ANNIHILATED
    model.annihilated_week = week
    model.save(update_fields=["status", "annihilated_week"])
    for upgrade in model.upgrades.filter(status=ArsenalUpgrade.Status.ACTIVE):
        if upgrade.kind in (ArsenalUpgrade.Kind.SKILL, ArsenalUpgrade.Kind.INJURY):
            _annihilate_upgrade(crew, upgrade, actor, why=f"with {model.card.name}")
        else:
            upgrade.attached_to = None
            upgrade.save(update_fields=["attached_to"])
    _event(
        crew,
        ArsenalEvent.Kind.ANNIHILATED,
        f"{model.card.name} annihilated" + (f": {why}" if why else ""),
        actor=actor,
        model=model,
    )
    _hide_out_scrip(crew, "scrip_per_annihilation", week=week, actor=actor,
                    reason=f"Marble Headstones: {model.card.name} lost", source=model)
    if crew.leader_id == model.pk:
        return _succeed_leader(crew, actor)
    return None


def _hide_out_scrip(crew: Crew, effect: str, *, week: int, actor, reason: str,
                    source) -> None:
    """Scrip a Fortification pays on an arsenal change (Memento Mori, Marble Headstones),
    as income under the weekly cap. Its source is the Aftermath step being applied, if
    any, else ``source`` (the injury or the model entered by hand)."""
    from campaign.services import audit, hideouts

    amount = hideouts.fortification_effects(crew).get(effect, 0)
    if amount:
        scrip.gain_scrip(crew, amount, week=week, actor=actor, reason=reason,
                         source=audit.source() or source)


def succession_candidates(crew: Crew) -> list[ArsenalModel]:
    """Who may lead next: a Henchman if there is one, else the most expensive models."""
    models = list(crew.models.filter(status=ArsenalModel.Status.ACTIVE).select_related("card"))
    for station in (Station.MASTER, Station.HENCHMAN):
        found = [m for m in models if m.station == station]
        if found:
            return found
    if not models:
        return []
    top = max(m.card.cost or 0 for m in models)
    return [m for m in models if (m.card.cost or 0) == top]


def _succeed_leader(crew: Crew, actor) -> ArsenalModel | None:
    """Pick the first candidate; the player may switch between tied ones (set_leader)."""
    candidates = succession_candidates(crew)
    crew.leader = candidates[0] if candidates else None
    crew.save(update_fields=["leader"])
    if crew.leader:
        _event(
            crew,
            ArsenalEvent.Kind.LEADER,
            f"{crew.leader.card.name} now leads the crew",
            actor=actor,
            model=crew.leader,
            tied=[m.pk for m in candidates],
        )
    return crew.leader


@transaction.atomic
def set_leader(*, crew: Crew, actor, model: ArsenalModel) -> ArsenalModel:
    """Choose among the candidates after a Leader was lost (ties are the player's call)."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    succession = crew.events.filter(kind=ArsenalEvent.Kind.LEADER).order_by("-id").first()
    tied = (succession.detail or {}).get("tied", []) if succession else []
    if not tied or succession.week != crew.campaign.current_week:
        raise CampaignError(
            gettext("The Leader changes only when a Master joins or the Leader is annihilated.")
        )
    if model.pk not in tied or model.pk not in {m.pk for m in succession_candidates(crew)}:
        raise CampaignError(
            gettext(
                "%(name)s may not lead: a Henchman must be chosen if there "
                "is one, otherwise one of the most expensive models."
            )
            % {"name": model.card.name}
        )
    crew.leader = model
    crew.save(update_fields=["leader"])
    # Keep the tie on record so the choice can still be revised this week.
    _event(
        crew,
        ArsenalEvent.Kind.LEADER,
        f"{model.card.name} now leads the crew",
        actor=actor,
        model=model,
        tied=tied,
    )
    return model

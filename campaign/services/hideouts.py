"""Hide Outs (competitive mode): the crew's chosen Hide Out, its Construction Material
ledger, Fortifications (prerequisites first, never two of one) and Flair.

Construction Material is an append-only ledger like scrip: the balance is its sum, a
purchase that would take it below zero is refused and writes nothing.
"""

from __future__ import annotations

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Sum
from django.utils.translation import gettext

from campaign.models import Campaign, ConstructionEntry, Crew, Fortification, HideOut
from campaign.services import audit, scrip
from campaign.services.access import require_crew_editor
from campaign.services.errors import CampaignError
from rules import tables

#: Fortifications that add a model to the Arsenal when built: the card's name, and what
#: it does to that model's Soulstone Cost when hired (the Executioner: 2 less).
ADDS_MODEL = {"pig-farm": ("Piglet", 0), "executioner": ("Executioner", -2)}


#: Fortifications whose Scrip depends on what happened at the table: the player claims
#: it here once per Aftermath, and it is earned like any Scrip (under the weekly cap).
TABLE_SCRIP = {
    "wanted-posters": (1, "the secretly noted enemy model was killed or sacrificed"),
    "deputy": (1, "the secretly noted friendly model was in play at the end"),
    "trophy-rack": (1, "the crew killed a Neutral model"),
    "junkyard-dogs": (2, "five or more Scrap Markers were on the table at the end"),
}


def cm_balance(crew: Crew) -> int:
    return crew.cm_entries.aggregate(total=Sum("amount"))["total"] or 0


def _require_hide_outs(crew: Crew) -> None:
    if crew.campaign.competitive_mode != Campaign.Competitive.HIDE_OUTS:
        raise CampaignError(gettext("This campaign does not use Hide Outs."))


def add_cm(crew: Crew, amount: int, *, week: int, reason: str, actor=None) -> ConstructionEntry:
    """Record Construction Material gained (positive) or spent (negative)."""
    source = audit.source()
    extra = ({"source_type": ContentType.objects.get_for_model(source), "source_id": source.pk}
             if source is not None else {})
    return ConstructionEntry.objects.create(crew=crew, week=week, amount=amount,
                                            reason=reason[:200], actor=actor, **extra)


@transaction.atomic
def choose_hide_out(*, crew: Crew, actor, key: str) -> HideOut:
    """Pick the crew's Hide Out type; the choice is for the whole campaign."""
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_hide_outs(crew)
    if HideOut.objects.filter(crew=crew).exists():
        raise CampaignError(gettext("The crew has chosen its Hide Out; the choice is permanent."))
    try:
        row = tables.hide_out(key)
    except KeyError:
        raise CampaignError(gettext("There is no Hide Out %(key)s.") % {"key": repr(key)}) from None
    return HideOut.objects.create(crew=crew, hide_out_key=row.key, name=row.name)


def owned_keys(crew: Crew) -> set[str]:
    return set(Fortification.objects.filter(hide_out__crew=crew).values_list("key", flat=True))


BOUNCER = "bouncer"


def finished_off_twist(crew: Crew | None) -> int:
    """Bouncer (Saloon): the crew's Finished Off flips get one + (the tracker and
    auto-resolve both read it here)."""
    return int(crew is not None and BOUNCER in owned_keys(crew))


def fortification_refusal(crew: Crew, key: str) -> str | None:
    """Why the crew may not build ``key`` now, or None (in the reader's language)."""
    from rules.hide_out_names import hide_out_name as name

    hide_out = HideOut.objects.filter(crew=crew).first()
    if hide_out is None:
        return gettext("Choose the crew's Hide Out first.")
    rows = {f.key: f for f in tables.fortifications(hide_out.hide_out_key)}
    if key not in rows:
        return gettext("%(key)s is not a Fortification of the %(hide_out)s.") % {
            "key": repr(key), "hide_out": name(hide_out.name)}
    row, owned = rows[key], owned_keys(crew)
    if key in owned:
        return gettext("The Hide Out already has %(name)s; it never has two of one.") % {
            "name": name(row.name)}
    names = {f.name: f.key for f in rows.values()}
    missing = [n for n in row.requires if names.get(n) not in owned]
    if missing:
        return gettext("%(name)s needs %(missing)s first.") % {
            "name": name(row.name), "missing": ", ".join(name(n) for n in missing)}
    balance = cm_balance(crew)
    if balance < row.cm:
        return gettext("%(name)s costs %(cm)s Construction Material; the crew has "
                       "%(balance)s.") % {"name": name(row.name), "cm": row.cm,
                                          "balance": balance}
    return None


@transaction.atomic
def build_fortification(*, crew: Crew, actor, key: str, week: int | None = None) -> Fortification:
    require_crew_editor(actor, crew)
    crew = scrip.lock_crew(crew)
    _require_hide_outs(crew)
    refusal = fortification_refusal(crew, key)
    if refusal:
        raise CampaignError(refusal)
    hide_out = crew.hide_out
    row = next(f for f in tables.fortifications(hide_out.hide_out_key) if f.key == key)
    week = week or crew.campaign.current_week
    add_cm(crew, -row.cm, week=week, reason=f"Built {row.name}",
           actor=actor if getattr(actor, "pk", None) else None)
    built = Fortification.objects.create(hide_out=hide_out, key=row.key, name=row.name,
                                         built_week=week)
    if key in ADDS_MODEL:
        _add_model(crew, key, row.name, week, actor)
    return built


def _add_model(crew: Crew, key: str, fortification: str, week: int, actor) -> None:
    """Pig Farm, Executioner: the card joins the Arsenal for free, whatever its Faction
    (the history marks it, so its cost change is found again). A catalogue without the
    card adds nothing (the Fortification is still built)."""
    from campaign.models import ArsenalEvent, ArsenalModel
    from catalogue.models import ModelCard

    name, _change = ADDS_MODEL[key]
    card = ModelCard.objects.filter(name__iexact=name).order_by("id").first()
    actor = actor if getattr(actor, "pk", None) else None
    if card is None:
        return
    model = ArsenalModel.objects.create(crew=crew, card=card, station=card.station,
                                        hired_week=week, cost_paid=0)
    ArsenalEvent.objects.create(
        crew=crew, kind=ArsenalEvent.Kind.HIRED, week=crew.campaign.current_week, model=model,
        description=f"{fortification}: {name} added to the Arsenal"[:250],
        detail={**audit.detail(), "fortification": key}, actor=actor)


def fortification_cost_changes(crew: Crew) -> dict[int, int]:
    """Arsenal model id -> Soulstone Cost change from the Fortification that added it."""
    from campaign.models import ArsenalEvent

    rows = ArsenalEvent.objects.filter(crew=crew, kind=ArsenalEvent.Kind.HIRED,
                                       detail__fortification__in=list(ADDS_MODEL),
                                       model__isnull=False)
    return {model_id: ADDS_MODEL[detail["fortification"]][1]
            for model_id, detail in rows.values_list("model_id", "detail")
            if ADDS_MODEL[detail["fortification"]][1]}


def fortification_effects(crew: Crew) -> dict[str, int]:
    """The summed ``effects`` of the crew's Fortifications (e.g. scrip_per_game)."""
    hide_out = HideOut.objects.filter(crew=crew).first()
    if hide_out is None:
        return {}
    owned = owned_keys(crew)
    total: dict[str, int] = {}
    for row in tables.fortifications(hide_out.hide_out_key):
        if row.key in owned:
            for name, value in (row.effects or {}).items():
                total[name] = total.get(name, 0) + value
    return total

"""What each viewer may see of an Aftermath, and what its open phase asks of the player.

The crew's Aftermath hand and any pending Cheat question (which lists the hand and the
card just turned over) go only to those who may decide for the crew: its player and the
league's organizers (``campaign.services.access.can_edit_crew``). Everyone who may see
the game sees the phase and the steps taken. Pages and the API both read through here,
so the two can never disagree about a secret.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet, prefetch_related_objects
from django.utils.translation import gettext_lazy

from aftermath.models import Aftermath, AftermathStep
from aftermath.services import barter, bounty, grand_tomb, injuries, reward
from campaign.models import ArsenalModel, ArsenalUpgrade, Campaign, CrewBounty
from campaign.services import arsenal, hideouts
from encounters.selectors import can_view_game, visible_games
from league.models import MANAGING_ROLES, Membership
from rules import tables
from rules.hide_out_names import hide_out_name
from rules.summaries import fortification_key, row_key, said

Phase = Aftermath.Phase
#: The reasons for extra Barter flips (``barter_flips.barter_flips``), as shown.
BARTER_REASONS = {
    "the Hide Out": gettext_lazy("the Hide Out"),
    "Deep Pockets": gettext_lazy("Deep Pockets"),
    "New Tools": gettext_lazy("New Tools"),
    "the Lonely Traveler": gettext_lazy("the Lonely Traveler"),
}
#: The generic Reward chart, as named on the page (a Faction's chart is the Faction's name).
GENERIC = gettext_lazy("Generic")
#: The phases a player walks through (``pending`` is the automatic part before them).
PHASES = Aftermath.ORDER[1:]


def _base() -> QuerySet[Aftermath]:
    return Aftermath.objects.select_related(
        "game", "crew__campaign", "crew__faction", "crew__player", "opponent")


def visible_aftermaths(user) -> QuerySet[Aftermath]:
    """Aftermaths of the games the user may see (campaign visibility decides)."""
    return _base().filter(game__in=visible_games(user).values("pk"))


def can_view(user, aftermath: Aftermath) -> bool:
    return can_view_game(user, aftermath.game)


def managed_leagues(user) -> set[int]:
    """Leagues the user organizes (one query, for deciding secrets over a whole list)."""
    if not user.is_authenticated:
        return set()
    return set(Membership.objects.filter(user=user, status=Membership.Status.ACTIVE,
                                         role__in=MANAGING_ROLES)
               .values_list("league_id", flat=True))


def sees_secrets(user, aftermath: Aftermath, managed: set[int] | None = None) -> bool:
    """The crew's player, the league's organizers and site staff (who may also decide)."""
    if not user.is_authenticated:
        return False
    if user.is_staff or aftermath.crew.player_id == user.pk:
        return True
    managed = managed_leagues(user) if managed is None else managed
    return aftermath.crew.campaign.league_id in managed


def pending_question(aftermath: Aftermath) -> dict | None:
    """The Cheat question the open phase waits on: {purpose, card, hand}, or None."""
    state = aftermath.state or {}
    if aftermath.phase == Phase.BARTER:
        current = (state.get("barter") or {}).get("current") or {}
        return (current.get("thirst") or {}).get("question") or current.get("question")
    if aftermath.phase in (Phase.REWARD, Phase.INJURIES):
        return (state.get(aftermath.phase) or {}).get("question")
    if aftermath.phase == Phase.EXTRAS:
        return ((state.get("extras") or {}).get("doctor") or {}).get("question")
    return None


@dataclass(frozen=True)
class PhaseMark:
    key: str
    label: str
    status: str  # "done", "current" or "todo"


def phase_marks(aftermath: Aftermath) -> list[PhaseMark]:
    at = Aftermath.ORDER.index(aftermath.phase)
    marks = []
    for phase in PHASES:
        index = Aftermath.ORDER.index(phase)
        status = "current" if index == at else "done" if index < at else "todo"
        if phase == Phase.DONE and aftermath.is_done:
            status = "current"
        marks.append(PhaseMark(phase.value, phase.label, status))
    return marks


@dataclass
class AftermathView:
    aftermath: Aftermath
    secret: bool
    phases: list[PhaseMark]
    steps: list[AftermathStep]
    hand: list[str] | None = None
    question: dict | None = None
    decision: dict = field(default_factory=dict)


def _steps_prefetch() -> Prefetch:
    return Prefetch("steps", queryset=AftermathStep.objects.select_related("actor")
                    .order_by("id"))


def _view(aftermath: Aftermath, secret: bool) -> AftermathView:
    return AftermathView(
        aftermath=aftermath, secret=secret, phases=phase_marks(aftermath),
        steps=list(aftermath.steps.all()),
        hand=list(aftermath.hand) if secret else None,
        question=pending_question(aftermath) if secret else None)


def aftermath_views(aftermaths, user) -> list[AftermathView]:
    """A list (rows of ``visible_aftermaths``) as ``user`` may see it, in a fixed number
    of queries; no decisions."""
    rows = list(aftermaths)
    prefetch_related_objects(rows, _steps_prefetch())
    managed = managed_leagues(user)
    return [_view(a, sees_secrets(user, a, managed)) for a in rows]


def aftermath_view(aftermath: Aftermath, user, *, change: int = 0) -> AftermathView:
    """One Aftermath as ``user`` may see it; with what its open phase offers when the
    user may decide for the crew (``change``: a Barter card's value change)."""
    row = _base().prefetch_related(_steps_prefetch()).get(pk=aftermath.pk)
    view = _view(row, sees_secrets(user, row))
    if view.secret:
        view.decision = decision(row, change=change)
    return view


# --- What the open phase offers --------------------------------------------------------


def _model_row(model: ArsenalModel, skills: list[ArsenalUpgrade]) -> dict:
    """A model with the Skills that use its slots (Change of Station does not)."""
    limit = arsenal.max_skills(model.station)
    skills = arsenal.counted_skills(model, skills)
    return {"id": model.pk, "name": model.card.name, "station": model.station,
            "skills": [{"id": s.pk, "name": s.name} for s in skills],
            "at_limit": len(skills) >= limit, "can_learn": limit > 0}


def _models(crew, ids=None, *, injured_only=False) -> list[dict]:
    """Active models of ``crew`` (only ``ids`` when given) with their Skills (2 queries)."""
    models = crew.models.filter(status=ArsenalModel.Status.ACTIVE).select_related("card")
    if ids is not None:
        models = models.filter(pk__in=ids)
    models = models.prefetch_related(Prefetch(
        "upgrades", queryset=ArsenalUpgrade.objects.filter(
            status=ArsenalUpgrade.Status.ACTIVE).order_by("id"), to_attr="active_upgrades"))
    order = {pk: i for i, pk in enumerate(ids or ())}
    rows = []
    for model in sorted(models, key=lambda m: (order.get(m.pk, 0), m.pk)):
        kinds = [u.kind for u in model.active_upgrades]
        if injured_only and ArsenalUpgrade.Kind.INJURY not in kinds:
            continue
        rows.append(_model_row(model, [u for u in model.active_upgrades
                                       if u.kind == ArsenalUpgrade.Kind.SKILL]))
    return rows


def _barter(aftermath: Aftermath, change: int) -> dict:
    state = aftermath.state.get("barter") or {}
    current = state.get("current") or {}
    changes = barter._changes(aftermath)
    change = change if change in changes else 0
    out = {"done": state.get("done", 0), "total": aftermath.state.get("barter_total", 0),
           "flipped": bool(current), "card": current.get("card"),
           "value": current.get("value"), "cheated": bool(current.get("cheated")),
           "bought": list(current.get("bought") or ()), "changes": changes, "change": change,
           "cash_box": "cash-box" in hideouts.owned_keys(aftermath.crew)
           and not aftermath.state.get("cash_box_used"),
           "fine_liquor": barter.can_reflip(aftermath),
           "offer": [], "models": [], "full_models": [],
           "extras": [{"flips": n, "reason": str(BARTER_REASONS.get(why, why))}
                      for n, why in aftermath.state.get("barter_extras") or ()]}
    options = barter.offer(aftermath, change)
    if options is not None:
        out["value"] = options.value
        out["offer"] = [{"key": u.key, "name": u.name, "type": u.type,
                         "price": barter.price(aftermath, u),
                         "summary": said(f"campaign-upgrades/summary/{u.key}", u.summary),
                         "skill": u.type == "Skill" and u.key != "those-who-thirst"}
                        for u in options.all]
        if any(u["skill"] for u in out["offer"]):
            played = aftermath.game.record["sides"][aftermath.side_key].get("played") or []
            out["models"] = _models(aftermath.crew, list(played))
            out["full_models"] = [m for m in out["models"] if m["at_limit"] and m["skills"]]
    return out


def _reward(aftermath: Aftermath) -> dict:
    state = aftermath.state.get("reward") or {}
    crew = aftermath.crew
    master = None if crew.campaign.before_the_event else reward.master(aftermath)
    completed = aftermath.state.get("bounty_completed")
    name = next((b.name for b in tables.bounties().rows if b.key == completed), completed)
    place = state.get("place")
    if place:
        rows = [_model_row(m, [u for u in m.upgrades.all()
                               if u.kind == ArsenalUpgrade.Kind.SKILL
                               and u.status == ArsenalUpgrade.Status.ACTIVE])
                for m in reward.candidates(aftermath, place)]
        place = {**place, "models": rows, "summary": _reward_summary(place.get("chart"),
                                                                     place.get("key")),
                 "full_models": [m for m in rows if m["at_limit"] and m["skills"]]}
    return {"bounty": name, "chart": state.get("chart", ""), "place": place,
            "charts": [{"key": c, "name": str(GENERIC) if c == "generic" else crew.faction.name,
                        "rows": _reward_rows(c)}
                       for c in reward.charts(aftermath)],
            "avatar": {"chart": crew.faction.code, "master": master.card.name}
            if master else None, "library": reward.can_reflip(aftermath)}


def _reward_rows(chart_key: str) -> list[dict]:
    """A Reward chart's entries with their summaries, so the player knows what a chart
    may give before choosing it."""
    chart = tables.reward_chart(chart_key)
    return [{"key": r.key, "name": r.name, "summary": said(row_key(chart, r), r.summary)}
            for r in chart.rows]


def _reward_summary(chart_key: str | None, key: str | None):
    rows = {r["key"]: r["summary"] for r in _reward_rows(chart_key)} if chart_key else {}
    return rows.get(key) or said("", "")


def _bounty(aftermath: Aftermath) -> dict:
    crew = aftermath.crew
    active = crew.bounties.filter(status=CrewBounty.Status.ACTIVE).first()
    return {"scrip": crew.scrip, "active": active.name if active else None,
            "choices": [{"key": b.key, "name": b.name,
                         "summary": said(f"bounties/summary/{b.key}", b.summary),
                         "faction": b.faction, "target": b.target}
                        for b in bounty.choices(aftermath)]}


def _injuries(aftermath: Aftermath) -> dict:
    state = aftermath.state.get("injuries") or {}
    remaining = list(state.get("remaining") or ())
    current = state.get("current")
    models = {m["id"]: m for m in _models(aftermath.crew, remaining)}
    choice = state.get("skill_choice")
    if choice:
        choice = {**choice, "model_name": models.get(choice["model"], {}).get("name", ""),
                  "skills": models.get(choice["model"], {}).get("skills", [])}
    return {"remaining": [models[pk] for pk in remaining if pk in models],
            "current": models.get(current), "skill_choice": choice,
            "foot": state.get("foot"), "surgical_tools": injuries.can_reflip(aftermath),
            "wrastlin": injuries.can_wrastle(aftermath),
            "effect_choice": state.get("effect_choice") and {
                **state["effect_choice"], "summary": _injury_summary(
                    aftermath.crew.faction.code, state["effect_choice"]["key"])},
            "walls": injuries.FORTIFIED_WALLS in hideouts.owned_keys(aftermath.crew)}


def _injury_summary(faction: str, key: str):
    chart = tables.faction_injury_chart(faction)
    row = next((r for r in chart.rows if r.key == key), None)
    return said(row_key(chart, row), row.summary) if row else said("", "")


def _extras(aftermath: Aftermath) -> dict:
    crew = aftermath.crew
    doctor = (aftermath.state.get("extras") or {}).get("doctor") or {}
    out = {"doctor": None, "build": None}
    if crew.campaign.good_doctor:
        out["doctor"] = {"done": bool(doctor), "waiting": bool(doctor.get("question")),
                         "scrip": crew.scrip,
                         "models": [] if doctor else _models(crew, injured_only=True)}
    hide_out = getattr(crew, "hide_out", None) if crew.campaign.competitive_mode == \
        Campaign.Competitive.HIDE_OUTS else None
    if hide_out is not None:
        out["build"] = {"hide_out": hide_out_name(hide_out.name),
                        "cm": hideouts.cm_balance(crew),
                        "fortifications": [
                            {"key": f.key, "name": hide_out_name(f.name), "cm": f.cm,
                             "summary": said(fortification_key(f.key), f.summary),
                             "refusal": hideouts.fortification_refusal(crew, f.key)}
                            for f in tables.fortifications(hide_out.hide_out_key)]}
        from aftermath.services.extras import TABLE_SCRIP

        claimed = set((aftermath.state.get("extras") or {}).get("scrip_claimed") or ())
        built = {f.key: hide_out_name(f.name) for f in hide_out.fortifications.all()}
        out["build"]["tomb"] = [{"id": c.pk, "name": c.model.name}
                                for c in grand_tomb.choices(aftermath)]
        from rules.engine.fortification_scrip import RECORDED

        out["build"]["claims"] = [
            {"key": key, "name": built[key], "amount": amount, "why": why,
             "correction": key in RECORDED}
            for key, (amount, why) in TABLE_SCRIP.items() if key in built and key not in claimed]
    return out


def decision(aftermath: Aftermath, *, change: int = 0) -> dict:
    """What the open phase offers the player (secret: only for ``sees_secrets``)."""
    phase = aftermath.phase
    if phase == Phase.BARTER:
        return {"barter": _barter(aftermath, change)}
    if phase == Phase.REWARD:
        return {"reward": _reward(aftermath)}
    if phase == Phase.BOUNTY:
        return {"bounty": _bounty(aftermath)}
    if phase == Phase.INJURIES:
        return {"injuries": _injuries(aftermath)}
    if phase == Phase.EXTRAS:
        return {"extras": _extras(aftermath)}
    return {}


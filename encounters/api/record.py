"""The game record as a viewer may see it: every answer that carries game data is
built here from ``encounters.selectors.game_view``."""

from __future__ import annotations

from rest_framework import serializers

from encounters.models import Game, ScripEffect
from encounters.score_check import score_check
from encounters.selectors import game_view
from encounters.services import posse


class GameSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Game
        fields = ["id", "campaign", "week", "kind", "state", "size", "turn", "event_key", "version"]


def _scrip_effects(game: Game) -> dict[int, list[dict]]:
    """Side id -> the Fortifications it paid Scrip for at the table (one query)."""
    uses: dict[int, list[dict]] = {}
    for use in ScripEffect.objects.filter(side__game=game).order_by("id"):
        uses.setdefault(use.side_id, []).append(
            {"kind": use.kind, "turn": use.turn, "model": use.model_name or None})
    return uses


def game_data(game: Game, user) -> dict:
    """The game as this user may see it (the secrets selector decides)."""
    view = game_view(game, user)
    g = view.game
    report = g.reports.exclude(status="superseded").order_by("id").last()
    check = score_check(report, {s.side.key: s.total_vp for s in view.sides})
    uses = _scrip_effects(g)
    return {
        **GameSummarySerializer(g).data,
        "setup": g.setup,
        # Schemes either crew may choose beyond the pool (Posse's Take Prisoner), labelled.
        "extra_schemes": [{k: row[k] for k in ("key", "name", "fortification")}
                          for row in posse.offered(g)],
        "first_player": g.first_player,
        "ended_on_turn": g.ended_on_turn,
        "viewer_side": view.viewer_side,
        "sides": [
            {
                "key": s.side.key,
                "player": str(s.side.player),
                "crew": s.side.crew_id,
                "crew_name": str(s.side.crew) if s.side.crew_id else None,
                "hire_revealed": s.side.hire_revealed,
                "hired": [
                    {
                        "id": h.pk,
                        "name": h.name,
                        "cost": h.cost,
                        "is_leader": h.is_leader,
                        "upgrades": h.upgrades,
                    }
                    for h in s.hired
                ]
                if s.hire_visible
                else None,
                "campaign_rating": s.side.campaign_rating,
                "soulstone_pool": s.side.soulstone_pool,
                "strategy_vp": s.side.strategy_vp,
                "schemes": s.schemes,
                "vp": s.total_vp,
                "withdrew_on_turn": s.side.withdrew_on_turn,
                "event_scrip": s.side.event_scrip,
                "traveler_barter_flips": s.side.traveler_barter_flips,
                "third_scheme": s.third_scheme,
                "scrip_effects": uses.get(s.side.pk, []),
            }
            for s in view.sides
        ],
        "casualties": [
            {
                "id": c.pk,
                "side": c.victim_side_key,
                "model": c.victim_name,
                "how": c.how,
                "by": c.killer_name if (c.by_model_id or c.by_table_model_id) else c.by_effect,
                "by_side": c.by_side,
                "action": c.action,
                "blast": c.blast,
                "own_activation": c.own_activation,
                "turn": c.turn,
                "finished_off": c.finished_off,
                "flip": c.flip.final if c.flip_id else None,
                "reflip": c.reflip.final if c.reflip_id else None,
                "reflipped_with": c.reflipped_with,
            }
            for c in view.casualties
        ],
        "table": table_data(view),
        "log": [{"turn": entry.turn, "text": entry.text} for entry in view.log],
        "result": None
        if report is None
        else {
            "vp": check.reported,
            "status": report.status,
            "agrees_with_tracker": check.agrees,
            "why_different": check.reason,
        },
    }


def table_data(view) -> dict:
    """The table's facts for the game record, as the viewer may see them (Bounty notes
    through the selector: a secret note shows only that it exists)."""
    table = view.table
    return {
        "needed": sorted(table.needed),
        "bounties": table.bounties,
        "models": [
            {
                "id": t.pk,
                "name": t.name,
                "origin": t.origin,
                "side": t.side.key if t.side_id else None,
                "station": t.station,
                "characteristics": t.characteristics,
                "cost": t.cost,
                "turn": t.turn,
            }
            for t in table.table_models
        ],
        "markers": [
            {"kind": k, "owner": o, "quarter": q, "count": n}
            for (k, o, q), n in sorted(table.markers.items())
            if n
        ],
        "notes": [
            {key: n[key] for key in ("id", "side", "bounty", "model", "characteristic", "revealed")}
            for n in table.notes
        ],
        "secret_notes": [{"side": side, "bounty": name} for side, name in table.hidden_notes],
        "end_facts": {
            s.side.key: {**(s.side.end_facts or {}), "quarters_held": s.side.quarters_held or {}}
            for s in view.sides
        },
    }

"""Hand-built positions for rule tests: tiny invented cards, explicit terrain and places.

``scene`` returns a ``Game`` set up and placed but not played: tests activate a model
(``act``), give it commands, stack its Fate Deck, and read the state, the log and the
score. Crew A's first model leads crew A (zone 0, the south edge in Standard deployment);
crew B's first model leads crew B.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.engine.deck import FateDeck
from rules.engine.simulation import EncounterInput, ScriptedCommander
from rules.engine.simulation.engine import Game

BLADE = {"name": "Blade", "stat": "Ml", "value": 6, "range": '1"', "resist": "Df",
         "damage": "2/3/4"}
LONG_BLADE = {"name": "Long Blade", "stat": "Ml", "value": 6, "range": '2"', "resist": "Df",
              "damage": "2/3/4"}
GUN = {"name": "Gun", "stat": "Sh", "value": 6, "range": '12"', "resist": "Df",
       "damage": "2/3/4"}
SPELL = {"name": "Hex", "stat": "Ca", "value": 6, "range": '10"', "resist": "Wp",
         "damage": "2/3/4"}


def card(name: str = "Grunt", *, station: str = "minion", wk: int = 5, cg: int | None = 7,
         ht: int = 2, wp: int = 5, df: int = 5, wd: int = 6, base: int = 30, cost: int = 5,
         characteristics: Sequence[str] = ("Living",), abilities: Iterable = (),
         actions: Sequence[dict] | None = None) -> dict:
    return {
        "name": name, "factions": ["guild"], "station": station,
        "characteristics": list(characteristics), "cost": None if station == "master" else cost,
        "cache": 3 if station in ("master", "henchman") else None,
        "wk": wk, "cg": cg, "ht": ht, "wp": wp, "df": df, "wd": wd, "base_size": base,
        "abilities": [a if isinstance(a, dict) else {"name": a, "text": ""} for a in abilities],
        "actions": list(actions) if actions is not None else [BLADE],
    }


def boss(name: str = "Boss", **kw) -> dict:
    kw.setdefault("station", "master")
    kw.setdefault("wd", 12)
    return card(name, **kw)


def scene(a: Sequence[tuple[str, dict, tuple[float, float] | None]],
          b: Sequence[tuple[str, dict, tuple[float, float] | None]] = (), *,
          terrain: Sequence[dict] = (), strategy: str = "turf-war",
          deployment: str = "standard", schemes_a: Sequence = ("breakthrough", "distract"),
          schemes_b: Sequence = ("breakthrough", "distract"), pool: tuple[int, int] = (2, 2),
          faction_a: str = "guild", faction_b: str = "guild", seed: int = 1,
          commanders=None, turn: int = 1, summons_a: Sequence[dict] = ()) -> Game:
    """A game with crews ``a`` and ``b`` of (id, card, position); None keeps a model off the
    table. Crew B defaults to one Boss far away in its zone."""
    if not b:
        b = [("b-boss", boss("Far Boss"), (18.0, 34.0))]

    def crew(models, faction, schemes, stones, name):
        return {"name": name, "faction": faction, "soulstone_pool": stones,
                "models": [{"id": mid, "card": c, "is_leader": i == 0}
                           for i, (mid, c, _) in enumerate(models)],
                "schemes": [s if isinstance(s, dict) else {"key": s} for s in schemes]}

    crew_a = crew(a, faction_a, schemes_a, pool[0], "A")
    if summons_a:
        crew_a["summons"] = list(summons_a)
    setup = EncounterInput.from_dict({
        "strategy": strategy, "deployment": deployment, "size": 50,
        "table": {"terrain": list(terrain)},
        "crews": [crew_a, crew(b, faction_b, schemes_b, pool[1], "B")],
    })
    positions = {mid: pos for mid, _, pos in [*a, *b] if pos is not None}
    game = Game(setup, seed, commanders or (ScriptedCommander(), ScriptedCommander()),
                positions=positions)
    game.setup_encounter()
    game.state.turn = turn
    return game


def act(game: Game, model_id: str, *commands, ap: int | None = None):
    """Start ``model_id``'s Activation and perform ``commands``; returns the model."""
    m = game.state.model(model_id)
    game.begin_activation(m)
    if ap is not None:
        game.ap = ap
    for command in commands:
        game.perform(m, command)
    return m


def stack(game: Game, side: int, cards_top_first: Sequence[str], hand: Sequence[str] = ()):
    """Give a side a deck that turns over exactly these cards (then the rest of a deck)."""
    cards = list(cards_top_first)
    rest = [c.code for c in FateDeck(0).draw_pile if c.code not in cards and c.code not in hand]
    game.state.sides[side].deck = FateDeck.stacked([*cards, *rest], hand=hand)


def terrain(id_: int, x: float, y: float, w: float, h: float, *traits: str, ht: int = 2,
            shape: str = "rect", name: str = "") -> dict:
    out = {"id": id_, "shape": shape, "x": x, "y": y, "w": w, "ht": ht,
           "traits": list(traits), "name": name or f"piece {id_}"}
    if shape == "rect":
        out["h"] = h
    return out


def kinds(game: Game, kind: str) -> list[list]:
    return [e for e in game.log.events if e[0] == kind]

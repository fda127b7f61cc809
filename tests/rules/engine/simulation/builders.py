"""Crews, cards and setups for the simulator tests, built from the sample content pack
(read as JSON: the engine's tests need no database)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rules.engine.simulation import CrewInput, EncounterInput, ModelInput, SchemeChoice

ROOT = Path(__file__).resolve().parents[4]
PACK_PATH = ROOT / "catalogue" / "packs" / "sample-pack.json"


@cache
def sample_pack() -> dict:
    return json.loads(PACK_PATH.read_text(encoding="utf-8"))


def card(name: str) -> dict:
    for model in sample_pack()["models"]:
        if model["name"] == name:
            return dict(model)
    raise KeyError(name)


def faction_cards(faction: str) -> list[dict]:
    return [m for m in sample_pack()["models"] if faction in m["factions"]]


def sample_crew(faction: str, *, budget: int = 50, prefix: str = "",
                schemes: tuple = ("breakthrough", "a-line-in-the-sand"),
                pool: int = 4) -> CrewInput:
    """A crew of about eight models: the faction's Master leads, then the dearest models
    that fit the budget (Rare and Unique limits ignored: these are test crews)."""
    cards = faction_cards(faction)
    master = next(c for c in cards if c["station"] == "master")
    others = sorted((c for c in cards if c["station"] != "master" and not c.get("is_totem")),
                    key=lambda c: (-(c.get("cost") or 0), c["name"]))
    models = [ModelInput(f"{prefix}{faction[:3]}-0", master, is_leader=True)]
    spent = 0
    index = 1
    while len(models) < 8:
        added = False
        for c in others:
            cost = c.get("cost") or 0
            if cost and spent + cost <= budget - pool and len(models) < 8:
                models.append(ModelInput(f"{prefix}{faction[:3]}-{index}", c))
                spent += cost
                index += 1
                added = True
        if not added:
            break
    return CrewInput(name=f"{faction} crew", faction=faction, soulstone_pool=pool,
                     models=tuple(models),
                     schemes=tuple(SchemeChoice(s) if isinstance(s, str) else s for s in schemes))


def sample_setup(*, strategy: str = "turf-war", deployment: str = "standard",
                 factions: tuple[str, str] = ("guild", "neverborn"), density: float = 0.3,
                 terrain: list | None = None, schemes_a: tuple = ("breakthrough",
                                                                   "a-line-in-the-sand"),
                 schemes_b: tuple = ("protect-territory", "power-ritual")) -> EncounterInput:
    table = {"terrain": terrain} if terrain is not None else {"density": density}
    return EncounterInput.from_dict({
        "strategy": strategy,
        "deployment": deployment,
        "size": 50,
        "table": table,
        "crews": [sample_crew(factions[0], prefix="a", schemes=schemes_a).to_dict(),
                  sample_crew(factions[1], prefix="b", schemes=schemes_b).to_dict()],
    })

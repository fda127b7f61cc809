"""A prediction's input from what the requester may see: a game (the requester's own
schemes only), two crews' revealed arsenals, or two catalogue lists; a setup chosen or
flipped from the generators."""

from __future__ import annotations

import hashlib
import json

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.utils.translation import gettext as _

from autoresolve import inputs
from autoresolve.services.predictions import PredictionRefused
from campaign.models import Crew
from campaign.selectors import visible_campaigns
from catalogue.models import ModelCard
from encounters.models import Game
from encounters.selectors import can_view_game
from encounters.services.common import side_of
from rules.engine import encounters
from rules.engine.deck import FateDeck
from rules.engine.simulation import EncounterInput, TableInput
from rules.engine.simulation.engine import derive_seed


def _crew(user, pk: int) -> Crew:
    crew = (Crew.objects.filter(campaign__in=visible_campaigns(user), pk=pk)
            .select_related("faction").first())
    if crew is None:
        raise PredictionRefused(_("No crew %(id)s you may see.") % {"id": pk})
    return crew


def _cards(text: str) -> list[ModelCard]:
    names = [n.strip() for n in text.replace(",", "\n").splitlines() if n.strip()]
    if not names or len(names) > 20:
        raise PredictionRefused(_("List 1 to 20 card names, the Leader first."))
    query = Q()
    for name in names:
        query |= Q(name__iexact=name)
    found = {c.name.lower(): c for c in ModelCard.objects.filter(query)
             .prefetch_related("factions").order_by("-id")}
    missing = [n for n in names if n.lower() not in found]
    if missing:
        raise PredictionRefused(_("Not in the catalogue: %(names)s") % {"names": ", ".join(
            missing)})
    return [found[n.lower()] for n in names]


def _setup(strategy: str, deployment: str, size: int, seed: int) -> dict:
    """A chosen setup, or one flipped from the Standard generator (seeded, so the same
    request gives the same setup and hits the cache)."""
    deck = FateDeck(derive_seed(seed, "setup"))
    flipped = encounters.generate_standard(lambda purpose: deck.flip(1)[0], size=size)
    return {"strategy": flipped.strategy if strategy == "random" else strategy,
            "deployment": flipped.deployment if deployment == "random" else deployment,
            "scheme_pool": tuple(flipped.scheme_pool)}


def matchup_input(user, data: dict) -> tuple[EncounterInput, str]:
    """The encounter to predict and a label for it."""
    if data.get("game"):
        game = Game.objects.select_related("campaign").filter(pk=data["game"]).first()
        if game is None or not can_view_game(user, game) or not game.sides.exists():
            raise PermissionDenied(_("You may not predict this game."))
        me = side_of(game, user)
        setup, _arsenal = inputs.game_input(game, schemes_of=(me.key,) if me else ())
        return setup, str(game)
    crews = []
    for side in ("a", "b"):
        if data.get(f"crew_{side}"):
            crews.append(inputs.crew_input(_crew(user, data[f"crew_{side}"]),
                                           size=data["size"], prefix=side))
        else:
            cards = _cards(data[f"list_{side}"])
            crews.append(inputs.list_input(f"List {side.upper()}", data[f"faction_{side}"],
                                           cards, size=data["size"], prefix=side))
    text = json.dumps([crews[0].to_dict(), crews[1].to_dict(), data["size"]], sort_keys=True)
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:5], "big")
    setup = _setup(data["strategy"], data["deployment"], data["size"], seed)
    return EncounterInput(crews=tuple(crews), size=data["size"], table=TableInput(),
                          **setup), f"{crews[0].name} vs {crews[1].name}"

"""What each viewer may see of a game. The only place that reads secrets (unrevealed
schemes, noted models, the crew a side hired before both are revealed, secret log lines);
pages and the API both go through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet

from campaign.services.access import can_view_campaign
from encounters.models import (
    BountyNote,
    Casualty,
    Game,
    GameLog,
    HiredModel,
    ModelEvent,
    SchemeChoice,
    Side,
    TableModel,
)
from encounters.services import lucrative
from encounters.services.common import is_organizer, side_of


def visible_games(user) -> QuerySet[Game]:
    """Games of campaigns the user may see, plus standalone games the user plays."""
    games = Game.objects.select_related("campaign", "campaign__league", "week")
    if user.is_authenticated and user.is_staff:
        return games
    mine = Q(sides__player=user) if user.is_authenticated else Q(pk__in=[])
    public = Q(campaign__visibility="public")
    if user.is_authenticated:
        from league.models import Membership

        leagues = Membership.objects.filter(user=user, status="active").values("league")
        return games.filter(mine | public | Q(campaign__league__in=leagues)).distinct()
    return games.filter(public)


def can_view_game(user, game: Game) -> bool:
    """Campaign games follow the campaign's visibility; a standalone setup is shared by
    its link (its secrets still go through ``game_view``)."""
    if game.campaign_id:
        return can_view_campaign(user, game.campaign) or side_of(game, user) is not None
    return True


@dataclass
class SideView:
    side: Side
    is_viewer: bool
    hire_visible: bool
    hired: list[HiredModel] = field(default_factory=list)
    schemes: list[dict] = field(default_factory=list)
    scheme_vp: int = 0
    #: A Lucrative Offer's third scheme: its owner's, or anyone's once revealed; None
    #: otherwise (an opponent cannot tell a hidden one from none). Never in the VP.
    third_scheme: dict | None = None

    @property
    def strategy_vp(self) -> int:
        return sum(int(v) for v in (self.side.strategy_vp or {}).values())

    @property
    def total_vp(self) -> int:
        return self.strategy_vp + self.scheme_vp


@dataclass
class TableView:
    """The facts the table records for the game record, as the viewer may see them.

    ``needed``: the extra facts the two crews' Bounties read (the tracker asks only
    those). ``notes``: Bounty notes the viewer may read (its own, and revealed ones);
    ``hidden_notes``: the opponent's secret notes, as (side, Bounty name) only.
    ``markers``: (kind, owner, quarter) -> Markers in play.
    """

    needed: frozenset[str] = frozenset()
    bounties: dict[str, dict] = field(default_factory=dict)
    table_models: list[TableModel] = field(default_factory=list)
    markers: dict[tuple[str, str, int], int] = field(default_factory=dict)
    notes: list[dict] = field(default_factory=list)
    hidden_notes: list[tuple[str, str]] = field(default_factory=list)
    events: list[ModelEvent] = field(default_factory=list)
    neutral_names: list[str] = field(default_factory=list)

    def needs(self, fact: str) -> bool:
        return fact in self.needed


@dataclass
class GameView:
    game: Game
    viewer_side: str
    organizer: bool
    sides: list[SideView]
    casualties: list[Casualty]
    log: list[GameLog]
    table: TableView = field(default_factory=TableView)


def game_view(game: Game, user) -> GameView:
    """The game as ``user`` may see it, in a fixed number of queries."""
    # Every row below belongs to this one game: each query orders by its own columns in the
    # order the models' default ordering gives within one game (side key, id), rather than
    # by that ordering, which joins the game (and the side) to sort by their creation.
    game = (Game.objects.select_related("campaign__league", "week")
            .prefetch_related(
                Prefetch("sides", queryset=Side.objects.select_related(
                    "player", "crew", "lucrative_scheme__noted_model").order_by("key")
                         .prefetch_related(
                             Prefetch("hired", queryset=HiredModel.objects
                                      .order_by("-is_leader", "id")),
                             Prefetch("schemes", queryset=SchemeChoice.objects
                                      .select_related("noted_model").order_by("id")),
                             Prefetch("bounty_notes", queryset=BountyNote.objects
                                      .select_related("model").order_by("id")))),
                Prefetch("table_models", queryset=TableModel.objects.select_related("side")
                         .order_by("id")),
            ).get(pk=game.pk))
    mine = side_of(game, user)
    organizer = is_organizer(user, game)
    sides = list(game.sides.all())
    both_revealed = all(s.hire_revealed for s in sides) and len(sides) == 2
    views = []
    for side in sides:
        is_viewer = mine is not None and mine.pk == side.pk
        hire_visible = is_viewer or both_revealed or (user.is_authenticated and user.is_staff)
        schemes = []
        for choice in side.schemes.all():
            if is_viewer or choice.revealed:
                schemes.append({"id": choice.pk, "scheme": choice.scheme_key,
                                "revealed": choice.revealed, "vp": choice.vp,
                                "noted_model": choice.noted_model.name
                                if choice.noted_model else None})
        hidden = [c for c in side.schemes.all() if not (is_viewer or c.revealed)]
        if hidden:
            schemes.append({"id": None, "scheme": "hidden", "revealed": False,
                            "vp": sum(c.vp for c in hidden), "count": len(hidden)})
        views.append(SideView(side=side, is_viewer=is_viewer, hire_visible=hire_visible,
                              hired=list(side.hired.all()) if hire_visible else [],
                              schemes=schemes,
                              scheme_vp=sum(c.vp for c in side.schemes.all()),
                              third_scheme=_third_scheme(side, is_viewer)))
    viewer_key = mine.key if mine else ""
    log = list(game.log.filter(Q(secret_for="") | Q(secret_for=viewer_key or "-"))
               .select_related("actor").order_by("id"))
    # The hired models' cards too: the casualties' event Scrip reads their stations.
    casualties = list(game.casualties.select_related(
        "model__arsenal_model__card", "model__wandering_card", "by_model", "side",
        "table_model", "by_table_model", "flip", "reflip").order_by("id"))
    return GameView(game, viewer_key, organizer, views, casualties, log,
                    _table_view(game, sides, mine))


def _third_scheme(side: Side, is_viewer: bool) -> dict | None:
    """The third scheme as this viewer may see it: nothing of a hidden one but to its
    owner (not its existence, its VP or its Scrip)."""
    third = lucrative.third_of(side)
    if third is None or not (is_viewer or third.revealed):
        return None
    per_vp = lucrative.scrip_per_vp()
    return {"scheme": third.scheme_key, "revealed": third.revealed,
            "revealed_on_turn": third.revealed_on_turn,
            "noted_model": third.noted_model.name if third.noted_model_id else None,
            "vp_equivalent": third.vp_equivalent, "scrip": third.vp_equivalent * per_vp,
            "max_vp": lucrative.vp_cap(third.scheme_key)}


def _table_view(game: Game, sides: list[Side], mine: Side | None) -> TableView:
    """One query (the crews' Bounties), plus the Markers and the model events when a
    Bounty reads them."""
    from campaign.models import CrewBounty
    from encounters.services.table import neutral_names
    from rules import tables
    from rules.engine.record import facts_needed

    if not game.campaign_id:  # a standalone setup: no crews, no Bounties
        return TableView()
    names = {b.key: b.name for b in tables.bounties().rows}
    held = dict(CrewBounty.objects.filter(crew__in=[s.crew_id for s in sides if s.crew_id],
                                          status=CrewBounty.Status.ACTIVE)
                .order_by("id").values_list("crew_id", "bounty_key"))
    bounties = {s.key: {"key": held[s.crew_id], "name": names.get(held[s.crew_id], "")}
                for s in sides if s.crew_id in held}
    neutrals = neutral_names(game)
    needed = set(facts_needed(b["key"] for b in bounties.values()))
    if neutrals:
        needed.add("neutrals")
    markers: dict[tuple[str, str, int], int] = {}
    if needed & {"markers.scheme", "markers.corpse", "markers.scrap", "removals"}:
        for kind, owner, quarter, delta in game.marker_changes.order_by().values_list(
                "kind", "owner", "quarter", "delta"):
            markers[(kind, owner, quarter)] = markers.get((kind, owner, quarter), 0) + delta
    notes, hidden = [], []
    for side in sides:
        for note in side.bounty_notes.all():
            name = names.get(note.bounty_key, note.bounty_key)
            if note.revealed or (mine is not None and mine.pk == side.pk):
                notes.append({"id": note.pk, "side": side.key, "bounty": note.bounty_key,
                              "name": name, "model": note.model.name if note.model_id
                              else None, "model_id": note.model_id,
                              "characteristic": note.characteristic,
                              "revealed": note.revealed, "escorted": note.escorted,
                              "mine": mine is not None and mine.pk == side.pk})
            else:
                hidden.append((side.key, name))
    events = list(game.model_events.select_related("model", "table_model").order_by("id")) \
        if needed & {"horror", "attached"} else []
    return TableView(frozenset(needed), bounties, list(game.table_models.all()), markers,
                     notes, hidden, events, neutrals)

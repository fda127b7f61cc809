"""What each viewer may see of a game. The only place that reads secrets (unrevealed
schemes, noted models, the crew a side hired before both are revealed, secret log lines);
pages and the API both go through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch, Q, QuerySet

from campaign.services.access import can_view_campaign
from encounters.models import Casualty, Game, GameLog, HiredModel, SchemeChoice, Side
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

    @property
    def strategy_vp(self) -> int:
        return sum(int(v) for v in (self.side.strategy_vp or {}).values())

    @property
    def total_vp(self) -> int:
        return self.strategy_vp + self.scheme_vp


@dataclass
class GameView:
    game: Game
    viewer_side: str
    organizer: bool
    sides: list[SideView]
    casualties: list[Casualty]
    log: list[GameLog]


def game_view(game: Game, user) -> GameView:
    """The game as ``user`` may see it, in a fixed number of queries."""
    game = (Game.objects.select_related("campaign", "week")
            .prefetch_related(
                Prefetch("sides", queryset=Side.objects.select_related("player", "crew")
                         .prefetch_related("hired",
                                           Prefetch("schemes", queryset=SchemeChoice.objects
                                                    .select_related("noted_model"))))
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
                              scheme_vp=sum(c.vp for c in side.schemes.all())))
    viewer_key = mine.key if mine else ""
    log = list(game.log.filter(Q(secret_for="") | Q(secret_for=viewer_key or "-"))
               .select_related("actor"))
    casualties = list(game.casualties.select_related("model", "by_model", "side"))
    return GameView(game, viewer_key, organizer, views, casualties, log)

"""What pages and the API read about nights, in a fixed number of queries, and the
history the pairing needs."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext, gettext_lazy

from campaign.models import Campaign, Crew
from campaign.selectors import visible_campaigns
from encounters.models import Game, Side
from encounters.services.results import COUNTED
from nights.models import CampaignNight, CheckIn, Pairing
from nights.pairing import History

GAME_STATUS = {
    Game.State.SET_UP: gettext_lazy("Setting up"),
    Game.State.IN_PLAY: gettext_lazy("In play"),
    Game.State.REPORTED: gettext_lazy("Reported"),
    Game.State.DISPUTED: gettext_lazy("Disputed"),
    Game.State.CONFIRMED: gettext_lazy("Confirmed"),
    Game.State.AFTERMATH: gettext_lazy("Confirmed, aftermath to do"),
    Game.State.DONE: gettext_lazy("Done"),
}


def visible_nights(user) -> QuerySet[CampaignNight]:
    """Nights of the campaigns the user may read (the campaign's visibility)."""
    return (CampaignNight.objects.filter(campaign__in=visible_campaigns(user))
            .select_related("campaign__league", "week", "created_by"))


def pairings_of(night: CampaignNight) -> list[Pairing]:
    """The night's pairings with crews, players and game state (one query)."""
    return list(Pairing.objects.filter(night=night)
                .select_related("crew_a__player", "crew_b__player", "game")
                .order_by("bye", "table", "id"))


@dataclass(frozen=True)
class BoardRow:
    """One line of the venue dashboard."""

    pairing: Pairing
    status: str
    vp: tuple[int, int] | None

    @property
    def state(self) -> str:
        return self.pairing.game.state if self.pairing.game_id else ""


def board_rows(night: CampaignNight) -> list[BoardRow]:
    """Tables, crews and each game's live status (one query for any number of tables)."""
    rows = []
    for p in pairings_of(night):
        game = p.game if p.game_id else None
        if p.bye:
            status = gettext("Bye")
        elif game is None:
            status = gettext("Waiting to start")
        else:
            status = GAME_STATUS.get(game.state, game.get_state_display())
        vp = game.record.get("vp") if game is not None and game.state in COUNTED else None
        rows.append(BoardRow(p, status, (vp["a"], vp["b"]) if vp else None))
    return rows


def check_ins_of(night: CampaignNight) -> list[CheckIn]:
    return list(CheckIn.objects.filter(night=night).select_related("crew__player",
                                                                   "checked_in_by"))


def with_details(nights: QuerySet[CampaignNight] | None = None) -> QuerySet[CampaignNight]:
    """Check-ins and pairings prefetched with their crews and games (fixed query count)."""
    nights = CampaignNight.objects.all() if nights is None else nights
    return nights.select_related("campaign", "week").prefetch_related(
        Prefetch("check_ins", queryset=CheckIn.objects.select_related("crew__player")),
        Prefetch("pairings", queryset=Pairing.objects.select_related(
            "crew_a__player", "crew_b__player", "game").order_by("bye", "table", "id")),
    )


@dataclass(frozen=True)
class RosterRow:
    crew: Crew
    checked_in: bool
    games_this_week: int


def roster(night: CampaignNight) -> list[RosterRow]:
    """Every active crew of the campaign with its check-in and games this week (three
    queries)."""
    checked = set(CheckIn.objects.filter(night=night).values_list("crew_id", flat=True))
    played = History.from_games(max_games_per_week=night.campaign.max_games_per_week,
                                week_games=week_games(night)).games_this_week
    crews = (Crew.objects.filter(campaign=night.campaign_id, status=Crew.Status.ACTIVE)
             .select_related("player").order_by("name", "id"))
    return [RosterRow(c, c.pk in checked, played.get(c.pk, 0)) for c in crews]


def _game_pairs(games: QuerySet[Game]) -> list[tuple[int, int]]:
    crews: dict[int, dict[str, int]] = {}
    for game_id, key, crew_id in (Side.objects.filter(game__in=games, crew__isnull=False)
                                  .values_list("game_id", "key", "crew_id")):
        crews.setdefault(game_id, {})[key] = crew_id
    return [(c["a"], c["b"]) for c in crews.values() if set(c) == {"a", "b"}]


def week_games(night: CampaignNight) -> list[tuple[int, int]]:
    return _game_pairs(Game.objects.filter(week=night.week_id))


def pairing_history(night: CampaignNight) -> History:
    """Who met whom this week and earlier, games this week, and earlier nights' byes
    (nights whose games started)."""
    campaign: Campaign = night.campaign
    earlier = Game.objects.filter(campaign=campaign).exclude(week=night.week_id)
    byes = (Pairing.objects.filter(night__campaign=campaign, bye=True,
                                   night__state__in=[CampaignNight.State.STARTED,
                                                     CampaignNight.State.CLOSED])
            .exclude(night=night).values_list("crew_a_id", flat=True))
    return History.from_games(max_games_per_week=campaign.max_games_per_week,
                              week_games=week_games(night), earlier_games=_game_pairs(earlier),
                              had_bye=byes)

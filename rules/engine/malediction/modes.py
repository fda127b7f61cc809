"""Game modes and battlefield sizes (rulebook, Game Modes and Alternative Battlefield Sizes).

A ``Mode`` is what the match needs to know: sides and players per side, the mastery
threshold, the board (size, husk gap, terrain per side), husks, relic display size and the
special rules (Demo's fixed echo, Nemesis's extra draw and doubled bid). The Strife and
Maelstrom sizes replace a mode's board (``with_board``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import MaledictionRulesError

__all__ = [
    "ALLEGIANCE",
    "BOARDS",
    "DECK_MAX",
    "DECK_MIN",
    "DEMO",
    "DEMO_BOARD",
    "DRAW_PER_REFRESH",
    "ECHO_GAIN_CAP",
    "HAND_SIZE",
    "MAELSTROM",
    "MAX_MULLIGANS",
    "MODES",
    "NEARBY",
    "NEMESIS",
    "RELIC_DECK_SIZE",
    "RELIC_LOSS",
    "RELIC_MASTERY",
    "ROUND_TRACKER_CAP",
    "SIDE_DECK_MAX",
    "STANDARD",
    "STANDARD_BOARD",
    "STRIFE",
    "TERRAIN_GAP",
    "ZONE_RADIUS",
    "Board",
    "Mode",
    "echo_gain",
    "get_mode",
]

DECK_MIN = 30
DECK_MAX = 50
SIDE_DECK_MAX = 7
HAND_SIZE = 7
MAX_MULLIGANS = 5
DRAW_PER_REFRESH = 2
#: The round tracker counts to 5, so the refresh gain stops growing at 2 x 5 = 10.
ROUND_TRACKER_CAP = 5
ECHO_GAIN_CAP = 10
RELIC_DECK_SIZE = 15
#: "Nearby" is within 1" (engagement, claims, reinforcement, swaps).
NEARBY = 1.0
#: Deployment zones are quarter circles of this radius at the corners.
ZONE_RADIUS = 6.0
#: Terrain pieces stand at least this far apart.
TERRAIN_GAP = 3.0
RELIC_MASTERY = 10
RELIC_LOSS = 10


def echo_gain(round_number: int) -> int:
    """Echo gained at the refresh of ``round_number``: 2 x the tracker (capped at 5) = max 10."""
    if round_number < 1:
        raise MaledictionRulesError("Rounds start at 1.")
    if round_number == 1:
        return 0  # Round 1 skips the refresh phase.
    return 2 * min(round_number, ROUND_TRACKER_CAP)


@dataclass(frozen=True, slots=True)
class Board:
    """A battlefield size: square side in inches, minimum husk gap, terrain per side."""

    key: str
    size: float
    husk_gap: float
    large: int
    medium: int
    small: int

    @property
    def terrain_per_side(self) -> int:
        return self.large + self.medium + self.small

    @property
    def terrain_sizes(self) -> tuple[str, ...]:
        """The pieces each side places, largest first (placement order)."""
        return ("large",) * self.large + ("medium",) * self.medium + ("small",) * self.small


STANDARD_BOARD = Board("standard", 30.0, 10.0, 1, 1, 2)
DEMO_BOARD = Board("demo", 24.0, 10.0, 0, 1, 1)
STRIFE = Board("strife", 24.0, 8.0, 0, 1, 1)
MAELSTROM = Board("maelstrom", 36.0, 12.0, 1, 1, 3)
BOARDS = {b.key: b for b in (STANDARD_BOARD, DEMO_BOARD, STRIFE, MAELSTROM)}


@dataclass(frozen=True, slots=True)
class Mode:
    """A game mode. ``sides`` gives the players on each side: (1, 1), (2, 2) or (2, 1)."""

    key: str
    sides: tuple[int, ...]
    threshold: int
    board: Board
    husks: int = 4
    relic_display: int = 4
    #: Demo: both start with this echo and use no Legacy (``None``: the Legacy's value).
    starting_echo: int | None = None
    uses_legacy: bool = True
    seekers_start_deployed: bool = False
    #: Nemesis (the one-player side of a 2v1): its draw per refresh and its bid multiplier.
    nemesis: bool = False
    nemesis_draw: int = 3
    nemesis_bid_multiplier: int = 2

    @property
    def players(self) -> int:
        return sum(self.sides)

    @property
    def teams(self) -> bool:
        return any(n > 1 for n in self.sides)

    def with_board(self, board: Board | str) -> Mode:
        """This mode on another battlefield size (Strife 24", Maelstrom 36")."""
        if isinstance(board, str):
            if board not in BOARDS:
                raise MaledictionRulesError(
                    f"Unknown battlefield size {board!r}; choose one of {sorted(BOARDS)}.")
            board = BOARDS[board]
        return replace(self, board=board)

    def draw_per_refresh(self, side: int) -> int:
        """Cards a player on ``side`` draws each refresh (the Nemesis draws 3)."""
        return self.nemesis_draw if self.nemesis and self.sides[side] == 1 else DRAW_PER_REFRESH

    def is_nemesis_side(self, side: int) -> bool:
        return self.nemesis and self.sides[side] == 1


STANDARD = Mode("standard", (1, 1), 40, STANDARD_BOARD)
DEMO = Mode("demo", (1, 1), 25, DEMO_BOARD, husks=2, relic_display=2, starting_echo=10,
            uses_legacy=False, seekers_start_deployed=True)
ALLEGIANCE = Mode("allegiance", (2, 2), 50, STANDARD_BOARD)
NEMESIS = Mode("nemesis", (2, 1), 50, STANDARD_BOARD, nemesis=True)
MODES = {m.key: m for m in (STANDARD, DEMO, ALLEGIANCE, NEMESIS)}


def get_mode(key: str, board: str | None = None) -> Mode:
    """The mode by key, optionally on another board size ("strife", "maelstrom")."""
    if key not in MODES:
        raise MaledictionRulesError(f"Unknown mode {key!r}; choose one of {sorted(MODES)}.")
    mode = MODES[key]
    return mode.with_board(board) if board else mode

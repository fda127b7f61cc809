"""The event log: every step of a simulated game, compact and JSON-safe.

A log is a dict::

    {"format": 1, "simulator": SIMULATOR_VERSION, "seed": 123,
     "setup": <EncounterInput.to_dict()>, "table": <Table.to_dict()>,
     "models": [[id, side, name, base_mm, wd, is_leader], ...],
     "events": [[type, ...], ...],
     "decisions": [[side, tag, answer], ...]}

A game started from given positions (``simulate(positions=...)``) also carries
``"positions": {model id: [x, y]}``. Models are referred to by their index in ``models``;
sides are 0 (crew A) and 1 (crew B);
positions are in inches on a 0.1" grid. ``decisions`` holds every answer a commander gave,
in order, so ``replay`` can play the game again without the commanders.

Events (``type`` first):

=========  ===========================================================================
turn       [turn]
draw       [side, cards drawn, bought two more (0/1), discarded]
init       [cards of side 0, cards of side 1, first side]   (every flip and reflip)
depflip    [cards of side 0, cards of side 1, side deploying first, its zone]
deploy     [model, x, y]
arrive     [model, x, y]                              (enters later in the game)
act        [model]                                     (an Activation starts)
ap         [model, AP]                                 (after start effects)
done       [model]                                     (it ends)
walk       [model, [[x, y], ...]]                      (the path's waypoints)
charge     [model, target, x, y]
push       [model, x, y]
strike     [striker, mover, hit (0/1), duel]           (a disengaging strike)
attack     [model, target, action, duel, won (0/1), margin]
random     [model, intended, chosen, cards]             (a shot into an engagement)
tactical   [model, action, duel or "", success (0/1)]
dmg        [model, amount, wounds after, source model or -1, cause, damage flip or ""]
prevent    [model, card, prevented]
heal       [model, amount, wounds after]
kill       [model, killer or -1, how, cause]           (how: killed, sacrificed, buried)
summon     [summoner, new model, name, x, y]           (a summoned model arrives)
nosummon   [summoner, name, why]                       (a summon that failed)
bury       [model, the model that buried it]
unbury     [model, x, y]
place      [model, x, y, model it is placed beside]   (placed, not moved: 1.6)
twist      [model, twists]                  (on its next duel: -1 negative, +1 positive)
duel       [model, stat, tn, duel, passed (0/1)]      (a duel a trigger forces on it)
cond       [model, condition, value]                  (value 0: removed)
horror     [model, tn, duel, passed (0/1)]
hazard     [model, terrain id]
fall       [model, inches fallen]                      (then its dmg, if any)
marker     [marker id, kind, side or -1, x, y]         (placed)
unmarker   [marker id]                                 (removed)
claim      [marker id, side]
vp         [side, "strategy", VP added, turn]
svp        [side, scheme, VP added, turn]              (scheme event)
reveal     [side, scheme, turn]                        (scheme event)
scheme     [side, scheme, what, model, target]         (scheme event: an Interact it allows)
cards      [side, "draw" or "discard", count]        (a card effect of a trigger or action)
focus      [model, value]
stance     [model, value]
endflip    [turn, card, needed, continues (0/1)]
end        [turn, vp side 0, vp side 1, winner side or -1]
=========  ===========================================================================

A duel is a string of its steps joined by "|": "<step>:<role>:<detail>". Steps (the
engine's, shortened): ss soulstone use, f cards flipped, c card chosen, n Red Joker's
suit named, x cheated ("old>new"), p declined to cheat, b not allowed to cheat (detail:
neg a negative twist, bj own Black Joker, rj the opponent's Red Joker), t trigger
declared, r result (winner's role and the margin). Roles: a attacker, d defender, s a
simple duel's model. Example: "f:a:13R 12M|f:d:1T|c:d:1T|c:a:12M|p:d:|b:a:neg|r:a:16".

A damage flip is "<cards turned over>><card chosen>", then ">>" and the card cheated in
when Fate was cheated: "4C 9T>9T", "3R>3R>>12M".

Secrets: the Schemes in ``setup`` (with what they noted) and the events whose type is in
``SCHEME_EVENTS`` belong to the side in their second field; a reader shows them to the
other player only once the game is counted.
"""

from __future__ import annotations

from typing import Any

__all__ = ["LOG_FORMAT", "SCHEME_EVENTS", "EventLog", "duel_text", "flip_text"]

LOG_FORMAT = 1
SCHEME_EVENTS = frozenset({"svp", "reveal", "scheme"})

_ROLE = {"attacker": "a", "defender": "d", "simple": "s", "success": "s", "failure": "s"}
_STEP = {"soulstone": "ss", "flip": "f", "choose": "c", "name": "n", "cheat": "x", "pass": "p",
         "blocked": "b", "trigger": "t", "result": "r"}
_BLOCKED = {"a negative twist remains on the flip after cancellation": "neg",
            "the Black Joker was flipped": "bj",
            "the opponent flipped the Red Joker in this duel": "rj"}


def duel_text(events: tuple[tuple[str, str, str], ...]) -> str:
    """A duel's engine events as one compact string (see the module docstring)."""
    # Each event's text is looked up whole: a game's duels repeat a few hundred events
    # ("p:d:", "c:a:12M", "r:a:3"...), and the lookup is cheaper than building the text.
    texts = _TEXTS
    parts = []
    for event in events:
        text = texts.get(event)
        if text is None:
            text = event_text(*event)
            if len(texts) < _MAX_TEXTS:
                texts[event] = text
        parts.append(text)
    return "|".join(parts)


def event_text(step: str, role: str, detail: str) -> str:
    """One duel event as ``duel_text`` writes it: "<step>:<role>:<detail>"."""
    if step == "blocked":
        detail = _BLOCKED.get(detail, detail)
    elif step == "result" and role == "simple":
        role, detail = "simple", "1" if detail == "success" else "0"
    return f"{_STEP.get(step, step)}:{_ROLE.get(role, role[:1])}:{detail}"


#: Event (step, role, detail) -> its text in ``duel_text`` (bounded: a long run of
#: games meets new flips and cheats; the common events are met in the first games).
_TEXTS: dict[tuple[str, str, str], str] = {}
_MAX_TEXTS = 4096


def flip_text(flip) -> str:
    """A damage flip (``flips.Flip``) as one compact string (see the module docstring)."""
    text = " ".join(c.code for c in flip.cards) + ">" + flip.chosen.code
    if flip.cheated_in is not None:
        text += ">>" + flip.cheated_in.code
    return text


class EventLog:
    """Appends events; ``events`` is the list that goes into the log dict."""

    __slots__ = ("events",)

    def __init__(self) -> None:
        self.events: list[list[Any]] = []

    def add(self, *event: Any) -> None:
        self.events.append([*event])  # a display, not a call of ``list`` (hundreds a game)

    def __len__(self) -> int:
        return len(self.events)

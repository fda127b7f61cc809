"""The turn loop: setup, Draw, Initiative, Activation and End Phases, and the end of the game.

``Game`` owns one encounter: the state, both Fate Decks, the commanders, the event log and
the decision log. Every question goes through ``Game.ask`` (or, inside duels, a
``_Recorded`` decisions wrapper), which writes the answer to the decision log; that is what
lets ``replay`` play a stored game again without its commanders.

Randomness: each Fate Deck, the terrain layout and each commander get their own seed,
derived from the one simulation seed by ``derive_seed``; nothing reads the global
``random`` module, and nothing iterates a set or an unordered mapping where the order
could change a result.
"""

from __future__ import annotations

import gc
import hashlib
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..damage import DamageTrack, apply_armor, damage_flip, prevention_flip
from ..deck import FateDeck
from ..duels import Duelist, SimpleDuelResult, SoulstoneUse, simple_duel
from ..errors import EngineBug
from ..scoring import Score, victory_limits
from . import actions, table_effects
from .codec import ENCODERS
from .commanders.base import DuelContext
from .commands import EndActivation, Walk
from .crews import EncounterInput
from .errors import IllegalCommand
from .geometry import Point, snap
from .log import LOG_FORMAT, EventLog, duel_text, flip_text
from .playable import check_playable, note_candidates, note_roles
from .result import Casualty, build_result
from .scoring import ScoringBook
from .state import GameState, Model, SchemeState, SideState
from .table import HAZARD_DAMAGE, Table, TerrainPiece, generate_layout
from .view import GameView

if TYPE_CHECKING:
    from .result import SimulationResult

__all__ = ["SIMULATOR_VERSION", "Game", "derive_seed"]

#: Bump whenever play changes: the same input and seed must give the same log only
#: within one version.
SIMULATOR_VERSION = "1.6.0"
#: Valued Conditions stack (add up); the others are present or not.
STACKING = frozenset({"poison", "burning", "focused", "defensive", "lingering", "shielded",
                      "injured"})
#: Conditions that outlast the End Phase (the manual: "Unless otherwise specified, all
#: Conditions are removed from a model at the end of the Turn"): Poison lowers by one,
#: Burning is removed after its damage, Fast, Slow and Paralyzed end with the model's
#: Activation ("not during the End Step"), Defensive at the start of its next one,
#: Pinned Down and Lingering with the next, and the Scheme and Strategy states are not
#: card Conditions.
KEPT_AT_END_OF_TURN = frozenset({"poison", "fast", "slow", "paralyzed", "defensive",
                                 "pinned", "lingering", "distracted", "cursed_object",
                                 "bound"})
MAX_TURNS = 10
_HAZARD = DamageTrack.parse(HAZARD_DAMAGE)
#: How ``ask`` writes a Soulstone answer (``soulstones`` asks without ``ask``).
_ENCODE_STONE = ENCODERS["ss"]


def derive_seed(seed: int, label: str) -> int:
    """An independent 64-bit seed for one random stream of the game."""
    digest = hashlib.blake2b(f"{seed}:{label}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


class _NoCheat:
    """Hazardous terrain damage: the opponent flips and may not cheat."""

    __slots__ = ()

    def choose_damage_card(self, allowed: tuple[Card, ...], track: DamageTrack) -> Card:
        best = allowed[0]
        for card in allowed:
            if card.value > best.value:
                best = card
        return best

    def cheat_damage(self, hand, current, track) -> None:
        return None


_NO_CHEAT = _NoCheat()


class _Recorded:
    """Duel and damage decisions that write every answer to the decision log."""

    __slots__ = ("game", "inner", "side")

    def __init__(self, game: Game, side: int, inner) -> None:
        self.game = game
        self.side = side
        self.inner = inner

    def _note(self, tag: str, answer: Any) -> None:
        self.game.decisions.append([self.side, tag, ENCODERS[tag](answer)])

    # The card answers are written as ``codec``'s ``_code`` writes them (a card's code,
    # or None), without the two calls of ``_note``: a game writes hundreds.

    # The card and trigger answers are written as ``encode`` writes them (a card's code or
    # None, a trigger's name or None), without its table lookup and call: a game records
    # a few hundred of them (``test_recorded_encoding`` pins them to ``encode``).

    def choose_card(self, allowed, view):
        card = self.inner.choose_card(allowed, view)
        self.game.decisions.append([self.side, "ch", None if card is None else card.code])
        return card

    def name_red_joker(self, view):
        suit = self.inner.name_red_joker(view)
        self._note("rj", suit)
        return suit

    def cheat(self, view):
        card = self.inner.cheat(view)
        self.game.decisions.append([self.side, "ct", None if card is None else card.code])
        return card

    def declare_trigger(self, available, view):
        trigger = self.inner.declare_trigger(available, view)
        self.game.decisions.append([self.side, "tr", None if trigger is None else trigger.name])
        return trigger

    def choose_damage_card(self, allowed, track):
        card = self.inner.choose_damage_card(allowed, track)
        self.game.decisions.append([self.side, "dch", None if card is None else card.code])
        return card

    def cheat_damage(self, hand, current, track):
        card = self.inner.cheat_damage(hand, current, track)
        self.game.decisions.append([self.side, "dct", None if card is None else card.code])
        return card


class _NoCheatRecorded(_Recorded):
    """A side whose controller may not Cheat Fate (a trigger's "The target's controller
    may not cheat fate"): it is never asked, and never cheats."""

    __slots__ = ()

    def cheat(self, view):
        return None

    def cheat_damage(self, hand, current, track):
        return None


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for one encounter.

    A game allocates many short-lived objects, and the collector's passes (over the odds
    caches too) took about a twentieth of the time; the game's own cycles are collected
    once it is over. It is a process-wide switch: it is turned back on only if it was on.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class Game:
    """One simulated encounter. ``play()`` runs it to the end and returns the result."""

    def __init__(self, setup: EncounterInput, seed: int, commanders: Sequence, *,
                 positions: dict[str, Point] | None = None) -> None:
        check_playable(setup)
        if len(commanders) != 2:
            raise IllegalCommand("A game needs two commanders, one per crew.")
        self.setup = setup
        self.seed = int(seed)
        self.version = SIMULATOR_VERSION
        if setup.table.terrain is not None:
            terrain = tuple(TerrainPiece.from_dict(t, i) for i, t in enumerate(setup.table.terrain))
        else:
            terrain = generate_layout(derive_seed(self.seed, "layout"),
                                      density=setup.table.density, deployment=setup.deployment)
        self.table = Table(terrain, setup.deployment)
        models: list[Model] = []
        sides: list[SideState] = []
        for index, crew in enumerate(setup.crews):
            deck = FateDeck(derive_seed(self.seed, f"deck:{index}"), hand_size=crew.hand_size)
            side = SideState(index, crew, deck, None)  # the Score comes with the Schemes
            for model_input in crew.models:
                model = Model(len(models), index, model_input.profile)
                models.append(model)
                side.models.append(model)
                if model_input.is_leader:
                    side.leader = model
            sides.append(side)
        self.state = GameState(self.table, sides, models)
        self.log = EventLog()
        self.decisions: list[list] = []
        self.commanders = list(commanders)
        for index, commander in enumerate(self.commanders):
            commander.bind(index, derive_seed(self.seed, f"commander:{index}"))
        self.views = [GameView(self, 0), GameView(self, 1)]
        self.casualties: list[Casualty] = []
        self.scoring = ScoringBook(self)
        self.positions = positions
        self.ended_on_turn = 0
        #: Activations begun (the log's "act" events, counted as they are written: the
        #: result reports the number, and a count of the events walked the whole log).
        self.activations = 0
        self.deployed_first = 0
        # The active model's Action Points.
        self.ap = 0
        self.extra_ap: dict[str, int] = {}
        self.zero_used = False
        self.activation_over = False
        #: General AP each side left unspent at the end of its Activations.
        self.unspent_ap = [0, 0]
        self._had: tuple[bool, int] = (False, 0)
        #: Model index -> twists on its next duel (+ positive, - negative; a trigger's
        #: "suffers a negative twist to its next duel"), spent by that duel.
        self.next_twists: dict[int, int] = {}
        #: Sides whose controller may not Cheat Fate for the rest of the current action.
        self.no_cheat: set[int] = set()
        #: Conditions under which a model declares no Triggers: Stunned, and those a card
        #: defines so ("Smothered: This model cannot declare Triggers."), added when given.
        self.silencing: frozenset[str] = frozenset({"stunned"})

    # -- asking -------------------------------------------------------------------------

    def ask(self, side: int, tag: str, method: str, *args: Any) -> Any:
        answer = getattr(self.commanders[side], method)(self.views[side], *args)
        self.decisions.append([side, tag, ENCODERS[tag](answer)])
        return answer

    def decisions_for(self, side: int, context: DuelContext) -> _Recorded:
        inner = self.commanders[side].duel_decisions(self.views[side], context)
        if self.no_cheat and side in self.no_cheat:
            return _NoCheatRecorded(self, side, inner)
        return _Recorded(self, side, inner)

    def take_twists(self, m: Model) -> tuple[int, int]:
        """(positive, negative) twists waiting for ``m``'s next duel, now spent."""
        twists = self.next_twists.pop(m.idx, 0)
        return (twists, 0) if twists > 0 else (0, -twists)

    def soulstones(self, model: Model, context: DuelContext) -> SoulstoneUse | None:
        """Ask for a Soulstone use before a flip (only Masters and Henchmen, only with
        Soulstones in the Pool)."""
        side = self.state.sides[model.side]
        if side.pool < 1 or not model.p.can_use_soulstones:  # the Pool first: no call
            return None
        # ``ask(model.side, "ss", "soulstones", context)`` written out (one per Master's
        # or Henchman's duel): the same call, the same record.
        index = model.side
        use = self.commanders[index].soulstones(self.views[index], context)
        self.decisions.append([index, "ss", _ENCODE_STONE(use)])
        if use is None or not use.stones:
            return None
        if use.stones > side.pool:
            raise IllegalCommand(f"{model.name} cannot spend {use.stones} Soulstones: the "
                                 f"Pool holds {side.pool}.")
        return use

    # -- the whole game -----------------------------------------------------------------

    def play(self) -> SimulationResult:
        with collector_paused():
            self.setup_encounter()
            while True:
                keep_going = self.play_turn()
                if not keep_going:
                    break
            table_effects.bury_left_at_end(self)
            self.scoring.end_game()
            self.log.add("end", self.state.turn, self.state.sides[0].score.total,
                         self.state.sides[1].score.total, self._winner_side())
            return build_result(self)

    def drop_back_references(self) -> None:
        """Break the game's reference cycles (its views and scoring book point back at
        it) once nothing will read it again: it is then freed at once, not left to the
        cyclic collector (``simulate`` does this; its result holds only plain data)."""
        self.views = []
        self.scoring = None

    def _winner_side(self) -> int:
        a, b = (s.score.total for s in self.state.sides)
        return -1 if a == b else (0 if a > b else 1)

    def log_dict(self) -> dict:
        models = [[m.id, m.side, m.name, m.p.base_mm, m.p.wd, int(m.p.is_leader)]
                  for m in self.state.models]
        return {
            "format": LOG_FORMAT,
            "simulator": self.version,
            "seed": self.seed,
            "setup": self.setup.to_dict(),
            "table": self.table.to_dict(),
            "models": models,
            "events": self.log.events,
            "decisions": self.decisions,
        }

    # -- setting up ---------------------------------------------------------------------

    def setup_encounter(self) -> None:
        st = self.state
        limits = victory_limits(self.setup.limits)
        for index, crew in enumerate(self.setup.crews):
            side = st.sides[index]
            keys = [s.key for s in crew.schemes]
            if not keys:
                pool = self.setup.scheme_pool
                keys = list(self.ask(index, "schemes", "choose_schemes", pool))
                if len(keys) != 2 or len(set(keys)) != 2 or any(k not in pool for k in keys):
                    raise IllegalCommand(f"{crew.name} must choose two different Schemes from "
                                         f"the pool {list(pool)}, not {keys}.")
            side.score = Score(keys, limits)
            side.schemes = [SchemeState(k) for k in keys]
        for index, crew in enumerate(self.setup.crews):
            given = {s.key: s for s in crew.schemes}
            for scheme in st.sides[index].schemes:
                choice = given.get(scheme.key)
                noted: dict[str, str] = {}
                for role in note_roles(scheme.key):
                    candidates = note_candidates(self.setup, index, scheme.key, role, noted)
                    chosen = choice.noted.get(role) if choice is not None else None
                    if chosen is None:
                        chosen = self.ask(index, "note", "note", scheme.key, role, candidates)
                    if chosen not in candidates:
                        raise IllegalCommand(f"{scheme.key}: {chosen!r} cannot be noted as "
                                             f"{role}; choose one of {list(candidates)}.")
                    noted[role] = chosen
                    scheme.noted[role] = self.state.model(chosen).idx
        for index, crew in enumerate(self.setup.crews):
            given = {s.key: s for s in crew.schemes}
            for scheme in st.sides[index].schemes:
                choice = given.get(scheme.key)
                self.scoring.reveal_at_start(index, scheme,
                                             choice.revealed if choice is not None else None)
        self.scoring.setup_strategy()
        if self.positions is not None:
            self._place_given_positions()
        else:
            self._deploy()
            self.after_deployment()

    def after_deployment(self) -> None:
        """"After deployment, this model may make a free Walk action": each such model, the
        crew that deployed first first, Walks where its commander says (``scout``), or
        not at all. The Walk costs no AP and is not an Activation; it follows the Walk's
        rules otherwise (Wk, terrain, Pinned Down)."""
        st = self.state
        for index in (self.deployed_first, 1 - self.deployed_first):
            for m in st.sides[index].models:
                if not (m.in_play and m.p.talents.walk_after_deployment):
                    continue
                command = self.ask(index, "scout", "scout", m.id)
                if command is None:
                    continue
                if not isinstance(command, Walk):
                    raise IllegalCommand(f"{m.name}'s free Walk after deployment must be a "
                                         f"Walk, not {command!r}.")
                saved = (self.ap, self.zero_used, self.activation_over, st.active)
                self.ap, st.active = 1, m
                try:
                    problem = actions.check(self, m, command)
                    if problem:
                        raise IllegalCommand(f"{m.name} cannot make its free Walk: {problem}.")
                    self.log.add("scout", m.idx)
                    actions.execute(self, m, command)
                finally:
                    self.ap, self.zero_used, self.activation_over, st.active = saved

    def _place_given_positions(self) -> None:
        """Tests and saved positions: zone 0 belongs to crew A, and models go where told."""
        st = self.state
        st.sides[0].zone, st.sides[1].zone = self.table.zones
        for m in st.models:
            if m.id not in self.positions:
                continue
            x, y = self.positions[m.id]
            problem = st.standing_problem(m, snap(x), snap(y))
            if problem:
                raise IllegalCommand(f"{m.name} cannot be placed: {problem}.")
            m.x, m.y = snap(x), snap(y)
            m.in_play = m.arrived = True
            st.moved()
            self.log.add("deploy", m.idx, m.x, m.y)

    def _deploy(self) -> None:
        st = self.state
        cards: list[list[str]] = [[], []]
        while True:
            flips = []
            for index in (0, 1):
                deck = st.sides[index].deck
                card = deck.flip(1)[0]
                deck.discard([card])
                cards[index].append(card.code)
                flips.append(card)
            if flips[0].value != flips[1].value:
                break
        winner = 0 if flips[0].value > flips[1].value else 1
        first = winner if self.ask(winner, "first", "deploy_first") else 1 - winner
        zone = self.ask(first, "zone", "choose_zone")
        if zone not in (0, 1):
            raise IllegalCommand(f"Choose deployment zone 0 or 1, not {zone!r}.")
        st.sides[first].zone = self.table.zones[zone]
        st.sides[1 - first].zone = self.table.zones[1 - zone]
        self.deployed_first = first
        self.log.add("depflip", cards[0], cards[1], first, zone)
        for index in (first, 1 - first):
            self._deploy_models(index, [m for m in st.sides[index].models
                                        if not m.p.enters_on_turn])

    def _deploy_models(self, index: int, models: list[Model], tag: str = "deploy") -> None:
        if not models:
            return
        st = self.state
        ids = tuple(m.id for m in models)
        if tag == "deploy":
            spots = self.ask(index, "deploy", "deploy", ids)
        else:
            spots = {ids[0]: self.ask(index, "arrive", "arrive", ids[0])}
        zone = st.sides[index].zone
        for m in models:
            if m.id not in spots:
                raise IllegalCommand(f"{m.name} was not given a place to deploy.")
            x, y = snap(spots[m.id][0]), snap(spots[m.id][1])
            if not zone.contains_base(x, y, m.r):
                raise IllegalCommand(f"{m.name} must be completely within its Deployment Zone, "
                                     f"not at ({x}, {y}).")
            problem = st.standing_problem(m, x, y)
            if problem:
                raise IllegalCommand(f"{m.name} cannot deploy: {problem}.")
            m.x, m.y = x, y
            m.in_play = m.arrived = True
            st.moved()
            self.log.add(tag, m.idx, x, y)

    # -- a Turn -------------------------------------------------------------------------

    def play_turn(self) -> bool:
        """One Turn; False when the encounter ended at its End Phase."""
        st = self.state
        st.turn += 1
        turn = st.turn
        self.log.add("turn", turn)
        for side in st.sides:
            side.kills_this_turn = 0
            side.master_kills_minion_this_turn = False
        for m in st.models:
            m.activated = False
            m.horror_immune.clear()
            m.hazard_hit.clear()
        for index in (0, 1):
            late = [m for m in st.sides[index].models
                    if m.p.enters_on_turn == turn and not m.arrived and not m.killed]
            for m in late:
                self._deploy_models(index, [m], tag="arrive")
        self.draw_phase()
        self.initiative_phase()
        self.activation_phase()
        return self.end_phase()

    def draw_phase(self) -> None:
        st = self.state
        order = (st.first, 1 - st.first) if st.turn > 1 else (
            self.deployed_first, 1 - self.deployed_first)
        for index in (0, 1):
            st.sides[index].deck.reshuffle()
        counts = {0: [0, 0, 0], 1: [0, 0, 0]}
        for index in order:
            deck = st.sides[index].deck
            if deck.hand:
                chosen = self._discard(index, 0)
                counts[index][2] += len(chosen)
        for index in order:
            counts[index][0] = len(st.sides[index].deck.refill_hand())
        for index in order:
            side = st.sides[index]
            if side.pool >= 1 and self.ask(index, "buy", "buy_cards"):
                side.pool -= 1
                side.deck.draw(2)
                counts[index][1] = 1
        for index in order:
            side = st.sides[index]
            excess = len(side.deck.hand) - side.hand_size
            if excess > 0:
                counts[index][2] += len(self._discard(index, excess))
        for index in order:
            self.log.add("draw", index, *counts[index])

    def _discard(self, index: int, must: int) -> tuple[Card, ...]:
        deck = self.state.sides[index].deck
        hand = deck.hand
        chosen = self.ask(index, "discard", "discard", hand, must)
        remaining = list(hand)
        for card in chosen:
            if card.identity not in remaining:
                raise IllegalCommand(f"{card} is not in the Control Hand.")
            remaining.remove(card.identity)
        if must and len(chosen) != must:
            raise IllegalCommand(f"Discard exactly {must} card(s) down to the Hand Size.")
        deck.discard([c.identity for c in chosen])
        return tuple(chosen)

    def initiative_phase(self) -> None:
        st = self.state
        shown: list[list[str]] = [[], []]

        def flip(index: int) -> Card:
            deck = st.sides[index].deck
            card = deck.flip(1)[0]
            deck.discard([card])
            shown[index].append(card.code)
            return card

        cards = [flip(0), flip(1)]
        while cards[0].value == cards[1].value:
            cards = [flip(0), flip(1)]
        low = 0 if cards[0].value < cards[1].value else 1
        for index in (low, 1 - low):
            side = st.sides[index]
            if side.pool >= 1 and self.ask(index, "reflip", "reflip_initiative", cards[index],
                                           cards[1 - index]):
                side.pool -= 1
                cards[index] = flip(index)
        while cards[0].value == cards[1].value:
            cards = [flip(0), flip(1)]
        winner = 0 if cards[0].value > cards[1].value else 1
        st.first = winner if self.ask(winner, "gofirst", "go_first") else 1 - winner
        self.log.add("init", shown[0], shown[1], st.first)

    def activation_phase(self) -> None:
        st = self.state
        current = st.first
        while True:
            ready = [m for m in st.sides[current].models if m.in_play and not m.activated]
            if not ready and not any(m.in_play and not m.activated
                                     for m in st.sides[1 - current].models):
                return
            if ready:
                ids = tuple([m.id for m in ready])
                # ``ask`` written out (its ``getattr`` and the identity encoder): the
                # same answer recorded as ``ask(current, "activate", ...)`` records it.
                chosen = self.commanders[current].choose_activation(self.views[current], ids)
                self.decisions.append([current, "activate", chosen])
                if chosen not in ids:
                    raise IllegalCommand(f"{chosen!r} cannot activate now; choose one of "
                                         f"{list(ids)}.")
                self.activate(st.model(chosen))
            current = 1 - current

    def activate(self, m: Model) -> None:
        """One Activation: start effects and AP, commands until it ends, end effects."""
        self.begin_activation(m)
        cond = m.conditions
        steps = 0
        side = m.side
        commander, view, decisions = self.commanders[side], self.views[side], self.decisions
        while m.in_play and not self.activation_over and "paralyzed" not in cond:
            if not actions.can_act(self, m):
                break
            # ``ask(side, "cmd", "choose_command", m.id)`` written out: the same call and
            # the same record (the "cmd" encoder is ``to_json``), a few hundred a game.
            command = commander.choose_command(view, m.id)
            decisions.append([side, "cmd", command.to_json()])
            if isinstance(command, EndActivation):
                break
            self.perform(m, command)
            steps += 1
            if steps > 40:
                raise EngineBug(f"{m.name}'s Activation did not end after {steps} actions.")
        self.end_activation(m)

    def begin_activation(self, m: Model) -> None:
        """Resolve start-of-Activation effects and generate AP (2 general, 3 for a Master;
        Fast +1, Slow -1, Paralyzed none; Melee/Casting/Shooting Expert +1 for that stat)."""
        st = self.state
        st.active = m
        m.activated = True
        self.activation_over = False
        self.ap = 0
        self.extra_ap = {}
        self.activations += 1
        self.log.add("act", m.idx)
        cond = m.conditions
        if "defensive" in cond:
            self.remove_condition(m, "defensive")
        for piece_id in st.hazards_at(m):
            self.hazard(m, piece_id)
        if m.in_play and m.p.talents.regeneration:
            self.heal(m, m.p.talents.regeneration)
        if m.p.activation_effects and m.in_play:
            # Abilities with no stated moment (docs/rules-decisions.md): before the AP,
            # so a Fast or Slow they give counts for this Activation.
            element: dict = {}
            for effect in m.p.activation_effects:
                actions.general_effect(self, m, effect, element)
        self._had = ("pinned" in cond, cond.get("lingering", 0))
        if not m.in_play:
            return
        talents = m.p.talents
        ap = m.p.general_ap
        if "fast" in cond or talents.fast:
            ap += 1
        if "slow" in cond or talents.slow or "bound" in cond:
            ap -= 1
        if "paralyzed" in cond:
            ap = 0
        self.ap = ap if ap > 0 else 0  # max(0, ap) without the call
        extra = self.extra_ap = {}
        if "paralyzed" not in cond:  # the three Experts, in this order (no tuple built)
            if talents.melee_expert:
                extra["ml"] = 1
            if talents.casting_expert:
                extra["ca"] = 1
            if talents.shooting_expert:
                extra["sh"] = 1
        self.zero_used = False
        self.log.add("ap", m.idx, self.ap)

    def perform(self, m: Model, command) -> None:
        """Check a command against the rules (``IllegalCommand`` names the reason) and do it."""
        problem = actions.check(self, m, command)
        if problem:
            raise IllegalCommand(f"{m.name} cannot {type(command).__name__}: {problem}.")
        actions.execute(self, m, command)
        if self.no_cheat:
            self.no_cheat = set()  # "may not cheat fate" lasts for the rest of the action

    def end_activation(self, m: Model) -> None:
        """End-of-Activation effects: Lingering damage, Pinned Down ends, and Fast, Slow and
        Paralyzed are removed."""
        st = self.state
        cond = m.conditions
        had_pinned, lingering = self._had
        if m.in_play and lingering:
            source = self._source(m, "lingering")
            self.remove_condition(m, "lingering")
            self.deal_damage(m, lingering, by=source, cause="Lingering", preventable=True)
        if had_pinned and "pinned" in cond:
            self.remove_condition(m, "pinned")
        for name in ("fast", "slow", "paralyzed"):
            if name in cond:
                self.remove_condition(m, name)
        if m.in_play:
            self.unspent_ap[m.side] += self.ap
        st.active = None
        self.ap = 0
        self.extra_ap = {}
        self.log.add("done", m.idx)

    def end_phase(self) -> bool:
        st = self.state
        order = [m for i in (st.first, 1 - st.first) for m in st.sides[i].models]
        buried = st.buried
        for m in order:
            # Buried models still process end-of-Turn Conditions (the manual, BURIED).
            if not m.in_play and m.idx not in buried:
                continue
            burning = m.conditions.get("burning", 0)
            if burning:
                source = self._source(m, "burning")
                self.remove_condition(m, "burning")
                self.deal_damage(m, burning, by=source, cause="Burning", preventable=True)
            if (m.in_play or m.idx in buried) and m.conditions.get("poison", 0):
                source = self._source(m, "poison")
                self.deal_damage(m, 1, by=source, cause="Poison", reducible=False,
                                 preventable=False)
                if "poison" in m.conditions:
                    value = m.conditions["poison"] - 1
                    self.set_condition(m, "poison", value)
            for name in [c for c in m.conditions if c not in KEPT_AT_END_OF_TURN]:
                self.remove_condition(m, name)
        self.scoring.end_of_turn(st.turn)
        turn = st.turn
        if turn < 5:
            return True
        needed = turn + 5
        deck = st.sides[st.first].deck
        card = deck.flip(1)[0]
        deck.discard([card])
        go_on = card.value >= needed and turn < MAX_TURNS
        self.log.add("endflip", turn, card.code, needed, int(go_on))
        if not go_on:
            self.ended_on_turn = turn
        return go_on

    # -- effects on models --------------------------------------------------------------

    def _source(self, m: Model, condition: str) -> Model | None:
        idx = m.cond_source.get(condition)
        return None if idx is None else self.state.models[idx]

    def set_condition(self, m: Model, name: str, value: int) -> None:
        if value <= 0:
            self.remove_condition(m, name)
            return
        m.conditions[name] = value
        self.log.add("cond", m.idx, name, value)

    def remove_condition(self, m: Model, name: str) -> None:
        if name in m.conditions:
            del m.conditions[name]
            m.cond_source.pop(name, None)
            self.log.add("cond", m.idx, name, 0)
            if name == "paralyzed":
                self.state.moved()

    def give(self, m: Model, name: str, value: int = 1, *, by: Model | None = None) -> None:
        """Give a Condition (stacking the valued ones, ignoring a second plain one)."""
        if not m.in_play:
            return
        if name in ("slow", "paralyzed") and m.p.talents.immune_slow_paralyzed:
            return
        cond = m.conditions
        # Fast and Slow cancel each other (a conditional, not a dict built per call).
        opposite = "slow" if name == "fast" else "fast" if name == "slow" else None
        if opposite and opposite in cond:
            self.remove_condition(m, opposite)
            return
        if name in STACKING:
            cond[name] = cond.get(name, 0) + value
        elif name in cond:
            return
        else:
            cond[name] = 1
        if by is not None:
            m.cond_source[name] = by.idx
        self.log.add("cond", m.idx, name, cond[name])
        if name == "paralyzed":
            self.state.moved()  # its engagement range is now 0
            if self.state.active is m:
                self.activation_over = True

    def heal(self, m: Model, amount: int) -> int:
        missing = m.p.wd - m.wounds
        healed = amount if amount <= missing else missing  # min() without the call
        if healed > 0 and m.in_play:
            m.wounds += healed
            self.log.add("heal", m.idx, healed, m.wounds)
            return healed
        return 0

    def deal_damage(self, target: Model, amount: int, *, by: Model | None, cause: str,
                    reducible: bool = True, preventable: bool = True, blast: bool = False,
                    flip: str = "") -> int:
        """Damage a model (after Armor and the like, which the caller applies): the
        Soulstone prevention flip, Hard to Kill, then wounds and perhaps a kill."""
        if (not target.in_play and target.idx not in self.state.buried) or amount <= 0:
            return 0
        st = self.state
        side = st.sides[target.side]
        if preventable and reducible and side.pool >= 1 and target.p.can_use_soulstones \
                and self.ask(target.side, "prevent", "prevent", target.id, amount):
            side.pool -= 1
            result = prevention_flip(side.deck, amount)
            self.log.add("prevent", target.idx, result.flip.final.code, result.prevented)
            amount = result.remaining
            if amount <= 0:
                return 0
        shielded = target.conditions.get("shielded", 0) if reducible else 0
        if shielded:
            # Shielded +N prevents N damage, then is lowered by what it prevented.
            stopped = min(shielded, amount)
            amount -= stopped
            self.set_condition(target, "shielded", shielded - stopped)
            if amount <= 0:
                return 0
        if target.p.talents.hard_to_kill and target.wounds >= 2 and amount >= target.wounds:
            amount = target.wounds - 1
            if amount <= 0:
                return 0
        target.wounds -= amount
        target.damaged = True
        self.log.add("dmg", target.idx, amount, target.wounds,
                     -1 if by is None else by.idx, cause, flip)
        if target.wounds <= 0:
            self.kill(target, by, cause, blast=blast)
        return amount

    def kill(self, victim: Model, by: Model | None, cause: str, *, how: str = "killed",
             blast: bool = False) -> None:
        st = self.state
        # A buried model can be killed (by its Burning or Poison): it drops no Marker.
        buried = st.buried.pop(victim.idx, None) is not None
        if not victim.in_play and not buried:
            return
        during_own = st.active is victim
        chars = victim.p.characteristics
        victim.in_play = False
        victim.killed = True
        st.moved()
        self.casualties.append(Casualty.of(self, victim, by, cause, how, during_own, blast))
        self.log.add("kill", victim.idx, -1 if by is None else by.idx, how, cause)
        if how == "killed" and not buried:
            # A killed Living or Undead model drops a Corpse Marker, a Construct a Scrap
            # Marker (one that is both drops a Corpse Marker).
            kind = "corpse" if "living" in chars or "undead" in chars else (
                "scrap" if "construct" in chars else "")
            if kind:
                marker = st.add_marker(kind, None, victim.x, victim.y, by=victim.idx)
                self.log.add("marker", marker.id, kind, -1, marker.x, marker.y)
        if by is None and cause == "hazardous terrain":
            # The opposing player flips hazardous terrain's damage: its crew killed the
            # model, for Reckoning (docs/rules-decisions.md).
            st.sides[1 - victim.side].kills_this_turn += 1
        if by is not None and by.side != victim.side:
            killer_side = st.sides[by.side]
            killer_side.kills_this_turn += 1
            if by.p.station in ("master", "henchman") and victim.p.station in ("minion", "peon"):
                killer_side.master_kills_minion_this_turn = True
        self.scoring.on_kill(victim, by)
        if victim.p.station == "master":
            for friend in st.sides[victim.side].models:
                if friend.in_play and friend.p.talents.bound_familiar:
                    self.give(friend, "bound")
        if during_own:
            self.activation_over = True

    def fall(self, m: Model, high: int, by: Model | None = None) -> None:
        """Falling (MOVEMENT & TERRAIN): a model moved off an elevation from ``high`` down
        to where it now stands suffers no damage for a fall of 2" or less, else 1 damage
        per 1" fallen; Armor applies, a Soulstone may prevent it; Flight is immune. The
        model that pushed an enemy off is its killer."""
        if not high or not m.in_play:
            return
        drop = high - self.state.elevation(m)
        if drop <= 2 or m.p.talents.flight:
            return
        amount = math.ceil(drop)
        self.log.add("fall", m.idx, drop)
        if m.p.talents.armor:
            amount = apply_armor(amount, m.p.talents.armor)
        self.deal_damage(m, amount, by=by if by is not None and by.side != m.side else None,
                         cause="falling")

    def hazard(self, m: Model, piece_id: int) -> None:
        """Hazardous terrain: the opponent flips 1/2/4 (no cheating), once per piece a Turn."""
        if piece_id in m.hazard_hit or not m.in_play:
            return
        m.hazard_hit.add(piece_id)
        deck = self.state.sides[1 - m.side].deck
        result = damage_flip(_HAZARD, deck, decisions=_NO_CHEAT, purpose="hazardous terrain")
        self.log.add("hazard", m.idx, piece_id)
        amount = result.damage
        talents = m.p.talents
        if talents.armor:
            amount = apply_armor(amount, talents.armor)
        self.deal_damage(m, amount, by=None, cause="hazardous terrain",
                         flip=flip_text(result.flip))

    # -- duels that are not attacks ---------------------------------------------------

    def wp_bonus(self, m: Model) -> int:
        """Commanding Presence: +1 to Wp duels for friendly models within 6" (in LoS)."""
        bonus = 0
        st = self.state
        for friend in st.sides[m.side].models:
            if friend is m or not friend.in_play:
                continue
            value = friend.p.talents.commanding_presence
            if value and st.edge(friend, m) <= 6.0 and st.los(friend, m):
                bonus += value
        return bonus

    def simple(self, m: Model, stat: str, value: int, tn: int, *, kind: str,
               other: Model | None = None, action: str = "", focused: int = 0,
               triggers: tuple = (), suits: tuple = (),
               builtin: tuple = ()) -> SimpleDuelResult:
        """A simple duel of ``m``'s ``value`` against ``tn`` with the required ``suits``;
        ``builtin``: the suits the action's stat carries, in every total (SIMPLE DUELS,
        step 2: the stat's value and suit are added to the card)."""
        side = self.state.sides[m.side]
        context = DuelContext(kind, "simple", m.id, other.id if other else "", action)
        stone = self.soulstones(m, context)
        negative = 1 if m.p.talents.shaken and stat in ("df", "wp") else 0
        positive = 0
        if self.next_twists and m.idx in self.next_twists:
            more, fewer = self.take_twists(m)
            positive += more
            negative += fewer
        bonus = self.wp_bonus(m) if stat == "wp" else 0
        # Positional, in ``Duelist``'s field order (as ``actions.resolve_attack`` builds
        # its two): stat, positive, negative, suits, bonus, can_use_soulstones, soulstone,
        # focused, defensive, is_df_duel, triggers, name. Keywords go through a dict.
        duelist = Duelist(value if value > 1 else 1, positive, negative, builtin, bonus,
                          m.p.can_use_soulstones, stone, focused, 0, False, triggers, m.name)
        result = simple_duel(duelist, tn, suits, side.deck,
                             self.decisions_for(m.side, context), purpose=kind)
        if stone is not None:
            side.pool -= stone.stones
        return result

    def horror(self, m: Model, source: Model) -> bool:
        """A Horror Duel against ``source``'s Terrifying; True when passed (or immune)."""
        if source.idx in m.horror_immune or not m.in_play:
            return True
        tn = source.p.talents.terrifying
        result = self.simple(m, "wp", m.p.wp, tn, kind="horror", other=source)
        self.log.add("horror", m.idx, tn, duel_text(result.events), int(result.success))
        if result.success:
            m.horror_immune.add(source.idx)
            return True
        self.state.sides[m.side].failed_horror.add(m.idx)
        self.give(m, "paralyzed", by=source)
        return False

    @staticmethod
    def terrifies(source: Model, m: Model) -> bool:
        t = source.p.talents
        return bool(t.terrifying) and m.side != source.side and (
            not t.terrifying_to or t.terrifying_to in m.p.characteristics)

"""The engine contract every game implements.

A game is a stateless object (one instance per title) whose methods take pydantic state
models. The public methods here are the one gate every caller goes through: they do the
checks every game shares (is the game over, does this seat owe a decision) once, and call
the game's own ``_legal_actions``, ``_choices`` and ``_play``. ``apply`` is pure: it works
on a deep copy, so the caller's state is never touched, and a refused action (any
``RuleError``) changes nothing.

Seats are integers 0..n-1 in the order players joined; names and Discord users are the
bot's business, never the engine's. ``SYSTEM`` is the seat the platform uses for actions
nobody owes; the core actions (``TimeUp``) are accepted by every game.

Engines speak in messages (a key and parameters, ``engines/core/messages.py``), never in
finished sentences: events, refusals, autocomplete glosses, status lines and private
summaries are all ``Msg`` objects that ``render/text.py`` turns into words.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, TypeAdapter

from engines.core.errors import GameOver, IllegalAction, NotYourTurn, RuleError
from engines.core.messages import Msg
from engines.core.rng import Rng

SYSTEM = -1

S = TypeVar("S", bound=BaseModel)
A = TypeVar("A")
V = TypeVar("V", bound=BaseModel)
O = TypeVar("O", bound=BaseModel)  # noqa: E741 (the options model)


class Event(BaseModel):
    """Something that happened: a message key and its parameters.

    ``to`` is None for a public event (channel, log, spectators); otherwise only that seat
    may see it (a card drawn, a face-down offer).
    """

    key: str
    params: dict[str, Any] = {}
    to: int | None = None

    @property
    def msg(self) -> Msg:
        return Msg(self.key, **self.params)


def event(key: str, /, to: int | None = None, **params: Any) -> Event:
    """``event("bv.coins_earned", seat=0, coins=5)``: a public event; ``to=seat`` makes it private."""
    return Event(key=key, params=params, to=to)


class Choice(BaseModel):
    """One legal action as autocomplete shows it.

    ``notation`` is what the player types (``parse_action`` reads it back); ``gloss`` says
    what the action costs or earns. The transport shows ``notation · gloss`` and applies
    its own length limits.
    """

    notation: str
    gloss: Msg | None = None


class FinalScore(BaseModel):
    seat: int
    total: int
    breakdown: dict[str, int]  # category id -> points; words from "<game>.category.<id>"
    rank: int  # 1 is the winner; tied seats share a rank


class Result(BaseModel):
    scores: list[FinalScore]  # best first
    winners: list[int]
    tie_break: Msg | None = None  # how a tie was broken; None when nobody tied

    def ordered(self) -> list[FinalScore]:
        return sorted(self.scores, key=lambda s: (s.rank, s.seat))


def rank_scores(keys: dict[int, tuple]) -> dict[int, int]:
    """Competition ranking (1, 1, 3...) from a sort key per seat, larger is better."""
    order = sorted(keys, key=lambda s: keys[s], reverse=True)
    ranks: dict[int, int] = {}
    for i, seat in enumerate(order):
        if i and keys[seat] == keys[order[i - 1]]:
            ranks[seat] = ranks[order[i - 1]]
        else:
            ranks[seat] = i + 1
    return ranks


@dataclass(frozen=True)
class Traits:
    """What kind of game this is, as data (OpenSpiel's ``GameType``)."""

    hidden_information: bool  # some seat may know what another does not
    simultaneous: bool  # several seats may owe a decision at once (sealed bids, factions)
    chance: bool  # the rules draw from the game's generator during play
    deadline: bool = False  # the game can end on a date (the platform applies TimeUp)


class TimeUp(BaseModel):
    """Core action, from SYSTEM only: the game's date limit has passed; it ends now, scored
    as its rules score an early end."""

    kind: Literal["time_up"] = "time_up"


CORE_ACTIONS = (TimeUp,)


@dataclass(frozen=True)
class Applied(Generic[S]):
    """What ``apply`` returns: the new state, the events, and two flags for fairness checks.

    ``revealed``: someone learned hidden information (a card turned face-up, sealed bids
    opened, the final reveal). ``chance``: the action drew from the game's generator.
    It unpacks as ``(state, events)``.
    """

    state: S
    events: list[Event]
    revealed: bool = False
    chance: bool = False

    def __iter__(self) -> Iterator[Any]:
        yield self.state
        yield self.events


class Game(ABC, Generic[S, A, V, O]):
    """Base class of a title. Subclasses set the class attributes and implement the
    underscore methods; the public methods are the gate every caller uses."""

    key: ClassVar[str]
    title: ClassVar[str]  # a proper name, the same in every language
    prefix: ClassVar[str] = ""  # the first part of this game's message keys ("bv", "torri", "leo")
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    traits: ClassVar[Traits]
    options_model: ClassVar[type[BaseModel]]
    state_model: ClassVar[type[BaseModel]]
    view_model: ClassVar[type[BaseModel]]
    action_adapter: ClassVar[TypeAdapter[Any]]  # the discriminated union of actions, TimeUp included

    # --- data -----------------------------------------------------------------
    def load_data(self) -> None:
        """Load and validate every data file this title reads (raising ``DataError``),
        and run now every check that would otherwise wait for the first game. The bot
        calls it for every title before it logs in. A title without data keeps this."""

    # --- set-up -------------------------------------------------------------
    def check_players(self, seats: int, options: O) -> None:
        """Raise a RuleError if this many seats cannot play with these options."""
        if not self.min_players <= seats <= self.max_players:
            raise RuleError("core.player_count", title=self.title, low=self.min_players,
                            high=self.max_players, seats=seats)

    def check_options(self, options: O) -> None:
        """Raise a RuleError if an option is wrong whatever the player count (the platform
        calls it when a game is opened, so a bad option is refused at once)."""

    def new_game(self, seats: int, options: O, seed: int | str) -> S:
        """A new game: the players and options checked, the generator made from the seed
        (see ``Rng.from_seed``: the seed also names the generator)."""
        self.check_options(options)
        self.check_players(seats, options)
        return self._new_game(seats, options, Rng.from_seed(seed))

    def _new_game(self, seats: int, options: O, rng: Rng) -> S:
        raise NotImplementedError

    # --- whose decision -----------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The seats that owe a decision now (empty once the game is over)."""

    def owes(self, state: S, seat: int) -> bool:
        return self.result(state) is None and seat in self.to_act(state)

    def legal_actions(self, state: S, seat: int) -> list[A]:
        """Every legal action for the seat (none if it owes no decision). Where an action
        carries a free amount (a bid, a bet), a representative set of amounts; parsing
        accepts any valid one."""
        if not self.owes(state, seat):
            return []
        return self._legal_actions(state, seat)

    def _legal_actions(self, state: S, seat: int) -> list[A]:
        raise NotImplementedError

    def choices(self, state: S, seat: int) -> list[Choice]:
        """Legal actions as autocomplete entries, with what each costs or earns."""
        if not self.owes(state, seat):
            return []
        return self._choices(state, seat)

    def _choices(self, state: S, seat: int) -> list[Choice]:
        return [Choice(notation=self.notation(state, a)) for a in self._legal_actions(state, seat)]

    # --- playing ------------------------------------------------------------
    def apply(self, state: S, seat: int, action: A) -> Applied[S]:
        """The one gate for every move: refuses a finished game, a seat that owes nothing
        and a SYSTEM action that is not a core action; plays on a private copy."""
        if self.result(state) is not None:
            raise GameOver("core.game_over")
        core = isinstance(action, CORE_ACTIONS)
        if core and seat != SYSTEM:
            raise IllegalAction("core.system_only")
        if seat == SYSTEM and not core:
            raise IllegalAction("core.no_system_moves", title=self.title)
        if seat != SYSTEM and seat not in self.to_act(state):
            raise NotYourTurn("core.not_your_turn", waiting=sorted(self.to_act(state)))
        new = state.model_copy(deep=True)
        rng_before = _rng_of(new)
        if isinstance(action, TimeUp):
            events = self._time_up(new)
        else:
            events = self._play(new, seat, action)
        chance = _rng_of(new) != rng_before
        revealed = self.traits.hidden_information and self._revealed(state, new)
        return Applied(new, events, revealed=revealed, chance=chance)

    @abstractmethod
    def _play(self, state: S, seat: int, action: A) -> list[Event]:
        """Apply the action to ``state`` in place (it is already a private copy) and return
        the events. ``apply`` discards the copy on any RuleError."""

    def _time_up(self, state: S) -> list[Event]:
        """End the game now (its date limit passed), scored as the rules score an early end."""
        raise IllegalAction("core.no_deadline", title=self.title)

    def secrets(self, state: S) -> dict[str, tuple[Any, frozenset[int] | None]]:
        """Every piece of hidden information: name -> (value, the seats that know it), with
        None for "everyone". Used to tell whether an action revealed something."""
        return {}

    def hidden_at_end(self, state: S) -> list[Msg]:
        """What ``secrets`` still hides in ``state``, one message per line of the reveal file. A
        game words its own (works of art by palazzo, a deck in the order it would have been
        drawn); by default each secret under its name, with who knew it."""
        out = []
        for name, (value, knew) in sorted(self.secrets(state).items(), key=lambda item: _natural(item[0])):
            if knew is not None:
                out.append(Msg("core.secret", name=name, value=value, seats=sorted(knew)) if knew
                           else Msg("core.secret_unknown", name=name, value=value))
        return out

    def _revealed(self, before: S, after: S) -> bool:
        """True if someone learned hidden information: a secret became known to a seat that
        did not know it, or the game ended (the final reveal)."""
        if self.result(after) is not None:
            return True
        old, new = self.secrets(before), self.secrets(after)
        for name, (_, knew) in old.items():
            if name not in new or knew is None:
                continue
            _, knows = new[name]
            if knows is None or not knows <= knew:
                return True
        return False

    # --- for agents (engines/core/agents.py) ----------------------------------
    score_scale: ClassVar[float] = 10.0  # a typical final-score margin between two players
    search_prior: ClassVar[float] = 0.0  # mcts: virtual visits at greedy's judgement per root action (0: none)
    search_rollout: ClassVar[int] = 4  # mcts: random moves played below a new leaf before the evaluation
    # the work a level does per second of its budget (engines/core/agents.py work_budget), measured
    # on an idle 2-core machine so that 95% of decisions answer within their time there:
    search_rate: ClassVar[float] = 1000.0  # mcts iterations a second
    judge_rate: ClassVar[float] = 2000.0  # greedy evaluations (one action on one sampled position) a second

    def sample_state(self, view: V, seat: int, rng: Rng) -> S:
        """A whole position consistent with what ``seat`` sees in ``view``: every secret the
        seat does not know, and the generator (the future draws), invented from ``rng``.
        ``view(sample_state(v, seat, rng), seat) == v`` always holds."""
        raise NotImplementedError(f"{self.title} cannot sample positions yet")

    def evaluate(self, state: S) -> list[float]:
        """Every seat's expected final score from this position (the final scores once the
        game is over). Written from the rulebook's scoring; used by the greedy and mcts agents."""
        result = self.result(state)
        if result is None:
            raise NotImplementedError(f"{self.title} has no evaluation of unfinished positions yet")
        totals = {f.seat: float(f.total) for f in result.scores}
        bonus = {s: 0.5 for s in result.winners}  # the tie-break winner is ahead of a tie
        return [totals[s] + bonus.get(s, 0.0) for s in sorted(totals)]

    def rewards(self, values: list[float]) -> list[float]:
        """Expected scores into a reward in (0, 1) per seat: the logistic of its margin over
        the strongest other seat, in units of ``score_scale``."""
        out = []
        for seat, mine in enumerate(values):
            best = max((v for s, v in enumerate(values) if s != seat), default=0.0)
            out.append(self.reward(mine - best))
        return out

    def reward(self, margin: float) -> float:
        """One seat's margin over the strongest other seat as a reward in (0, 1) (``rewards``)."""
        x = max(-30.0, min(30.0, margin / self.score_scale))
        return 1.0 / (1.0 + math.exp(-x))

    def advance(self, state: S, seat: int, action: A) -> None:
        """Search's fast path: play a legal action on ``state`` in place (no copy, no gate,
        events dropped). Only for positions an agent owns (sampled ones)."""
        self._play(state, seat, action)

    def random_action(self, state: S, seat: int, rng: Rng) -> A:
        """A legal action of ``seat`` drawn uniformly: ``legal_actions(state, seat)[rng.below(n)]``.
        A title may override it with a cheaper way to the very same action for the same draw
        (without making every legal action); its tests hold the two equal. Random playouts and
        search rollouts draw through it."""
        actions = self.legal_actions(state, seat)
        return actions[rng.below(len(actions))]

    def evaluate_move(self, state: S, seat: int, action: A) -> list[float]:
        """Every seat's expected final score once ``seat`` plays ``action`` on ``state`` (a
        sampled position, changed in place): the greedy agent's one-move look. By default the
        move is played and the position it leads to evaluated. A game where a move sets off
        chance at once (a spin, a draw) may instead evaluate with that chance at its
        expectation: a one-move look that plays the chance out judges a move by the luck of a
        few samples (and picks the one whose samples were luckiest)."""
        self.advance(state, seat, action)
        return self.evaluate(state)

    def action_key(self, action: A) -> str:
        """A short text that tells actions apart (search trees are keyed by it)."""
        return self.action_adapter.dump_json(action).decode()

    def explain(self, view: V, seat: int, action: A, value: float | None) -> Msg | None:
        """Why an agent chose ``action`` in one message (hints); ``value`` is its margin estimate."""
        if value is None:
            return None
        return Msg("core.hint_margin", margin=round(value))

    # --- what each seat may see ---------------------------------------------
    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What this seat (or a spectator, None) may see. The only place secrets are
        filtered: renderers, agents and public messages are built from views only."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Final scores with their breakdown and tie-breaks; None while playing."""

    # --- chat notation --------------------------------------------------------
    @abstractmethod
    def parse_action(self, state: S, seat: int, text: str) -> A:
        """Read the chat notation; raise UnknownAction quoting the input and saying what
        is expected instead."""

    @abstractmethod
    def notation(self, state: S, action: A) -> str:
        """The short text form of an action; parse_action(notation(a)) == a."""

    # --- words, as messages ---------------------------------------------------
    @abstractmethod
    def status(self, state: S) -> list[Msg]:
        """The public status line's parts (round, phase, what is at stake), without who is
        awaited: the platform adds the names of the seats in ``to_act``."""

    @abstractmethod
    def private_lines(self, view: V) -> list[Msg]:
        """A seat's private information as lines (the hand command), from its view."""

    def told(self, msgs: list[Msg]) -> list[Msg]:
        """A move's public messages as a reader is told them: by default one by one; a title may
        join several into one sentence (Leonardo's forced sales, its payments to one firm). The
        record keeps every event; this is only how the board and chat say them."""
        return msgs


def _rng_of(state: BaseModel) -> Any:
    rng = getattr(state, "rng", None)
    return None if rng is None else rng.model_dump()


def _natural(name: str) -> list:
    """``tile:2`` before ``tile:10``."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name)]

"""Players that are programs: they take a seat and decide from that seat's view only.

An agent is handed what the seat itself may see (``Game.view(state, seat)``), the seat's
legal actions (which the seat could work out itself) and a generator of its own; never the
full state. Where it needs whole positions to think about (to look one move ahead, or to
search), it asks the game for positions consistent with the view
(``Game.sample_state(view, seat, rng)``): the other seats' secrets and the game's future
draws are invented afresh for each sample, so nothing hidden can leak into a decision.

Levels:
- ``random``: a legal action, uniformly.
- ``greedy``: one move ahead; each action is scored by the game's evaluation of the
  position it leads to (``Game.evaluate_move``: every seat's expected final score, with any
  chance the move sets off at its expectation where the game can say so), averaged over a
  few sampled positions; it plays the best margin over the strongest opponent.
- ``mcts``: information-set Monte Carlo tree search (one tree over action texts, each
  iteration on a freshly sampled position, availability counts in the selection);
  simultaneous decisions are chosen by each deciding seat independently (decoupled UCT),
  so no seat's sealed choice is seen by another; chance comes from each sample's own
  generator. Leaves are scored by a short random playout (``Game.search_rollout`` moves,
  none for Leonardo) and the game's evaluation. Where a game sets ``search_prior``, each
  root action starts with that many virtual visits at greedy's judgement ("prior
  knowledge" in UCT): the search departs from greedy's choice only on evidence.

Budgets are work, not time: each level thinks a fixed amount of work (``Budget.iterations``:
mcts iterations, greedy's evaluations of a move on a sampled position), so the same view, legal
actions and generator give the same choice however busy the machine is. ``work_budget`` turns
a thinking time into that amount with the title's rates, measured on an idle 2-core machine
(``Game.search_rate``, ``Game.judge_rate``), so a decision answers within its time there. The
caller's clock is only a safety cap (``CAP_FACTOR`` times the time): a search cut by it is
marked ``capped`` (the arena counts them). Engines keep no clock: the caller passes its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engines.core.game import Game
from engines.core.messages import Msg
from engines.core.rng import Rng

LEVELS = ("random", "greedy", "mcts")


WRAP_UP = 0.010  # seconds kept for choosing among the searched moves once the search stops
TIE = 0.05  # greedy: actions whose margins differ by less than this many score_scales tie (hints say so)
HINT_TIES_SHOWN = 12  # the tied moves a hint names at most (the chosen one first; a chat message is short)
CAP_FACTOR = 2.0  # the safety cap on a decision's time, in units of its budget (see work_budget)


@dataclass
class Budget:
    """When to stop thinking: ``iterations`` reached, or the time is up. A time budget is the
    caller's (engines keep no clock): ``left()`` says how many seconds remain, and a search stops
    starting iterations when the next one, as long as the longest so far and half again, would
    not end in time, so the decision comes back within its budget. ``expired()`` is the plain
    test for agents that do not time their steps."""

    expired: Callable[[], bool] = lambda: False
    iterations: int | None = None
    left: Callable[[], float] | None = None

    @classmethod
    def timed(cls, clock: Callable[[], float], seconds: float) -> Budget:
        """``seconds`` of the caller's ``clock`` from now."""
        until = clock() + seconds
        return cls(expired=lambda: clock() >= until, left=lambda: until - clock())

    @classmethod
    def capped(cls, iterations: int, clock: Callable[[], float], seconds: float) -> Budget:
        """``iterations`` of work, with ``seconds`` of the caller's ``clock`` as a safety cap."""
        timed = cls.timed(clock, seconds)
        return cls(expired=timed.expired, iterations=iterations, left=timed.left)

    def spent(self, done: int, longest: float = 0.0) -> bool:
        """Whether to stop after ``done`` iterations, the longest of which took ``longest`` s."""
        if self.iterations is not None and done >= self.iterations:
            return True
        return self.out_of_time(longest)

    def out_of_time(self, longest: float = 0.0) -> bool:
        """Whether the time (the cap, for a budget of work) is up: no time left for one more
        step as long as the longest so far and half again."""
        if self.left is not None:
            return self.left() <= 1.5 * longest + WRAP_UP
        return self.expired()


def work_budget(game: Game, level: str, seconds: float, clock: Callable[[], float],
                cap: float | None = None) -> Budget:
    """The budget of ``level`` thinking ``seconds`` at ``game``: the work its title does in that
    time on an idle 2-core machine (``Game.search_rate`` mcts iterations a second,
    ``Game.judge_rate`` greedy evaluations a second), with ``cap`` seconds of ``clock`` as the
    safety cap (``CAP_FACTOR`` times ``seconds`` unless given). The work is the same for every
    load: only the cap depends on the clock."""
    rate = game.search_rate if level == "mcts" else game.judge_rate
    return Budget.capped(max(1, int(rate * seconds)), clock, CAP_FACTOR * seconds if cap is None else cap)


@dataclass
class Decision:
    """An agent's choice. ``value`` is its estimate of the seat's margin after the move
    (greedy and mcts); ``reason`` says why in one message (used for hints)."""

    action: Any
    value: float | None = None
    reason: Msg | None = None
    iterations: int = 0  # work done: mcts iterations, greedy evaluations
    ties: list[Any] = field(default_factory=list)  # greedy: the other actions within TIE of this one
    capped: bool = False  # the time cap stopped the work before its budget of work was done


def margin(values: list[float], seat: int) -> float:
    """The seat's expected score minus the best of the others' (positive: ahead)."""
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - (max(others) if others else 0.0)


class Agent:
    level: ClassVar[str]

    def decide(self, game: Game, view: Any, seat: int, legal: list, rng: Rng, budget: Budget) -> Decision:
        """Choose one of ``legal`` for ``seat`` from ``view`` (an instance of the game's view
        model: a full state is refused)."""
        if not isinstance(view, game.view_model):
            raise TypeError(f"an agent decides from a {game.view_model.__name__}, not a {type(view).__name__}")
        if not legal:
            raise ValueError("the seat has no legal action to choose from")
        return self._decide(game, view, seat, legal, rng, budget)

    def _decide(self, game: Game, view: Any, seat: int, legal: list, rng: Rng, budget: Budget) -> Decision:
        raise NotImplementedError


class RandomAgent(Agent):
    level = "random"

    def _decide(self, game, view, seat, legal, rng, budget):
        return Decision(rng.choice(legal))


@dataclass
class Judgement:
    """Greedy's look at each legal action: its margin on each sample it was judged on (in the
    samples' order), the work done and whether the time cap cut it."""

    margins: list[list[float]]
    work: int
    capped: bool = False

    @property
    def scores(self) -> list[float | None]:
        """Each action's mean margin over its samples (None: not judged)."""
        return [sum(m) / len(m) if m else None for m in self.margins]

    def best(self) -> int:
        """The index of the best action (the first of equals) on the samples every contender
        was judged on: the actions judged on the most complete round of samples (a round the
        cap cut short does not count), compared on that many samples."""
        most = max(len(m) for m in self.margins)
        full = [i for i, m in enumerate(self.margins) if len(m) == most]
        depth = most
        if self.capped and most > 1:  # the last round may be unfinished: compare on the rounds before
            depth = most - 1
            full = [i for i, m in enumerate(self.margins) if len(m) >= depth]
        if depth == 0:
            return 0
        return max(full, key=lambda i: sum(self.margins[i][:depth]))

    def ties(self, best: int, tolerance: float) -> list[int]:
        """The other actions judged on as many samples as ``best`` whose mean margin is within
        ``tolerance`` of its (in the order of the legal actions)."""
        n = len(self.margins[best])
        if n == 0:
            return []
        top = sum(self.margins[best]) / n
        return [i for i, m in enumerate(self.margins)
                if i != best and len(m) == n and sum(m) / n >= top - tolerance]


class GreedyAgent(Agent):
    """One move ahead: the action whose resulting positions the game's evaluation likes best,
    averaged over ``samples`` positions consistent with the view (one when nothing is hidden
    and nothing is drawn).

    Work: one evaluation is one action played on one sampled position. Every legal action is
    judged on the first sample; where the budget's work does not cover every action on every
    sample, each further sample judges only the best actions so far that the work left can
    pay for to the last sample (successive halving), so a decision with many legal actions
    (Bella Vista's placements) keeps to its budget and spends it on the moves in contention."""

    level = "greedy"

    def __init__(self, samples: int = 3):
        self.samples = samples

    def _decide(self, game, view, seat, legal, rng, budget):
        if len(legal) == 1:
            return Decision(legal[0])
        judged = self.weigh(game, view, seat, legal, rng, budget)
        index = judged.best()
        value = judged.scores[index]
        ties = judged.ties(index, TIE * game.score_scale)
        reason = game.explain(view, seat, legal[index], value)
        if ties and reason is not None:  # several moves are as good: the hint says so and names them
            moves = [game.action_key(legal[i]) for i in [index, *ties]]
            reason = Msg("core.hint_ties", reason=reason, n=len(moves), moves=moves[:HINT_TIES_SHOWN])
        return Decision(legal[index], value=value, reason=reason, iterations=judged.work, capped=judged.capped,
                        ties=[legal[i] for i in ties])

    def judge(self, game: Game, view: Any, seat: int, legal: list, rng: Rng) -> list[float]:
        """Each action's margin after the move, averaged over all the sampled positions."""
        scores = self.weigh(game, view, seat, legal, rng, Budget()).scores
        return [s if s is not None else -math.inf for s in scores]

    def weigh(self, game: Game, view: Any, seat: int, legal: list, rng: Rng, budget: Budget) -> Judgement:
        """Each action judged within ``budget`` (see the class text)."""
        k = self.samples if game.traits.hidden_information or game.traits.chance else 1
        # the same k positions for every action (each re-dealt from its own seed): actions are
        # compared on the same secrets and the same future draws, not on different luck
        seeds = [rng.next_u64() for _ in range(k)]
        margins: list[list[float]] = [[] for _ in legal]
        work, longest = 0, 0.0
        contending = list(range(len(legal)))
        for j, seed in enumerate(seeds):
            if j > 0 and budget.iterations is not None:
                # each further sample judges the best that the work left pays for to the last sample
                keep = (budget.iterations - work) // (k - j)
                if keep < 2:
                    break
                contending = sorted(contending, key=lambda i: -sum(margins[i]))[:keep]
            for i in contending:
                before = budget.left() if budget.left is not None else 0.0
                if work and budget.out_of_time(longest):
                    return Judgement(margins, work, capped=True)
                state = game.sample_state(view, seat, Rng.from_seed(seed))
                margins[i].append(margin(game.evaluate_move(state, seat, legal[i]), seat))
                work += 1
                if budget.left is not None:
                    longest = max(longest, before - budget.left())
        return Judgement(margins, work)


@dataclass
class _Stats:
    visits: dict[str, float] = field(default_factory=dict)
    total: dict[str, float] = field(default_factory=dict)
    avail: dict[str, float] = field(default_factory=dict)


@dataclass
class _Node:
    stats: dict[int, _Stats] = field(default_factory=dict)  # per deciding seat
    children: dict[tuple[str, ...], _Node] = field(default_factory=dict)

    def of(self, seat: int) -> _Stats:
        found = self.stats.get(seat)
        if found is None:
            found = self.stats[seat] = _Stats()
        return found

    def child(self, key: tuple[str, ...]) -> _Node:
        found = self.children.get(key)
        if found is None:
            found = self.children[key] = _Node()
        return found


class MctsAgent(Agent):
    """Information-set MCTS (see the module text). ``exploration`` is UCB's constant on
    rewards in [0, 1]; ``rollout`` random moves are played below a new leaf before the
    evaluation (None: the game's ``search_rollout``); ``max_depth`` bounds a descent (in
    decisions). ``prior_visits`` (None: the game's ``search_prior``) virtual visits per root
    action at greedy's judgement (``prior_samples`` positions; see ``_seed``)."""

    level = "mcts"

    def __init__(self, exploration: float = 0.6, rollout: int | None = None, max_depth: int = 40,
                 prior_visits: float | None = None, prior_samples: int = 3):
        self.exploration, self.rollout, self.max_depth = exploration, rollout, max_depth
        self.prior_visits, self.prior_samples = prior_visits, prior_samples

    def _decide(self, game, view, seat, legal, rng, budget):
        if len(legal) == 1:
            return Decision(legal[0])
        root = _Node()
        prior = game.search_prior if self.prior_visits is None else self.prior_visits
        if prior > 0:
            self._seed(game, view, seat, legal, rng, root.of(seat), prior)
        rollout = game.search_rollout if self.rollout is None else self.rollout
        done, longest = 0, 0.0
        while not budget.spent(done, longest):
            before = budget.left() if budget.left is not None else 0.0
            state = game.sample_state(view, seat, rng)
            self._iterate(game, state, root, rng, rollout)
            done += 1
            if budget.left is not None:
                longest = max(longest, before - budget.left())
        keys = {self._key(game, view, seat, a, i): a for i, a in enumerate(legal)}
        stats = root.of(seat)
        ranked = sorted(keys, key=lambda k: (stats.visits.get(k, 0), stats.total.get(k, 0.0)), reverse=True)
        best = ranked[0]
        visits = stats.visits.get(best, 0)
        value = None
        if visits:
            win = stats.total[best] / visits
            value = game.score_scale * math.log(max(win, 1e-6) / max(1 - win, 1e-6))  # back to a margin
        action = keys[best]
        capped = budget.iterations is not None and done < budget.iterations
        return Decision(action, value=value, reason=game.explain(view, seat, action, value), iterations=done,
                        capped=capped)

    def _seed(self, game: Game, view: Any, seat: int, legal: list, rng: Rng, stats: _Stats, visits: float) -> None:
        """The greedy agent's judgement as prior knowledge: each root action starts with
        ``visits`` virtual visits at the reward of its one-move look (``Game.evaluate_move``,
        over the same few sampled positions for every action), so the search leaves greedy's
        choice only on the evidence of its own iterations."""
        scores = GreedyAgent(self.prior_samples).judge(game, view, seat, legal, rng)
        for action, score in zip(legal, scores, strict=True):
            key = game.action_key(action)
            stats.visits[key] = stats.avail[key] = visits
            stats.total[key] = visits * game.reward(score)

    def _key(self, game, view, seat, action, index):
        return game.action_key(action)

    def _iterate(self, game: Game, state: Any, root: _Node, rng: Rng, rollout: int) -> None:
        path: list[tuple[_Node, list[tuple[int, str]]]] = []
        node = root
        values: list[float] | None = None
        for _depth in range(self.max_depth):
            if game.result(state) is not None:
                values = game.evaluate(state)
                break
            acting = sorted(game.to_act(state))
            chosen: list[tuple[int, Any, str]] = []
            expanded = False
            for s in acting:
                actions = game.legal_actions(state, s)
                stats = node.of(s)
                keyed = [(game.action_key(a), a) for a in actions]
                for k, _ in keyed:
                    stats.avail[k] = stats.avail.get(k, 0) + 1
                untried = [(k, a) for k, a in keyed if k not in stats.visits]
                if untried:
                    k, a = untried[rng.below(len(untried))]
                    expanded = True
                else:
                    k, a = max(keyed, key=lambda ka: self._ucb(stats, ka[0]))
                chosen.append((s, a, k))
            for s, a, _ in chosen:
                game.advance(state, s, a)
            path.append((node, [(s, k) for s, _, k in chosen]))
            node = node.child(tuple(k for _, _, k in chosen))
            if expanded:
                break
        if values is None:
            values = self._leaf(game, state, rng, rollout)
        rewards = game.rewards(values)
        for n, picks in path:
            for s, k in picks:
                st = n.of(s)
                st.visits[k] = st.visits.get(k, 0) + 1
                st.total[k] = st.total.get(k, 0.0) + rewards[s]

    def _ucb(self, stats: _Stats, key: str) -> float:
        n = stats.visits[key]
        return stats.total[key] / n + self.exploration * math.sqrt(math.log(stats.avail[key]) / n)

    def _leaf(self, game: Game, state: Any, rng: Rng, rollout: int) -> list[float]:
        for _ in range(rollout):
            if game.result(state) is not None:
                break
            acting = sorted(game.to_act(state))
            s = acting[rng.below(len(acting))]
            game.advance(state, s, game.random_action(state, s, rng))
        return game.evaluate(state)


def agent(level: str) -> Agent:
    """The agent of a level (``random``, ``greedy``, ``mcts``)."""
    table: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}
    if level not in table:
        raise ValueError(f"unknown agent level {level!r}; choose one of {', '.join(LEVELS)}")
    return table[level]()

"""Positions you can build: a mid-game Leonardo state from a readable description, checked
by the same invariants as every random game, and the next random outcomes fixed (the next
spins of the Machina de la Sorte, the next works of art, office and event). Tests, puzzles
and anyone else use these; every builder returns a new state and leaves the one it was
given alone (the shape every title shares: ``engines/core/positions.py``).

    state = position(3, turn=0, at={0: 24}, owner={27: 1, 2: 0}, art={27: [30, 30]})
    state = next_spins(state, [3])  # Red's spin: 24 + 3 = Via dei Bardi
    after, events = play(state, "spin")
"""

from __future__ import annotations

from engines.core import positions as shared
from engines.core.game import Applied
from engines.core.positions import PositionError, copied, deprecated
from engines.core.rng import scripted
from engines.leonardo.components import cards
from engines.leonardo.game import Leonardo
from engines.leonardo.invariants import decision_problems, problems
from engines.leonardo.model import Faction, Options, State

GAME = Leonardo()


def started(seats: int = 3, seed: int = 1, factions: dict[int, Faction] | None = None, first: int | None = None,
            **options) -> State:
    """A new game past the faction declarations: ``factions`` by seat, by default even
    seats guelfi and odd seats ghibellini; ``first`` the first player (by default the one
    the seed's spins chose), the others following in seat order."""
    state = GAME.new_game(seats, Options(**options), seed)
    if first is not None:
        state = first_player(state, first)
    for s in range(seats):
        faction = (factions or {}).get(s, "guelfi" if s % 2 == 0 else "ghibellini")
        state = GAME.apply(state, s, GAME.parse_action(state, s, faction)).state
    return state


def first_player(state: State, seat: int) -> State:
    """The turn order starting with ``seat``, the others following in seat order (RULINGS
    12), before the factions are declared: the first player's spin for the first turn made
    the highest (12; another 12 becomes 11)."""
    if state.phase != "factions" or state.declared:
        raise PositionError("the first player is chosen before the factions are declared")
    if not 0 <= seat < state.seats:
        raise PositionError(f"there is no seat {seat} in a game of {state.seats}")
    state = copied(state)
    state.order = [(seat + i) % state.seats for i in range(state.seats)]
    high = cards().machine_high
    spins = {s: (high if s == seat else min(n, high - 1)) for s, n in state.first_spins[0].items()}
    state.first_spins = [spins]
    return state


def turn_of(state: State, seat: int) -> State:
    """The start of ``seat``'s turn (before buying works of art or spinning)."""
    state = copied(state)
    state.slot = state.order.index(seat)
    state.phase = "start"
    state.art_bought = state.proposed = False
    state.drawn, state.spins, state.buy_space = [], [], None
    state.auction = state.market = state.office = state.merge = state.rescue = None
    return state


def clear_board(state: State) -> State:
    """Every palazzo and bridge back to the bank (with its works of art, into the supply)."""
    state = copied(state)
    for values in state.art.values():
        state.art_supply.extend(values)
    state.owner, state.art = {}, {}
    return state


def position(seats: int = 3, seed: int = 1, *, turn: int | None = None, at: dict[int, int] | None = None,
             owner: dict[int, int] | None = None, art: dict[int, list[int]] | None = None,
             florins: dict[int, int] | None = None, men: dict[int, int] | None = None,
             offices: dict[int, list[int]] | None = None, clear: bool = True,
             factions: dict[int, Faction] | None = None, first: int | None = None, round: int | None = None,
             **options) -> State:
    """A position after the factions: ``first`` the first player (the turn order starts
    with it); ``round`` the round under way (default 1) and ``turn`` the seat whose turn
    starts in it (default the first player); ``at`` markers that have moved, by seat;
    ``owner`` palazzi and bridges by space (after taking every one back to the bank unless
    ``clear`` is False); ``art`` works of art by space, taken from the supply; ``florins``,
    ``men`` and ``offices`` by seat, the difference made up by the bank and the decks.
    Raises PositionError if it is unsound."""
    state = started(seats, seed, factions, first, **options)
    state = turn_of(state, state.order[0] if turn is None else turn)
    if round is not None:  # every turn of the earlier rounds and of this one before the seat's was played
        state.round = round
        state.turn = (round - 1) * seats + state.slot + 1
    if clear:
        state = clear_board(state)
    for seat, number in (at or {}).items():
        state.firms[seat].moved, state.firms[seat].position = True, number
    state.owner.update(owner or {})
    for number, values in (art or {}).items():
        for v in values:
            if v not in state.art_supply:
                raise PositionError(f"no work of art worth {v} is left in the supply for space {number}")
            state.art_supply.remove(v)
        state.art[number] = list(values)
    for seat, n in (florins or {}).items():
        _give_florins(state, seat, n)
    for seat, n in (men or {}).items():
        state.men_deck -= n - state.firms[seat].men
        state.firms[seat].men = n
    for seat, held in (offices or {}).items():
        for number in held:
            if number not in state.office_deck:
                raise PositionError(f"the office of space {number} is not in the deck")
            state.office_deck.remove(number)
        state.firms[seat].offices = list(held)
    check(state)
    return state


def check(state: State) -> State:
    """The state, if every invariant holds; else PositionError naming them."""
    wrong = problems(state) + decision_problems(state)
    if wrong:
        raise PositionError("; ".join(wrong))
    return state


def with_florins(state: State, florins: dict[int, int]) -> State:
    """The seats' firms holding these florins, the bank making up the difference."""
    state = copied(state)
    for seat, n in florins.items():
        _give_florins(state, seat, n)
    return check(state)


def _give_florins(state: State, seat: int, florins: int) -> None:
    firm = state.firms[seat]
    state.bank -= florins - firm.florins
    firm.florins = florins


def to_move(state: State) -> int:
    """The one seat whose decision it is (PositionError while several decide at once)."""
    return shared.to_move(GAME, state)


def play(state: State, *moves: str, seat: int | None = None) -> Applied[State]:
    """Read each move in chat notation and play it, for ``seat`` or else the one seat whose
    decision it is: the new state, the events of every move, and their reveal and chance flags."""
    return shared.play(GAME, state, moves, seat)


@deprecated("with_florins(state, {seat: florins})")
def set_florins(state: State, seat: int, florins: int) -> None:
    """Deprecated (one release): ``with_florins``. Changes ``state`` in place, unchecked."""
    _give_florins(state, seat, florins)


def next_spins(state: State, spins: list[int]) -> State:
    """The next spins of the Machina de la Sorte (moves, markets, combats) will be ``spins``."""
    c = cards()
    bad = [n for n in spins if not c.machine_low <= n <= c.machine_high]
    if bad:
        raise PositionError(f"the machine gives {c.machine_low} to {c.machine_high}, not {bad}")
    state = copied(state)
    state.rng = scripted([n - c.machine_low for n in spins], state.rng)
    return state


def next_art(state: State, values: list[int]) -> State:
    """The next works of art drawn will be worth ``values`` (the supply keeps its tiles)."""
    state = copied(state)
    rest = list(state.art_supply)
    for v in values:
        if v not in rest:
            raise PositionError(f"no work of art worth {v} is left in the supply")
        rest.remove(v)
    state.art_supply = list(values) + rest
    return state


def next_office(state: State, number: int) -> State:
    """The next office card drawn (on Piazza Maggiore) will be the office of space ``number``,
    taken from the face-down part of the deck (the cards seen going under it keep their place)."""
    unknown = len(state.office_deck) - state.office_returned
    if number not in state.office_deck[:unknown]:
        raise PositionError(f"the office of space {number} is not face down in the deck")
    state = copied(state)
    state.office_deck.remove(number)
    state.office_deck.insert(0, number)
    return state


def next_event(state: State, card: str) -> State:
    """The next international event drawn will be ``card`` (nulla, guelfa or ghibellina)."""
    state = copied(state)
    state.event_deck.remove(card)
    state.event_deck.insert(0, card)
    return state


__all__ = ["PositionError", "check", "clear_board", "first_player", "next_art", "next_event", "next_office",
           "next_spins", "play", "position", "set_florins", "started", "to_move", "turn_of", "with_florins"]

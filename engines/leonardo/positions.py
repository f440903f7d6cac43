"""Positions you can build: a mid-game Leonardo state from a readable description, checked
by the same invariants as every random game, and the next random outcomes fixed (the next
spins of the Machina de la Sorte, the next works of art, the next event). Tests, puzzles
and anyone else use these; every function returns a new state.

    state = position(3, turn=0, at={0: 24}, owner={27: 1, 2: 0}, art={27: [30, 30]})
    state = next_spins(state, [3])  # Red's spin: 24 + 3 = Via dei Bardi
"""

from __future__ import annotations

from engines.core.rng import scripted
from engines.leonardo.components import cards
from engines.leonardo.game import Leonardo
from engines.leonardo.invariants import decision_problems, problems
from engines.leonardo.model import Faction, Options, State

GAME = Leonardo()


class PositionError(ValueError):
    """The description does not give a sound position (it names what is wrong)."""


def started(seats: int = 3, seed: int = 1, factions: dict[int, Faction] | None = None, **options) -> State:
    """A new game past the faction declarations: ``factions`` by seat, by default even
    seats guelfi and odd seats ghibellini."""
    state = GAME.new_game(seats, Options(**options), seed)
    for s in range(seats):
        faction = (factions or {}).get(s, "guelfi" if s % 2 == 0 else "ghibellini")
        state = GAME.apply(state, s, GAME.parse_action(state, s, faction)).state
    return state


def turn_of(state: State, seat: int) -> State:
    """The start of ``seat``'s turn (before buying works of art or spinning)."""
    state = state.model_copy(deep=True)
    state.slot = state.order.index(seat)
    state.phase = "start"
    state.art_bought = state.proposed = False
    state.drawn, state.spins, state.buy_space = [], [], None
    state.auction = state.market = state.office = state.merge = state.rescue = None
    return state


def clear_board(state: State) -> State:
    """Every palazzo and bridge back to the bank (with its works of art, into the supply)."""
    state = state.model_copy(deep=True)
    for values in state.art.values():
        state.art_supply.extend(values)
    state.owner, state.art = {}, {}
    return state


def position(seats: int = 3, seed: int = 1, *, turn: int | None = None, at: dict[int, int] | None = None,
             owner: dict[int, int] | None = None, art: dict[int, list[int]] | None = None,
             florins: dict[int, int] | None = None, men: dict[int, int] | None = None,
             offices: dict[int, list[int]] | None = None, clear: bool = True,
             factions: dict[int, Faction] | None = None, **options) -> State:
    """A position after the factions: ``turn`` the seat whose turn starts (default the
    first player); ``at`` markers that have moved, by seat; ``owner`` palazzi and bridges by
    space (after taking every one back to the bank unless ``clear`` is False); ``art`` works
    of art by space, taken from the supply; ``florins``, ``men`` and ``offices`` by seat, the
    difference made up by the bank and the decks. Raises PositionError if it is unsound."""
    state = started(seats, seed, factions, **options)
    state = turn_of(state, state.order[0] if turn is None else turn)
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
        set_florins(state, seat, n)
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


def set_florins(state: State, seat: int, florins: int) -> None:
    """Give a seat's firm ``florins``, the bank making up the difference (in place)."""
    firm = state.firms[seat]
    state.bank -= florins - firm.florins
    firm.florins = florins


def next_spins(state: State, spins: list[int]) -> State:
    """The next spins of the Machina de la Sorte (moves, markets, combats) will be ``spins``."""
    c = cards()
    bad = [n for n in spins if not c.machine_low <= n <= c.machine_high]
    if bad:
        raise PositionError(f"the machine gives {c.machine_low} to {c.machine_high}, not {bad}")
    state = state.model_copy(deep=True)
    state.rng = scripted([n - c.machine_low for n in spins], state.rng)
    return state


def next_art(state: State, values: list[int]) -> State:
    """The next works of art drawn will be worth ``values`` (the supply keeps its tiles)."""
    state = state.model_copy(deep=True)
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
    state = state.model_copy(deep=True)
    state.office_deck.remove(number)
    state.office_deck.insert(0, number)
    return state


def next_event(state: State, card: str) -> State:
    """The next international event drawn will be ``card`` (nulla, guelfa or ghibellina)."""
    state = state.model_copy(deep=True)
    state.event_deck.remove(card)
    state.event_deck.insert(0, card)
    return state


__all__ = ["PositionError", "check", "clear_board", "next_art", "next_event", "next_office", "next_spins", "position",
           "set_florins", "started", "turn_of"]

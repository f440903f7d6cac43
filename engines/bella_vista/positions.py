"""Positions you can build: a mid-game Bella Vista state from a readable description, for
tests, puzzles and bug reports. Spaces are named as players write them ("B3" = column B,
row 3); cards as codes ("6", "6r").

Every builder takes a state and returns a new one (the one it was given is left alone: the
shape every title shares, ``engines/core/positions.py``), keeping it one that play can
reach: a building stands only with its architect's card played (taken from the hand or the
deck, so every card stays accounted for), coins stay conserved, and each builder ends with
``check``, the invariants of ``invariants.py`` (the same the random-game tests check),
raising ``PositionError`` (a ``ValueError``) with what is wrong.

Bella Vista draws from the game's generator only at set-up, so the random outcomes of play
are the orders of the decks, shuffled then: ``next_cards`` fixes the next cards drawn and
``with_hand`` a hand. ``at_round`` plays the rounds before a later one; ``ended`` ends the
game where it stands, scored with the objectives it names.

    state = position(4, buildings=[(1, 2, "C1-D1-D2"), (2, 1, "A3-B3-C3")],
                     constructing=[(0, "6")], zoning="Z9")
    after, events = play(state, "build A1-B1")

The builders named before issue 23 (``build``, ``construct``, ``set_coins``...) changed the
state in place; they still do for one release, with a DeprecationWarning.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engines.bella_vista.building import place
from engines.bella_vista.components import cards as components_cards
from engines.bella_vista.components import offer_costs
from engines.bella_vista.game import BellaVista
from engines.bella_vista.geometry import geometry, shape_of
from engines.bella_vista.invariants import problems
from engines.bella_vista.layout_rules import LayoutKey, check_layout, parse_layout
from engines.bella_vista.state import ROUNDS, BottomSlot, OfferEntry, Options, State, card_value
from engines.core import positions as shared
from engines.core.game import Applied
from engines.core.positions import PositionError, copied, deprecated, in_place
from engines.core.rng import Rng

Built = tuple[int | None, int, str] | tuple[int | None, int, str, bool]  # (owner, height, spaces[, roofed])
GAME = BellaVista()


def start(seats: int = 4, layout: str = "london", seed: int = 1) -> State:
    """A new game (a named town by default, so that space names mean the same every time)."""
    return GAME.new_game(seats, Options(layout=layout), seed)


def position(
    seats: int = 4,
    layout: str = "london",
    seed: int = 1,
    *,
    town: list[str] | None = None,
    buildings: Iterable[Built] = (),
    contracts: list[int | None] | None = None,
    constructing: list[tuple[int, str]] | None = None,
    zoning: str | None = None,
    coins: dict[int, int] | None = None,
    objectives: tuple[str, str] | None = None,
    over: bool = False,
) -> State:
    """A checked position: a new game, its town (rows of tile codes) if given, the buildings
    standing, the face-up contract row, the architects' ``coins``, and with ``constructing``
    the Construction Phase of the round with these (seat, card) offers in building order;
    ``objectives`` the height and grouping objectives ("H3", "G2"); ``over``: the game ended
    there (``ended``)."""
    state = start(seats, layout, seed)
    if town is not None:
        state = with_town(state, town)
    for spec in buildings:
        state = with_building(state, *spec)
    if contracts is not None:
        state = with_contract_row(state, contracts)
    if coins is not None:
        state = with_coins(state, coins)
    if objectives is not None:
        state = with_objectives(state, *objectives)
    if constructing is not None:
        state = constructing_now(state, constructing, zoning)
    elif zoning is not None:
        state = copied(state)
        state.zoning = zoning
    return ended(state) if over else check(state)


def check(state: State) -> State:
    """The state, if it is one play can reach; else PositionError naming every problem."""
    found = problems(state)
    if found:
        raise PositionError("not a reachable Bella Vista position: " + "; ".join(found))
    return state


def to_move(state: State) -> int:
    """The seat whose decision it is (one at a time in this game)."""
    return shared.to_move(GAME, state)


def play(state: State, *moves: str, seat: int | None = None) -> Applied[State]:
    """Read each move in chat notation and play it, for ``seat`` or else the seat to move:
    the new state, the events of every move, and their reveal flag."""
    return shared.play(GAME, state, moves, seat)


def at_round(state: State, number: int, seed: int = 1) -> State:
    """The start of round ``number`` (its Offer Phase), the rounds before it played from
    ``state`` with random legal moves drawn from ``seed``: a town built as play builds it,
    the hands and decks, the Zoning and Contract Cards as they are then."""
    if not state.round <= number <= ROUNDS:
        raise PositionError(f"round {number}: the game is in round {state.round}, and has {ROUNDS}")
    rng = Rng.from_seed(seed)
    while state.round < number or state.phase != "offers":
        seat = to_move(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.below(len(legal))]).state
    return check(state)


def with_objectives(state: State, height: str | None = None, grouping: str | None = None) -> State:
    """The game's height and grouping objectives ("H1".."H3", "G1".."G3"), as if dealt at set-up."""
    known = {o.id for o in components_cards().height_objectives}, {o.id for o in components_cards().grouping_objectives}
    for given, ids in ((height, known[0]), (grouping, known[1])):
        if given is not None and given not in ids:
            raise PositionError(f"there is no objective {given}: choose one of {', '.join(sorted(ids))}")
    state = copied(state)
    if height is not None:
        state.height_objective = height
    if grouping is not None:
        state.grouping_objective = grouping
    return check(state)


def ended(state: State, height: str | None = None, grouping: str | None = None) -> State:
    """The game over where it stands, as after the last round's construction, scored so
    (coins, contracts taken, both objectives over the buildings standing), with these
    objectives if given."""
    state = with_objectives(state, height, grouping)
    state.round, state.phase = ROUNDS, "over"
    return check(state)


# --- the town ------------------------------------------------------------------------------

def with_town(state: State, rows: list[str]) -> State:
    """Another town (rows of tile codes, "." where no tile lies), before anything is built."""
    if state.buildings:
        raise PositionError("change the town before any building stands in it")
    key: LayoutKey = parse_layout(rows)
    check_layout(key)
    state = copied(state)
    state.town = key
    state.layout_name = "custom"
    return check(state)


def square(state: State, name: str) -> int:
    """The cell number of a space named as players write it ("B3")."""
    geo = geometry(state.town)
    col, row = ord(name[0].upper()) - ord("A"), int(name[1:]) - 1
    if not (0 <= col < geo.columns and 0 <= row < geo.rows):
        raise PositionError(f"{name} is off the town")
    return row * geo.columns + col


def placement(state: State, spaces: str) -> int:
    """The index of the placement covering exactly these spaces ("B3-C3")."""
    mask = sum(1 << square(state, c) for c in spaces.split("-"))
    found = geometry(state.town).by_mask.get(mask)
    if found is None:
        raise PositionError(f"no building can stand on {spaces}")
    return found


# --- cards and buildings ---------------------------------------------------------------------

def _take(state: State, seat: int, code: str) -> None:
    """Take a card out of the architect's hand or deck; a card taken from the hand is
    replaced by the top card of the deck, as the draw at a round end would have."""
    arch = state.architects[seat]
    if code in arch.deck:
        arch.deck.remove(code)
    elif code in arch.hand:
        arch.hand.remove(code)
        if arch.deck:
            arch.hand.append(arch.deck.pop(0))
    else:
        raise PositionError(f"seat {seat} has already played card #{code}")


def with_building(state: State, owner: int | None, height: int, spaces: str, roofed: bool = False) -> State:
    """A building standing as if built in an earlier round (its card is in its owner's
    discard, under the board and gone); ``owner`` None is the next neutral building (3
    architects). It is the last of ``state.buildings``."""
    idx = placement(state, spaces)
    if geometry(state.town).placements[idx].shape != shape_of(height):
        raise PositionError(f"building #{height} cannot stand on {spaces}: wrong footprint")
    state = copied(state)
    if owner is None:
        if state.seats != 3 or height != state.neutral_next:
            raise PositionError(f"the next neutral building is #{state.neutral_next} (3 architects only)")
        state.neutral_next += 1
    else:
        code = f"{height}{'r' if roofed else ''}"
        _take(state, owner, code)
        state.architects[owner].discard.append(code)
    place(state, owner, height, roofed, idx)
    return check(state)


def with_tile_filled(state: State, code: str, owners: Iterable[int]) -> State:
    """A whole Neighborhood tile covered with two-space buildings of these architects (in
    turn, each with the lowest two-space card it has not played)."""
    geo = geometry(state.town)
    t = geo.tiles[geo.tile_of_code[code]]
    turn = list(owners)
    k = 0
    for dy in range(geo.size):
        for dx in range(0, geo.size, 2):
            x, y = t.tx * geo.size + dx, t.ty * geo.size + dy
            spaces = f"{chr(65 + x)}{y + 1}-{chr(66 + x)}{y + 1}"
            for _ in turn:
                seat = turn[k % len(turn)]
                k += 1
                arch = state.architects[seat]
                left = sorted((c for c in arch.hand + arch.deck if shape_of(card_value(c)) == "two"),
                              key=lambda c: (card_value(c), c))
                if left:
                    state = with_building(state, seat, card_value(left[0]), spaces, left[0].endswith("r"))
                    break
            else:
                raise PositionError(f"{turn} have no two-space building left to fill tile {code}")
    return state


def constructing_now(state: State, entries: list[tuple[int, str]], zoning: str | None = None) -> State:
    """The Construction Phase of the current round: these (seat, card) offers lie on the
    offer spaces in building order (the most expensive first) and the first of them builds
    now; ``zoning`` the round's Zoning Card."""
    costs = offer_costs(state.seats)
    if len(entries) > len(costs):
        raise PositionError(f"at most {len(costs)} offers fit on the offer spaces")
    state = copied(state)
    for seat, code in entries:
        arch = state.architects[seat]
        spare = [c for c in arch.hand if (seat, c) not in entries]
        if code in arch.deck and spare:  # bring it into the hand first, a spare card into the deck
            arch.deck[arch.deck.index(code)] = spare[0]
            arch.hand[arch.hand.index(spare[0])] = code
        if code not in arch.hand:
            raise PositionError(f"seat {seat} has already played card #{code}")
        arch.hand.remove(code)
    state.order = [OfferEntry(seat=s, card=c, cost=costs[i]) for i, (s, c) in enumerate(entries)]
    state.spaces = [None] * len(costs)
    state.last = []
    state.offer_turn = len(state.bottom)
    state.build_pos = 0
    state.phase = "construction"
    if zoning is not None:
        state.zoning = zoning
    return check(state)


def with_offer_order(state: State, seats: list[int]) -> State:
    """The order of the first Offer Phase (the starting cards beneath the board, left first;
    each seat twice in a 2-architect game), before anyone offers."""
    per_seat = 2 if state.seats == 2 else 1
    if sorted(seats) != sorted(list(range(state.seats)) * per_seat):
        raise PositionError(f"the offer order lists every seat {per_seat} time(s): {seats}")
    if state.round != 1 or state.phase != "offers" or state.offer_turn:
        raise PositionError("the starting order is set before the first offer of round 1")
    state = copied(state)
    state.bottom = [BottomSlot(seat=s) for s in seats]
    return check(state)


def with_contract_row(state: State, row: list[int | None]) -> State:
    """The face-up contract row; the cards it lists come out of the contract deck and the
    row's previous cards go back into it."""
    taken = {c for a in state.architects for c in a.contracts}
    if taken & set(row):
        raise PositionError(f"contracts {sorted(taken & set(row))} are already taken")
    state = copied(state)
    pool = [c for c in state.contract_row if c is not None] + state.contract_deck
    state.contract_row = list(row)
    state.contract_deck = [c for c in pool if c not in row]
    return check(state)


def with_contract(state: State, seat: int, contract_id: int, round_no: int = 0) -> State:
    """The architect took this contract (in ``round_no``; 0: a round before this one)."""
    state = copied(state)
    if contract_id in state.contract_row:
        state.contract_row[state.contract_row.index(contract_id)] = None
    elif contract_id in state.contract_deck:
        state.contract_deck.remove(contract_id)
    else:
        raise PositionError(f"contract {contract_id} is already taken")
    state.architects[seat].contracts.append(contract_id)
    state.architects[seat].contract_round = round_no
    return check(state)


def with_coins(state: State, coins: dict[int, int]) -> State:
    """The architects holding these coins, the difference taken from or paid to the bank."""
    state = copied(state)
    for seat, n in coins.items():
        state.bank -= n - state.architects[seat].coins
        state.architects[seat].coins = n
    return check(state)


# --- the decks: the next random outcomes -----------------------------------------------------

def with_hand(state: State, seat: int, hand: list[str]) -> State:
    """The architect's hand exactly these cards (swapped with cards of its deck)."""
    arch = state.architects[seat]
    pool = arch.hand + arch.deck
    if any(pool.count(c) < hand.count(c) for c in hand) or len(hand) != len(arch.hand):
        raise PositionError(f"seat {seat} cannot hold {hand}: {len(arch.hand)} cards from {sorted(pool)}")
    rest = list(pool)
    for c in hand:
        rest.remove(c)
    kept = [c for c in arch.deck if c in rest]  # the deck keeps its order
    state = copied(state)
    state.architects[seat].hand = list(hand)
    state.architects[seat].deck = kept + [c for c in rest if c not in kept]
    return check(state)


def next_cards(state: State, seat: int, cards: list[str]) -> State:
    """The architect's next draws are these cards, in this order (moved to the top of its deck)."""
    deck = state.architects[seat].deck
    missing = [c for c in cards if c not in deck]
    if missing:
        raise PositionError(f"seat {seat} has no {missing} left in its deck")
    state = copied(state)
    state.architects[seat].deck = list(cards) + [c for c in deck if c not in cards]
    return check(state)


# --- the names before issue 23: in place, for one release ------------------------------------

@deprecated("check")
def checked(state: State) -> State:
    return check(state)


@deprecated("with_building, which returns a new state (the building is its last)")
def build(state: State, owner: int | None, height: int, spaces: str, roofed: bool = False) -> int:
    in_place(state, with_building(state, owner, height, spaces, roofed))
    return len(state.buildings) - 1


def _changing(name: str, new: Callable[..., State]) -> Callable[..., State]:
    """The builder once named ``name``: ``new``, its result put into the state it was given."""

    def changed(state: State, *args: Any, **kwargs: Any) -> State:
        in_place(state, new(state, *args, **kwargs))
        return state

    changed.__name__ = changed.__qualname__ = name
    return deprecated(f"{new.__name__}, which returns a new state")(changed)


fill_tile = _changing("fill_tile", with_tile_filled)
construct = _changing("construct", constructing_now)
offer_order = _changing("offer_order", with_offer_order)
face_up = _changing("face_up", with_contract_row)
give_contract = _changing("give_contract", with_contract)
set_coins = _changing("set_coins", with_coins)
deal = _changing("deal", with_hand)
next_draws = _changing("next_draws", next_cards)

"""Positions you can build: a mid-game Bella Vista state from a readable description, for
tests, puzzles and bug reports. Spaces are named as players write them ("B3" = column B,
row 3); cards as codes ("6", "6r").

Every builder changes the state in place, returns it, and keeps it one that play can
reach: a building stands only with its architect's card played (taken from the hand or the
deck, so every card stays accounted for), coins stay conserved, and each builder ends with
``checked``, the invariants of ``invariants.py`` (the same the random-game tests check),
raising ``ValueError`` with what is wrong.

Bella Vista draws from the game's generator only at set-up, so the random outcomes of play
are the orders of the decks, shuffled then: ``next_draws`` fixes the next cards drawn and
``deal`` a hand.

    state = position(4, buildings=[(1, 2, "C1-D1-D2"), (2, 1, "A3-B3-C3")],
                     constructing=[(0, "6")], zoning="Z9")
"""

from __future__ import annotations

from collections.abc import Iterable

from engines.bella_vista.building import place
from engines.bella_vista.components import offer_costs
from engines.bella_vista.geometry import geometry, shape_of
from engines.bella_vista.invariants import problems
from engines.bella_vista.layout_rules import LayoutKey, check_layout, parse_layout
from engines.bella_vista.state import BottomSlot, OfferEntry, Options, State, card_value

Built = tuple[int | None, int, str] | tuple[int | None, int, str, bool]  # (owner, height, spaces[, roofed])


def start(seats: int = 4, layout: str = "london", seed: int = 1) -> State:
    """A new game (a named town by default, so that space names mean the same every time)."""
    from engines.bella_vista.game import BellaVista

    return BellaVista().new_game(seats, Options(layout=layout), seed)


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
) -> State:
    """A checked position: a new game, its town (rows of tile codes) if given, the buildings
    standing, the face-up contract row, and, with ``constructing``, the Construction Phase of
    the round with these (seat, card) offers in building order."""
    state = start(seats, layout, seed)
    if town is not None:
        with_town(state, town)
    for spec in buildings:
        build(state, *spec)
    if contracts is not None:
        face_up(state, contracts)
    if constructing is not None:
        construct(state, constructing, zoning)
    elif zoning is not None:
        state.zoning = zoning
    return checked(state)


def checked(state: State) -> State:
    """The state, if it is one play can reach; else ValueError naming every problem."""
    found = problems(state)
    if found:
        raise ValueError("not a reachable Bella Vista position: " + "; ".join(found))
    return state


# --- the town ------------------------------------------------------------------------------

def with_town(state: State, rows: list[str]) -> State:
    """Another town (rows of tile codes, "." where no tile lies), before anything is built."""
    if state.buildings:
        raise ValueError("change the town before any building stands in it")
    key: LayoutKey = parse_layout(rows)
    check_layout(key)
    state.town = key
    state.layout_name = "custom"
    return checked(state)


def square(state: State, name: str) -> int:
    """The cell number of a space named as players write it ("B3")."""
    geo = geometry(state.town)
    col, row = ord(name[0].upper()) - ord("A"), int(name[1:]) - 1
    if not (0 <= col < geo.columns and 0 <= row < geo.rows):
        raise ValueError(f"{name} is off the town")
    return row * geo.columns + col


def placement(state: State, spaces: str) -> int:
    """The index of the placement covering exactly these spaces ("B3-C3")."""
    mask = sum(1 << square(state, c) for c in spaces.split("-"))
    found = geometry(state.town).by_mask.get(mask)
    if found is None:
        raise ValueError(f"no building can stand on {spaces}")
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
        raise ValueError(f"seat {seat} has already played card #{code}")


def build(state: State, owner: int | None, height: int, spaces: str, roofed: bool = False) -> int:
    """Stand a building as if built in an earlier round (its card is in its owner's discard,
    under the board and gone); ``owner`` None is the next neutral building (3 architects).
    Returns the building's index."""
    idx = placement(state, spaces)
    if geometry(state.town).placements[idx].shape != shape_of(height):
        raise ValueError(f"building #{height} cannot stand on {spaces}: wrong footprint")
    if owner is None:
        if state.seats != 3 or height != state.neutral_next:
            raise ValueError(f"the next neutral building is #{state.neutral_next} (3 architects only)")
        state.neutral_next += 1
    else:
        code = f"{height}{'r' if roofed else ''}"
        _take(state, owner, code)
        state.architects[owner].discard.append(code)
    place(state, owner, height, roofed, idx)
    checked(state)
    return len(state.buildings) - 1


def fill_tile(state: State, code: str, owners: Iterable[int]) -> None:
    """Cover a whole Neighborhood tile with two-space buildings of these architects (in
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
                    build(state, seat, card_value(left[0]), spaces, left[0].endswith("r"))
                    break
            else:
                raise ValueError(f"{turn} have no two-space building left to fill tile {code}")


def construct(state: State, entries: list[tuple[int, str]], zoning: str | None = None) -> State:
    """Jump to the Construction Phase of the current round: these (seat, card) offers lie
    on the offer spaces in building order (the most expensive first) and the first of them
    builds now."""
    costs = offer_costs(state.seats)
    if len(entries) > len(costs):
        raise ValueError(f"at most {len(costs)} offers fit on the offer spaces")
    for seat, code in entries:
        arch = state.architects[seat]
        spare = [c for c in arch.hand if (seat, c) not in entries]
        if code in arch.deck and spare:  # bring it into the hand first, a spare card into the deck
            arch.deck[arch.deck.index(code)] = spare[0]
            arch.hand[arch.hand.index(spare[0])] = code
        if code not in arch.hand:
            raise ValueError(f"seat {seat} has already played card #{code}")
        arch.hand.remove(code)
    state.order = [OfferEntry(seat=s, card=c, cost=costs[i]) for i, (s, c) in enumerate(entries)]
    state.spaces = [None] * len(costs)
    state.last = []
    state.offer_turn = len(state.bottom)
    state.build_pos = 0
    state.phase = "construction"
    if zoning is not None:
        state.zoning = zoning
    return checked(state)


def offer_order(state: State, seats: list[int]) -> State:
    """The order of the first Offer Phase (the starting cards beneath the board, left first;
    each seat twice in a 2-architect game), before anyone offers."""
    per_seat = 2 if state.seats == 2 else 1
    if sorted(seats) != sorted(list(range(state.seats)) * per_seat):
        raise ValueError(f"the offer order lists every seat {per_seat} time(s): {seats}")
    if state.round != 1 or state.phase != "offers" or state.offer_turn:
        raise ValueError("the starting order is set before the first offer of round 1")
    state.bottom = [BottomSlot(seat=s) for s in seats]
    return checked(state)


def face_up(state: State, row: list[int | None]) -> State:
    """Set the face-up contract row; the cards it lists come out of the contract deck and
    the row's previous cards go back into it."""
    taken = {c for a in state.architects for c in a.contracts}
    if taken & set(row):
        raise ValueError(f"contracts {sorted(taken & set(row))} are already taken")
    pool = [c for c in state.contract_row if c is not None] + state.contract_deck
    state.contract_row = list(row)
    state.contract_deck = [c for c in pool if c not in row]
    return checked(state)


def give_contract(state: State, seat: int, contract_id: int, round_no: int = 0) -> State:
    """The architect took this contract (in ``round_no``; 0: a round before this one)."""
    if contract_id in state.contract_row:
        state.contract_row[state.contract_row.index(contract_id)] = None
    elif contract_id in state.contract_deck:
        state.contract_deck.remove(contract_id)
    else:
        raise ValueError(f"contract {contract_id} is already taken")
    state.architects[seat].contracts.append(contract_id)
    state.architects[seat].contract_round = round_no
    return checked(state)


def set_coins(state: State, coins: dict[int, int]) -> State:
    """Give architects these coins, the difference taken from or paid to the bank."""
    for seat, n in coins.items():
        state.bank -= n - state.architects[seat].coins
        state.architects[seat].coins = n
    return checked(state)


# --- the decks: the next random outcomes -----------------------------------------------------

def deal(state: State, seat: int, hand: list[str]) -> State:
    """Make the architect's hand exactly these cards (swapped with cards of its deck)."""
    arch = state.architects[seat]
    pool = arch.hand + arch.deck
    if any(pool.count(c) < hand.count(c) for c in hand) or len(hand) != len(arch.hand):
        raise ValueError(f"seat {seat} cannot hold {hand}: {len(arch.hand)} cards from {sorted(pool)}")
    rest = list(pool)
    for c in hand:
        rest.remove(c)
    kept = [c for c in arch.deck if c in rest]  # the deck keeps its order
    arch.hand = list(hand)
    arch.deck = kept + [c for c in rest if c not in kept]
    return checked(state)


def next_draws(state: State, seat: int, cards: list[str]) -> State:
    """The architect's next draws are these cards, in this order (moved to the top of its deck)."""
    deck = state.architects[seat].deck
    missing = [c for c in cards if c not in deck]
    if missing:
        raise ValueError(f"seat {seat} has no {missing} left in its deck")
    state.architects[seat].deck = list(cards) + [c for c in deck if c not in cards]
    return checked(state)

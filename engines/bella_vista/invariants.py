"""What is true of every Bella Vista state a game can reach: the random-game tests check it
after every action, and the position builders (``positions.py``) check every position
they make. Each problem is one line for a developer (never shown to players)."""

from __future__ import annotations

from collections import Counter

from engines.bella_vista.components import components, full_set
from engines.bella_vista.geometry import geometry
from engines.bella_vista.state import ROUNDS, State

CONTRACTS = 18


def every_card(state: State, seat: int) -> Counter:
    """Every construction card of the architect, wherever it lies now."""
    a = state.architects[seat]
    found = a.hand + a.deck + a.discard
    found += [e.card for e in state.spaces if e is not None and e.seat == seat]
    found += [e.card for e in state.last + state.order if e.seat == seat]
    found += [b.card for b in state.bottom if b.card is not None and b.seat == seat]
    return Counter(found)


def problems(state: State) -> list[str]:
    """Every broken invariant of the state; empty if it is a state play can reach."""
    out = _coins(state) + _cards(state) + _buildings(state) + _contracts(state)
    return out or _turn(state)


def _coins(state: State) -> list[str]:
    out = []
    total = state.bank + sum(a.coins for a in state.architects)
    if total != components().coin_total:
        out.append(f"coins are not conserved: bank and architects hold {total}, not {components().coin_total}")
    if state.bank < 0 or any(a.coins < 0 for a in state.architects):
        out.append("a negative number of coins")
    return out


def _cards(state: State) -> list[str]:
    full = full_set(state.seats)
    out = []
    for s in range(state.seats):
        have = every_card(state, s)
        if have != full:
            out.append(f"seat {s}: cards missing {sorted((full - have).elements())}, "
                       f"extra {sorted((have - full).elements())}")
    return out


def _buildings(state: State) -> list[str]:
    geo = geometry(state.town)
    out = []
    seen = 0
    for i, b in enumerate(state.buildings):
        p = geo.placement_of(b.cells) if _known(geo, b.cells) else None
        if p is None:
            out.append(f"building {i} stands on spaces no placement covers: {b.cells}")
            continue
        if p.mask & seen:
            out.append(f"building {i} overlaps another at {p.label}")
        seen |= p.mask
        if len(p.cells) != len(components().buildings[b.height - 1].cells) or p.shape != _shape(b.height):
            out.append(f"building {i} (#{b.height}) has the wrong footprint at {p.label}")
    for s in range(state.seats):
        placed = [(b.height, b.roofed) for b in state.buildings if b.owner == s]
        placed += [(x.height, x.roofed) for x in state.set_aside if x.owner == s]
        if len(placed) != len(set(placed)):
            out.append(f"seat {s} has the same building twice: {sorted(placed)}")
        built = [e for e in state.order if e.seat == s and e.built]
        shown = [b.card for b in state.bottom if b.seat == s and b.card] + state.architects[s].discard
        if len(placed) != len(shown) + len(built):
            out.append(f"seat {s}: {len(placed)} buildings for {len(shown) + len(built)} cards played")
    neutral = sorted([b.height for b in state.buildings if b.owner is None]
                     + [x.height for x in state.set_aside if x.owner is None])
    if neutral != list(range(1, len(neutral) + 1)) or (neutral and state.seats != 3):
        out.append(f"neutral buildings {neutral} (3 architects only, #1 up in order)")
    if state.seats == 3 and state.neutral_next != len(neutral) + 1:
        out.append(f"the next neutral building is #{state.neutral_next}, not #{len(neutral) + 1}")
    return out


def _known(geo, cells: tuple[int, ...]) -> bool:
    try:
        geo.index_of(cells)
    except KeyError:
        return False
    return True


def _shape(height: int) -> str:
    return components().buildings[height - 1].shape


def _contracts(state: State) -> list[str]:
    taken = [c for a in state.architects for c in a.contracts]
    row = [c for c in state.contract_row if c is not None]
    if sorted(taken + row + state.contract_deck) != list(range(1, CONTRACTS + 1)):
        return [f"contracts taken {taken}, face-up {row} and in the deck are not cards 1 to {CONTRACTS} once each"]
    return []


def _turn(state: State) -> list[str]:
    from engines.bella_vista.game import BellaVista

    game = BellaVista()
    if not 1 <= state.round <= ROUNDS:
        return [f"round {state.round} is not 1 to {ROUNDS}"]
    if state.phase == "over":
        return [] if game.result(state) is not None else ["the game is over without a result"]
    if state.phase == "offers" and not 0 <= state.offer_turn < len(state.bottom):
        return [f"offer turn {state.offer_turn} of {len(state.bottom)}"]
    if state.phase in ("construction", "contract") and not 0 <= state.build_pos < len(state.order):
        return [f"construction {state.build_pos} of {len(state.order)}"]
    if state.phase == "neutral" and (state.seats != 3 or not state.order):
        return ["a neutral building phase outside a 3-architect round"]
    for seat in game.to_act(state):
        if not game.legal_actions(state, seat):
            return [f"seat {seat} owes a decision ({state.phase}) but has no legal action"]
    return []


def step_problems(before: State, after: State) -> list[str]:
    """What one action may not do: more than one contract at once, or a second contract
    for an architect in the same round."""
    out = []
    gained = [len(a.contracts) - len(b.contracts) for a, b in zip(after.architects, before.architects, strict=True)]
    if sum(gained) > 1:
        out.append(f"{sum(gained)} contracts taken by one action")
    for s, g in enumerate(gained):
        if g > 0 and before.architects[s].contract_round == before.round:
            out.append(f"seat {s} took a second contract in round {before.round}")
    return out

"""Leonardo's hidden information, for the core's reveal flag (``Game.secrets``).

- ``faction:<seat>``: a declared faction, its seat's alone until every seat has declared.
- ``art:<space>``: the values displayed on a palazzo, known to its owner's members.
- ``tile:<n>``: a face-down work of art, named by its distance from the bottom of the
  supply, so a tile keeps its name when it is drawn: nobody knows it in the supply, the
  buyer's members once drawn (buying works of art reveals their values to the buyer).
- ``office:<space>``: an office card face down in its deck (nobody), public once drawn.
  A card returned under the deck counts as unknown again: drawing it is reported as a
  reveal although its place was public (a cautious answer, never a missed one).
- ``event:<n>``: an international event card, named by its place in the deck's cycle; it
  is public once drawn (the deck keeps its order, the drawn card going under it).
- ``bid:<seat>``, ``bet:<seat>``, ``rescue:<seat>``: sealed decisions, known to the members
  of the deciding firm (as its view shows them); they leave the state when opened (``SEALED``: their vanishing counts as a reveal).
"""

from __future__ import annotations

from typing import Any

from engines.leonardo.model import State

Secrets = dict[str, tuple[Any, frozenset[int] | None]]
SEALED = ("bid:", "bet:", "rescue:")
NOBODY: frozenset[int] = frozenset()


def secrets(state: State) -> Secrets:
    out: Secrets = {}
    everyone_declared = len(state.declared) == state.seats
    for seat, faction in state.declared.items():
        out[f"faction:{seat}"] = (faction, None if everyone_declared else frozenset({seat}))
    for number, values in state.art.items():
        owner = state.owner.get(number)
        if values and owner is not None:
            out[f"art:{number}"] = (sorted(values), frozenset(state.firms[owner].members))
    out.update(_tiles(state))
    for number in {o for f in state.firms.values() for o in f.offices}:
        out[f"office:{number}"] = ("held", None)
    if state.rescue is not None and state.rescue.office is not None:
        out[f"office:{state.rescue.office}"] = ("drawn", None)
    for i, number in enumerate(state.office_deck):
        out[f"office:{number}"] = (i, NOBODY)
    out.update(_events(state))
    if state.auction is not None:
        out.update({f"bid:{s}": (amount, _firm(state, s)) for s, amount in state.auction.bids.items()})
    if state.market is not None:
        out.update({f"bet:{s}": (bet, _firm(state, s)) for s, bet in state.market.bets.items()})
    if state.rescue is not None:
        out.update({f"rescue:{s}": (answer, _firm(state, s)) for s, answer in state.rescue.answers.items()})
    return out


def _firm(state: State, firm_id: int) -> frozenset[int]:
    """Who knows a firm's sealed decision: its members (its marker's seat decides for them)."""
    return frozenset(state.firms[firm_id].members)


def _tiles(state: State) -> Secrets:
    supply, drawn = state.art_supply, state.drawn
    out: Secrets = {f"tile:{len(supply) - 1 - i}": (v, NOBODY) for i, v in enumerate(supply)}
    buyer = state.firms.get(state.order[state.slot])
    members = frozenset(buyer.members) if buyer is not None else NOBODY
    for j, value in enumerate(drawn):
        out[f"tile:{len(supply) + len(drawn) - 1 - j}"] = (value, members)
    return out


def _events(state: State) -> Secrets:
    n, drawn = len(state.event_deck), state.event_draws
    out: Secrets = {}
    for i, card in enumerate(state.event_deck):
        ident = (drawn + i) % n
        out[f"event:{ident}"] = (card, None if drawn >= n or ident < drawn else NOBODY)
    return out


def revealed(before: Secrets, after: Secrets) -> bool:
    """Someone learned something: a secret's audience grew (the core's rule), or a sealed
    decision left the state, which means it was opened (every sealed decision is opened
    publicly when the last one is in)."""
    for name, (_, knew) in before.items():
        if name not in after:
            if name.startswith(SEALED):
                return True
            continue
        knows = after[name][1]
        if knew is not None and (knows is None or not knows <= knew):
            return True
    return False

"""What is hidden in a Bella Vista game, and from whom (``BellaVista.secrets``).

Every card whose place someone may not know: each construction card by owner and card
(``"card:0:6r"``), each Zoning Card (``"zoning:Z3"``) and each Contract Card
(``"contract:7"``). A card in a deck is known to nobody (its place in the deck included), a
card in hand or face-down on the offer board to its owner, a card turned face-up to everyone
(None). Drawing (nobody -> owner), revealing at construction (owner -> everyone) and turning
up the next Zoning or Contract Cards at a round end (nobody -> everyone) are reveals.

Cards public for good are left out: those moved off the offer board (discard, under the
board), the Zoning Cards of earlier rounds and the contracts taken. Their audience is
everyone and can only stay so, while the reveal flag looks only at audiences that grow. It
runs twice per move (the core's reveal flag), so every name and every (place, audience)
pair is made once, here.
"""

from __future__ import annotations

from typing import Any

from engines.bella_vista.state import State
from engines.bella_vista.terms import card
from engines.core.messages import Msg

Secret = tuple[Any, frozenset[int] | None]

_CODES = [f"{v}{r}" for r in ("", "r") for v in range(1, 9)]
_CARD = [{code: f"card:{seat}:{code}" for code in _CODES} for seat in range(4)]
_ZONING = {f"Z{i}": f"zoning:Z{i}" for i in range(1, 11)}
_CONTRACT = {i: f"contract:{i}" for i in range(1, 19)}
_NOBODY: frozenset[int] = frozenset()
_OWNER = [frozenset({seat}) for seat in range(4)]
_DECK = [(("deck", i), _NOBODY) for i in range(16)]
_ZONING_DECK = [(("zoning deck", i), _NOBODY) for i in range(10)]
_CONTRACT_DECK = [(("contract deck", i), _NOBODY) for i in range(18)]
_IN_HAND = [(("hand",), owner) for owner in _OWNER]
_FACE_UP = (("face-up",), None)


def secrets(state: State) -> dict[str, Secret]:
    out: dict[str, Secret] = {}
    for i, z in enumerate(state.zoning_deck):
        out[_ZONING[z]] = _ZONING_DECK[i]
    out[_ZONING[state.zoning]] = _FACE_UP
    for i, c in enumerate(state.contract_deck):
        out[_CONTRACT[c]] = _CONTRACT_DECK[i]
    for shown in state.contract_row:
        if shown is not None:
            out[_CONTRACT[shown]] = _FACE_UP
    for seat, arch in enumerate(state.architects):
        names, in_hand = _CARD[seat], _IN_HAND[seat]
        for i, code in enumerate(arch.deck):
            out[names[code]] = _DECK[i]
        for code in arch.hand:
            out[names[code]] = in_hand
    for entries in (state.spaces, state.last, state.order):
        for e in entries:
            if e is not None:
                out[_CARD[e.seat][e.card]] = (("offer", e.cost), None if e.revealed else _OWNER[e.seat])
    return out


def at_end(state: State) -> list[Msg]:
    """What ``secrets`` still hides, as lines of the reveal file: each architect's hand, the
    cards left in their deck, a card still face-down on the offer board, then the Zoning and
    Contract Cards left in their decks, each deck in the order it would have been drawn."""
    out: list[Msg] = []
    for seat, arch in enumerate(state.architects):
        if arch.hand:
            out.append(Msg("bv.reveal.hand", seat=seat, cards=[card(c) for c in arch.hand]))
        if arch.deck:
            out.append(Msg("bv.reveal.deck", seat=seat, count=len(arch.deck), cards=[card(c) for c in arch.deck]))
    for entries in (state.spaces, state.last, state.order):
        for e in entries:
            if e is not None and not e.revealed:
                where = Msg("bv.term.offer_right") if e.cost is None else Msg("bv.term.offer_space", cost=e.cost)
                out.append(Msg("bv.reveal.offer", seat=e.seat, card=card(e.card), where=where))
    if state.zoning_deck:
        zoning = [Msg("bv.reveal.zoning", code=z, rule=Msg(f"bv.term.zoning_{z.lower()}")) for z in state.zoning_deck]
        out.append(Msg("bv.reveal.zoning_deck", count=len(zoning), cards=zoning))
    if state.contract_deck:
        out.append(Msg("bv.reveal.contract_deck", count=len(state.contract_deck), cards=list(state.contract_deck)))
    return out

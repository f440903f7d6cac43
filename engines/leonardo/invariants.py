"""What must hold in every Leonardo state: the random-game tests check it after every
action, and ``positions`` checks every position it builds."""

from __future__ import annotations

from collections import Counter
from functools import cache

from engines.leonardo import flow
from engines.leonardo.components import board, cards
from engines.leonardo.model import State


@cache
def all_art() -> Counter:
    """Every work-of-art tile in the box, by value."""
    return Counter(t.value for t in cards().art for _ in range(t.count))


def problems(state: State) -> list[str]:
    """Every broken invariant, in words for a developer (empty when the state is sound)."""
    c = cards()
    out: list[str] = []
    firms = list(state.firms.values())
    if sum(f.florins for f in firms) + state.bank != c.bank_florins:
        out.append("florins are not conserved between the bank and the firms")
    if any(f.florins < 0 for f in firms):
        out.append("a firm has negative florins")
    if any(f.florins for f in firms if not f.active):
        out.append("a bankrupt firm still has florins")
    if sorted(s for f in firms for s in f.members) != list(range(state.seats)):
        out.append("each seat must belong to exactly one firm")
    if any(f.id != f.members[0] for f in firms):
        out.append("a firm's id must be its first member (the marker's seat)")
    buyable = {s.number for s in board().spaces if s.buyable}
    for number, owner in state.owner.items():
        if number not in buyable:
            out.append(f"space {number} cannot be owned")
        elif owner not in state.firms or not state.firms[owner].active:
            out.append(f"space {number} belongs to no active firm")
    on_board = Counter(v for vals in state.art.values() for v in vals)
    if on_board + Counter(state.art_supply) + Counter(state.drawn) != all_art():
        out.append("works of art were lost or invented")
    for number, vals in state.art.items():
        if len(vals) > c.art_per_palazzo:
            out.append(f"space {number} displays more than {c.art_per_palazzo} works of art")
        if vals and (number not in state.owner or not board().spaces[number - 1].palazzo):
            out.append(f"space {number} displays works of art but is no owned palazzo")
    if sum(f.men for f in firms) + state.men_deck != c.men_at_arms:
        out.append("men-at-arms are not conserved")
    for f in firms:
        if not 0 <= f.men <= c.men_per_player * len(f.members):
            out.append(f"firm {f.id} holds {f.men} men-at-arms")
        if not 1 <= f.position <= 32:
            out.append(f"firm {f.id} stands off the route")
    limbo = [state.rescue.office] if state.rescue and state.rescue.office else []  # drawn, being paid for
    offices = sorted(state.office_deck + [o for f in firms for o in f.offices] + limbo)
    if offices != sorted(o.space for o in c.offices):
        out.append("office cards were lost or doubled")
    if not 0 <= state.office_returned <= len(state.office_deck):
        out.append("more office cards are known under the deck than the deck holds")
    if Counter(state.event_deck) != Counter(nulla=c.events.nulla, guelfa=c.events.guelfa,
                                            ghibellina=c.events.ghibellina):
        out.append("the event deck changed")
    if not 1 <= state.round <= state.options.max_rounds:
        out.append(f"round {state.round} is outside 1..{state.options.max_rounds}")
    if sorted(state.order) != list(range(state.seats)):
        out.append("the turn order must name every seat once")
    return out


def decision_problems(state: State) -> list[str]:
    """Whoever owes a decision has a legal action, and nobody owes one once the game is over
    (a finished game, phase ``over``, has a result: ``Leonardo.result``)."""
    acting = flow.to_act(state)
    if state.phase == "over":
        return [] if not acting else ["a finished game must have a result"]
    if not acting:
        return ["nobody owes a decision in a game that is not over"]
    return [f"seat {s} owes a decision but has no legal action" for s in sorted(acting)
            if not flow.legal(state, s)]

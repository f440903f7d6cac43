"""Legal actions and their autocomplete entries (what each costs or earns)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from engines.bella_vista import flow, terms
from engines.bella_vista.building import coins_earned, placeable, standing
from engines.bella_vista.components import contract_card, offer_costs, setup_for
from engines.bella_vista.contracts import eligible
from engines.bella_vista.flow import current
from engines.bella_vista.geometry import geometry
from engines.bella_vista.notation import (
    build_action,
    build_actions,
    neutral_actions,
    notation,
    placement_actions,
)
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    PassAction,
    State,
    card_value,
    hand_order,
)
from engines.core.game import Choice
from engines.core.messages import Msg
from engines.core.rng import Rng


def legal_actions(state: State, seat: int) -> list:
    if state.phase == "offers":
        hand, where = _offer_terms(state, seat)
        return [_offer(w, c) for w in where for c in hand]
    if state.phase == "construction":
        ps, _ = placeable(state, card_value(current(state).card))
        return build_actions(state.town, ps.indices())
    if state.phase == "neutral":
        ps, _ = placeable(state, state.neutral_next)
        return neutral_actions(state.town, ps.indices())
    if state.phase == "contract":
        return [_contract(c) for c in eligible(state, seat)] + [_PASS]
    return []


def _offer_terms(state: State, seat: int) -> tuple[Sequence[str], Sequence[int | None]]:
    """The offers' two parts: the distinct cards of the hand in the order players see
    them, and the spaces the architect can pay for (or only "last")."""
    costs = flow.affordable(state, seat)
    return _distinct(frozenset(state.architects[seat].hand)), (costs if costs else _LAST)


_LAST: tuple[None] = (None,)


@lru_cache(maxsize=4096)  # a few hundred hands recur: one per set of cards
def _distinct(hand: frozenset[str]) -> tuple[str, ...]:
    return tuple(hand_order(list(hand)))


def random_action(state: State, seat: int, rng: Rng):
    """``legal_actions(state, seat)[rng.below(len(...))]``, the same draw, without making
    an action for every placement (a random town is new with every game: most of its
    placements' actions would be made for one listing only)."""
    phase = state.phase
    if phase == "offers":  # the list is space by space, each with every card
        hand, where = _offer_terms(state, seat)
        k = rng.below(len(where) * len(hand))
        return _offer(where[k // len(hand)], hand[k % len(hand)])
    if phase in ("construction", "neutral"):
        height = card_value(current(state).card) if phase == "construction" else state.neutral_next
        ps, _ = placeable(state, height)
        if ps:
            index = ps[rng.below(len(ps))]
            kind = BuildAction if phase == "construction" else NeutralAction
            return placement_actions(state.town, [index], kind)[0]
    actions = legal_actions(state, seat)
    return actions[rng.below(len(actions))]


@cache
def _offer(cost: int | None, card: str) -> OfferAction:
    return OfferAction(cost=cost, card=card)  # frozen: the same object for every game


@cache
def _contract(contract_id: int) -> ContractAction:
    return ContractAction(id=contract_id)  # frozen, as the offers


_PASS = PassAction()


def choices(state: State, seat: int) -> list[Choice]:
    if state.phase == "construction":
        return _build_choices(state)
    placed = len([e for e in state.spaces if e is not None])
    return [Choice(notation=notation(a), gloss=_gloss(state, a, placed)) for a in legal_actions(state, seat)]


def _build_choices(state: State) -> list[Choice]:
    height = card_value(current(state).card)
    ps, forced = placeable(state, height)
    placed = standing(state)
    geo = geometry(state.town)
    earned = []
    for i in ps:
        text = notation(build_action(state.town, i))
        if forced:
            earned.append((0, Choice(notation=text, gloss=Msg("bv.gloss.build_forced"))))
        else:
            coins = coins_earned(state, geo.placements[i], height, placed)
            earned.append((coins, Choice(notation=text, gloss=Msg("bv.gloss.build", coins=coins))))
    # Best-paying first: autocomplete shows 25 at a time, so the list opens on the
    # placements a player most likely wants (typing a space narrows it further).
    earned.sort(key=lambda pair: -pair[0])
    return [choice for _, choice in earned]


def _gloss(state: State, action, placed: int) -> Msg:
    if isinstance(action, OfferAction):
        if action.cost is None:
            return Msg("bv.gloss.offer_last")
        before: Msg | str = ""
        if placed:  # where this card would build among the cards already offered (dearer build first)
            later = sum(
                1 for c, e in zip(offer_costs(state.seats), state.spaces, strict=True)
                if e is not None and c < action.cost
            )
            # "pay 3 coins · build order: 2 of 3" (issue 28: "builds after 1 and before 1 of the cards…")
            before = Msg("bv.gloss.build_order", position=placed - later + 1, count=placed + 1)
        return Msg("bv.gloss.offer", cost=action.cost, before=before)
    if isinstance(action, ContractAction):
        card = contract_card(action.id)
        words = terms.contract(card.kind, card.neighborhoods, setup_for(state.seats).contract_threshold)
        return Msg("bv.gloss.contract", value=card.value, contract=words)
    if isinstance(action, NeutralAction):
        return Msg("bv.gloss.neutral", height=state.neutral_next)
    return Msg("bv.gloss.pass")

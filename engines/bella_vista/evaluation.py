"""What an AI player thinks a position is worth: every architect's expected final score
(``BellaVista.evaluate``), written from the rulebook's scoring, and the one-line reason a
hint gives for a move (``BellaVista.explain``).

The expected score is the score if the game ended now (coins, contracts taken, both
objectives over the buildings standing: ``scoring.breakdown``) plus what the cards still to
play are expected to add: each earns coins when built and counts for the height objective,
taller ones more; a card already on the offer board is worth more the earlier it builds
(first pick of the town); a face-up contract the architect is close to meeting is worth part
of its coins. At the end of the game it is the final score, the tie-break winner half a
point ahead of those it beat on the tie-break.
"""

from __future__ import annotations

from engines.bella_vista.components import contract_card, setup_for
from engines.bella_vista.contracts import Tally
from engines.bella_vista.geometry import geometry
from engines.bella_vista.scoring import final_result, standings
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    State,
    card_value,
)
from engines.core.messages import Msg

# Tuned with the engine-level arena (engines.core.arena.run_arena), see the report of issue 10.
PER_CARD = 2.0  # coins a card still to play is expected to earn when built, besides its height
PER_HEIGHT = 0.35  # ... and per storey (tallest-neighbour bonus, height objective)
PER_PLACE_AHEAD = 1.0  # a card on the offer board: per card it builds before
CONTRACT_SHARE = 0.4  # a face-up contract whose target is met but for one building: this share


def evaluate(state: State) -> list[float]:
    if state.phase == "over":
        result = final_result(state)
        totals = {f.seat: float(f.total) for f in result.scores}
        best = max(totals.values())
        tied = sum(1 for t in totals.values() if t == best) > 1
        return [totals[s] + (0.5 if tied and s in result.winners else 0.0) for s in range(state.seats)]
    values, tallies = score_now(state)
    for s, arch in enumerate(state.architects):
        for code in arch.hand:
            values[s] += _TO_PLAY[code]
        for code in arch.deck:
            values[s] += _TO_PLAY[code]
    entries = state.order if state.order else [e for e in state.spaces if e is not None] + state.last
    last = len(state.bottom) - 1
    for place, e in enumerate(entries):
        if not e.built:
            values[e.seat] += _TO_PLAY[e.card] + PER_PLACE_AHEAD * (last - place)
    row = [c for c in state.contract_row if c is not None]
    if row:
        need = setup_for(state.seats).contract_threshold
        for s, t in enumerate(tallies):
            values[s] += sum(CONTRACT_SHARE * contract_card(c).value for c in row if _one_short(state, t, c, need))
    return values


_TO_PLAY = {f"{h}{r}": PER_CARD + PER_HEIGHT * h for h in range(1, 9) for r in ("", "r")}


def score_now(state: State) -> tuple[list[float], list[Tally]]:
    """Every architect's score if the game ended now (``scoring.breakdown`` summed), and
    what the Contract Cards count among its buildings."""
    every = standings(state)
    return [float(sum(x.breakdown.values())) for x in every], [x.tally for x in every]


def _one_short(state: State, t: Tally, contract_id: int, need: int) -> bool:
    """The architect's buildings meet this contract but for one more building (``need``:
    this game's threshold)."""
    card = contract_card(contract_id)
    if card.kind == "tile":
        return t.on_tile.get(geometry(state.town).tile_of_code[card.neighborhoods[0]], 0) == need - 1
    if card.kind == "tiles":
        tiles = [geometry(state.town).tile_of_code[c] for c in card.neighborhoods]
        return sum(1 for tile in tiles if not t.on_tile.get(tile)) == 1
    have, target = {"spanning": (t.spanning, 2), "border": (t.border, 4), "river": (t.river, need),
                    "park": (t.park, need)}[card.kind]
    return have == target - 1


def explain(state: State, action, value: float | None) -> Msg | None:
    """The hint's reason: what the move does (the coins a build earns now, in ``state``, the
    position the seat sees) and the margin over the best rival it is expected to leave."""
    if value is None:
        return None
    outlook = Msg("bv.hint.outlook", margin=round(value))
    if isinstance(action, OfferAction):
        if action.cost is None:
            return Msg("bv.hint.offer_last", card=f"#{action.card}", outlook=outlook)
        return Msg("bv.hint.offer", card=f"#{action.card}", cost=action.cost, outlook=outlook)
    if isinstance(action, BuildAction):
        return Msg("bv.hint.build", place="-".join(action.cells), coins=_coins(state, action), outlook=outlook)
    if isinstance(action, NeutralAction):
        return Msg("bv.hint.neutral", place="-".join(action.cells), outlook=outlook)
    if isinstance(action, ContractAction):
        return Msg("bv.hint.contract", id=action.id, value=contract_card(action.id).value, outlook=outlook)
    return Msg("bv.hint.pass", outlook=outlook)


def _coins(state: State, action: BuildAction) -> int:
    from engines.bella_vista.building import coins_earned, legal_placements
    from engines.bella_vista.notation import placement_named

    height = card_value(state.order[state.build_pos].card)
    index = placement_named(state.town, action.cells)
    if index is None or legal_placements(state, height)[1]:
        return 0  # forced: no coins
    return coins_earned(state, geometry(state.town).placements[index], height)

"""Building the View of a state for one seat or a spectator: the only place secrets are filtered."""

from __future__ import annotations

from engines.bella_vista import scoring, terms
from engines.bella_vista.components import (
    components,
    contract_card,
    objective,
    offer_costs,
    setup_for,
    symbol_name,
    zoning_card,
)
from engines.bella_vista.geometry import geometry
from engines.bella_vista.last_move import plain
from engines.bella_vista.prospects import hand_places, offered_places
from engines.bella_vista.state import (
    ROUNDS,
    Building,
    OfferEntry,
    SetAside,
    State,
    card_roofed,
    card_value,
    hand_order,
)
from engines.bella_vista.view import (
    ArchitectView,
    BottomSlotView,
    BuildingView,
    CardView,
    ContractView,
    ObjectiveView,
    OfferSpaceView,
    ScoreView,
    SetAsideView,
    SpaceView,
    TileView,
    View,
    ZoningView,
)
from engines.core.messages import Msg


def card_view(code: str) -> CardView:
    return CardView(height=card_value(code), roofed=card_roofed(code))


def _contract(state: State, cid: int) -> ContractView:
    card = contract_card(cid)
    return ContractView(
        id=cid,
        kind=card.kind,
        threshold=setup_for(state.seats).contract_threshold,
        value=card.value,
        neighborhoods=list(card.neighborhoods),
    )


def _objective(oid: str) -> ObjectiveView:
    o = objective(oid)
    return ObjectiveView(id=o.id, kind=o.kind, name=o.name)


def _offer(
    pos: int, builds: int | None, cost: int | None, entry: OfferEntry | None, viewer: int | None, colours
) -> OfferSpaceView:
    shown = entry is not None and (entry.revealed or entry.seat == viewer)
    return OfferSpaceView(
        position=pos,
        builds=builds if entry is not None else None,
        cost=cost,
        seat=None if entry is None else entry.seat,
        colour=None if entry is None else colours[entry.seat],
        card=card_view(entry.card) if shown and entry is not None else None,
        face_down=entry is not None and not entry.revealed,
        built=entry is not None and entry.built,
    )


def _town(state: State) -> tuple[list[TileView], list[list[SpaceView | None]]]:
    """The town's tiles and spaces as views: the same for every view of a game, so made once
    per town (views are read, never changed)."""
    geo = geometry(state.town)
    found = geo.memo.get("views")
    if found is None:
        found = geo.memo["views"] = _town_views(geo)
    return found


def _town_views(geo) -> tuple[list[TileView], list[list[SpaceView | None]]]:
    tiles = []
    for t in geo.tiles:
        hood = t.kind == "neighborhood"
        tiles.append(
            TileView(
                index=t.index,
                code=t.code,
                kind=t.kind,
                symbol=symbol_name(t.code) if hood else None,
                striped=hood and t.code.endswith("s"),
                x=t.tx * geo.size,
                y=t.ty * geo.size,
                size=geo.size,
            )
        )
    spaces: list[list[SpaceView | None]] = []
    for row in range(geo.rows):
        line: list[SpaceView | None] = []
        for col in range(geo.columns):
            cell = row * geo.columns + col
            ti = geo.cell_tile[cell]
            if ti < 0:
                line.append(None)
                continue
            tv = tiles[ti]
            line.append(
                SpaceView(tile=ti, kind=tv.kind, symbol=tv.symbol, striped=tv.striped, border=cell in geo.border)
            )
        spaces.append(line)
    return tiles, spaces


def _building(geo, index: int, b: Building) -> BuildingView:
    """The view of a standing building: buildings never change and the states of a game
    share them, so each one's view is made once (per town, for its place in the list)."""
    memo = geo.memo.setdefault("building_views", {})
    found = memo.get((id(b), index))
    if found is None or found[0] is not b:
        p = geo.placement_of(b.cells)
        view = BuildingView(index=index, owner=b.owner, colour=b.colour, roofed=b.roofed, neutral=b.owner is None,
                            height=b.height, cells=[[c % geo.columns, c // geo.columns] for c in p.cells],
                            label=p.label)
        if len(memo) >= 4096:
            memo.clear()
        found = memo[(id(b), index)] = (b, view)  # the building is kept: its id stays its own
    return found[1]


def build_view(game, state: State, seat: int | None) -> View:
    geo = geometry(state.town)
    colours = components().colours
    seat_colours = colours[: state.seats]
    tiles, spaces = _town(state)
    buildings = [_building(geo, i, b) for i, b in enumerate(state.buildings)]
    costs = offer_costs(state.seats)
    # During construction the order list holds the same entries (with revealed flags).
    spaces_src = state.spaces
    last_src = state.last
    if state.order:
        by_cost = {e.cost: e for e in state.order if e.cost is not None}
        spaces_src = [by_cost.get(c) for c in costs]
        last_src = [e for e in state.order if e.cost is None]
    filled = 0
    offer_spaces = []
    for i, (c, e) in enumerate(zip(costs, spaces_src, strict=True)):
        offer_spaces.append(_offer(i, filled, c, e, seat, seat_colours))
        filled += e is not None
    last_slots = [_offer(len(costs) + i, filled + i, None, e, seat, seat_colours) for i, e in enumerate(last_src)]
    two = state.seats == 2
    placed = [0] * state.seats
    standing: list[Building | SetAside] = [*state.buildings, *state.set_aside]
    for x in standing:
        if x.owner is not None:
            placed[x.owner] += 1
    architects = [
        ArchitectView(
            seat=s,
            colour=colours[s],
            second_colour=colours[s + 2] if two else None,
            coins=a.coins,
            contracts=len(a.contracts),
            contract_ids=list(a.contracts),
            contract_round=a.contract_round,
            hand=len(a.hand),
            deck=len(a.deck),
            buildings_left=(16 if two else 8) - placed[s],
        )
        for s, a in enumerate(state.architects)
    ]
    zc = zoning_card(state.zoning)
    result = game.result(state)
    scores = None
    if result is not None:
        scores = [ScoreView(seat=f.seat, total=f.total, breakdown=f.breakdown, rank=f.rank) for f in result.scores]
    if_ended = [] if result is not None else [sum(x.breakdown.values()) for x in scoring.standings(state)]
    mine = seat if seat is not None and 0 <= seat < state.seats else None  # the viewer's seat, if a player
    return View(
        seat=mine,
        seats=state.seats,
        round=state.round,
        rounds=ROUNDS,
        phase=state.phase,
        offer_turn=state.offer_turn,
        to_act=sorted(game.to_act(state)),
        columns=geo.columns,
        rows=geo.rows,
        tile_size=geo.size,
        layout=state.layout_name,
        tiles=tiles,
        spaces=spaces,
        buildings=buildings,
        last_building=state.last_building,
        set_aside=[SetAsideView(owner=x.owner, height=x.height, roofed=x.roofed) for x in state.set_aside],
        offer_spaces=offer_spaces,
        last_slots=last_slots,
        bottom=[
            BottomSlotView(seat=b.seat, colour=colours[b.seat], card=None if b.card is None else card_view(b.card))
            for b in state.bottom
        ],
        neutral_colour=colours[3] if state.seats == 3 else None,
        neutral_next=state.neutral_next if state.seats == 3 and state.neutral_next <= 7 else None,
        zoning=ZoningView(
            id=zc.id, kind=zc.kind, name=zc.name, neighborhoods=list(zc.neighborhoods)
        ),
        zoning_left=len(state.zoning_deck),
        zoning_used=list(state.zoning_used),
        contracts=[None if c is None else _contract(state, c) for c in state.contract_row],
        contract_deck=len(state.contract_deck),
        height_objective=_objective(state.height_objective),
        grouping_objective=_objective(state.grouping_objective),
        colours=seat_colours,
        architects=architects,
        bank=state.bank,
        if_ended=if_ended,
        hand=[card_view(c) for c in hand_order(state.architects[mine].hand)] if mine is not None else None,
        my_contracts=[_contract(state, c) for c in state.architects[mine].contracts] if mine is not None else None,
        scores=scores,
        tie_break=None if result is None or result.tie_break is None else plain(result.tie_break),
        hand_places=hand_places(state, mine) if mine is not None else None,
        offered_places=offered_places(state, mine) if mine is not None else None,
        last_events=list(state.last_events),
    )


def private_lines(view: View) -> list[Msg]:
    """The hand command's lines: the hand, the cards lying face-down, the contracts taken."""
    if view.seat is None or view.hand is None:
        return [Msg("bv.private.spectator")]
    if view.hand:
        lines = [Msg("bv.private.hand", cards=[c.notation for c in view.hand])]
    else:
        lines = [Msg("bv.private.hand_empty")]
    for s in view.offer_spaces + view.last_slots:
        if s.seat == view.seat and s.face_down and s.card is not None:
            lines.append(Msg("bv.private.face_down", where=terms.offer_place(s.cost), card=s.card.notation))
    for c in view.my_contracts or []:
        lines.append(Msg("bv.private.contract", id=c.id, value=c.value, contract=contract_words(c)))
    if not view.my_contracts:
        lines.append(Msg("bv.private.contracts_none"))
    return lines


def contract_words(c: ContractView) -> Msg:
    """What a contract of a view asks for, as a message (the renderer draws it too)."""
    return terms.contract(c.kind, c.neighborhoods, c.threshold)

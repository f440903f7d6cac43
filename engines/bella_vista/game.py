"""The Bella Vista engine: turn order, validation and dispatch of every action."""

from __future__ import annotations

from typing import get_args

from engines.bella_vista import flow, town
from engines.bella_vista.building import (
    cell_owners,
    coins_earned,
    legal_placements,
    occupied,
    place,
)
from engines.bella_vista.components import (
    components,
    contract_card,
    contract_text,
    offer_costs,
    setup_for,
    zoning_card,
)
from engines.bella_vista.contracts import eligible, meets
from engines.bella_vista.flow import colour_name, current
from engines.bella_vista.notation import HELP, build_action, cells_mask, neutral_action, notation, parse
from engines.bella_vista.scoring import final_result
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    Options,
    PassAction,
    State,
    action_adapter,
    card_roofed,
    card_value,
)
from engines.bella_vista.town import geometry, shape_of
from engines.bella_vista.view import View
from engines.bella_vista.viewing import build_view, private_text
from engines.core.errors import IllegalAction, quote
from engines.core.game import SYSTEM, Choice, Event, LegacyGame, Result

_PHASE_WORDS = {
    "offers": "Offers",
    "construction": "Construction",
    "contract": "Construction (contract choice)",
    "neutral": "Neutral building",
    "over": "Game over",
}


class BellaVista(LegacyGame):
    key = "bella_vista"
    title = "Bella Vista"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    View = View
    action_adapter = action_adapter

    def load_data(self) -> None:
        town.load_data(n for n in get_args(Options.model_fields["layout"].annotation) if n != "random")

    # --- set-up and turn order ----------------------------------------------------
    def new_game(self, seats: int, options: Options, seed: int | str) -> State:
        self.check_players(seats, options)
        return flow.new_state(seats, options, seed)

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "offers":
            return frozenset({state.bottom[state.offer_turn].seat})
        if state.phase in ("construction", "contract"):
            return frozenset({current(state).seat})
        if state.phase == "neutral":
            return frozenset({state.order[-1].seat})
        return frozenset()

    def seat_label(self, state: State, seat: int) -> str:
        return colour_name(seat)

    # --- legal moves ---------------------------------------------------------------
    def legal_actions(self, state: State, seat: int) -> list:
        if seat not in self.to_act(state):
            return []
        if state.phase == "offers":
            hand = sorted(set(state.architects[seat].hand), key=lambda c: (card_value(c), c))
            costs = flow.affordable(state, seat)
            where: list[int | None] = costs if costs else [None]
            return [OfferAction(cost=w, card=c) for w in where for c in hand]
        if state.phase == "construction":
            ps, _ = legal_placements(state, card_value(current(state).card))
            return [build_action(state.town, i) for i in ps]
        if state.phase == "neutral":
            ps, _ = legal_placements(state, state.neutral_next)
            return [neutral_action(state.town, i) for i in ps]
        if state.phase == "contract":
            return [ContractAction(id=c) for c in eligible(state, seat)] + [PassAction()]
        return []

    def choices(self, state: State, seat: int) -> list[Choice]:
        out = []
        if state.phase == "construction" and seat in self.to_act(state):
            height = card_value(current(state).card)
            ps, forced = legal_placements(state, height)
            owners = cell_owners(state)
            geo = geometry(state.town)
            earned = []
            for i in ps:
                text = notation(build_action(state.town, i))
                coins = 0 if forced else coins_earned(state, geo.placements[i], height, owners)
                gain = "forced (zoning impossible): no coins, no contract" if forced else f"+{coins} coins"
                earned.append((coins, Choice(notation=text, label=f"{text} · {gain}")))
            # Best-paying first: autocomplete shows 25 at a time, so the list opens on the
            # placements a player most likely wants (typing a space narrows it further).
            earned.sort(key=lambda pair: -pair[0])
            return [choice for _, choice in earned]
        order = len([e for e in state.spaces if e is not None])
        for action in self.legal_actions(state, seat):
            text = notation(action)
            if isinstance(action, OfferAction):
                if action.cost is None:
                    label = f"{text} · pay nothing, build last"
                else:
                    behind = sum(
                        1 for c, e in zip(offer_costs(state.seats), state.spaces, strict=True)
                        if e is not None and c < action.cost
                    )
                    coins = f"pay {action.cost} coin{'s' if action.cost != 1 else ''}"
                    label = f"{text} · {coins}"
                    if order:
                        label += f", builds before {behind} of the {order} cards placed"
            elif isinstance(action, ContractAction):
                card = contract_card(action.id)
                words = contract_text(card, setup_for(state.seats).contract_threshold)
                label = f"{text} · +{card.value} coins at the end: {words}"
                if len(label) > 100:  # a 4-Neighborhood contract: keep every name readable
                    label = f"{text} · +{card.value} coins: {words}"
            elif isinstance(action, NeutralAction):
                label = f"{text} · neutral #{state.neutral_next}, earns nothing"
            else:
                label = f"{text} · take no contract"
            out.append(Choice(notation=text, label=label[:100]))
        return out

    # --- playing --------------------------------------------------------------------
    def play(self, state: State, seat: int, action) -> list[Event]:
        if seat == SYSTEM:
            raise IllegalAction("Bella Vista has no automatic moves: every decision belongs to an architect.")
        kind = getattr(action, "kind", None)
        expected = {
            "offers": "offer",
            "construction": "build",
            "neutral": "neutral",
            "contract": "contract",
        }[state.phase]
        if kind != expected and not (state.phase == "contract" and kind == "pass"):
            hint = {
                "offer": "make an offer, e.g. `offer 5 #6`",
                "build": "place your building, e.g. `build B3-C3`",
                "neutral": "place the neutral building, e.g. `neutral B3-C3`",
                "contract": "take a contract with `contract <number>` or `pass`",
            }[expected]
            raise IllegalAction(f"You cannot `{quote(notation(action))}` now: you must {hint}.")
        if isinstance(action, OfferAction):
            return self._offer(state, seat, action)
        if isinstance(action, BuildAction):
            return self._build(state, seat, action)
        if isinstance(action, NeutralAction):
            return self._neutral(state, seat, action)
        return self._contract(state, seat, action)

    def _offer(self, state: State, seat: int, action: OfferAction) -> list[Event]:
        arch = state.architects[seat]
        text = quote(notation(action))
        if action.card not in arch.hand:
            hand = ", ".join(f"#{c}" for c in sorted(arch.hand, key=lambda c: (card_value(c), c)))
            raise IllegalAction(f"You do not hold #{action.card} (“{text}”): your hand is {hand}.")
        costs = offer_costs(state.seats)
        can = flow.affordable(state, seat)
        free = ", ".join(str(c) for c in can) or "none"
        if action.cost is None:
            if can:
                raise IllegalAction(
                    f"You can still pay a free offer space, so you cannot go last (“{text}”): "
                    f"choose one of {free}."
                )
        elif action.cost not in costs:
            raise IllegalAction(
                f"There is no {action.cost}-coin offer space (“{text}”): the spaces cost "
                + ", ".join(str(c) for c in costs) + f"; free and affordable now: {free}."
            )
        elif state.spaces[costs.index(action.cost)] is not None:
            raise IllegalAction(
                f"The {action.cost}-coin offer space is already taken (“{text}”): free and affordable: {free}."
            )
        elif action.cost > arch.coins:
            raise IllegalAction(
                f"You have {arch.coins} coins and cannot pay the {action.cost}-coin space (“{text}”): "
                f"free and affordable: {free}."
            )
        return flow.offer(state, seat, action.cost, action.card)

    def _placement(self, state: State, height: int, cells: tuple[str, ...], text: str) -> tuple[int, bool]:
        geo = geometry(state.town)
        ps, forced = legal_placements(state, height)
        idx = geo.by_mask.get(cells_mask(state, cells))
        if idx is None or geo.placements[idx].shape != shape_of(height):
            shape = components().buildings[height - 1]
            raise IllegalAction(
                f"Building #{height} cannot stand on {'-'.join(cells)} (“{text}”): it covers "
                f"{len(shape.cells)} spaces in a {shape.shape} shape, on Neighborhood spaces only "
                "(no Park or River)."
            )
        if idx not in ps:
            raise IllegalAction(self._why_not(state, idx, height, forced, text))
        return idx, forced

    def _why_not(self, state: State, idx: int, height: int, forced: bool, text: str) -> str:
        geo = geometry(state.town)
        p = geo.placements[idx]
        if p.mask & occupied(state):
            return f"A building already stands on one of {p.label} (“{text}”): choose free spaces."
        if forced:
            return (
                f"No placement of #{height} meets the Zoning Card, so it must go on the border of Town, "
                f"and {p.label} is not on the border (“{text}”)."
            )
        return (
            f"{p.label} breaks the Zoning Card “{zoning_card(state.zoning).name}” (“{text}”): "
            "autocomplete lists the placements it allows."
        )

    def _build(self, state: State, seat: int, action: BuildAction) -> list[Event]:
        entry = current(state)
        height = card_value(entry.card)
        text = quote(notation(action))
        idx, forced = self._placement(state, height, action.cells, text)
        geo = geometry(state.town)
        p = geo.placements[idx]
        gain = 0 if forced else coins_earned(state, p, height)
        entry.revealed = True
        entry.built = True
        place(state, seat, height, card_roofed(entry.card), idx)
        who = colour_name(seat)
        roof = " (roofed)" if card_roofed(entry.card) else ""
        if forced:
            where = "on the border" if p.border else "off the border (no free border placement is left)"
            events = [
                Event(
                    text=f"{who} reveals #{entry.card}{roof}; the Zoning Card cannot be met, so it is "
                    f"built {where} at {p.label}: no coins, no contract."
                )
            ]
            return events + flow.next_builder(state) + flow.settle(state)
        paid = min(gain, state.bank)
        state.bank -= paid
        state.architects[seat].coins += paid
        short = f" (the bank had only {paid})" if paid < gain else ""
        met = [c for c in state.contract_row if c is not None and meets(state, seat, c)]
        again = ""
        if met and state.architects[seat].contract_round == state.round:
            again = f" {who} now meets Contract " + ", ".join(str(c) for c in met) + (
                ", but only one Contract Card may be taken per round."
            )
        events = [
            Event(text=f"{who} reveals #{entry.card}{roof}, builds at {p.label} and earns {paid} coins{short}.{again}")
        ]
        if eligible(state, seat):
            state.phase = "contract"
            return events
        return events + flow.next_builder(state) + flow.settle(state)

    def _contract(self, state: State, seat: int, action) -> list[Event]:
        who = colour_name(seat)
        if isinstance(action, ContractAction):
            can = eligible(state, seat)
            if action.id not in can:
                listed = ", ".join(str(c) for c in can)
                where = "is not face-up" if action.id not in state.contract_row else "is not met by your buildings"
                raise IllegalAction(
                    f"Contract {action.id} {where} (“contract {action.id}”): you may take {listed}, or `pass`."
                )
            state.contract_row[state.contract_row.index(action.id)] = None
            state.architects[seat].contracts.append(action.id)
            state.architects[seat].contract_round = state.round
            card = contract_card(action.id)
            words = contract_text(card, setup_for(state.seats).contract_threshold)
            events = [Event(text=f"{who} takes Contract {action.id} ({words}, {card.value} coins).")]
        else:
            events = [Event(text=f"{who} takes no contract.")]
        return events + flow.next_builder(state) + flow.settle(state)

    def _neutral(self, state: State, seat: int, action: NeutralAction) -> list[Event]:
        height = state.neutral_next
        idx, forced = self._placement(state, height, action.cells, quote(notation(action)))
        place(state, None, height, False, idx)
        state.neutral_next += 1
        p = geometry(state.town).placements[idx]
        label = p.label
        where = "on the border" if p.border else "off the border (no free border placement is left)"
        how = f" {where} (the Zoning Card cannot be met)" if forced else ""
        events = [Event(text=f"{colour_name(seat)} places the neutral building #{height} at {label}{how}.")]
        return events + flow.round_end(state) + flow.settle(state)

    # --- seeing -------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> View:
        return build_view(self, state, seat)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        return final_result(state, colour_name)

    # --- notation -------------------------------------------------------------------
    def parse_action(self, state: State, seat: int, text: str):
        return parse(state, text)

    def notation(self, state: State, action) -> str:
        return notation(action)

    def summary(self, state: State) -> str:
        if state.phase == "over":
            res = self.result(state)
            win = " and ".join(colour_name(s) for s in res.winners) if res else "?"
            return f"Bella Vista · game over · winner: {win}"
        waiting = ", ".join(colour_name(s) for s in sorted(self.to_act(state)))
        return f"Bella Vista · round {state.round}/{flow.ROUNDS} · {_PHASE_WORDS[state.phase]} · waiting for {waiting}"

    def private_text(self, view: View) -> str:
        return private_text(view)

    def help_text(self) -> str:
        return HELP


__all__ = ["BellaVista"]

"""The game's vocabulary as nested messages (``leo.term.*``): firms, places, factions, products,
what a payment is for, phases and how a game ended. Events, refusals and glosses put these
inside their parameters; the words live in ``data/messages/en/leo.toml``."""

from __future__ import annotations

from functools import cache

from engines.core.messages import Msg
from engines.leonardo.components import office_at, space
from engines.leonardo.model import Firm, FirmView, State, Why

FACTIONS = {"guelfi": "leo.term.guelfi", "ghibellini": "leo.term.ghibellini"}
PRODUCTS = {"gem": "leo.term.gem", "ivory": "leo.term.ivory", "gold": "leo.term.gold", "spices": "leo.term.spices"}
PHASES = {
    "factions": "leo.term.phase_factions", "start": "leo.term.phase_start", "place": "leo.term.phase_place",
    "choose": "leo.term.phase_choose", "buy": "leo.term.phase_buy", "auction": "leo.term.phase_auction",
    "market": "leo.term.phase_market", "office": "leo.term.phase_office", "merge": "leo.term.phase_merge",
    "rescue": "leo.term.phase_rescue", "over": "leo.term.phase_over",
}
ANSWERS = {True: "leo.term.rescue", False: "leo.term.pass"}


def firm(f: Firm | FirmView) -> Msg:
    """A player ("Anne"), or a corporation ("Anne and Bruno's corporation")."""
    return _firm(tuple(f.members))


# Messages are frozen: the vocabulary's are made once and shared.
@cache
def _firm(members: tuple[int, ...]) -> Msg:
    return Msg("leo.term.firm", members=list(members), size=len(members))


@cache
def _word(key: str) -> Msg:
    return Msg(key)


@cache
def place(number: int) -> Msg:
    """A palazzo by its name and its space's number ("Via della Scala (8)"): the number is what
    the board shows, so a newcomer finds the place a message names."""
    return Msg("leo.term.place", name=space(number).name, space=number)


def firm_or_bank(state: State, firm_id: int | None) -> Msg:
    return _word("leo.term.bank") if firm_id is None else firm(state.firms[firm_id])


def faction(name: str) -> Msg:
    return _word(FACTIONS[name])


def product(name: str) -> Msg:
    return _word(PRODUCTS[name])


def phase(name: str) -> Msg:
    return _word(PHASES[name])


def answer(rescue: bool) -> Msg:
    return _word(ANSWERS[rescue])


def nobody() -> Msg:
    return _word("leo.term.nobody")


def listed(items: list) -> list | Msg:
    """A list for a ``{x}`` placeholder, or "nobody" when it is empty."""
    return items if items else nobody()


def why(w: Why) -> Msg:
    """What a payment is for."""
    name = space(w.space).name if w.space else "?"
    if w.kind == "toll":
        return Msg("leo.term.why_toll", name=name)
    if w.kind == "income":
        return Msg("leo.term.why_income", name=name)
    if w.kind == "office":
        office = office_at(w.space) if w.space else None
        return Msg("leo.term.why_office", office=office.title if office else "?")
    if w.kind == "bet":
        return _word("leo.term.why_bet")
    if w.kind == "winning_bet":
        return _word("leo.term.why_winning_bet")
    return _word("leo.term.why_tribute")


def end(state: State) -> Msg | None:
    """Why the game ended."""
    alive = [f for f in state.firms.values() if f.active]
    return end_of(state.end, state.options.max_rounds, list(alive[0].members) if alive else [])


def over(reason: str | None, round_: int, why: Msg | str) -> Msg:
    """That the game is over, after which round and ``why`` (``end``'s words); not the round where
    ``why`` counts the rounds ("Game over after round 12: the 12 agreed rounds are over" said it twice)."""
    if reason == "rounds":
        return Msg("leo.status.over_rounds", reason=why)
    return Msg("leo.status.over", round=round_, reason=why)


def end_of(reason: str | None, rounds: int, survivors: list[int]) -> Msg | None:
    """Why a game ended, from its reason id, its round limit and the members of the last
    firm standing (a renderer calls it with a view's fields)."""
    if reason is None:
        return None
    if reason == "rounds":
        return Msg("leo.term.end_rounds", rounds=rounds)
    if reason == "time_up":
        return Msg("leo.term.end_time_up")
    if reason == "all_bankrupt" or not survivors:
        return Msg("leo.term.end_all_bankrupt")
    if reason == "eliminated":
        return Msg("leo.term.end_eliminated", winner=survivors[0])
    return Msg("leo.term.end_last_corporation", members=survivors)

"""Leonardo's hidden information, for the core's reveal flag (``Game.secrets``).

- ``faction:<seat>``: a declared faction, its seat's alone until every seat has declared.
- ``art:<space>``: the values displayed on a palazzo, known to its owner's members.
- ``tile:<n>``: a face-down work of art, named by its distance from the bottom of the
  supply, so a tile keeps its name when it is drawn: nobody knows it in the supply, the
  buyer's members once drawn (buying works of art reveals their values to the buyer).
- ``office:<space>``: an office card face down in its deck (nobody), public once drawn, and
  public still when it goes back under the deck (after a bankruptcy or an unpaid price: its
  place there is seen by all, ``State.office_returned``).
- ``event:<n>``: an international event card, named by its place in the deck's cycle; it
  is public once drawn (the deck keeps its order, the drawn card going under it).
- ``bid:<seat>``, ``bet:<seat>``, ``rescue:<seat>``: sealed decisions, known to the members
  of the deciding firm (as its view shows them); they leave the state when opened (``SEALED``: their vanishing counts as a reveal).
"""

from __future__ import annotations

from typing import Any

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import office_at, space
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
    unknown = len(state.office_deck) - state.office_returned
    for i, number in enumerate(state.office_deck):
        out[f"office:{number}"] = (i, NOBODY if i < unknown else None)
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


def opened(before: State, after: State) -> bool:
    """``revealed(secrets(before), secrets(after))`` without listing the secrets (the core
    asks after every action): the same rule, secret kind by secret kind. The tests compare
    both on every action of random games."""
    n = before.seats
    if len(before.declared) < n <= len(after.declared):  # the factions opened
        return True
    if before.event_draws < len(before.event_deck) and after.event_draws > before.event_draws:
        return True  # a card of the event deck turned
    if before.office_deck != after.office_deck and _office_drawn(before, after):
        return True
    if after.drawn and _tiles_shown(before, after):
        return True
    # audiences of art and sealed decisions are firms' members: they grow only if those change,
    # which happens only when a firm joins another and leaves the state (merge_firms)
    same = len(before.firms) == len(after.firms)
    if not same or before.owner != after.owner:
        if _art_shown(before, after):
            return True
    if before.auction is None and before.market is None and before.rescue is None:
        return False  # no sealed decision was pending
    return _sealed_opened(before, after, same)


def _office_drawn(before: State, after: State) -> bool:
    """A face-down office card left the deck for a firm's hand or a rescue call (public)."""
    held = {o for f in after.firms.values() for o in f.offices}
    if after.rescue is not None and after.rescue.office is not None:
        held.add(after.rescue.office)
    unknown = before.office_deck[:len(before.office_deck) - before.office_returned]
    return bool(held) and not (held - set(after.office_deck)).isdisjoint(unknown)


def _sealed_opened(before: State, after: State, same_members: bool) -> bool:
    """A sealed bid, bet or answer left the state (opened), or its firm gained members."""
    for kind in ("auction", "market", "rescue"):
        decided = _decided(before, kind)
        if decided:
            now = _decided(after, kind)
            if any(s not in now or (not same_members and _grew(before, after, s, s)) for s in decided):
                return True
    return False


def _decided(state: State, kind: str) -> dict:
    """The sealed decisions of the auction, the market or the rescue call, by firm."""
    if kind == "auction":
        return state.auction.bids if state.auction is not None else {}
    if kind == "market":
        return state.market.bets if state.market is not None else {}
    return state.rescue.answers if state.rescue is not None else {}


def _grew(before: State, after: State, old_firm: int, new_firm: int | None) -> bool:
    """Whether the members of ``new_firm`` in ``after`` are not all members of ``old_firm``
    in ``before`` (None: nobody knows)."""
    if new_firm is None:
        return False
    was, now = before.firms[old_firm].members, after.firms[new_firm].members
    return was != now and not set(now) <= set(was)


def _art_shown(before: State, after: State) -> bool:
    """The works of art of a palazzo reached seats that did not see them (an owner's new
    members)."""
    for number, values in before.art.items():
        owner = before.owner.get(number)
        if not values or owner is None or not after.art.get(number):
            continue
        now = after.owner.get(number)
        if now is not None and _grew(before, after, owner, now):
            return True
    return False


def _tiles_shown(before: State, after: State) -> bool:
    """A face-down tile reached seats that did not see it: tiles are named by their distance
    from the bottom of the supply (``_tiles``); the drawn ones are seen by the buyer."""
    if not after.drawn:
        return False
    buyer = after.firms.get(after.order[after.slot])
    if buyer is None or not buyer.members:
        return False
    low, supply = len(after.art_supply), len(before.art_supply)
    for name in range(low, low + len(after.drawn)):
        if name < supply:
            return True  # it was in the supply
        if name < supply + len(before.drawn):  # it was drawn already: seen by the buyer then
            was = before.firms.get(before.order[before.slot])
            if was is None or not set(buyer.members) <= set(was.members):
                return True
    return False


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


def at_end(state: State) -> list[Msg]:
    """What ``secrets`` still hides, as lines of the reveal file: a declared faction, the works
    of art on each palazzo, works of art drawn and not yet displayed, what a sealed decision
    said, then the face-down works of art, office cards and event cards in the order they would
    have been drawn."""
    out: list[Msg] = []
    if len(state.declared) < state.seats:
        out += [Msg("leo.reveal.faction", seat=s, faction=Msg(f"leo.term.{f}")) for s, f in sorted(state.declared.items())]
    for number, values in sorted(state.art.items()):
        owner = state.owner.get(number)
        if values and owner is not None:
            out.append(Msg("leo.reveal.art", firm=terms.firm(state.firms[owner]), name=space(number).name,
                           space=number, values=sorted(values)))
    buyer = state.firms.get(state.order[state.slot])
    if state.drawn and buyer is not None:
        out.append(Msg("leo.reveal.drawn", firm=terms.firm(buyer), values=list(state.drawn)))
    out += _sealed_at_end(state)
    if state.art_supply:
        out.append(Msg("leo.reveal.supply", count=len(state.art_supply), values=list(state.art_supply)))
    face_down = state.office_deck[:len(state.office_deck) - state.office_returned]
    if face_down:
        offices = [Msg("leo.reveal.office", title=_title(n), space=n) for n in face_down]
        out.append(Msg("leo.reveal.offices", count=len(face_down), offices=offices))
    unseen = state.event_deck[:max(0, len(state.event_deck) - state.event_draws)]
    if unseen:
        out.append(Msg("leo.reveal.events", count=len(unseen), cards=[_EVENT[c] for c in unseen]))
    return out


_EVENT = {"guelfa": Msg("leo.reveal.event_guelfa"), "ghibellina": Msg("leo.reveal.event_ghibellina"),
          "nulla": Msg("leo.reveal.event_nulla")}


def _title(number: int) -> str:
    office = office_at(number)
    assert office is not None, number
    return office.title


def _sealed_at_end(state: State) -> list[Msg]:
    """Sealed decisions the game ended before opening (only an end on the agreed date can)."""
    out: list[Msg] = []
    if state.auction is not None:
        for s, amount in sorted(state.auction.bids.items()):
            offer = Msg("leo.reveal.florins", amount=amount) if amount else Msg("leo.term.pass")
            out.append(Msg("leo.reveal.bid", firm=terms.firm(state.firms[s]), offer=offer))
    if state.market is not None:
        for s, bet in sorted(state.market.bets.items()):
            what = Msg("leo.term.no_bets") if bet is None else Msg("leo.reveal.stake", stake=bet.stake,
                                                                    product=Msg(f"leo.term.{bet.product}"))
            out.append(Msg("leo.reveal.bet", firm=terms.firm(state.firms[s]), bet=what))
    if state.rescue is not None:
        for s, answer in sorted(state.rescue.answers.items()):
            out.append(Msg("leo.reveal.rescue", firm=terms.firm(state.firms[s]),
                           answer=Msg("leo.term.rescue" if answer else "leo.term.pass")))
    return out

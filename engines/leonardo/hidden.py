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
- ``bid:<seat>``, ``bet:<seat>``, ``rescue:<debtor>:<seat>``: sealed decisions, from the
  moment they are owed (``UNDECIDED`` until made), known to the members of the deciding firm
  (as its view shows them); they leave the state when the round is opened, every decision of
  it at once (``SEALED``: their vanishing counts as a reveal). A round of one decider is
  opened by the action that makes its decision: that action revealed it too.
"""

from __future__ import annotations

from typing import Any

from engines.core.messages import Msg
from engines.leonardo import terms
from engines.leonardo.components import office_at, space
from engines.leonardo.model import State

Secrets = dict[str, tuple[Any, frozenset[int] | None]]
SEALED = ("bid:", "bet:", "rescue:")
UNDECIDED = "undecided"  # the value of a sealed decision still owed
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
        bids = state.auction.bids
        out.update({f"bid:{s}": (bids.get(s, UNDECIDED), _firm(state, s)) for s in state.auction.bidders})
    if state.market is not None:
        bets = state.market.bets
        out.update({f"bet:{s}": (bets[s] if s in bets else UNDECIDED, _firm(state, s)) for s in state.market.bettors})
    if state.rescue is not None:
        answers, debtor = state.rescue.answers, state.rescue.debtor
        out.update({f"rescue:{debtor}:{s}": (answers.get(s, UNDECIDED), _firm(state, s))
                    for s in state.rescue.rescuers})
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
        return True  # a face-down office card was drawn (even if it went back under the deck)
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
    """A face-down office card left the face-down part of the deck: it was drawn, in public
    (for a firm's hand, a rescue call, or back under the deck when its price went unpaid)."""
    return not set(_face_down(before)) <= set(_face_down(after))


def _face_down(state: State) -> list[int]:
    """The office cards whose place in the deck nobody knows (above the ones seen going under)."""
    return state.office_deck[:len(state.office_deck) - state.office_returned]


def _sealed_opened(before: State, after: State, same_members: bool) -> bool:
    """A round of sealed decisions (an auction, a market, a rescue call) was opened: it left
    the state with every decision owed in it, made in an earlier action or in this one; or a
    deciding firm gained members, who now know its decision."""
    for kind in ("auction", "market", "rescue"):
        was = _deciders(before, kind)
        if not was:
            continue
        if _deciders(after, kind) != was:
            return True  # this round is over (another may have begun: a new rescue call)
        if not same_members and any(s in after.firms and _grew(before, after, s, s) for s in was):
            return True
    return False


def _deciders(state: State, kind: str) -> tuple:
    """Who the round of sealed decisions (auction, market, rescue call) waits on or heard,
    with what names the round (its space, or its debtor): nothing if there is none."""
    if kind == "auction":
        a = state.auction
        return (a.space, *a.bidders) if a is not None else ()
    if kind == "market":
        m = state.market
        return (m.space, *m.bettors) if m is not None else ()
    r = state.rescue
    return (r.debtor, *r.rescuers) if r is not None else ()


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

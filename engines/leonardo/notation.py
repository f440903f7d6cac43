"""Chat notation: reading and writing actions. Refusals of unreadable text are
``leo.error.*`` messages quoting the player's input."""

from __future__ import annotations

from engines.core.errors import UnknownAction
from engines.core.game import TimeUp
from engines.core.text import ascii_lower, whole_number
from engines.leonardo.economy import firm_of
from engines.leonardo.model import (
    COLOURS,
    LETTERS,
    Accept,
    Bid,
    Buy,
    BuyArt,
    Choose,
    Declare,
    Decline,
    Join,
    Pass,
    Place,
    PlaceBet,
    Refuse,
    Rescue,
    Spin,
    State,
    UseOffice,
)

FACTIONS = {"guelfi": "guelfi", "guelfo": "guelfi", "guelph": "guelfi", "guelphs": "guelfi",
            "ghibellini": "ghibellini", "ghibellino": "ghibellini", "ghibelline": "ghibellini",
            "ghibellines": "ghibellini"}
PRODUCT_WORDS = {"gem": "gem", "gemma": "gem", "ivory": "ivory", "avorio": "ivory", "gold": "gold",
                 "oro": "gold", "spices": "spices", "spice": "spices", "spezie": "spices"}
SIMPLE = {"spin": Spin, "buy": Buy, "decline": Decline, "pass": Pass, "accept": Accept, "refuse": Refuse,
          "rescue": Rescue, "time_up": TimeUp}


def notation(state: State | None, action) -> str:
    k = action.kind
    if k == "declare":
        return action.faction
    if k == "art":
        return f"art {action.count}"
    if k == "place":
        return f"place {action.space}"
    if k == "move":
        return f"move {action.steps}"
    if k == "bid":
        return f"bid {action.amount}"
    if k == "bet":
        return f"bet {action.product} {action.stake}"
    if k == "office":
        moved = f"office {action.move:+d}" if action.move else "office 0"
        return moved + (" remove" if action.remove else "")
    if k == "join":
        return f"join {COLOURS[action.target]} {action.faction}"
    return k  # spin, buy, decline, pass, accept, refuse, rescue, time_up


def _int(word: str, text: str, signed: bool = False) -> int:
    n = whole_number(word, signed=signed)
    if n is None:
        raise UnknownAction("leo.error.not_a_number", text=text, word=word)
    return n


def _colour(word: str, text: str) -> int:
    for i, (name, letter) in enumerate(zip(COLOURS, LETTERS, strict=True)):
        if word in (name, letter.lower()):
            return i
    raise UnknownAction("leo.error.not_a_colour", text=text, word=word)


def parse(state: State, seat: int, text: str):
    words = ascii_lower(text).split()
    if not words:
        raise UnknownAction("leo.error.empty")
    head, rest = words[0], words[1:]
    if head == "declare" and rest:
        head, rest = rest[0], rest[1:]
    if head in SIMPLE and not rest:
        return SIMPLE[head]()
    if head in FACTIONS and not rest:
        return Declare(faction=FACTIONS[head])
    if head in ("art", "place", "move", "bid") and len(rest) == 1:
        n = _int(rest[0], text)
        return {"art": lambda: BuyArt(count=n), "place": lambda: Place(space=n),
                "move": lambda: Choose(steps=n), "bid": lambda: Bid(amount=n)}[head]()
    if head == "bet" and len(rest) == 2 and rest[0] in PRODUCT_WORDS:
        return PlaceBet(product=PRODUCT_WORDS[rest[0]], stake=_int(rest[1], text))
    if head == "bet" and len(rest) == 2:
        raise UnknownAction("leo.error.not_a_product", text=text, word=rest[0])
    if head == "office":
        return _office(rest, text)
    if head == "join" and len(rest) in (1, 2):
        return _join(state, seat, rest, text)
    raise UnknownAction("leo.error.unreadable", text=text)


def _office(rest: list[str], text: str) -> UseOffice:
    if rest and rest[0] == "move":
        rest = rest[1:]
    if rest == ["skip"]:
        return UseOffice()
    if rest == ["remove"]:
        return UseOffice(remove=True)
    if len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "remove"):
        return UseOffice(move=_int(rest[0], text, signed=True), remove=len(rest) == 2)
    raise UnknownAction("leo.error.unreadable", text=text)


def _join(state: State, seat: int, rest: list[str], text: str) -> Join:
    target = _colour(rest[0], text)
    if len(rest) == 2:
        if rest[1] not in FACTIONS:
            raise UnknownAction("leo.error.not_a_faction", text=text)
        faction = FACTIONS[rest[1]]
    else:  # the proposer's own faction by default
        faction = state.declared.get(seat, "guelfi")
        if 0 <= seat < state.seats:
            faction = firm_of(state, seat).faction or faction
    if target < state.seats:
        target = firm_of(state, target).id  # a partner's colour names its corporation
    return Join(target=target, faction=faction)

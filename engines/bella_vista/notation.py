"""Chat notation: ``offer 5 #6``, ``offer last #6r``, ``build B3-C3``, ``neutral B3-C3``,
``contract 7``, ``pass``."""

from __future__ import annotations

import re
from functools import lru_cache

from engines.bella_vista.components import components
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    PassAction,
    State,
)
from engines.bella_vista.town import LayoutKey, geometry
from engines.core.errors import UnknownAction, quote
from engines.core.text import ascii_lower, whole_number

HELP = """**Bella Vista moves**
`offer 5 #6` — Offer Phase: pay the 5-coin offer space and play your card #6 face-down \
(2-architect game: `#6r` is the roofed second set).
`offer last #6` — only when you cannot pay any free offer space: you build last.
`build B3-C3` — place your revealed building on these spaces (column letter + row number, \
all spaces of the building, any order).
`contract 7` — take face-up Contract Card 7 after building, if you meet it; `pass` — take none.
`neutral B3-C3` — 3-architect game: the last builder places the neutral building.
Autocomplete lists every legal move and what it costs or earns."""

_CELL = re.compile(r"([a-z])([0-9]{1,2})")  # ASCII digits only: \d also matches "٣"


@lru_cache(maxsize=65536)
def build_action(key: LayoutKey, index: int) -> BuildAction:
    return BuildAction(cells=tuple(geometry(key).placements[index].label.split("-")))


@lru_cache(maxsize=16384)
def neutral_action(key: LayoutKey, index: int) -> NeutralAction:
    return NeutralAction(cells=tuple(geometry(key).placements[index].label.split("-")))


def notation(action) -> str:
    if isinstance(action, OfferAction):
        where = "last" if action.cost is None else str(action.cost)
        return f"offer {where} #{action.card}"
    if isinstance(action, BuildAction | NeutralAction):
        return f"{action.kind} {'-'.join(action.cells)}"
    if isinstance(action, ContractAction):
        return f"contract {action.id}"
    return "pass"


def parse_cells(state: State, text: str, raw: str) -> tuple[str, ...]:
    geo = geometry(state.town)
    found = _CELL.findall(text)
    leftover = _CELL.sub("", text).replace("-", "").replace(",", "").replace(" ", "")
    if not found or leftover:
        raise UnknownAction(
            f"I could not read the spaces in “{quote(raw)}”: write them like `build B3-C3` "
            "(column letter and row number of every space the building covers)."
        )
    cells = set()
    for letter, number in found:
        col, row = ord(letter) - ord("a"), int(number) - 1
        if not (0 <= col < geo.columns and 0 <= row < geo.rows):
            last = chr(ord("A") + geo.columns - 1)
            raise UnknownAction(
                f"“{letter.upper()}{number}” in “{quote(raw)}” is off the town: columns go A to {last}, "
                f"rows 1 to {geo.rows}."
            )
        cells.add(row * geo.columns + col)
    most = max(len(b.cells) for b in components().buildings)
    if len(cells) > most:
        raise UnknownAction(f"“{quote(raw)}” names {len(cells)} spaces: a building covers at most {most}.")
    return tuple(geo.label(c) for c in sorted(cells))


def parse(state: State, text: str):
    raw = text.strip()
    low = ascii_lower(raw).lstrip("/!")
    words = low.split()
    if not words:
        raise UnknownAction("Type a move, for example `offer 5 #6`, `build B3-C3`, `contract 7` or `pass`.")
    head, rest = words[0], words[1:]
    if head == "offer":
        if len(rest) != 2:
            raise UnknownAction(
                f"I could not read “{quote(raw)}”: an offer is `offer <cost> #<card>`, e.g. `offer 5 #6` "
                "or `offer last #6`."
            )
        where, card = rest
        card = card.lstrip("#")
        if not re.fullmatch(r"[1-8]r?", card):
            raise UnknownAction(
                f"“{quote(rest[1])}” in “{quote(raw)}” is not a construction card: cards are #1 to #8 "
                "(#1r to #8r for the roofed set of a 2-architect game)."
            )
        if where == "last":
            return OfferAction(cost=None, card=card)
        cost = whole_number(where)
        if cost is None:
            raise UnknownAction(
                f"“{quote(where)}” in “{quote(raw)}” is not an offer space: give its cost in digits "
                "(e.g. 5) or `last`."
            )
        return OfferAction(cost=cost, card=card)
    if head in ("build", "neutral"):
        cells = parse_cells(state, " ".join(rest), raw)
        return BuildAction(cells=cells) if head == "build" else NeutralAction(cells=cells)
    if head == "contract":
        number = whole_number(rest[0].removeprefix("#")) if len(rest) == 1 else None
        if number is None:
            raise UnknownAction(
                f"I could not read “{quote(raw)}”: take a contract with `contract <number>`, e.g. `contract 7`."
            )
        return ContractAction(id=number)
    if head == "pass" and not rest:
        return PassAction()
    raise UnknownAction(
        f"I do not know the move “{quote(raw)}”: use `offer 5 #6`, `offer last #6`, `build B3-C3`, "
        "`neutral B3-C3`, `contract 7` or `pass`."
    )


def cells_mask(state: State, cells: tuple[str, ...]) -> int:
    """Bit mask of the named spaces; -1 if a name is not a space of this town."""
    geo = geometry(state.town)
    mask = 0
    for name in cells:
        m = _CELL.fullmatch(ascii_lower(name))
        if not m:
            return -1
        col, row = ord(m.group(1)) - ord("a"), int(m.group(2)) - 1
        if not (0 <= col < geo.columns and 0 <= row < geo.rows):
            return -1
        mask |= 1 << (row * geo.columns + col)
    return mask

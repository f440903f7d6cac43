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
from engines.core.errors import UnknownAction
from engines.core.grid import square_name
from engines.core.text import ascii_lower, whole_number

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
        raise UnknownAction("bv.error.bad_spaces", input=raw)
    cells = set()
    for letter, number in found:
        col, row = ord(letter) - ord("a"), int(number) - 1
        if not (0 <= col < geo.columns and 0 <= row < geo.rows):
            raise UnknownAction("bv.error.off_town", word=f"{letter.upper()}{number}", input=raw,
                                last_column=square_name(geo.columns - 1, 0)[0], rows=geo.rows)
        cells.add(row * geo.columns + col)
    most = max(len(b.cells) for b in components().buildings)
    if len(cells) > most:
        raise UnknownAction("bv.error.too_many_spaces", input=raw, count=len(cells), most=most)
    return tuple(geo.label(c) for c in sorted(cells))


def parse(state: State, text: str):
    raw = text.strip()
    low = ascii_lower(raw).lstrip("/!")
    words = low.split()
    if not words:
        raise UnknownAction("bv.error.empty_move")
    head, rest = words[0], words[1:]
    if head == "offer":
        if len(rest) != 2:
            raise UnknownAction("bv.error.bad_offer", input=raw)
        where, card = rest
        card = card.lstrip("#")
        if not re.fullmatch(r"[1-8]r?", card):
            raise UnknownAction("bv.error.bad_card", word=rest[1], input=raw)
        if where == "last":
            return OfferAction(cost=None, card=card)
        cost = whole_number(where)
        if cost is None:
            raise UnknownAction("bv.error.bad_cost", word=where, input=raw)
        return OfferAction(cost=cost, card=card)
    if head in ("build", "neutral"):
        cells = parse_cells(state, " ".join(rest), raw)
        return BuildAction(cells=cells) if head == "build" else NeutralAction(cells=cells)
    if head == "contract":
        number = whole_number(rest[0].removeprefix("#")) if len(rest) == 1 else None
        if number is None:
            raise UnknownAction("bv.error.bad_contract", input=raw)
        return ContractAction(id=number)
    if head == "pass" and not rest:
        return PassAction()
    raise UnknownAction("bv.error.unknown_move", input=raw)


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

"""Chat notation: ``offer 5 #6``, ``offer last #6r``, ``build B3-C3``, ``neutral B3-C3``,
``contract 7``, ``pass``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.bella_vista.components import components
from engines.bella_vista.geometry import Geometry, geometry
from engines.bella_vista.layout_rules import LayoutKey
from engines.bella_vista.state import (
    BuildAction,
    ContractAction,
    NeutralAction,
    OfferAction,
    PassAction,
    State,
    trusted,
)
from engines.core.errors import UnknownAction
from engines.core.grid import square_name
from engines.core.text import ascii_lower, whole_number

_CELL = re.compile(r"([a-z])([0-9]{1,2})")  # ASCII digits only: \d also matches "٣"


def build_action(key: LayoutKey, index: int) -> BuildAction:
    return placement_actions(key, [index], BuildAction)[0]


def build_actions(key: LayoutKey, indices: Sequence[int]) -> list[BuildAction]:
    return placement_actions(key, indices, BuildAction)


def neutral_actions(key: LayoutKey, indices: Sequence[int]) -> list[NeutralAction]:
    return placement_actions(key, indices, NeutralAction)


_SHARED: dict[tuple[type, int, int], Any] = {}  # (kind, columns, mask) -> the action, for every town this wide


def placement_actions(key: LayoutKey, indices: Sequence[int], kind: type) -> list:
    geo = geometry(key)
    made = geo.memo.get(kind)
    if made is None:
        made = geo.memo[kind] = [None] * len(geo.placements)
    out = [made[i] for i in indices]
    if None in out:  # the first time these placements are listed in this town (a random town: every game)
        out = _make_actions(geo, indices, kind)
    return out


def _make_actions(geo: Geometry, indices: Sequence[int], kind: type) -> list:
    """The actions placing a building on these placements: actions are frozen, so one
    object serves every town where these spaces have these names (the same grid width),
    made once; each is kept in the town's table (and its spaces' names, for reading it back)."""
    made = geo.memo[kind]
    named = geo.memo.setdefault("named", {})
    mask_of, columns = geo.placements.mask_of, geo.columns
    out = []
    for i in indices:
        found = made[i]
        if found is None:
            shared = (kind, columns, mask_of(i))
            found = _SHARED.get(shared)
            if found is None:
                if len(_SHARED) >= 50_000:  # every width and place of a random town is about 40,000
                    _SHARED.clear()
                found = _SHARED[shared] = trusted(kind, cells=geo.placements.names_of(i))
            made[i] = found
            named[found.cells] = i
        out.append(found)
    return out


def placement_named(key: LayoutKey, cells: tuple[str, ...]) -> int | None:
    """The index of the placement covering exactly the named spaces, if any."""
    geo = geometry(key)
    found = geo.memo.get("named", {}).get(cells)
    if found is None:
        found = geo.by_mask.get(cells_mask(geo, cells))
    return found


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


def cells_mask(geo: Geometry, cells: tuple[str, ...]) -> int:
    """Bit mask of the named spaces; -1 if a name is not a space of this town."""
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

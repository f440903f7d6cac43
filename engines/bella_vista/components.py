"""Component data of Bella Vista, loaded from ``data/bella_vista/*.toml`` and validated."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engines.bella_vista.layout_rules import NEIGHBORHOOD_CODES, check_layout, parse_layout
from engines.core.data import load

COMPONENTS_FILE = "bella_vista/components.toml"
CARDS_FILE = "bella_vista/cards.toml"
LAYOUTS_FILE = "bella_vista/layouts.toml"


class Symbol(BaseModel):
    code: str
    name: str


class Footprint(BaseModel):
    height: int = Field(ge=1, le=8)
    shape: str
    cells: list[tuple[int, int]] = Field(min_length=2)


class SetupRow(BaseModel):
    coins: int
    hand: int
    sets: int = Field(ge=1, le=2)
    contract_threshold: int


class OfferBoards(BaseModel):
    two_four: list[int]
    three: list[int]


class Components(BaseModel):
    tile_size: int = Field(ge=2, le=6)
    coin_total: int
    colours: list[str] = Field(min_length=4, max_length=4)
    symbols: list[Symbol] = Field(min_length=4, max_length=4)
    buildings: list[Footprint] = Field(min_length=8, max_length=8)
    offer_boards: OfferBoards
    setup: dict[str, SetupRow]

    @model_validator(mode="after")
    def _check(self) -> Components:
        if [b.height for b in self.buildings] != list(range(1, 9)):
            raise ValueError("buildings must list heights 1 to 8 in order")
        if {s.code for s in self.symbols} != {c for c in NEIGHBORHOOD_CODES if len(c) == 1}:
            raise ValueError("symbols must be the codes F, B, L, S")
        if set(self.setup) != {"2", "3", "4"}:
            raise ValueError("setup needs rows 2, 3 and 4")
        return self


class ZoningCard(BaseModel):
    id: str
    kind: Literal["subsidized", "community_parks", "no_parks", "no_rivers", "no_borders"]
    name: str
    neighborhoods: list[str] = []


class ContractCard(BaseModel):
    id: int
    kind: Literal["tile", "tiles", "spanning", "border", "river", "park"]
    neighborhoods: list[str] = []
    value: int


class Objective(BaseModel):
    id: str
    kind: str
    name: str


class Cards(BaseModel):
    zoning: list[ZoningCard] = Field(min_length=10, max_length=10)
    contracts: list[ContractCard] = Field(min_length=18, max_length=18)
    height_objectives: list[Objective] = Field(min_length=3, max_length=3)
    grouping_objectives: list[Objective] = Field(min_length=3, max_length=3)

    @model_validator(mode="after")
    def _check(self) -> Cards:
        for z in self.zoning:
            bad = [n for n in z.neighborhoods if n not in NEIGHBORHOOD_CODES]
            if bad or (z.kind == "subsidized") != bool(z.neighborhoods):
                raise ValueError(f"zoning card {z.id}: bad neighborhoods {z.neighborhoods}")
        if [c.id for c in self.contracts] != list(range(1, 19)):
            raise ValueError("contracts must be numbered 1 to 18 in order")
        for c in self.contracts:
            bad = [n for n in c.neighborhoods if n not in NEIGHBORHOOD_CODES]
            need = {"tile": {1}, "tiles": {2, 4}}.get(c.kind, {0})
            if bad or len(c.neighborhoods) not in need:
                raise ValueError(f"contract {c.id}: bad neighborhoods {c.neighborhoods}")
        if {o.kind for o in self.height_objectives} != {"parks", "rivers", "border"}:
            raise ValueError("height objectives must be parks, rivers and border")
        if {o.kind for o in self.grouping_objectives} != {"largest", "groups", "isolated"}:
            raise ValueError("grouping objectives must be largest, groups and isolated")
        return self


class Layout(BaseModel):
    rows: list[str] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> Layout:
        check_layout(parse_layout(self.rows))
        return self


class Layouts(BaseModel):
    layouts: dict[str, Layout]


def components() -> Components:
    return load(COMPONENTS_FILE, Components)


def cards() -> Cards:
    return load(CARDS_FILE, Cards)


def layouts() -> Layouts:
    return load(LAYOUTS_FILE, Layouts)


@cache
def zoning_card(card_id: str) -> ZoningCard:
    return next(z for z in cards().zoning if z.id == card_id)


@cache
def contract_card(card_id: int) -> ContractCard:
    return cards().contracts[card_id - 1]


@cache
def objective(obj_id: str) -> Objective:
    return next(o for o in cards().height_objectives + cards().grouping_objectives if o.id == obj_id)


@cache
def symbol_name(code: str) -> str:
    """The data name of a neighborhood's symbol (``"Fs"`` -> ``"Flower"``): an identifier the
    renderer picks colours by; the words players read are ``bv.term.tile_<code>``."""
    return next(s.name for s in components().symbols if s.code == code[0])


@cache  # the data files are read once per process (``engines.core.data.load``)
def setup_for(seats: int) -> SetupRow:
    return components().setup[str(seats)]


def full_set(seats: int) -> Counter:
    """Every number card in play at ``seats`` architects (values 1-8; the red set too where two sets are used)."""
    cards = [str(v) for v in range(1, 9)]
    if setup_for(seats).sets == 2:
        cards += [f"{v}r" for v in range(1, 9)]
    return Counter(cards)


def offer_costs(seats: int) -> list[int]:
    return list(_offer_costs(seats))


@cache
def _offer_costs(seats: int) -> tuple[int, ...]:
    boards = components().offer_boards
    return tuple(boards.three if seats == 3 else boards.two_four)

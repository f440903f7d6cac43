"""The component data of Leonardo (1988): the route and the cards, validated at load."""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, Field, model_validator

from engines.core.data import DataError, data_path, load

BOARD_FILE = "leonardo/board.toml"
CARDS_FILE = "leonardo/cards.toml"

SpaceKind = Literal["square", "market", "street", "alley", "bridge"]
PRODUCTS = ("gem", "ivory", "gold", "spices")


class District(BaseModel):
    id: str
    name: str
    colour: tuple[int, int, int]


class Space(BaseModel):
    number: int = Field(ge=1, le=32)
    name: str
    kind: SpaceKind
    district: str | None = None
    price: int | None = Field(default=None, ge=40, le=100, multiple_of=10)

    @property
    def buyable(self) -> bool:
        return self.kind in ("street", "alley", "bridge")

    @property
    def palazzo(self) -> bool:
        """A street or alley palazzo (bridges are bought the same way but are not palazzi)."""
        return self.kind in ("street", "alley")


class Board(BaseModel):
    districts: list[District]
    spaces: list[Space]

    @model_validator(mode="after")
    def _check(self) -> Board:
        numbers = [s.number for s in self.spaces]
        if numbers != list(range(1, 33)):
            raise ValueError("spaces must be numbered 1 to 32 in order")
        counts = {k: sum(1 for s in self.spaces if s.kind == k) for k in
                  ("square", "market", "street", "alley", "bridge")}
        expected = {"square": 6, "market": 3, "street": 12, "alley": 7, "bridge": 4}
        if counts != expected:
            raise ValueError(f"the route needs {expected}, found {counts}")
        ids = {d.id for d in self.districts}
        if len(self.districts) != 6:
            raise ValueError("the city has 6 districts")
        for s in self.spaces:
            if s.palazzo and (s.district not in ids or s.price is None):
                raise ValueError(f"space {s.number}: a street or alley needs a district and a price")
            if s.kind == "bridge" and (s.district is not None or s.price is None):
                raise ValueError(f"space {s.number}: a bridge has a price and no district")
            if s.kind in ("square", "market") and (s.district is not None or s.price is not None):
                raise ValueError(f"space {s.number}: squares and markets belong to no district")
        if self.spaces[0].kind != "square":
            raise ValueError("space 1 is Piazza Maggiore, a square")
        return self


class Office(BaseModel):
    space: int
    title: str
    price: Literal[30, 50]


class ArtTiles(BaseModel):
    value: int = Field(gt=0)
    count: int = Field(gt=0)


class Events(BaseModel):
    nulla: int = Field(ge=0)
    guelfa: int = Field(ge=0)
    ghibellina: int = Field(ge=0)


class Cards(BaseModel):
    starting_florins: int
    indemnity: int
    art_price: int
    art_per_turn: int
    art_per_palazzo: int
    bridge_toll: int
    tribute_per_palazzo: int
    event_payout: int
    men_per_player: int
    men_at_arms: int
    min_stake: int
    market_multiplier: int
    bank_florins: int
    machine_low: int
    machine_high: int
    man_at_arms_numbers: list[int]
    sanctuary: list[int]
    markets: list[int]
    event_squares: list[int]
    income_multipliers: list[int]
    district_multiplier: int
    products: dict[str, tuple[int, int]]
    offices: list[Office]
    events: Events
    art: list[ArtTiles]

    @model_validator(mode="after")
    def _check(self) -> Cards:
        if tuple(self.products) != PRODUCTS:
            raise ValueError(f"products must be {PRODUCTS}")
        numbers = sorted(n for pair in self.products.values() for n in pair)
        if numbers != [1, 2, 3, 5, 6, 8, 10, 12]:
            raise ValueError("the product numbers must be 1, 2, 3, 5, 6, 8, 10 and 12")
        if len(self.income_multipliers) != self.art_per_palazzo + 1:
            raise ValueError("income_multipliers needs one entry per number of works of art (0..4)")
        if len({o.space for o in self.offices}) != len(self.offices):
            raise ValueError("two offices name the same space")
        return self

    @property
    def lose_all(self) -> list[int]:
        won = {n for pair in self.products.values() for n in pair}
        return [n for n in range(self.machine_low, self.machine_high + 1) if n not in won]

    def product_of(self, number: int) -> str | None:
        for name, pair in self.products.items():
            if number in pair:
                return name
        return None


@cache
def board() -> Board:
    """The route, once both files agree (offices on squares or markets, a 60-card deck)."""
    b = load(BOARD_FILE, Board)
    c = load(CARDS_FILE, Cards)
    for i, o in enumerate(c.offices):
        if not 1 <= o.space <= len(b.spaces) or b.spaces[o.space - 1].kind not in ("square", "market") \
                or o.space == 1:
            raise DataError(f"{data_path(CARDS_FILE)}: key offices.{i}.space: office on space {o.space} must "
                            f"name a square or market of board.toml other than 1")
    deck = len(c.offices) + c.events.nulla + c.events.guelfa + c.events.ghibellina + c.men_at_arms
    deck += sum(1 for s in b.spaces if s.buyable)
    if deck != 60:
        raise DataError(f"{data_path(CARDS_FILE)}: keys offices, events and men_at_arms with the "
                        f"{sum(1 for s in b.spaces if s.buyable)} palazzi and bridges of board.toml make a "
                        f"deck of {deck} cards; it must hold 60")
    return b


@cache
def cards() -> Cards:
    board()
    return load(CARDS_FILE, Cards)


def load_data() -> None:
    """Both data files and the checks across them."""
    cards()


def space(number: int) -> Space:
    return board().spaces[number - 1]


@cache
def palazzi() -> frozenset[int]:
    """The numbers of the street and alley palazzi (bridges are not palazzi)."""
    return frozenset(s.number for s in board().spaces if s.palazzo)


@cache
def bridges() -> frozenset[int]:
    return frozenset(s.number for s in board().spaces if s.kind == "bridge")


@cache
def district_spaces(district: str) -> tuple[int, ...]:
    return tuple(s.number for s in board().spaces if s.district == district)


@cache
def office_at(number: int) -> Office | None:
    for o in cards().offices:
        if o.space == number:
            return o
    return None

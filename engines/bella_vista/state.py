"""The full (secret-holding) state of a Bella Vista game and its actions."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.bella_vista.layout_rules import LayoutKey
from engines.core.game import TimeUp
from engines.core.messages import Msg
from engines.core.rng import Rng

Phase = Literal["offers", "construction", "contract", "neutral", "over"]
ROUNDS = 8


class Options(BaseModel):
    """``layout``: "random" (a connected town drawn from the game's seed) or one of the
    rulebook's example towns: london, new_york, rome, bangkok, berlin, paris."""

    layout: Literal["random", "london", "new_york", "rome", "bangkok", "berlin", "paris"] = "random"


def card_value(card: str) -> int:
    """A construction card is "6" (own colour) or "6r" (2-architect roofed set)."""
    return int(card.rstrip("r"))


def card_roofed(card: str) -> bool:
    return card.endswith("r")


def hand_order(hand: list[str]) -> list[str]:
    """Cards as players see them listed: by height, the roofed card after the plain one."""
    return sorted(hand, key=lambda c: (card_value(c), c))


class Architect(BaseModel):
    coins: int
    hand: list[str]
    deck: list[str]  # top card first
    discard: list[str] = []  # cards moved off the bottom of the Offer Board
    contracts: list[int] = []
    contract_round: int = 0  # the round in which the architect last took a contract (0: never)


class OfferEntry(BaseModel):
    """A card played in the Offer Phase: on a space (``cost``) or right of the board (None)."""

    seat: int
    card: str
    cost: int | None
    revealed: bool = False
    built: bool = False


class BottomSlot(BaseModel):
    """A card beneath the Offer Board; ``card`` None is a starting card."""

    seat: int
    card: str | None = None


class Building(BaseModel):
    owner: int | None  # None: the neutral building of a 3-architect game
    colour: str
    roofed: bool = False
    height: int
    cells: tuple[int, ...]  # the spaces it occupies: cell numbers (row * columns + col), sorted


class SetAside(BaseModel):
    """A building that could not be placed anywhere at all (see RULINGS.md)."""

    owner: int | None
    height: int
    roofed: bool = False


class State(BaseModel):
    seats: int
    layout_name: str
    town: LayoutKey
    rng: Rng
    round: int = 1
    phase: Phase = "offers"
    bank: int
    architects: list[Architect]
    bottom: list[BottomSlot]
    offer_turn: int = 0
    spaces: list[OfferEntry | None]  # one per offer space, most expensive first
    last: list[OfferEntry] = []  # cards placed right of the board (could not pay)
    order: list[OfferEntry] = []  # construction order of this round
    build_pos: int = 0
    zoning_deck: list[str]
    zoning: str
    zoning_used: list[str] = []
    contract_deck: list[int]
    contract_row: list[int | None]
    height_objective: str
    grouping_objective: str
    buildings: list[Building] = []
    set_aside: list[SetAside] = []
    neutral_next: int = 1
    last_building: int | None = None
    # The public events of the last action, as plain messages (nested messages as their JSON
    # form, so a stored state reads back equal): the board's caption of the last move.
    # Replaced by every action, never changed in place.
    last_events: tuple[Msg, ...] = ()


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True)


class OfferAction(_Action):
    """Pay for an offer space (``cost``) or, when none is affordable, go last (None)."""

    kind: Literal["offer"] = "offer"
    cost: int | None
    card: str


class BuildAction(_Action):
    """Place the revealed card's building on these spaces (sorted chat names)."""

    kind: Literal["build"] = "build"
    cells: tuple[str, ...]


class NeutralAction(_Action):
    """3-architect game: place the neutral building on these spaces."""

    kind: Literal["neutral"] = "neutral"
    cells: tuple[str, ...]


class ContractAction(_Action):
    kind: Literal["contract"] = "contract"
    id: int


class PassAction(_Action):
    """Take no contract card."""

    kind: Literal["pass"] = "pass"


Action = Annotated[
    OfferAction | BuildAction | NeutralAction | ContractAction | PassAction | TimeUp,
    Field(discriminator="kind"),
]
action_adapter: TypeAdapter = TypeAdapter(Action)

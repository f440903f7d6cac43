"""The full (secret-holding) state of a Bella Vista game and its actions."""

from __future__ import annotations

from copy import deepcopy
from functools import cache, lru_cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engines.bella_vista.layout_rules import LayoutKey
from engines.core.game import Event, TimeUp
from engines.core.messages import Msg
from engines.core.rng import Blake2b, Rng, SplitMix64

M = TypeVar("M", bound=BaseModel)
Phase = Literal["offers", "construction", "contract", "neutral", "over"]
ROUNDS = 8


class Options(BaseModel):
    """``layout``: "random" (a connected town drawn from the game's seed) or one of the
    rulebook's example towns: london, new_york, rome, bangkok, berlin, paris."""

    layout: Literal["random", "london", "new_york", "rome", "bangkok", "berlin", "paris"] = "random"


@lru_cache(maxsize=64)  # a few hundred reads per game of the same sixteen codes
def card_value(card: str) -> int:
    """A construction card is "6" (own colour) or "6r" (2-architect roofed set)."""
    return int(card.rstrip("r"))


def card_roofed(card: str) -> bool:
    return card.endswith("r")


def hand_order(hand: list[str]) -> list[str]:
    """Cards as players see them listed: by height, the roofed card after the plain one."""
    return sorted(hand, key=lambda c: (card_value(c), c))


class _Played(BaseModel):
    """A model the rules change in place, move after move: a field is set as pydantic sets
    it (no validation on assignment, the name marked as set) with one call less (a random
    game sets some 450 fields)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in type(self).__pydantic_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)


class Architect(_Played):
    coins: int
    hand: list[str]
    deck: list[str]  # top card first
    discard: list[str] = []  # cards moved off the bottom of the Offer Board
    contracts: list[int] = []
    contract_round: int = 0  # the round in which the architect last took a contract (0: never)


class OfferEntry(_Played):
    """A card played in the Offer Phase: on a space (``cost``) or right of the board (None)."""

    seat: int
    card: str
    cost: int | None
    revealed: bool = False
    built: bool = False


class BottomSlot(BaseModel):
    """A card beneath the Offer Board; ``card`` None is a starting card."""

    model_config = ConfigDict(frozen=True)  # replaced, never changed: copies of a state share it

    seat: int
    card: str | None = None


class Building(BaseModel):
    model_config = ConfigDict(frozen=True)  # a standing building never changes: copies share it

    owner: int | None  # None: the neutral building of a 3-architect game
    colour: str
    roofed: bool = False
    height: int
    cells: tuple[int, ...]  # the spaces it occupies: cell numbers (row * columns + col), sorted


class SetAside(BaseModel):
    """A building that could not be placed anywhere at all (see RULINGS.md)."""

    model_config = ConfigDict(frozen=True)

    owner: int | None
    height: int
    roofed: bool = False


class State(_Played):
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

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> State:
        """The copy ``Game.apply`` plays on (before every move), made field by field: values
        that never change in place (the town, strings, frozen buildings and slots) are
        shared, lists and the mutable models are copied. Equal to pydantic's deep copy and
        some thirty times cheaper. ``_SHARED`` and ``_COPIED`` must name every field."""
        d = self.__dict__.copy()
        d["rng"] = _rng(d["rng"])
        d["architects"] = [_architect(a) for a in d["architects"]]
        d["spaces"] = [None if e is None else _clone(e, e.__dict__.copy()) for e in d["spaces"]]
        d["last"] = [_clone(e, e.__dict__.copy()) for e in d["last"]]
        d["order"] = [_clone(e, e.__dict__.copy()) for e in d["order"]]
        for name in _LISTS:
            d[name] = d[name][:]
        return _clone(self, d)


def _clone(model: BaseModel, fields: dict[str, Any]) -> Any:
    """A model of the same class holding ``fields`` (what pydantic's ``__copy__`` does)."""
    new = type(model).__new__(type(model))
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_private__", None)
    return new


def trusted(cls: type[M], **fields: Any) -> M:
    """A model of values the engine made itself and knows valid (legal moves: hundreds per
    game), built without validation; equal to ``cls(**fields)``, fields in the same order."""
    new = cls.__new__(cls)
    values = _template(cls).copy()  # every field in order with its default...
    values.update(fields)  # ...then the given ones, in place (names the engine wrote: all fields)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", set(fields))
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_EVENT_FIELDS = frozenset(Event.model_fields)


def event(key: str, /, to: int | None = None, **params: Any) -> Event:
    """``engines.core.game.event`` (the same Event, equal and dumped alike), made without
    validating the key and parameters the engine wrote itself: a random game makes some
    150 events, a tenth of its time when each was validated."""
    new = Event.__new__(Event)
    object.__setattr__(new, "__dict__", {"key": key, "params": params, "to": to})
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", set(_EVENT_FIELDS))
    object.__setattr__(new, "__pydantic_private__", None)
    return new


_MSG_FIELDS = frozenset(Msg.model_fields)


def msg(key: str, /, **params: Any) -> Msg:
    """``Msg(key, **params)`` (equal, dumped alike) made without validating what the engine
    wrote itself: the rounds' offer order is some thirty messages a game."""
    new = Msg.__new__(Msg)
    object.__setattr__(new, "__dict__", {"key": key, "params": params})
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_fields_set__", set(_MSG_FIELDS))
    object.__setattr__(new, "__pydantic_private__", None)
    return new


@cache
def _template(cls: type[BaseModel]) -> dict[str, Any]:
    return dict(_defaults(cls))


@cache
def _defaults(cls: type[BaseModel]) -> tuple[tuple[str, Any], ...]:
    """Every field in order with its default (immutable ones only: a required field or a
    mutable default must be given)."""
    out = []
    for name, f in cls.model_fields.items():
        default = None if f.is_required() else f.default
        if isinstance(default, list | dict | set):
            raise TypeError(f"{cls.__name__}.{name}: trusted() cannot share a mutable default")
        out.append((name, default))
    return tuple(out)


def _architect(a: Architect) -> Architect:
    return _clone(a, {**a.__dict__, "hand": a.hand[:], "deck": a.deck[:], "discard": a.discard[:],
                      "contracts": a.contracts[:]})


def _rng(rng: Rng) -> Rng:
    if type(rng) in (Blake2b, SplitMix64) and isinstance(rng, BaseModel):  # fields are plain values
        return _clone(rng, rng.__dict__.copy())
    return deepcopy(rng)


_SHARED = {"seats", "layout_name", "town", "round", "phase", "bank", "offer_turn", "build_pos", "zoning",
           "height_objective", "grouping_objective", "neutral_next", "last_building",
           "last_events"}  # immutable values
_LISTS = ("bottom", "zoning_deck", "zoning_used", "contract_deck", "contract_row", "buildings", "set_aside")
_COPIED = {"rng", "architects", "spaces", "last", "order", *_LISTS}
for _model, _known in ((State, _SHARED | _COPIED), (Architect, {"coins", "contract_round", "hand", "deck", "discard",
                                                                  "contracts"}),
                       (OfferEntry, {"seat", "card", "cost", "revealed", "built"})):
    if set(_model.model_fields) != _known:  # a new field must say how it is copied
        raise TypeError(f"State.__deepcopy__ does not know {_model.__name__}.{set(_model.model_fields) - _known}")


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

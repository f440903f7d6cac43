"""Pydantic models of Le Torri di Bologna: options, pieces, state, actions, view."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from engines.core.game import TimeUp
from engines.core.messages import Msg
from engines.core.rng import Blake2b, Rng, SplitMix64

_FLAT_RNGS = (Blake2b, SplitMix64)  # generators whose fields are all immutable
LETTERS = "BGYR"  # simple pieces, by seat
BATTLEMENT_LETTERS = "bgyr"  # battlement pieces, by seat
NEUTRAL_BASE = "n"
NEUTRAL_BATTLEMENT = "N"

BANK_GOLD = 50
SIMPLE_PIECES = 14
BATTLEMENT_PIECES = {2: 2, 3: 3, 4: 3}
STARTING_GOLD = (0, 0, 1, 2)
BATTLEMENT_PRICE = 3


def piece_owner(piece: str) -> int | None:
    """The seat whose colour a piece is, or None for the neutral pieces."""
    i = LETTERS.find(piece.upper())
    return None if piece in (NEUTRAL_BASE, NEUTRAL_BATTLEMENT) or i < 0 else i


def is_closing(piece: str) -> bool:
    return piece in BATTLEMENT_LETTERS or piece == NEUTRAL_BATTLEMENT


def revived(messages: list) -> list:
    """Messages read back from JSON, with the messages nested in their parameters as ``Msg``
    again (pydantic alone leaves those as dicts), so a reloaded state equals the saved one."""
    return [Msg.of(m) if isinstance(m, dict) else m for m in messages]


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)  # states share their options (see State.__deepcopy__)

    shape: str = Field("", description="wall shape (small, medium, large, far, bend); empty: by player count")
    squared_runs: bool = Field(False, description="central-tower runs score length squared instead of x2")
    max_rounds: int = Field(40, ge=15, le=200, description="the end is triggered after this round at the latest")

    @field_validator("shape")
    @classmethod
    def _known_shape(cls, shape: str) -> str:
        """Shape names are read in any case. Whether the shape exists is ``Torri.check_options``'s
        refusal (a message key, which the platform calls when a game is opened); whether it suits
        the player count ``Torri.check_players``'s."""
        return shape.strip().lower()


class State(BaseModel):
    # "players" is the name snapshots written before issue 9 use
    seats: int = Field(validation_alias=AliasChoices("seats", "players"))
    options: Options
    shape: str
    towers: dict[str, str]  # square -> pieces from the ground up (see LETTERS)
    builders: list[str | None]
    gold: list[int]
    bank: int
    simple_left: list[int]
    battlements_left: list[int]
    phase: Literal["setup", "play", "over"]
    setup_seat: int = 0
    turn: int = 0  # play turns taken so far; the seat to move is turn % seats
    end_turn: int | None = None  # the game is over once turn reaches this
    triggered_by: int | None = None  # seat that placed its last simple piece, -1 = round limit
    last_move: list[str] = []  # start, route and destination of the last move
    last_events: list[Msg] = []  # the last action's public events, for the board's caption
    rng: Rng  # kept for the record (the seed's generator); the rules never draw from it

    _revive_events = field_validator("last_events", mode="before")(revived)

    def __deepcopy__(self, memo: dict | None = None) -> State:
        """The copy ``Game.apply`` plays on, made without ``copy.deepcopy``'s generic walk
        (it was a quarter of a random game's time): the lists and the dict hold immutable
        values, the options are frozen (shared), and the generator's fields are immutable
        (a scripted generator, whose queue is a list, is copied deeply)."""
        fields = self.__dict__.copy()
        for name in _FLAT_FIELDS:
            fields[name] = fields[name].copy()
        rng = fields["rng"]
        fields["rng"] = _flat_copy(rng) if type(rng) in _FLAT_RNGS else rng.model_copy(deep=True)
        return _flat_copy(self, fields)


_FLAT_FIELDS = ("towers", "builders", "gold", "simple_left", "battlements_left", "last_move", "last_events")


def _flat_copy(model: BaseModel, fields: dict | None = None) -> Any:
    """A model with a copy of its field dict (or ``fields``), as pydantic's ``__copy__``
    makes it, for models without extra fields or private attributes."""
    new = type(model).__new__(type(model))
    object.__setattr__(new, "__dict__", model.__dict__.copy() if fields is None else fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class Move(BaseModel):
    """Walk (build="walk"), or walk and build a simple or battlement piece."""

    model_config = ConfigDict(frozen=True)  # shared: legal_actions hands out the same objects

    kind: Literal["move"] = "move"
    to: str
    via: tuple[str, ...] | None = None  # None: the cheapest route, inferred
    build: Literal["walk", "build", "battlement"] = "walk"

    @field_validator("via")
    @classmethod
    def _empty_via(cls, v: tuple[str, ...] | None) -> tuple[str, ...] | None:
        return v or None


class Start(BaseModel):
    """Set-up: place one's builder on a central tower."""

    model_config = ConfigDict(frozen=True)  # shared: legal_actions hands out the same objects

    kind: Literal["start"] = "start"
    tower: Literal["Asinelli", "Garisenda"]


class Pass(BaseModel):
    """Only when the builder has no legal move at all (see RULINGS.md)."""

    model_config = ConfigDict(frozen=True)  # shared: legal_actions hands out the same objects

    kind: Literal["pass"] = "pass"


Action = Annotated[Move | Start | Pass | TimeUp, Field(discriminator="kind")]
action_adapter: TypeAdapter = TypeAdapter(Action)


class PieceView(BaseModel):
    owner: int | None  # the seat whose colour it is; None for the neutral base and battlement
    battlement: bool  # a battlement piece: it closes its tower


class TowerView(BaseModel):
    pieces: list[PieceView]  # from the ground up
    height: int  # floors, as the height limit counts them (a central tower's final battlement is not one)
    closed: bool  # topped by a battlement piece: nobody builds on it again


class View(BaseModel):
    seat: int | None
    seats: int
    shape: str
    width: int
    height: int
    squares: list[str]
    centrals: dict[str, str]  # square -> "Asinelli" / "Garisenda"
    towers: dict[str, TowerView]
    builders: list[str | None]
    gold: list[int]
    bank: int
    simple_left: list[int]
    battlements_left: list[int]
    phase: str
    round: int
    turn: int  # play turns taken so far (public: agents rebuild the position from the view)
    max_rounds: int  # the round after which the end is triggered at the latest
    to_act: list[int]
    limit: int  # the tallest a non-central tower may become now
    end_turn: int | None
    triggered_by: int | None
    last_move: list[str]
    squared_runs: bool
    totals: list[int] | None = None  # final scores once the game is over
    last_events: list[Msg] = []  # the last action's public events (who did what)
    breakdown: list[dict[str, int]] = []  # each seat's points by category if the game ended now
    winners: list[int] = []  # once the game is over
    ranks: list[int] = []  # each seat's final rank (1 the winner, ties share), once the game is over
    tie_break: Msg | None = None  # how a tie for the most points was broken; None when nobody tied

    _revive_events = field_validator("last_events", mode="before")(revived)


def tower_view(tower: str) -> TowerView:
    """A tower as views show it (the state keeps the compact letters)."""
    pieces = [PieceView(owner=piece_owner(p), battlement=is_closing(p)) for p in tower]
    height = len(tower) - (1 if tower.endswith(NEUTRAL_BATTLEMENT) else 0)
    return TowerView(pieces=pieces, height=height, closed=bool(tower) and is_closing(tower[-1]))


def tower_letters(tower: TowerView) -> str:
    """A tower's letters in the state back from its view (``tower_view``'s inverse)."""
    out = []
    for piece in tower.pieces:
        if piece.owner is None:
            out.append(NEUTRAL_BATTLEMENT if piece.battlement else NEUTRAL_BASE)
        else:
            out.append((BATTLEMENT_LETTERS if piece.battlement else LETTERS)[piece.owner])
    return "".join(out)

"""Pydantic models of Leonardo (1988): options, state, actions and views.

Snapshots stored before issue 9 still load: their ``last`` lines are ignored, their
English ``end_reason`` becomes ``end`` and a payment's English ``why`` becomes a ``Why``
(``engines/leonardo/legacy.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, field_validator, model_validator

from engines.core.game import Event, Result, TimeUp
from engines.core.messages import Msg
from engines.core.rng import Rng
from engines.leonardo import legacy

Faction = Literal["guelfi", "ghibellini"]
Product = Literal["gem", "ivory", "gold", "spices"]
Phase = Literal["factions", "start", "place", "choose", "buy", "auction", "market", "office", "merge", "rescue", "over"]
EndReason = Literal["rounds", "eliminated", "last_corporation", "all_bankrupt", "time_up"]
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")  # the notation's names of seats (join blue)
LETTERS = ("R", "B", "G", "Y", "P", "O")


def _revived(items: Any) -> list[Msg]:
    """Messages read back from JSON with their nested messages as ``Msg`` again (so a state
    or view read back equals the one written)."""
    out = []
    for item in items or []:
        if isinstance(item, Event | Msg):
            out.append(item if isinstance(item, Msg) else item.msg)
        else:
            out.append(Msg.of(item))
    return out


class Options(BaseModel):
    max_rounds: int = Field(default=12, ge=1, le=500,
                            description="the game ends after this many full rounds; highest capital wins")
    corporations: bool = Field(default=False,
                               description="the corporations variant (4 or more players): players may merge")


class Firm(BaseModel):
    """A player, or a corporation of players (the variant). Its id is the seat of its
    leader, whose marker travels the city and who decides for it."""

    id: int
    members: list[int]
    florins: int
    faction: Faction | None = None
    position: int = 1
    moved: bool = False
    men: int = 0
    offices: list[int] = Field(default_factory=list)
    active: bool = True
    out_turn: int | None = None  # turn number at bankruptcy


class Bet(BaseModel):
    product: Product
    stake: int


class Auction(BaseModel):
    space: int
    bidders: list[int]  # leader seats, in turn order after the lander
    bids: dict[int, int] = Field(default_factory=dict)  # seat -> amount, 0 = pass (sealed)


class Market(BaseModel):
    space: int
    opener: int
    bettors: list[int]
    bets: dict[int, Bet | None] = Field(default_factory=dict)  # sealed until resolved


class OfficeCall(BaseModel):
    space: int
    holder: int
    target: int


class Merge(BaseModel):
    proposer: int
    target: int  # firm id
    faction: Faction
    awaiting: list[int]


class Why(BaseModel):
    """What a payment is for: a bridge's toll, a palazzo's income, an office's price (each
    with its space), a market bet lost or won, a tribute to the men-at-arms."""

    kind: Literal["toll", "income", "office", "bet", "winning_bet", "tribute"]
    space: int | None = None


class Payment(BaseModel):
    """A payment still owed after an interruption, by seat (a seat's firm may change)."""

    payer: int
    payee: int | None  # None: the bank
    amount: int
    why: Why

    @field_validator("why", mode="before")
    @classmethod
    def _old_why(cls, value: Any) -> Any:
        return legacy.why(value) if isinstance(value, str) else value


class RescueCall(BaseModel):
    """A firm that cannot pay, waiting for a rescuer (corporations variant, RULINGS 40)."""

    debtor: int  # firm id
    creditor: int | None  # firm id, None: the bank
    amount: int
    why: Why
    shortfall: int  # the amount less the debtor's florins
    rescuers: list[int]  # firm ids able to pay the shortfall, in turn order after the debtor
    answers: dict[int, bool] = Field(default_factory=dict)  # sealed until all are in
    # what the interrupted turn still has to do: end it (the mover paid), the office drawn,
    # the market's other payments, or the meeting's other tributes (then the turn ends)
    resume: Literal["finish", "office", "payments", "meet"] = "finish"
    office: int | None = None  # the office card being paid for
    payments: list[Payment] = Field(default_factory=list)  # the payments still to make

    @field_validator("why", mode="before")
    @classmethod
    def _old_why(cls, value: Any) -> Any:
        return legacy.why(value) if isinstance(value, str) else value


class RescueInfo(BaseModel):
    """The public side of a rescue call."""

    debtor: int
    creditor: int | None
    amount: int
    shortfall: int
    rescuers: list[int]
    decided: list[int]


class State(BaseModel):
    seats: int
    options: Options
    rng: Rng
    bank: int
    firms: dict[int, Firm]
    order: list[int]
    slot: int = 0
    round: int = 1
    turn: int = 1
    phase: Phase = "factions"
    first_spins: list[dict[int, int]] = Field(default_factory=list)  # the spins for the first turn, by tie
    declared: dict[int, Faction] = Field(default_factory=dict)  # hidden until all declared
    owner: dict[int, int] = Field(default_factory=dict)  # space -> firm id
    art: dict[int, list[int]] = Field(default_factory=dict)  # space -> values (owner only)
    art_supply: list[int]
    office_deck: list[int]
    event_deck: list[str]
    event_draws: int = 0  # event cards drawn so far: after a whole deck, its order is public
    men_deck: int
    art_bought: bool = False
    proposed: bool = False
    drawn: list[int] = Field(default_factory=list)
    spins: list[int] = Field(default_factory=list)
    buy_space: int | None = None
    auction: Auction | None = None
    market: Market | None = None
    office: OfficeCall | None = None
    merge: Merge | None = None
    rescue: RescueCall | None = None
    end: EndReason | None = None  # why the game ended
    # the last action: who took it (None: the platform) and its public events, for the board's caption
    last_seat: int | None = None
    last_events: list[Event] = Field(default_factory=list)

    @field_validator("last_events", mode="before")
    @classmethod
    def _revive_events(cls, value: Any) -> Any:
        return [Event(key=m.key, params=m.params) for m in _revived(value)]

    @model_validator(mode="before")
    @classmethod
    def _old_shape(cls, data: Any) -> Any:
        if isinstance(data, dict) and "end_reason" in data:
            data = dict(data)
            reason = data.pop("end_reason")
            data.setdefault("end", legacy.end(reason))
        return data


# --- actions -----------------------------------------------------------------
class Declare(BaseModel):
    kind: Literal["declare"] = "declare"
    faction: Faction


class BuyArt(BaseModel):
    kind: Literal["art"] = "art"
    count: int


class Place(BaseModel):
    kind: Literal["place"] = "place"
    space: int


class Spin(BaseModel):
    kind: Literal["spin"] = "spin"


class Choose(BaseModel):
    kind: Literal["move"] = "move"
    steps: int


class Buy(BaseModel):
    kind: Literal["buy"] = "buy"


class Decline(BaseModel):
    kind: Literal["decline"] = "decline"


class Bid(BaseModel):
    kind: Literal["bid"] = "bid"
    amount: int


class PlaceBet(BaseModel):
    kind: Literal["bet"] = "bet"
    product: Product
    stake: int


class Pass(BaseModel):
    kind: Literal["pass"] = "pass"


class UseOffice(BaseModel):
    kind: Literal["office"] = "office"
    move: int = 0
    remove: bool = False


class Join(BaseModel):
    kind: Literal["join"] = "join"
    target: int  # a seat of the firm to join
    faction: Faction


class Accept(BaseModel):
    kind: Literal["accept"] = "accept"


class Refuse(BaseModel):
    kind: Literal["refuse"] = "refuse"


class Rescue(BaseModel):
    kind: Literal["rescue"] = "rescue"


Action = Annotated[
    Declare | BuyArt | Place | Spin | Choose | Buy | Decline | Bid | PlaceBet | Pass | UseOffice
    | Join | Accept | Refuse | Rescue | TimeUp,
    Field(discriminator="kind"),
]
action_adapter: TypeAdapter = TypeAdapter(Action)


# --- views -------------------------------------------------------------------
class FirmView(BaseModel):
    id: int
    members: list[int]
    florins: int
    faction: Faction | None
    position: int
    men: int
    offices: list[int]
    active: bool
    palazzi: list[int]
    art_count: int


class View(BaseModel):
    seat: int | None
    seats: int
    round: int
    max_rounds: int
    turn: int
    phase: Phase
    current: int  # leader seat whose turn it is
    to_act: list[int]
    firms: list[FirmView]
    owner: dict[int, int]
    art_counts: dict[int, int]
    declared: list[int]  # seats that have declared (faction hidden until all have)
    art_left: int
    office_left: int
    event_left: int
    men_left: int
    buy_space: int | None
    auction_space: int | None
    auction_decided: list[int]
    market_space: int | None
    market_decided: list[int]
    office: OfficeCall | None
    merge: Merge | None
    rescue: RescueInfo | None = None
    spins: list[int]
    over: bool
    end: EndReason | None = None  # why the game ended (words: terms.end_of)
    last_seat: int | None = None  # who took the last action (None: nobody yet, or the platform)
    last_events: list[Msg] = Field(default_factory=list)  # its public events, for the board's caption
    result: Result | None = None  # once the game is over: the capitals with their breakdown, the ranks

    @field_validator("last_events", mode="before")
    @classmethod
    def _revive_messages(cls, value: Any) -> Any:
        return _revived(value)
    # the seat's own secrets (empty for spectators)
    my_art: dict[int, list[int]] = Field(default_factory=dict)
    my_drawn: list[int] = Field(default_factory=list)
    my_faction: Faction | None = None
    my_bid: int | None = None
    my_bet: Bet | None = None
    my_bet_passed: bool = False
    my_rescue: bool | None = None  # own sealed rescue answer

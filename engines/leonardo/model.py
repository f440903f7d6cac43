"""Pydantic models of Leonardo (1988): options, state, actions and views.

Snapshots stored before issue 9 still load: their ``last`` lines are ignored, their
English ``end_reason`` becomes ``end`` and a payment's English ``why`` becomes a ``Why``
(``engines/leonardo/legacy.py``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from engines.core.game import Event, Result, TimeUp
from engines.core.messages import Msg
from engines.core.rng import Rng
from engines.leonardo import copies, legacy
from engines.leonardo.caption import Said, revived

Faction = Literal["guelfi", "ghibellini"]
Product = Literal["gem", "ivory", "gold", "spices"]
Phase = Literal["factions", "start", "place", "choose", "buy", "auction", "market", "office", "merge", "rescue", "over"]
EndReason = Literal["rounds", "eliminated", "last_corporation", "all_bankrupt", "time_up"]
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")  # the notation's names of seats (join blue)
LETTERS = ("R", "B", "G", "Y", "P", "O")


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)  # fixed for the whole game: copies of a state share it

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
    model_config = ConfigDict(frozen=True)

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

    model_config = ConfigDict(frozen=True)

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
    """The public side of a rescue call: everything but the sealed answers."""

    debtor: int
    creditor: int | None
    amount: int
    shortfall: int
    rescuers: list[int]
    decided: list[int]
    why: Why | None = None
    resume: Literal["finish", "office", "payments", "meet"] = "finish"
    office: int | None = None
    payments: list[Payment] = Field(default_factory=list)


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
    office_returned: int = 0  # the last cards of office_deck went back under it in public: their order is known
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
    # (a tuple: replaced whole after each action, never changed in place, so copies share it)
    last_events: tuple[Event, ...] = ()
    earlier: tuple[Said, ...] = ()  # the public actions before it, newest first (at most EARLIER)

    @field_validator("last_events", mode="before")
    @classmethod
    def _revive_events(cls, value: Any) -> Any:
        return tuple(Event(key=m.key, params=m.params) for m in revived(value))

    @model_validator(mode="before")
    @classmethod
    def _old_shape(cls, data: Any) -> Any:
        if isinstance(data, dict) and "end_reason" in data:
            data = dict(data)
            reason = data.pop("end_reason")
            data.setdefault("end", legacy.end(reason))
        return data

    def __deepcopy__(self, memo: dict | None = None) -> State:
        # the core copies the state before every action: see engines/leonardo/copies.py
        return copies.copy_state(self)


# --- actions -----------------------------------------------------------------
# Actions are frozen: the rules hand out shared instances (``flow.legal``), and agents key
# their search trees by them.
FROZEN = ConfigDict(frozen=True)


class Declare(BaseModel):
    model_config = FROZEN
    kind: Literal["declare"] = "declare"
    faction: Faction


class BuyArt(BaseModel):
    model_config = FROZEN
    kind: Literal["art"] = "art"
    count: int


class Place(BaseModel):
    model_config = FROZEN
    kind: Literal["place"] = "place"
    space: int


class Spin(BaseModel):
    model_config = FROZEN
    kind: Literal["spin"] = "spin"


class Choose(BaseModel):
    model_config = FROZEN
    kind: Literal["move"] = "move"
    steps: int


class Buy(BaseModel):
    model_config = FROZEN
    kind: Literal["buy"] = "buy"


class Decline(BaseModel):
    model_config = FROZEN
    kind: Literal["decline"] = "decline"


class Bid(BaseModel):
    model_config = FROZEN
    kind: Literal["bid"] = "bid"
    amount: int


class PlaceBet(BaseModel):
    model_config = FROZEN
    kind: Literal["bet"] = "bet"
    product: Product
    stake: int


class Pass(BaseModel):
    model_config = FROZEN
    kind: Literal["pass"] = "pass"


class UseOffice(BaseModel):
    model_config = FROZEN
    kind: Literal["office"] = "office"
    move: int = 0
    remove: bool = False


class Join(BaseModel):
    model_config = FROZEN
    kind: Literal["join"] = "join"
    target: int  # a seat of the firm to join
    faction: Faction


class Accept(BaseModel):
    model_config = FROZEN
    kind: Literal["accept"] = "accept"


class Refuse(BaseModel):
    model_config = FROZEN
    kind: Literal["refuse"] = "refuse"


class Rescue(BaseModel):
    model_config = FROZEN
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
    moved: bool = False  # the marker has left Piazza Maggiore's starting place
    out_turn: int | None = None  # the turn of its bankruptcy


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
    # public facts an agent needs to rebuild whole positions (engines/leonardo/sampling.py)
    order: list[int] = Field(default_factory=list)  # the turn order, by leader seat
    first_spins: list[dict[int, int]] = Field(default_factory=list)  # the spins for the first turn, by tie
    corporations: bool = False  # the variant is played
    art_bought: bool = False  # the current firm bought works of art this turn
    proposed: bool = False  # the current firm proposed a corporation this turn
    auction_bidders: list[int] = Field(default_factory=list)
    market_opener: int | None = None
    market_bettors: list[int] = Field(default_factory=list)
    factions: dict[int, Faction] = Field(default_factory=dict)  # every seat's declaration, once all have declared
    event_draws: int = 0  # international events drawn so far
    events_seen: list[str] = Field(default_factory=list)  # the deck's known bottom cards, in order
    offices_seen: list[int] = Field(default_factory=list)  # the office cards known under the deck, in order
    last_seat: int | None = None  # who took the last action (None: nobody yet, or the platform)
    last_events: list[Msg] = Field(default_factory=list)  # its public events, for the board's caption
    earlier: list[Said] = Field(default_factory=list)  # the public actions before it, newest first
    result: Result | None = None  # once the game is over: the capitals with their breakdown, the ranks

    @field_validator("last_events", mode="before")
    @classmethod
    def _revive_messages(cls, value: Any) -> Any:
        return revived(value)

    # the seat's own secrets (empty for spectators)
    my_art: dict[int, list[int]] = Field(default_factory=dict)
    my_drawn: list[int] = Field(default_factory=list)
    my_faction: Faction | None = None
    my_bid: int | None = None
    my_bet: Bet | None = None
    my_bet_passed: bool = False
    my_rescue: bool | None = None  # own sealed rescue answer

"""What one seat (or a spectator) may see of a Bella Vista game.

The renderer draws only from this model. Coordinates: the town grid is ``columns`` x
``rows`` spaces; a space is ``[col, row]`` with ``[0, 0]`` top-left; its chat name is
the column letter plus the 1-based row number (``[1, 2]`` is ``B3``).

Hidden information (hands, face-down offer cards, the contents of decks) appears only
in the view of the seat that owns it; a spectator view (``seat is None``) never
carries it. Fields are typed values (a card is its height and whether it is roofed);
the words for codes and ids are in the message catalog (``bv.term.*``).
"""

from __future__ import annotations

from pydantic import BaseModel

from engines.core.messages import Msg


class CardView(BaseModel):
    """A construction card: the building it builds."""

    height: int  # 1..8
    roofed: bool  # 2-architect game: the roofed second set

    @property
    def notation(self) -> str:
        """How players write it: ``#6``, ``#6r``."""
        return f"#{self.height}{'r' if self.roofed else ''}"


class TileView(BaseModel):
    """One town tile. Tile boundaries are the edges of the square
    ``[x, y]`` .. ``[x + size, y + size]`` (in spaces)."""

    index: int  # position in ``View.tiles``; ``SpaceView.tile`` refers to it
    code: str  # "F", "Fs", "B", ... for neighborhoods, "P" park, "R" river (words: bv.term.tile_<code>)
    kind: str  # "neighborhood" | "park" | "river"
    symbol: str | None  # neighborhood symbol id ("Flower", "Butterfly", "Leaf", "Sun"), else None
    striped: bool  # striped neighborhood version
    x: int  # left column of the tile, in spaces
    y: int  # top row of the tile, in spaces
    size: int  # tile width and height in spaces


class SpaceView(BaseModel):
    """One space of the town grid (None in ``View.spaces`` where there is no tile)."""

    tile: int  # index into ``View.tiles``
    kind: str  # "neighborhood" | "park" | "river"
    symbol: str | None  # neighborhood symbol name, None for park and river
    striped: bool
    border: bool  # on the border of Town (an edge not next to any other element)


class BuildingView(BaseModel):
    """A building standing in the town."""

    index: int  # order of placement, 0 first
    owner: int | None  # seat of the architect, None for the 3-architect neutral building
    colour: str  # building colour: "red", "blue", "green", "yellow"
    roofed: bool  # 2-architect game: the architect's second (roofed) colour set
    neutral: bool  # 3-architect game: the colour not in play
    height: int  # 1..8
    cells: list[list[int]]  # the spaces it occupies, [col, row]
    label: str  # chat notation of its spaces, e.g. "B3-C3"


class OfferSpaceView(BaseModel):
    """One space above the Offer Board, or one slot to the right of it (``cost`` None)
    for an architect who could not pay any remaining space."""

    position: int  # board spaces: 0 = leftmost (most expensive); last slots continue after the board
    builds: int | None  # construction order of the card lying here (0 builds first), None if empty
    cost: int | None  # coins paid for the space; None for the "could not pay" slots
    seat: int | None  # architect whose card lies here, None if the space is empty
    colour: str | None  # that architect's colour (their own colour even for a roofed card)
    card: CardView | None  # once revealed, or for the viewing seat's own card; else None
    face_down: bool  # a card lies here and has not been revealed yet
    built: bool  # the architect has already built this card this round


class BottomSlotView(BaseModel):
    """One card beneath the Offer Board: the order of the next offers, left first."""

    seat: int
    colour: str
    card: CardView | None  # the card moved down at the last round end, None = starting card


class ZoningView(BaseModel):
    id: str  # "Z1".."Z10" (words: bv.term.zoning_<id>)
    kind: str  # "subsidized" | "community_parks" | "no_parks" | "no_rivers" | "no_borders"
    name: str  # the card's title in the component data (one line)
    neighborhoods: list[str]  # subsidized cards: codes of the neighborhoods shown ("F", "Fs"), else []


class ContractView(BaseModel):
    id: int  # 1..18, what ``contract <id>`` takes
    kind: str  # "tile" | "tiles" | "spanning" | "border" | "river" | "park"
    threshold: int  # buildings a "tile", "river" or "park" card asks for in this game (2, or 3 with 2 architects)
    value: int  # coins at the end of the game
    neighborhoods: list[str]  # codes of the neighborhoods shown ("F", "Bs"), [] if none


class ObjectiveView(BaseModel):
    id: str  # "H1".."H3", "G1".."G3"
    kind: str  # height: "parks" | "rivers" | "border"; grouping: "largest" | "groups" | "isolated"
    name: str


class ArchitectView(BaseModel):
    seat: int
    colour: str  # own colour
    second_colour: str | None  # 2-architect game: the roofed colour, else None
    coins: int
    contracts: int  # number of contract cards taken
    contract_ids: list[int] = []  # which: taken from the face-up row in public (kept face-down)
    contract_round: int = 0  # the round of the last one taken (0: none); one per round
    hand: int  # cards in hand (count)
    deck: int  # cards left in the deck (count)
    buildings_left: int  # buildings not yet placed


class SetAsideView(BaseModel):
    """A building whose card was revealed but that fitted nowhere (RULINGS.md)."""

    owner: int | None  # None: the neutral building of a 3-architect game
    height: int
    roofed: bool


class PlacementView(BaseModel):
    """One place a building could stand."""

    place: str  # chat notation of its spaces, e.g. "B3-C3" (what ``build`` takes)
    cells: list[list[int]]  # [col, row]
    coins: int  # what building there now would earn (0 when the Zoning Card cannot be met)


class HandCardView(BaseModel):
    """A card of the viewing seat's hand, and where it could go if it were built now (the
    current Zoning Card and town; the town may change before it is built)."""

    card: CardView
    places: int  # legal placements now
    forced: bool  # the Zoning Card cannot be met: border placements only, no coins, no contract
    reach: list[list[int]]  # every space [col, row] some legal placement covers
    best: list[PlacementView]  # the best-paying few, most coins first


class ScoreView(BaseModel):
    seat: int
    total: int
    breakdown: dict[str, int]
    rank: int


class View(BaseModel):
    seat: int | None  # the seat this view is for; None = spectator
    seats: int
    round: int  # 1..8
    rounds: int  # 8
    phase: str  # "offers" | "construction" | "contract" | "neutral" | "over"
    to_act: list[int]  # seats that owe a decision now
    offer_turn: int = 0  # offers made this round: while offers are made, the offer order's entry offering now

    # --- town ---
    columns: int  # grid width in spaces
    rows: int  # grid height in spaces
    tile_size: int
    layout: str  # "london" ... or "random"
    tiles: list[TileView]
    spaces: list[list[SpaceView | None]]  # spaces[row][col]
    buildings: list[BuildingView]
    last_building: int | None  # index of the building placed last, for a highlight
    set_aside: list[SetAsideView] = []  # buildings that fitted nowhere, in the order it happened

    # --- offer board ---
    offer_spaces: list[OfferSpaceView]  # the board's spaces, most expensive (builds first) left
    last_slots: list[OfferSpaceView]  # cards placed right of the board ("could not pay")
    bottom: list[BottomSlotView]  # the starting-card order beneath the board
    neutral_colour: str | None  # 3-architect game: the reminder card's colour
    neutral_next: int | None  # 3-architect game: height of the next neutral building
    zoning: ZoningView
    zoning_left: int  # cards left in the zoning deck
    zoning_used: list[str] = []  # ids of the Zoning Cards of earlier rounds, first first
    contracts: list[ContractView | None]  # the face-up row, None where one was taken this round
    contract_deck: int  # cards left in the contract deck
    height_objective: ObjectiveView
    grouping_objective: ObjectiveView

    # --- architects ---
    colours: list[str]  # seat colours in seat order
    architects: list[ArchitectView]
    bank: int  # coins left in the bank
    if_ended: list[int] = []  # each seat's total coins if the game ended now (scoring.breakdown summed:
    # coins, contracts taken, both objectives; all public); [] once the game is over (``scores``)

    # --- the viewing seat only (None in a spectator view) ---
    hand: list[CardView] | None  # by height, a roofed card after the plain one
    my_contracts: list[ContractView] | None
    hand_places: list[HandCardView] | None = None  # each card of the hand once, in hand order
    offered_places: list[HandCardView] | None = None  # its offers not built yet, in construction order

    # --- once the game is over ---
    scores: list[ScoreView] | None
    tie_break: Msg | None = None  # how a tie for first place was broken or shared; None if no tie

    # --- the last action's public events (plain messages), for the board's caption ---
    last_events: list[Msg] = []

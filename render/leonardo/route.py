"""The marks Leonardo's ring draws across the top of a space (and its key's samples): the last
move's bar, dashed in ink on a white strip where the marker passed (a road's marking: it stands
out on every district's band and is no player's colour), whole where it landed; and the space at
stake's bar, striped in ink and gold like a warning tape."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from engines.core.messages import Msg
from engines.leonardo.model import View
from render.leonardo.look import ART
from render.palette import INK

# the route's bar across a space passed and the one landed on: 7 and 9 px at 550 (they were 5 and 6.5,
# thin strips a newcomer did not see)
PASSED, LANDED = 14, 18
STRIP = PASSED + 2  # the white strip under a passed space's dashes
DASH, GAP = 14, 6  # a passed space's bar is dashed (never read as a black seat's piece)
ROAD = (255, 255, 255)  # the strip's white: no player's colour, far from every band
STRIPE = 8  # the stake bar's stripes: gold and ink, each this wide


def at_stake(view: View) -> int | None:
    """The space the game waits on (offered, auctioned, its market open), by the phase: none
    between decisions and none once the game is over."""
    return {"buy": view.buy_space, "auction": view.auction_space, "market": view.market_space}.get(view.phase)


# the last move's events that name the space where it happened, by a "space" parameter
AT_SPACE = {"leo.event.bought", "leo.event.sold_back", "leo.event.art_placed"}


def named(view: View) -> set[int]:
    """The spaces where the last move happened without moving a pawn: a palazzo bought, sold
    back or given a work of art, or one an auction closed on ("Andrea buys Via della Scala (8)");
    not the space at stake, which has its own bar (one declined, now auctioned)."""
    out = set()
    for m in view.last_events:
        if m.key in AT_SPACE:
            out.add(int(m.params["space"]))
        out |= {int(v.params["space"]) for v in m.params.values()
                if isinstance(v, Msg) and v.key == "leo.term.place"}
    return out - {at_stake(view)}


def route_bar(image: Image.Image, x0: float, y0: float, x1: float, landed: bool, dash: int = DASH,
              gap: int = GAP) -> None:
    """The last move's bar across a space's top from ``x0`` to ``x1``: dashes on a white strip
    where the marker passed (as a route on a map), whole and thicker where it landed."""
    draw = ImageDraw.Draw(image)
    if landed:
        draw.rectangle((x0, y0, x1, y0 + LANDED - 1), fill=INK)
        return
    draw.rectangle((x0, y0, x1, y0 + STRIP - 1), fill=ROAD)
    x = x0
    while x + dash // 2 <= x1:  # no sliver of a dash at the end
        draw.rectangle((x, y0, min(x + dash - 1, x1), y0 + PASSED - 1), fill=INK)
        x += dash + gap


def stake_bar(image: Image.Image, x0: float, y0: float, x1: float) -> None:
    """The bar across the top of the space at stake: gold and ink stripes, framed in ink."""
    x0, y0, x1 = round(x0), round(y0), round(x1)
    image.paste(_tape(x1 - x0 + 1), (x0, y0))


@cache
def _tape(w: int) -> Image.Image:
    tile = Image.new("RGB", (w, LANDED), INK)
    draw = ImageDraw.Draw(tile)
    for x in range(-LANDED, w, 2 * STRIPE):
        draw.polygon([(x, LANDED - 3), (x + STRIPE, LANDED - 3), (x + STRIPE + LANDED - 4, 1), (x + LANDED - 4, 1)],
                     fill=ART)
    draw.rectangle((0, 0, w - 1, LANDED - 1), outline=INK, width=2)
    return tile

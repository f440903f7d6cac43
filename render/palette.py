"""Player colours every title shares, chosen for colour-blind players.

Every two of the first four stay at least 28 CIEDE2000 apart in normal vision and under
simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009), and all six at least
23 apart (Leonardo has six players). A colour never carries a player alone: each player also
has a mark (their initial) on their pieces and chips, and chat shows the emoji square nearest
to their colour beside their name. See tests/render/colour_science.py.
"""

from __future__ import annotations

import unicodedata
from functools import cache

RGB = tuple[int, int, int]

PLAYER_COLOURS: tuple[RGB, ...] = (
    (0x33, 0xBB, 0xEE),  # cyan (Tol vibrant)
    (0xCC, 0x33, 0x11),  # red (Tol vibrant)
    (0xF0, 0xE4, 0x42),  # yellow (Okabe-Ito)
    (0x6A, 0x3D, 0x9A),  # purple (ColorBrewer Paired)
    (0x00, 0x00, 0x00),  # black
    (0x88, 0x88, 0x88),  # grey
)
CHAT_CHIPS = ("🟦", "🟥", "🟨", "🟪", "⬛", "⬜")  # the emoji square nearest each colour, for chat
INK: RGB = (30, 28, 26)
PAPER: RGB = (255, 255, 255)


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat]


@cache
def ink_on(rgb: RGB) -> RGB:
    """Dark text on light fills, white text on dark ones (by relative luminance; remembered: a
    board asks for the same few fills hundreds of times)."""
    r, g, b = (c / 255 for c in rgb)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return INK if luminance > 0.45 else PAPER


def marks(names: list[str]) -> list[str]:
    """A short mark per player for pieces and chips: the name's initial (a letter or digit),
    or, where two players share it, the initial and the seat number ("A1", "A3")."""
    initials = []
    for seat, name in enumerate(names):
        plain = unicodedata.normalize("NFKD", name)  # "Élodie" -> "E" + accent
        first = next((c for c in plain if c.isalnum() and c.isascii()), None)
        initials.append(first.upper() if first else str(seat + 1))
    return [m if initials.count(m) == 1 or m.isdigit() else f"{m}{seat + 1}" for seat, m in enumerate(initials)]

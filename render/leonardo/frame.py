"""The frame of the centre of Leonardo's board: its inner edges and the heights of its lines and
of the players' rows (the panel, the legend and the tables all draw inside it)."""

from __future__ import annotations

from render.leonardo.look import CHIP
from render.leonardo.ring import CENTRE

PAD = 16
X0, Y0, X1, Y1 = CENTRE[0] + PAD, CENTRE[1] + PAD - 4, CENTRE[2] - PAD, CENTRE[3] - PAD
ROOM = X1 - X0
LINE_H, ROW_H = 30, CHIP + 3

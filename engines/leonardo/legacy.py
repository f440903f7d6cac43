"""Reading snapshots stored before issue 9, when the state kept English sentences: the
reason a game ended (``end_reason``) and what a pending payment was for (``why``)."""

from __future__ import annotations

from typing import Any

from engines.leonardo.components import board, cards


def end(reason: str) -> str | None:
    """The end reason id of an old ``end_reason`` sentence ("" while playing)."""
    if not reason:
        return None
    for words, kind in (("agreed rounds", "rounds"), ("agreed date", "time_up"), ("eliminated", "eliminated"),
                        ("last corporation", "last_corporation"), ("Everyone went bankrupt", "all_bankrupt")):
        if words in reason:
            return kind
    return "rounds"


def why(text: str) -> dict[str, Any]:
    """A ``Why`` from an old payment reason ("toll of Ponte Vecchio", "market bet"...)."""
    for head, kind in (("toll of ", "toll"), ("income of ", "income")):
        if text.startswith(head):
            name = text.removeprefix(head)
            return {"kind": kind, "space": next((s.number for s in board().spaces if s.name == name), None)}
    if text.startswith("price of the "):
        title = text.removeprefix("price of the ")
        return {"kind": "office", "space": next((o.space for o in cards().offices if o.title == title), None)}
    if text == "winning market bet":
        return {"kind": "winning_bet"}
    if text == "market bet":
        return {"kind": "bet"}
    return {"kind": "tribute"}

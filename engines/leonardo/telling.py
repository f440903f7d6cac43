"""A turn told as a reader would say it: the events a turn records one by one, joined where one
sentence says them better (the board's last move and the chat's lines; the record keeps every event).

- forced sales by one firm in a row: "Dino is short of florins and sells back to the bank Vicolo del
  Moro (4) for 20 florins, Via della Scala (8) for 35 florins and Via Ghibellina (18) for 40 florins.";
- payments to one firm for the same reason in a row (the market's bets, the men-at-arms' tribute):
  "Bruno collects 50 florins from Dino, 250 florins from Elena and 50 florins from Anne (market bet).";
- a move told before what its firm met on the way (the engine records the indemnity of Piazza
  Maggiore and a bridge's toll as the marker passes, before where it stops): "Moves 7 to Mercato
  Nuovo (3). Receives the 100-florin indemnity of Piazza Maggiore." (the seventh look read the
  indemnity before the move as the wrong order).

A single event is told as it is.
"""

from __future__ import annotations

from engines.core.messages import Msg

SOLD, SOLD_MANY = "leo.event.sold_back", "leo.event.sold_back_many"
PAID, COLLECTED = "leo.event.paid", "leo.event.collected"
MOVED, INDEMNITY, TOLL = "leo.event.moved", "leo.event.indemnity", "leo.term.why_toll"


def told(msgs: list[Msg]) -> list[Msg]:
    out: list[Msg] = []
    for msg in msgs:
        last = out[-1] if out else None
        if last is not None and msg.key == SOLD and last.key in (SOLD, SOLD_MANY) \
                and last.params.get("firm") == msg.params.get("firm"):
            sales = last.params["sales"] if last.key == SOLD_MANY else [_sale(last)]
            out[-1] = Msg(SOLD_MANY, firm=msg.params.get("firm"), sales=[*sales, _sale(msg)])
        elif last is not None and msg.key == PAID and last.key in (PAID, COLLECTED) \
                and last.params.get("payee") == msg.params.get("payee") and last.params.get("why") == msg.params.get("why"):
            payments = last.params["payments"] if last.key == COLLECTED else [_payment(last)]
            out[-1] = Msg(COLLECTED, payee=msg.params.get("payee"), payments=[*payments, _payment(msg)],
                          why=msg.params.get("why"))
        elif msg.key == MOVED:
            k = len(out)
            while k and _on_the_way(out[k - 1], msg.params.get("firm")):
                k -= 1
            out.insert(k, msg)
        else:
            out.append(msg)
    return out


def _on_the_way(msg: Msg, firm: object) -> bool:
    """Whether ``msg`` is what ``firm`` met passing along (an indemnity, a bridge's toll)."""
    why = msg.params.get("why")
    return msg.params.get("firm") == firm and (
        msg.key == INDEMNITY or (msg.key == PAID and isinstance(why, Msg) and why.key == TOLL))


def _sale(msg: Msg) -> Msg:
    p = msg.params
    return Msg("leo.term.sale", name=p["name"], space=p["space"], art=p.get("art", ""), florins=p["florins"])


def _payment(msg: Msg) -> Msg:
    return Msg("leo.term.payment", firm=msg.params["firm"], amount=msg.params["amount"])

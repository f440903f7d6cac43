"""Chat notation: reading and writing actions, autocomplete labels, help."""

from __future__ import annotations

from engines.core.errors import UnknownAction, quote
from engines.core.text import ascii_lower, whole_number
from engines.leonardo.components import PRODUCTS, cards, space
from engines.leonardo.economy import firm_of, seat_name
from engines.leonardo.model import (
    COLOURS,
    LETTERS,
    Accept,
    Bid,
    Buy,
    BuyArt,
    Choose,
    Declare,
    Decline,
    Join,
    Pass,
    Place,
    PlaceBet,
    Refuse,
    Rescue,
    Spin,
    State,
    TimeUp,
    UseOffice,
)

EXPECTED = ("spin, art 2, place 14, move 7, buy, decline, bid 35, pass, bet gem 20, office +3, "
            "office -2 remove, office 0, guelfi, ghibellini, join blue, accept, refuse, rescue")

FACTIONS = {"guelfi": "guelfi", "guelfo": "guelfi", "guelph": "guelfi", "guelphs": "guelfi",
            "ghibellini": "ghibellini", "ghibellino": "ghibellini", "ghibelline": "ghibellini",
            "ghibellines": "ghibellini"}
PRODUCT_WORDS = {"gem": "gem", "gemma": "gem", "ivory": "ivory", "avorio": "ivory", "gold": "gold",
                 "oro": "gold", "spices": "spices", "spice": "spices", "spezie": "spices"}


def notation(state: State, action) -> str:
    k = action.kind
    if k == "declare":
        return action.faction
    if k == "art":
        return f"art {action.count}"
    if k == "place":
        return f"place {action.space}"
    if k == "move":
        return f"move {action.steps}"
    if k == "bid":
        return f"bid {action.amount}"
    if k == "bet":
        return f"bet {action.product} {action.stake}"
    if k == "office":
        return f"office {action.move:+d}" + (" remove" if action.remove else "") if action.move else \
            "office 0" + (" remove" if action.remove else "")
    if k == "join":
        return f"join {COLOURS[action.target]} {action.faction}"
    return k  # spin, buy, decline, pass, accept, refuse, rescue, time_up


def _int(word: str, text: str, signed: bool = False) -> int:
    n = whole_number(word, signed=signed)
    if n is None:
        raise UnknownAction(f"I could not read \"{quote(text)}\": \"{quote(word)}\" should be a whole number "
                            "written with the digits 0-9.")
    return n


def _colour(word: str, text: str) -> int:
    for i, (name, letter) in enumerate(zip(COLOURS, LETTERS, strict=True)):
        if word in (name, letter.lower()):
            return i
    raise UnknownAction(f"I could not read \"{quote(text)}\": \"{quote(word)}\" is not a colour (red, blue, "
                        "green, yellow, purple, orange or R B G Y P O).")


def parse(state: State, seat: int, text: str):
    words = ascii_lower(text).split()
    if not words:
        raise UnknownAction(f"I could not read an empty move. Try one of: {EXPECTED}.")
    head, rest = words[0], words[1:]
    if head == "declare" and rest:
        head, rest = rest[0], rest[1:]
    simple = {"spin": Spin, "buy": Buy, "decline": Decline, "pass": Pass, "accept": Accept,
              "refuse": Refuse, "rescue": Rescue, "time_up": TimeUp}
    if head in simple and not rest:
        return simple[head]()
    if head in FACTIONS and not rest:
        return Declare(faction=FACTIONS[head])
    if head in ("art", "place", "move", "bid") and len(rest) == 1:
        n = _int(rest[0], text)
        return {"art": lambda: BuyArt(count=n), "place": lambda: Place(space=n),
                "move": lambda: Choose(steps=n), "bid": lambda: Bid(amount=n)}[head]()
    if head == "bet" and len(rest) == 2 and rest[0] in PRODUCT_WORDS:
        return PlaceBet(product=PRODUCT_WORDS[rest[0]], stake=_int(rest[1], text))
    if head == "bet" and len(rest) == 2:
        raise UnknownAction(f"I could not read \"{quote(text)}\": \"{quote(rest[0])}\" is not a product; bet on gem, ivory, "
                            "gold or spices, for example \"bet gem 20\".")
    if head == "office":
        if rest and rest[0] == "move":
            rest = rest[1:]
        if rest == ["skip"]:
            return UseOffice()
        if rest == ["remove"]:
            return UseOffice(remove=True)
        if len(rest) in (1, 2) and (len(rest) == 1 or rest[1] == "remove"):
            return UseOffice(move=_int(rest[0], text, signed=True), remove=len(rest) == 2)
    if head == "join" and len(rest) in (1, 2):
        target = _colour(rest[0], text)
        if len(rest) == 2:
            if rest[1] not in FACTIONS:
                raise UnknownAction(f"I could not read \"{quote(text)}\": the faction is guelfi or ghibellini.")
            faction = FACTIONS[rest[1]]
        else:
            faction = state.declared.get(seat, "guelfi")
            if 0 <= seat < state.seats:
                faction = firm_of(state, seat).faction or faction
        if target < state.seats:
            target = firm_of(state, target).id  # a partner's colour names its corporation
        return Join(target=target, faction=faction)
    raise UnknownAction(f"I could not read \"{quote(text)}\" as a Leonardo move. Try one of: {EXPECTED}.")


def label(state: State, seat: int, action) -> str:
    c = cards()
    text = notation(state, action)
    k = action.kind
    if k == "art":
        return f"{text}: draw {action.count} work(s) of art face down for {action.count * c.art_price} florins"
    if k == "place":
        sp = space(action.space)
        return f"{text}: display a work of art in {sp.name} ({len(state.art.get(action.space, []))}/4 now)"
    if k == "buy" and state.buy_space:
        sp = space(state.buy_space)
        return f"buy: {sp.name} ({sp.number}) for {sp.price} florins"
    if k == "decline" and state.buy_space:
        return "decline: the bank auctions it among the others from 5 florins"
    if k == "bid":
        return f"{text}: sealed bid of {action.amount} florins"
    if k == "bet":
        pair = " or ".join(map(str, c.products[action.product]))
        return f"{text}: stake {action.stake}, wins {c.market_multiplier * action.stake} on {pair}"
    if k == "office" and state.office:
        dest = (state.firms[state.office.target].position - 1 + action.move) % 32 + 1
        extra = " and remove a Man-at-Arms" if action.remove else ""
        return f"{text}: marker to {space(dest).name} ({dest}){extra}"
    if k == "move":
        return f"{text}: move {action.steps} spaces"
    if k == "spin":
        return "spin: spin the Machina de la Sorte and move"
    if k == "join":
        names = "+".join(seat_name(s) for s in state.firms[action.target].members)
        return f"{text}: propose a corporation with {names} ({action.faction})"
    if k in ("guelfi", "ghibellini", "declare"):
        return f"{text}: declare yourself {action.faction}"
    if k == "rescue" and state.rescue:
        r = state.rescue
        return (f"rescue: pay {r.shortfall} florins of {_names(state, r.debtor)}'s {r.amount} debt, "
                f"form a corporation with them")
    if k == "pass" and state.rescue:
        return f"pass: let {_names(state, state.rescue.debtor)} go bankrupt"
    if k == "pass":
        return "pass: no bid"
    if k in ("accept", "refuse") and state.merge:
        names = "+".join(seat_name(s) for s in state.firms[state.merge.proposer].members)
        verb = "pool everything with" if k == "accept" else "stay apart from"
        return f"{k}: {verb} {names} ({state.merge.faction})"
    return text


def _names(state: State, firm_id: int) -> str:
    return "+".join(seat_name(s) for s in state.firms[firm_id].members)


HELP = f"""Leonardo (1988): roll and move around a Renaissance city of 32 spaces.
On your turn: `art N` (buy N works of art, 50 florins each, up to 4, before spinning) then `place <space>` for each one, then `spin`.
Landing on a free palazzo or bridge: `buy` or `decline` (then the others bid: `bid 35` or `pass`, sealed).
Someone opens a market: each of the others must bet, e.g. `bet gem 20` (gem, ivory, gold or spices).
An office holder decides on a marker landing on their square: `office +3`, `office -2`, `office 0`; a 50-florin office may add `remove` (e.g. `office 0 remove`).
Before the first turn everyone declares `guelfi` or `ghibellini`.
Corporations variant: `join blue` (or `join blue ghibellini`) at the start of your turn; those concerned answer `accept` or `refuse`; a corporation picks its move with `move 7`.
Corporations variant: when someone cannot pay even by selling, each other player who has the missing florins answers `rescue` (pay them and take the debtor into a corporation) or `pass` (sealed); if all pass, bankruptcy.
Products: {', '.join(PRODUCTS)}."""

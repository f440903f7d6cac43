"""The game's vocabulary as messages: the words for a tile, a Zoning Card, a Contract Card,
a footprint, a phase or a card are keys of ``data/messages/en/bv.toml`` (section ``term``)
that events, refusals, glosses and the renderer nest. Nothing here is a word: each
function only picks the key and its parameters."""

from __future__ import annotations

from engines.bella_vista.state import ROUNDS, Phase, card_roofed
from engines.core.messages import Msg


def card(code: str) -> str:
    """A construction card as players write it: ``"6r"`` -> ``"#6r"`` (notation, not a word)."""
    return f"#{code}"


def roofed_clause(code: str) -> Msg | str:
    """" (roofed)" after a card of the 2-architect roofed set, else nothing."""
    return Msg("bv.term.roofed") if card_roofed(code) else ""


def tile(code: str) -> Msg:
    """A town tile by its code: ``"Fs"`` (Striped Flower), ``"P"`` (Park), ``"R"`` (River)."""
    return Msg(f"bv.term.tile_{code.lower()}")


def zoning(card_id: str) -> Msg:
    """A Zoning Card by its id (``"Z2"``)."""
    return Msg(f"bv.term.zoning_{card_id.lower()}")


def contract(kind: str, neighborhoods: list[str], threshold: int) -> Msg:
    """What a Contract Card (or a view's ``ContractView``) asks for, with this game's
    threshold of buildings."""
    hoods = [tile(code) for code in neighborhoods]
    if kind == "tile":
        return Msg("bv.term.contract_tile", count=threshold, hood=hoods[0])
    if kind == "tiles":
        return Msg("bv.term.contract_tiles", hoods=hoods)
    if kind in ("river", "park"):
        return Msg(f"bv.term.contract_{kind}", count=threshold)
    return Msg(f"bv.term.contract_{kind}")  # spanning, border: fixed numbers


def shape(name: str) -> Msg:
    """A footprint (``"two"``, ``"straight three"``, ``"corner three"``)."""
    return Msg("bv.term.shape_" + name.replace(" ", "_"))


def phase(name: Phase) -> Msg:
    return Msg(f"bv.term.phase_{name}")


def status(phase_name: Phase, round_no: int) -> list[Msg]:
    """The public status line's parts: the title, the round, the phase (the platform adds
    who is awaited). Built from plain values so the renderer can draw it from a view."""
    if phase_name == "over":
        return [Msg("bv.status.title"), phase("over")]
    return [Msg("bv.status.title"), Msg("bv.status.round", round=round_no, rounds=ROUNDS), phase(phase_name)]


def free_spaces(costs: list[int]) -> Msg:
    """The offer spaces still free and affordable, or "none"."""
    return Msg("bv.term.spaces", costs=costs) if costs else Msg("bv.term.no_space")


def offer_place(cost: int | None) -> Msg:
    """Where a card lies on the offer board: a paid space, or right of the board."""
    return Msg("bv.term.offer_space", cost=cost) if cost is not None else Msg("bv.term.offer_right")


def border_clause(on_border: bool) -> Msg:
    """Where a forced building went when the Zoning Card could not be met."""
    return Msg("bv.term.on_border") if on_border else Msg("bv.term.off_border")

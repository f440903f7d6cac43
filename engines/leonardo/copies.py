"""Deep copies of Leonardo's state without ``copy.deepcopy``.

The core's ``apply`` copies the state before every action (``model_copy(deep=True)``, which
calls ``__deepcopy__``), and pydantic's own deep copy walks every value through
``copy.deepcopy`` with its memo: about two thirds of a random game's time. A state is a tree
of models, dicts, lists and immutable values (no object appears twice, nothing refers back),
so a copy can rebuild it directly. ``State.__deepcopy__`` uses ``copy_state``; the tests walk
a copy and the original together and check that no list, dict or unfrozen model is shared.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engines.core.rng import Blake2b, SplitMix64

_set = object.__setattr__
ATOMIC = (int, str, bool, float, type(None))

# how each field of State is copied (a test checks that every field is named here)
SHARED = ("seats", "options", "bank", "slot", "round", "turn", "phase", "event_draws", "men_deck", "art_bought",
          "proposed", "buy_space", "end", "office_returned", "last_seat",
          "last_events", "earlier")  # immutable values (Options is frozen)
LISTS = ("order", "art_supply", "office_deck", "event_deck", "drawn", "spins")  # lists of immutable values
DICTS = ("declared", "owner")  # dicts of immutable values
OTHER = ("auction", "market", "office", "merge", "rescue")  # None, or a model copied by copy_value
COPIED = SHARED + LISTS + DICTS + OTHER + ("rng", "first_spins", "firms", "art")
FLAT = (Blake2b, SplitMix64)  # generators whose fields are immutable values


def copy_state(state: Any) -> Any:
    """A deep copy of a ``State``: its hot fields copied by hand (lists of numbers, the
    firms), the rare ones by ``copy_model``. Written out field by field: it runs before every
    action."""
    d = state.__dict__
    new = d.copy()
    rng = d["rng"]
    new["rng"] = _instance(rng, rng.__dict__.copy()) if type(rng) in FLAT else copy_model(rng)
    new["first_spins"] = [spins.copy() for spins in d["first_spins"]]
    firm = _firm
    new["firms"] = {k: firm(f) for k, f in d["firms"].items()}
    # LISTS
    new["order"] = d["order"][:]
    new["art_supply"] = d["art_supply"][:]
    new["office_deck"] = d["office_deck"][:]
    new["event_deck"] = d["event_deck"][:]
    new["drawn"] = d["drawn"][:]
    new["spins"] = d["spins"][:]
    # DICTS
    new["declared"] = d["declared"].copy()
    new["owner"] = d["owner"].copy()
    new["art"] = {k: v[:] for k, v in d["art"].items()}
    for name in OTHER:
        value = d[name]
        if value is not None:
            new[name] = copy_model(value)
    return _instance(state, new)


def _firm(firm: Any, _new: Any = object.__new__, _set: Any = _set) -> Any:
    d = firm.__dict__.copy()
    d["members"] = d["members"][:]
    d["offices"] = d["offices"][:]
    out = _new(firm.__class__)
    _set(out, "__dict__", d)
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_fields_set__", firm.__pydantic_fields_set__.copy())
    _set(out, "__pydantic_private__", None)
    return out


def _instance(model: Any, fields: dict, _new: Any = object.__new__, _set: Any = _set) -> Any:
    """A new instance of ``model``'s class holding ``fields``, unvalidated (they are copies
    of valid values), with the same fields set."""
    out = _new(model.__class__)
    _set(out, "__dict__", fields)
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(out, "__pydantic_private__", None)
    return out


def copy_value(value: Any) -> Any:
    """A deep copy of a value of a state: unfrozen models, dicts and lists rebuilt,
    immutable values shared."""
    kind = type(value)
    if kind in ATOMIC:
        return value
    if kind is list:
        return [v if type(v) in ATOMIC else copy_value(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in ATOMIC else copy_value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return value if value.model_config.get("frozen") else copy_model(value)
    if kind is tuple:
        return tuple(copy_value(v) for v in value)
    if kind is frozenset:
        return value
    raise TypeError(f"a Leonardo state holds no {kind.__name__}")


def copy_model(model: BaseModel) -> Any:
    """A deep copy of a pydantic model, as ``model_copy(deep=True)`` makes it (fields set
    kept), without validation. Models with extra or private values are not expected here."""
    return _instance(model, {k: v if type(v) in ATOMIC else copy_value(v) for k, v in model.__dict__.items()})

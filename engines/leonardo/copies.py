"""Deep copies of Leonardo's state without ``copy.deepcopy``.

The core's ``apply`` copies the state before every action (``model_copy(deep=True)``, which
calls ``__deepcopy__``), and pydantic's own deep copy walks every value through
``copy.deepcopy`` with its memo: about two thirds of a random game's time. A state is a tree
of models, dicts, lists and immutable values (no object appears twice, nothing refers back),
so a copy can rebuild it directly. ``State.__deepcopy__`` uses ``copy_model``; the tests walk
a copy and the original together and check that no list, dict or model is shared.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

_set = object.__setattr__
ATOMIC = (int, str, bool, float, type(None))


def copy_value(value: Any) -> Any:
    """A deep copy of a value of a state: models, dicts, lists and tuples rebuilt, immutable
    values shared."""
    kind = type(value)
    if kind in ATOMIC:
        return value
    if kind is list:
        return [v if type(v) in ATOMIC else copy_value(v) for v in value]
    if kind is dict:
        return {k: v if type(v) in ATOMIC else copy_value(v) for k, v in value.items()}
    if isinstance(value, BaseModel):
        return copy_model(value)
    if kind is tuple:
        return tuple(copy_value(v) for v in value)
    if kind is frozenset:
        return value
    raise TypeError(f"a Leonardo state holds no {kind.__name__}")


def copy_state(state: Any) -> Any:
    """A deep copy of a ``State``: its hot fields copied by hand (lists of numbers, the
    firms), the rest by ``copy_value``."""
    d = state.__dict__
    new = dict(d)
    new["rng"] = copy_model(d["rng"])
    new["firms"] = {k: _firm(f) for k, f in d["firms"].items()}
    for name in LISTS:
        new[name] = d[name][:]
    for name in DICTS:
        new[name] = d[name].copy()
    new["art"] = {k: v[:] for k, v in d["art"].items()}
    for name in OTHER:
        value = d[name]
        if value is not None:
            new[name] = copy_value(value)
    kind = type(state)
    out = kind.__new__(kind)
    _set(out, "__dict__", new)
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_fields_set__", set(state.__pydantic_fields_set__))
    _set(out, "__pydantic_private__", None)
    return out


# how each field of State is copied (a test checks that every field is named here)
SHARED = ("seats", "bank", "slot", "round", "turn", "phase", "event_draws", "men_deck", "art_bought", "proposed",
          "buy_space", "end")  # immutable values
LISTS = ("order", "art_supply", "office_deck", "event_deck", "drawn", "spins")  # lists of immutable values
DICTS = ("declared", "owner")  # dicts of immutable values
OTHER = ("options", "first_spins", "auction", "market", "office", "merge", "rescue")
COPIED = SHARED + LISTS + DICTS + OTHER + ("rng", "firms", "art")


def _firm(firm: Any) -> Any:
    d = firm.__dict__.copy()
    d["members"] = d["members"][:]
    d["offices"] = d["offices"][:]
    kind = type(firm)
    out = kind.__new__(kind)
    _set(out, "__dict__", d)
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_fields_set__", set(firm.__pydantic_fields_set__))
    _set(out, "__pydantic_private__", None)
    return out


def copy_model(model: BaseModel) -> Any:
    """A deep copy of a pydantic model, as ``model_copy(deep=True)`` makes it (fields set
    kept), without validation. Models with extra or private values are not expected here."""
    kind = type(model)
    new = kind.__new__(kind)
    _set(new, "__dict__", {k: v if type(v) in ATOMIC else copy_value(v) for k, v in model.__dict__.items()})
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _set(new, "__pydantic_private__", None)
    return new

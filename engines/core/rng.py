"""Seeded generators whose whole state lives inside the game state, so a game replays
byte for byte from its seed and action log. Engines copy their state before mutating
it, so drawing from ``state.rng`` never touches the caller's state.

Two generators, told apart by their serialized shape:

- ``Blake2b`` (``{"kind": "blake2b", "key": "<hex>", "counter": N}``), for every new game:
  draw N is keyed BLAKE2b of N, so what players see (spins, layouts, first contracts)
  reveals nothing about the key or about the draws they do not see.
- ``SplitMix64`` (``{"state": N}``): the generator of the games created before it; kept
  unchanged so that they replay exactly. Its outputs give its state away; never use it
  for a new game's secrets.

A seed says which one it makes (``Rng.from_seed``): ``"blake2b:<32 to 128 hex digits>"``,
``"splitmix64:<integer>"``, or a plain integer (tests, demo): BLAKE2b keyed by the
integer's bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Discriminator, Tag, field_validator

T = TypeVar("T")
_MASK = (1 << 64) - 1
_KEY_HEX = re.compile(r"(?:[0-9a-f]{2}){16,64}")  # BLAKE2b keys are 16 to 64 bytes here
_INTEGER = re.compile(r"-?[0-9]{1,40}")
_LIMITS: dict[int, int] = {}  # below(n): the largest multiple of n up to 2**64, by n (small bounds recur)


class Rng:
    """The type of a game state's generator field: validates either generator's shape,
    and serializes each as its own. Subclasses provide ``next_u64``."""

    def next_u64(self) -> int:
        raise NotImplementedError

    def skip(self) -> None:
        """Move past one draw without using it (as ``next_u64`` does, maybe cheaper)."""
        self.next_u64()

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias. ``below(1)`` (one seat acting,
        one legal action) uses up its draw without computing it: its answer is 0 whatever
        the draw, and the stream goes on exactly as if it had been computed."""
        if n == 1:
            self.skip()
            return 0
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs a positive bound")
            limit = (1 << 64) - ((1 << 64) % n)
            if len(_LIMITS) < 4096:
                _LIMITS[n] = limit
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    @staticmethod
    def from_seed(seed: int | str) -> SplitMix64 | Blake2b:
        """The generator a seed describes (see the module text)."""
        kind, value = _split(seed)
        if kind == "splitmix64":
            return SplitMix64(state=int(value) & _MASK)
        return Blake2b(key=value)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        return handler(_RNG_UNION)


class SplitMix64(BaseModel, Rng):
    """The legacy generator (games created before BLAKE2b): ``{"state": N}``."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> SplitMix64:  # type: ignore[override]
        """A SplitMix64 from an integer: the random legal-move player and old games only."""
        return cls(state=seed & _MASK)

    def skip(self) -> None:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)


class Blake2b(BaseModel, Rng):
    """Keyed BLAKE2b in counter mode: draw N is the 8-byte keyed hash of N."""

    kind: Literal["blake2b"] = "blake2b"
    key: str  # 16 to 64 bytes, lower-case hex
    counter: int = 0

    @field_validator("key")
    @classmethod
    def _key_is_hex(cls, key: str) -> str:
        if not _KEY_HEX.fullmatch(key):
            raise ValueError("a BLAKE2b key is 32 to 128 lower-case hex digits (16 to 64 bytes)")
        return key

    def skip(self) -> None:
        self.next_counter()

    def below(self, n: int) -> int:
        """``Rng.below`` with the draw written in place (the same values, the same counter):
        a new game draws some hundred times, a random playout as many again."""
        limit = _LIMITS.get(n)
        if limit is None or n == 1:
            return super().below(n)
        fields = self.__dict__
        keyed = _keyed(fields["key"])
        self.__pydantic_fields_set__.add("counter")
        while True:
            counter = fields["counter"]
            fields["counter"] = counter + 1
            h = keyed.copy()
            h.update(counter.to_bytes(8, "little"))
            x = int.from_bytes(h.digest(), "little")
            if x < limit:
                return x % n

    def next_counter(self) -> int:
        """The counter of the next draw, counted as used. Written straight into the model's
        fields (pydantic's ``__setattr__`` was a third of a draw's time), marked as set as
        an assignment would."""
        fields = self.__dict__
        n = fields["counter"]
        fields["counter"] = n + 1
        self.__pydantic_fields_set__.add("counter")
        return n

    def next_u64(self) -> int:
        fields = self.__dict__  # ``next_counter``, inlined: a random game draws some 200 times
        n = fields["counter"]
        fields["counter"] = n + 1
        self.__pydantic_fields_set__.add("counter")
        h = _keyed(fields["key"]).copy()
        h.update(n.to_bytes(8, "little"))
        return int.from_bytes(h.digest(), "little")


class Scripted(BaseModel, Rng):
    """For tests and puzzles: ``below(n)`` returns the queued values first (each must be
    below its ``n``), then draws from ``then``. Positions modules wrap this in the game's
    own words (the next spins, the next cards)."""

    model_config = ConfigDict(defer_build=True)  # ``then`` is the union defined below

    kind: Literal["scripted"] = "scripted"
    queue: list[int]
    then: Rng

    def below(self, n: int) -> int:
        if not self.queue:
            return self.then.below(n)
        value = self.queue.pop(0)
        if not 0 <= value < n:
            raise ValueError(f"scripted draw {value} is not below {n}")
        return value

    def next_u64(self) -> int:
        return self.then.next_u64()


def scripted(values: Sequence[int], then: Rng) -> Scripted:
    """A generator whose next ``below`` draws are ``values``, then ``then``'s."""
    if isinstance(then, Scripted):  # queue behind what is already scripted
        return Scripted(queue=[*then.queue, *values], then=then.then)
    return Scripted(queue=list(values), then=then)


@lru_cache(maxsize=1024)
def _keyed(key: str):
    """The hash object already keyed (copied for each draw, never updated itself)."""
    return hashlib.blake2b(key=bytes.fromhex(key), digest_size=8)


def _kind(value: Any) -> str:
    if isinstance(value, dict):
        return value.get("kind", "splitmix64")
    return getattr(value, "kind", "splitmix64")


_RNG_UNION = Annotated[
    Annotated[Blake2b, Tag("blake2b")] | Annotated[SplitMix64, Tag("splitmix64")]
    | Annotated[Scripted, Tag("scripted")],
    Discriminator(_kind),
]
Scripted.model_rebuild()


def _split(seed: int | str) -> tuple[str, str]:
    """(kind, canonical value) of a seed; ValueError, without echoing the seed, if malformed."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"a seed is an integer or a string, not {type(seed).__name__}")
    if isinstance(seed, int):
        if not 0 <= seed < 1 << 512:
            raise ValueError("an integer seed is between 0 and 2**512 - 1")
        return "blake2b", seed.to_bytes(max(16, (seed.bit_length() + 7) // 8), "big").hex()
    kind, _, value = seed.partition(":")
    if kind == "blake2b" and _KEY_HEX.fullmatch(value.lower()):
        return kind, value.lower()
    if kind == "splitmix64" and _INTEGER.fullmatch(value):
        return kind, str(int(value))
    raise ValueError('a seed string is "blake2b:<32 to 128 hex digits>" or "splitmix64:<integer>"')


def seed_text(seed: int | str) -> str:
    """The self-describing string form of a seed: ``Rng.from_seed(seed_text(s))`` draws
    exactly what ``Rng.from_seed(s)`` draws. This is what a store keeps."""
    kind, value = _split(seed)
    return f"{kind}:{value}"


def blake2b_seed(key_hex: str) -> str:
    """A new game's seed from a key drawn by the caller (e.g. ``secrets.token_hex(16)``)."""
    return seed_text(f"blake2b:{key_hex}")

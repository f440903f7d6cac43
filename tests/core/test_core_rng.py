"""The games' generators: the legacy SplitMix64 (stored games) and keyed BLAKE2b (new games)."""

from __future__ import annotations

import hashlib
import json

import pytest
from pydantic import BaseModel, ValidationError

from bot.play.registry import titles
from engines.core.rng import Blake2b, Rng, SplitMix64, blake2b_seed, seed_text

KEY = "0123456789abcdef" * 2  # 128 bits


class Holder(BaseModel):
    """A state with a generator field, like every game's state."""

    rng: Rng


def test_splitmix64_is_the_published_algorithm_unchanged():
    # Reference outputs of SplitMix64 seeded with 0, and of the generator before BLAKE2b.
    r = SplitMix64.from_seed(0)
    assert [r.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    r = Rng.from_seed("splitmix64:42")
    assert isinstance(r, SplitMix64) and [r.below(1000) for _ in range(5)] == [413, 291, 858, 764, 250]


def test_an_old_snapshot_loads_as_splitmix64_and_serializes_unchanged():
    old = '{"rng":{"state":123456789}}'
    h = Holder.model_validate_json(old)
    assert isinstance(h.rng, SplitMix64) and h.rng.state == 123456789
    assert h.model_dump_json() == old
    assert h.rng.next_u64() == SplitMix64(state=123456789).next_u64()


def test_blake2b_draws_are_keyed_hashes_of_a_counter():
    r = Rng.from_seed(f"blake2b:{KEY}")
    assert isinstance(r, Blake2b) and r.counter == 0
    for n in range(3):
        expected = hashlib.blake2b(n.to_bytes(8, "little"), key=bytes.fromhex(KEY), digest_size=8).digest()
        assert r.next_u64() == int.from_bytes(expected, "little")
    assert r.counter == 3


def test_same_seed_same_stream_and_a_mid_stream_round_trip_continues_it():
    a, b = Rng.from_seed(f"blake2b:{KEY}"), Rng.from_seed(f"blake2b:{KEY.upper()}")
    assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]
    h = Holder(rng=a)
    dumped = h.model_dump_json()
    assert json.loads(dumped) == {"rng": {"kind": "blake2b", "key": KEY, "counter": a.counter}}
    loaded = Holder.model_validate_json(dumped).rng
    assert isinstance(loaded, Blake2b)
    assert [loaded.next_u64() for _ in range(20)] == [a.next_u64() for _ in range(20)]
    other = Rng.from_seed(f"blake2b:{'f' * 32}")
    assert [other.next_u64() for _ in range(4)] != [b.next_u64() for _ in range(4)]


def test_below_is_roughly_uniform():
    r = Rng.from_seed(f"blake2b:{KEY}")
    n, draws = 10, 50_000
    counts = [0] * n
    for _ in range(draws):
        counts[r.below(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 27.88  # 9 degrees of freedom, p = 0.001; the seed is fixed, so this never flakes
    assert {r.randint(3, 5) for _ in range(200)} == {3, 4, 5}
    items = list(range(10))
    r.shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def _below_by_the_definition(r: Rng, n: int) -> int:
    """``below`` as first written: every draw computed, the bound's limit worked out afresh."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = r.next_u64()
        if x < limit:
            return x % n


@pytest.mark.parametrize("seed", [f"blake2b:{KEY}", "splitmix64:42"])
def test_below_draws_what_its_definition_draws_and_below_1_keeps_the_stream(seed):
    # below(1) skips computing its draw (its answer is 0 whatever the draw) and small bounds'
    # limits are remembered: neither may change a single draw of a stored game
    fast, slow = Rng.from_seed(seed), Rng.from_seed(seed)
    bounds = [1, 2, 1, 1, 7, 1, 3, 10, 1, 6 * 7 * 11 * 13, (1 << 63) + 1, 1, 5, 1 << 64, 1]
    got = [fast.below(n) for n in bounds * 20]
    assert got == [_below_by_the_definition(slow, n) for n in bounds * 20]
    assert fast == slow and fast.model_fields_set == slow.model_fields_set
    assert [fast.next_u64() for _ in range(5)] == [slow.next_u64() for _ in range(5)]
    with pytest.raises(ValueError):
        fast.below(0)


def test_seed_forms():
    # A plain int is BLAKE2b keyed by its 16 (or more) big-endian bytes; seed_text names it.
    assert seed_text(5) == "blake2b:" + "00" * 15 + "05"
    assert Rng.from_seed(5) == Rng.from_seed(seed_text(5)) == Blake2b(key="00" * 15 + "05")
    assert seed_text(1 << 200) == "blake2b:01" + "00" * 25
    assert seed_text("splitmix64:0042") == "splitmix64:42"
    assert seed_text(f"blake2b:{KEY.upper()}") == f"blake2b:{KEY}"
    assert blake2b_seed(KEY) == f"blake2b:{KEY}"
    secret = "abcdef" * 4  # 24 hex digits: too short
    for bad in (f"blake2b:{secret}", f"blake2b:{KEY}0", "splitmix64:", f"md5:{KEY}", KEY, -1, 1 << 512, True):
        with pytest.raises(ValueError) as err:
            Rng.from_seed(bad)
        assert secret not in str(err.value) and KEY not in str(err.value)


def test_a_snapshot_with_an_unknown_generator_is_refused():
    for bad in ({"kind": "md5", "key": KEY}, {"kind": "blake2b", "key": "12"}, {"kind": "blake2b"}):
        with pytest.raises(ValidationError):
            Holder.model_validate({"rng": bad})


@pytest.mark.parametrize("key", ["bella_vista", "torri", "leonardo"])
def test_every_game_takes_both_seed_forms_and_its_state_round_trips(key):
    engine = titles()[key].engine
    n = engine.min_players
    fresh = engine.new_game(n, engine.options_model(), f"blake2b:{KEY}")
    legacy = engine.new_game(n, engine.options_model(), "splitmix64:42")
    assert isinstance(fresh.rng, Blake2b) and isinstance(legacy.rng, SplitMix64)
    for state in (fresh, legacy):
        again = type(state).model_validate_json(state.model_dump_json())
        assert again == state and type(again.rng) is type(state.rng)
    assert engine.new_game(n, engine.options_model(), f"blake2b:{KEY}") == fresh
    assert engine.new_game(n, engine.options_model(), blake2b_seed("9" * 32)) != fresh

"""The bit set helpers (engines/core/bitset.py)."""

from engines.core.bitset import select
from engines.core.rng import Rng


def test_the_kth_set_bit_of_a_mask():
    rng = Rng.from_seed(12)
    for _ in range(300):
        mask = rng.next_u64() << rng.below(300) | rng.next_u64()
        bits = [i for i in range(mask.bit_length()) if mask >> i & 1]
        assert [select(mask, k) for k in range(len(bits))] == bits

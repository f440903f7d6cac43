"""Sets of small integers as the bits of one int (positions on a board, indices in a list)."""

from __future__ import annotations


def select(mask: int, k: int) -> int:
    """The position of the k-th (from 0) set bit of a mask that has more than k: the
    lengths of the runs of zeros before each of the first k + 1 ones, plus those k ones."""
    gaps = bin(mask)[:1:-1].split("1", k + 1)
    return sum(map(len, gaps[:k + 1])) + k

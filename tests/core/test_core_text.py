"""The reading rules every parser shares: ASCII letters and digits only."""

import pytest

from engines.core.text import ascii_lower, whole_number


def test_ascii_lower_touches_a_to_z_only():
    assert ascii_lower("Build B3-C3") == "build b3-c3"
    assert ascii_lower("\u212a3 \u0130 ÉTÉ") == "\u212a3 \u0130 ÉtÉ"  # str.lower(): "k3 i̇ été"
    assert len(ascii_lower("\u0130" * 5)) == 5


@pytest.mark.parametrize("word, signed, value", [
    ("7", False, 7), ("007", False, 7), ("123456789", False, 123456789), ("+3", True, 3), ("-2", True, -2),
    ("0", True, 0),
    ("+3", False, None), ("-2", False, None), ("1234567890", False, None), ("²", False, None),
    ("⑦", False, None), ("٣", False, None), ("３", True, None), ("1_0", False, None), (" 7", False, None),
    ("7\n", False, None), ("", False, None), ("+", True, None), ("--1", True, None), ("7" * 5000, False, None),
])
def test_whole_number_reads_ascii_digits_only(word, signed, value):
    assert whole_number(word, signed=signed) == value

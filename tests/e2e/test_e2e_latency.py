"""The latency measure itself (``bench --e2e``) works end to end: every move acknowledged and its
board posted, the timings ordered and the uploads the size of a palette board."""

from __future__ import annotations

from tests.e2e.latency import measure, table_text


async def test_latency_measure_through_the_double() -> None:
    row = await measure(games=2, moves=2)
    assert row["games"] == 2 and row["moves"] == 4
    assert 0 <= row["ack_ms_p50"] <= row["ack_ms_p95"]
    assert row["ack_ms_p50"] <= row["board_posted_ms_p50"] <= row["board_posted_ms_p95"]
    assert 5 < row["kb_uploaded_per_move"] < 200
    assert "| 2 | 4 |" in table_text([row])

"""The reveal file's lines for what was still hidden (``hidden.at_end``): every secret that some
seat did not know is in them, once, with its value, and decks in the order they would have been
drawn; no secret everyone knew is there."""

from __future__ import annotations

import pytest
from leo_helpers import G

from engines.core.playout import playout
from engines.core.rng import Rng
from engines.leonardo.hidden import UNDECIDED
from engines.leonardo.model import Options
from render.text import catalog


def _states(seats: int, seed: int, corporations: bool):
    state = G.new_game(seats, Options(corporations=corporations), seed)
    yield state
    for _, _, after, _ in playout(G, state, Rng.from_seed(seed + 1)):
        yield after


def _hidden(state, kind: str) -> dict[int, tuple]:
    return {int(name.split(":")[1]): (value, knew) for name, (value, knew) in G.secrets(state).items()
            if name.startswith(kind + ":") and knew is not None}


def _lines(state, key: str) -> list:
    return [m for m in G.hidden_at_end(state) if m.key == f"leo.reveal.{key}"]


def _one(state, key: str, param: str) -> list:
    found = _lines(state, key)
    assert len(found) <= 1
    return list(found[0].params[param]) if found else []


@pytest.mark.parametrize("seats,corporations", [(3, False), (4, True), (6, True)])
def test_every_secret_still_hidden_is_in_the_reveal_once(seats, corporations):
    kinds = set()
    for seed in range(3):
        for state in _states(seats, seed, corporations):
            owed = {n for n, (value, _) in G.secrets(state).items() if value == UNDECIDED}  # nothing to reveal
            hidden = {n for n, (_, knew) in G.secrets(state).items() if knew is not None} - owed
            art = {m.params["space"]: m.params["values"] for m in _lines(state, "art")}
            assert art == {n: v for n, (v, _) in _hidden(state, "art").items()}
            tiles = sorted(_hidden(state, "tile").items(), reverse=True)  # tile:0 is the supply's bottom
            assert _one(state, "supply", "values") == [v for _, (v, knew) in tiles if not knew]
            assert _one(state, "drawn", "values") == [v for _, (v, knew) in tiles if knew]
            offices = sorted((place, n) for n, (place, knew) in _hidden(state, "office").items() if not knew)
            assert [o.params["space"] for o in _one(state, "offices", "offices")] == [n for _, n in offices]
            drawn, deck = state.event_draws, len(state.event_deck)
            events = sorted(((n - drawn) % deck, v) for n, (v, _) in _hidden(state, "event").items())
            assert [c.key for c in _one(state, "events", "cards")] == [f"leo.reveal.event_{v}" for _, v in events]
            sealed = [m for m in G.hidden_at_end(state) if m.key in ("leo.reveal.bid", "leo.reveal.bet",
                                                                      "leo.reveal.rescue", "leo.reveal.faction")]
            others = [n for n in hidden if n.split(":")[0] in ("bid", "bet", "rescue", "faction")]
            assert len(sealed) == len(others)
            counted = len(art) + len(tiles) + len(offices) + len(events) + len(sealed)
            assert counted == len(hidden)
            kinds |= {n.split(":")[0] for n in hidden}
    assert {"art", "tile", "office", "event", "faction", "bid", "bet"} <= kinds  # the games met them all


def test_the_lines_read_in_every_language():
    state = next(s for s in _states(3, 1, False) if _lines(s, "art") and _lines(s, "supply"))
    for lang in ("en", "it", "pt-BR"):
        text = "\n".join(catalog(lang).text(m) for m in G.hidden_at_end(state))
        assert "art:" not in text and "tile:" not in text and "{" not in text
    assert "works of art left in the supply, which nobody knew" in catalog("en").text(_lines(state, "supply")[0])

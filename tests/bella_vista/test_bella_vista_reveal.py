"""The reveal file's lines for what was still hidden (``hidden.at_end``): every card whose place
some seat did not know is in them, once, decks in the order they would have been drawn."""

from __future__ import annotations

import pytest
from bv_helpers import GAME, random_states

from engines.bella_vista.terms import card
from render.text import catalog


def _params(state, key: str, param: str) -> list:
    return [m.params[param] for m in GAME.hidden_at_end(state) if m.key == f"bv.reveal.{key}"]


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_card_still_hidden_is_in_the_reveal_once(seats):
    places = set()
    for seed in range(3):
        for state in random_states(seats, seed):
            hidden = {n: v for n, (v, knew) in GAME.secrets(state).items() if knew is not None}
            hands, decks, offers = [], [], []
            for seat in range(seats):
                mine = {n.split(":")[2]: v for n, v in hidden.items() if n.startswith(f"card:{seat}:")}
                hands.append(sorted(card(c) for c, v in mine.items() if v == ("hand",)))
                decks.append([card(c) for c, _ in sorted(((c, v[1]) for c, v in mine.items() if v[0] == "deck"),
                                                         key=lambda ci: ci[1])])
                offers += [card(c) for c, v in mine.items() if v[0] == "offer"]
                places |= {v[0] for v in mine.values()}
            in_hand = {m.params["seat"]: sorted(m.params["cards"]) for m in GAME.hidden_at_end(state)
                       if m.key == "bv.reveal.hand"}
            assert in_hand == {s: h for s, h in enumerate(hands) if h}
            in_deck = {m.params["seat"]: m.params["cards"] for m in GAME.hidden_at_end(state)
                       if m.key == "bv.reveal.deck"}
            assert in_deck == {s: d for s, d in enumerate(decks) if d}
            assert sorted(_params(state, "offer", "card")) == sorted(offers)
            zoning = [n.split(":")[1] for n, _ in sorted(((n, v[1]) for n, v in hidden.items()
                                                          if n.startswith("zoning:")), key=lambda ni: ni[1])]
            assert [z.params["code"] for cards in _params(state, "zoning_deck", "cards") for z in cards] == zoning
            contracts = [int(n.split(":")[1]) for n, _ in sorted(((n, v[1]) for n, v in hidden.items()
                                                                  if n.startswith("contract:")), key=lambda ni: ni[1])]
            assert [c for cards in _params(state, "contract_deck", "cards") for c in cards] == contracts
            counted = sum(map(len, hands)) + sum(map(len, decks)) + len(offers) + len(zoning) + len(contracts)
            assert counted == len(hidden)
    assert places == {"hand", "deck", "offer"}  # the games met every place a card hides in


def test_the_lines_read_in_every_language():
    state = next(s for s in random_states(3, 1) if _params(s, "offer", "card") and _params(s, "zoning_deck", "cards"))
    for lang in ("en", "it", "pt-BR"):
        text = "\n".join(catalog(lang).text(m) for m in GAME.hidden_at_end(state))
        assert "card:" not in text and "zoning:" not in text and "{" not in text
    line = next(m for m in GAME.hidden_at_end(state) if m.key == "bv.reveal.zoning_deck")
    assert "Zoning Card" in catalog("en").text(line) and "which nobody knew" in catalog("en").text(line)

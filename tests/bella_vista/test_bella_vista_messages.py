"""The catalog of Bella Vista (data/messages/en/bv.toml): every key the engine can emit has
words that render with the parameters it is given, and every key of the file is used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bv_helpers import GAME, act, new

from engines.bella_vista import terms
from engines.bella_vista.components import cards, components
from engines.bella_vista.layout_rules import TILE_COUNTS
from engines.bella_vista.positions import (
    constructing_now,
    with_building,
    with_coins,
    with_contract_row,
    with_tile_filled,
)
from engines.bella_vista.state import Options
from engines.core.errors import RuleError
from engines.core.messages import Msg
from engines.core.playout import play_to_end, playout
from engines.core.rng import Rng
from render.text import catalog, words
from tests.locale_words import units_named

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "engines" / "bella_vista").glob("*.py")), *sorted((ROOT / "render" / "bella_vista").glob("*.py"))]
PHASES = ("offers", "construction", "contract", "neutral", "over")


def _msgs(value):
    """Every message in a value, nested ones included."""
    if isinstance(value, Msg):
        yield value
        for v in value.params.values():
            yield from _msgs(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _msgs(v)


def _offers_position():
    s = new(4, seed=3)
    first = min(GAME.to_act(s))
    return s, first


def _after_one_offer():
    s, first = _offers_position()
    s, _ = act(s, first, f"offer 3 #{s.architects[first].hand[0]}")
    return s, min(GAME.to_act(s))


def _poor():
    s, first = _offers_position()
    return with_coins(s, {first: 4}), first


def _building():
    s = constructing_now(new(4), [(0, "5"), (1, "6")], zoning="Z2")
    s = with_building(s, 2, 3, "A1-B1")
    return s, 0


def _forced():
    s = constructing_now(new(4), [(0, "5"), (1, "5")], zoning="Z3")
    s = with_tile_filled(s, "F", owners=[1, 2, 3])
    s = with_tile_filled(s, "Fs", owners=[1, 2, 3])
    return s, 0


def _contract_choice():
    s = constructing_now(new(4), [(0, "5")], zoning="Z9")
    s = with_contract_row(s, [1, 2, 16, 3])
    s = with_building(s, 0, 3, "A1-B1")
    s, _ = act(s, 0, "build C1-D1")  # two on the Flower: contract 1 is met
    assert s.phase == "contract"
    return s, 0


def _hand_card(position):
    s, seat = position
    return s.architects[seat].hand[0]


def _missing_card(position):
    s, seat = position
    return next(str(v) for v in range(1, 9) if str(v) not in s.architects[seat].hand)


# (position builder, what the player types, the refusal's key): every refusal of the engine
REFUSALS = [
    (_after_one_offer, lambda p: "build A1-B1", "bv.error.wrong_phase"),
    (_offers_position, lambda p: f"offer 5 #{_missing_card(p)}", "bv.error.not_in_hand"),
    (_offers_position, lambda p: f"offer last #{_hand_card(p)}", "bv.error.cannot_go_last"),
    (_offers_position, lambda p: f"offer 4 #{_hand_card(p)}", "bv.error.no_such_space"),
    (_after_one_offer, lambda p: f"offer 3 #{_hand_card(p)}", "bv.error.space_taken"),
    (_poor, lambda p: f"offer 5 #{_hand_card(p)}", "bv.error.too_poor"),
    (_building, lambda p: "build A1-C1", "bv.error.wrong_shape"),
    (_building, lambda p: "build A1-A2", "bv.error.occupied"),
    (_forced, lambda p: "build N2-O2", "bv.error.not_on_border"),
    (_building, lambda p: "build L1-K1", "bv.error.breaks_zoning"),
    (_contract_choice, lambda p: "contract 4", "bv.error.contract_not_face_up"),
    (_contract_choice, lambda p: "contract 16", "bv.error.contract_not_met"),
    (_offers_position, lambda p: "   ", "bv.error.empty_move"),
    (_offers_position, lambda p: "offer 5", "bv.error.bad_offer"),
    (_offers_position, lambda p: "offer 5 #9", "bv.error.bad_card"),
    (_offers_position, lambda p: "offer five #5", "bv.error.bad_cost"),
    (_building, lambda p: "build **", "bv.error.bad_spaces"),
    (_building, lambda p: "build Z99-A1", "bv.error.off_town"),
    (_building, lambda p: "build A1 A2 A3 A4", "bv.error.too_many_spaces"),
    (_contract_choice, lambda p: "contract seven", "bv.error.bad_contract"),
    (_offers_position, lambda p: "dance", "bv.error.unknown_move"),
]


def _refuse(builder, typed, key) -> RuleError:
    position = builder()
    state, seat = position
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        act(state, seat, typed(position))
    assert err.value.msg.key == key, (key, str(err.value))
    assert state.model_dump_json() == before
    return err.value


@pytest.mark.parametrize("builder, typed, key", REFUSALS, ids=[k.split(".")[-1] for _, _, k in REFUSALS])
def test_every_refusal_has_one_line_of_words(builder, typed, key):
    said = words(_refuse(builder, typed, key))
    assert "\n" not in said and "{" not in said and len(said) < 300, said


def _term_families() -> list[Msg]:
    """The vocabulary the engine and the renderer pick by a component's code."""
    out = [terms.tile(code) for code in TILE_COUNTS]
    out += [terms.zoning(z.id) for z in cards().zoning]
    out += [terms.contract(c.kind, c.neighborhoods, n) for c in cards().contracts for n in (2, 3)]
    out += [terms.shape(b.shape) for b in components().buildings]
    out += [terms.phase(p) for p in PHASES]
    out += [Msg(f"bv.term.must_{kind}") for kind in ("offer", "build", "neutral", "contract")]
    return out


def _emitted() -> list[Msg]:
    """Messages of seeded random games (events, glosses, status, private lines, tie-breaks),
    of every refusal, and of the vocabulary families."""
    found: list[Msg] = []
    for seats in (2, 3, 4):
        for seed in range(3):
            state = GAME.new_game(seats, GAME.options_model(), seed)
            for _, _, after, events in playout(GAME, state, Rng.from_seed(seed)):
                found += [e.msg for e in events]
                for seat in GAME.to_act(after):
                    found += [c.gloss for c in GAME.choices(after, seat)]
                found += GAME.status(after)
                for seat in (None, *range(seats)):
                    found += GAME.private_lines(GAME.view(after, seat))
            result = GAME.result(after)
            found += [result.tie_break] if result.tie_break else []
    found += [_refuse(*case).msg for case in REFUSALS]
    return found + _term_families()


def test_every_key_the_engine_can_emit_renders():
    seen = set()
    for msg in _emitted():
        for m in _msgs(msg):
            assert catalog().has(m.key), m.key
            seen.add(m.key)
        said = words(msg)  # a missing parameter raises KeyError
        assert "{" not in said and "}" not in said, said
    assert len(seen) > 60


def _literal_keys() -> set[str]:
    text = "\n".join(p.read_text() for p in SOURCES)
    return {k for k in re.findall(r"[\"'](bv\.[a-z]+\.[a-z0-9_]+)[\"']", text) if not k.endswith("_")}  # "_": a prefix


def test_every_key_written_in_the_code_is_in_the_catalog():
    missing = sorted(k for k in _literal_keys() if not catalog().has(k))
    assert not missing


def _categories() -> set[str]:
    """The score categories' keys: the platform reads "bv.category.<breakdown id>"."""
    final, _ = play_to_end(GAME, 3, GAME.options_model(), 1)
    return {f"bv.category.{k}" for score in GAME.result(final).scores for k in score.breakdown}


def test_every_score_category_has_words():
    assert sorted(_categories()) == ["bv.category.coins", "bv.category.contracts",
                                     "bv.category.grouping_objective", "bv.category.height_objective"]
    assert all(catalog().has(k) for k in _categories())


def _board_families() -> set[str]:
    """Board words the renderer picks by a value: the phase, who must act, the objective card."""
    objectives = cards().height_objectives + cards().grouping_objectives
    return ({f"bv.board.phase_{p}" for p in PHASES if p != "over"} | {f"bv.board.must_{p}" for p in PHASES if p != "over"}
            | {f"bv.board.objective_{o.id.lower()}" for o in objectives})


def _board_names() -> set[str]:
    """Board words the renderer asks for by name (``w("round")``): a literal in render/bella_vista/."""
    text = "\n".join(p.read_text() for p in SOURCES if p.parent.parent.name == "render")
    return {f"bv.board.{name}" for name in re.findall(r"[\"']([a-z][a-z0-9_]*)[\"']", text)}


def test_every_board_word_picked_by_a_value_exists():
    assert not sorted(k for k in _board_families() if not catalog().has(k))


def test_every_key_of_the_catalog_is_used():
    ours = {k for k in catalog().templates if k.startswith("bv.")}
    families = {m.key for msg in _term_families() for m in _msgs(msg)} | _board_families() | _board_names()
    options = {f"bv.option.{name}" for name in Options.model_fields}  # /help: "<prefix>.option.<name>"
    units = units_named("bv")  # the {n:<unit>} tables the templates name
    unused = sorted(ours - _literal_keys() - families - _categories() - options - units - {"bv.help", "bv.result.tie_rule"})  # "<prefix>.help", the sheet's tie rule
    assert not unused
    assert "`offer 5 #6`" in catalog().text_of("bv.help")  # chat markdown: only in the help
    chat_only = ("bv.help", "bv.option.", "bv.error.", "bv.term.must_")  # never drawn on an image
    assert not [k for k in ours if "`" in str(catalog().templates[k]) and not k.startswith(chat_only)]


def test_help_says_how_you_win_and_how_scoring_works_before_the_moves():
    text = catalog().text_of("bv.help")
    rules, moves = text.split("**Bella Vista moves**")
    assert "most coins after round 8" in rules and "largest Group" in rules
    assert "1 per adjacent shorter Building" in rules and "Contract Cards" in rules and "objective" in rules
    assert 3 <= len(rules.strip().splitlines()) <= 5
    for example in ("`offer 5 #6`", "`offer last #6`", "`build B3-C3`", "`contract 7`", "`neutral B3-C3`"):
        assert example in moves  # the README's notation table spells them the same


def test_offer_gloss_says_where_the_card_builds_among_those_already_offered():
    s = new(4, seed=3)
    first = min(GAME.to_act(s))
    s, _ = act(s, first, f"offer 3 #{s.architects[first].hand[0]}")  # the 3-coin space: 7 and 5 build before it
    seat = min(GAME.to_act(s))
    glosses = {c.notation.split(" #")[0]: words(c.gloss) for c in GAME.choices(s, seat)}
    assert glosses["offer 7"].endswith(" · build order: 1 of 2")  # dearer than the card offered: builds first
    assert glosses["offer 0"].endswith(" · build order: 2 of 2")
    assert all(" 0 of " not in g for g in glosses.values())
    s, _ = act(s, seat, f"offer 0 #{s.architects[seat].hand[0]}")
    seat = min(GAME.to_act(s))
    glosses = {c.notation.split(" #")[0]: words(c.gloss) for c in GAME.choices(s, seat)}
    assert glosses["offer 1"].endswith(" · build order: 2 of 3")  # after the 3-coin card, before the free one
    assert glosses["offer 7"].endswith(" · build order: 1 of 3")

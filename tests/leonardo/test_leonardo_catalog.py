"""Leonardo's English catalog (data/messages/en/leo.toml) against the engine: every key
the engine emits (events, refusals, glosses, status and private lines, tie-breaks, in
seeded random games and in every refusal below) has words and renders with the parameters
given; every key of the catalog is used by the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from leo_helpers import G, do, ready

from engines.core.errors import RuleError
from engines.core.messages import Msg
from engines.core.playout import playout
from engines.core.rng import SplitMix64
from engines.leonardo.economy import capital
from engines.leonardo.model import COLOURS, Options
from engines.leonardo.notation import PRODUCT_WORDS
from engines.leonardo.positions import next_spins, started
from render.text import Style, catalog, words
from tests.locale_words import units_named

ENGINE = Path(__file__).parents[2] / "engines" / "leonardo"
RENDER = Path(__file__).parents[2] / "render"


def _bought():
    return do(ready(0, pos=20, roll=3), 0, "spin").state


def _market():
    return do(ready(0, pos=20, roll=[4, 2]), 0, "spin").state


def _chosen():
    state = do(do(ready(0, n=4, corporations=True), 0, "join blue").state, 1, "accept").state
    state.firms[0].moved, state.firms[0].position = True, 30
    return do(next_spins(state, [2, 3]), 0, "spin").state


def _office():
    return do(ready(0, pos=4, roll=5, offices={1: [9]}), 0, "spin").state


# every refusal of the engine: (position, seat, what the player types, the key)
REFUSALS = [
    (lambda: _bought(), 0, "art 1", "leo.error.art_once"),
    (lambda: do(_bought(), 0, "decline").state, 1, "bid 999", "leo.error.amount"),
    (lambda: ready(0), 0, "guelfi", "leo.error.declared_late"),
    (_market, 1, "pass", "leo.error.market_pass"),
    (lambda: ready(0, owner={2: 0}), 0, "art 9", "leo.error.art_count"),
    (lambda: ready(0, owner={2: 0}), 0, "art 0", "leo.error.art_count"),
    (lambda: do(ready(0, owner={2: 0}), 0, "art 1").state, 0, "place 4", "leo.error.place"),
    (_chosen, 0, "move 5", "leo.error.choose"),
    (_office, 1, "office +6", "leo.error.office_range"),
    (_office, 1, "office 0 remove", "leo.error.office_remove"),
    (lambda: ready(0, n=4), 0, "join blue", "leo.error.no_corporations"),
    (lambda: do(do(ready(0, n=5, corporations=True), 0, "join blue").state, 1, "refuse").state, 0, "join green",
     "leo.error.proposed"),
    (lambda: ready(0, n=4, corporations=True), 0, "join red", "leo.error.join_target"),
    (lambda: ready(0), 0, "rescue", "leo.error.no_rescue"),
    (lambda: ready(0), 0, "decline", "leo.error.not_now"),
    (lambda: ready(0), 0, "  ", "leo.error.empty"),
    (lambda: ready(0), 0, "dance 3", "leo.error.unreadable"),
    (lambda: ready(0), 0, "office +1 twice", "leo.error.unreadable"),
    (lambda: ready(0), 0, "bid lots", "leo.error.not_a_number"),
    (lambda: ready(0), 0, "join pink", "leo.error.not_a_colour"),
    (lambda: ready(0), 0, "bet diamonds 5", "leo.error.not_a_product"),
    (lambda: ready(0), 0, "join blue pope", "leo.error.not_a_faction"),
]


def _refusal(build, seat, text) -> RuleError:
    state = build()
    with pytest.raises(RuleError) as err:
        G.apply(state, seat, G.parse_action(state, seat, text))
    return err.value


@pytest.mark.parametrize("build,seat,text,key", REFUSALS, ids=[f"{c[3]}:{c[2]}" for c in REFUSALS])
def test_every_refusal_has_its_key_and_one_line_of_words(build, seat, text, key):
    err = _refusal(build, seat, text)
    assert err.msg.key == key
    said = words(err)
    assert said and "\n" not in said and "{" not in said


def test_the_corporations_variant_is_refused_below_four_players():
    with pytest.raises(RuleError) as err:
        G.new_game(3, Options(corporations=True), 1)
    assert words(err.value) == ("The corporations variant needs four or more players, not 3; play without it "
                                "(`corporations=no`).")


JOINED = {"leo.event.sold_back_many", "leo.event.collected"}  # engines/leonardo/telling.py


def _emitted() -> list[Msg]:
    """Every message of seeded random games: events (and a move's events as told, where some are
    joined), status parts, private lines of every seat and of a spectator, the glosses of every
    choice, the agents' hints, the reveal's lines for what is still hidden, the tie-break."""
    out: list[Msg] = []
    for players, options in ((2, Options(max_rounds=3)), (3, Options(max_rounds=3)), (4, Options(max_rounds=3)),
                             (5, Options(max_rounds=3, corporations=True)),
                             (6, Options(max_rounds=3, corporations=True))):
        for seed in range(10):
            start = G.new_game(players, options, seed)
            out += G.status(start)
            for _, _, state, events in playout(G, start, SplitMix64.from_seed(seed)):
                out += [e.msg for e in events] + G.status(state) + G.hidden_at_end(state)
                out += [m for m in G.told([e.msg for e in events if e.to is None]) if m.key in JOINED]  # as told
                for seat in [None, *range(players)]:
                    out += G.private_lines(G.view(state, seat))
                for seat in G.to_act(state):
                    out += [c.gloss for c in G.choices(state, seat) if c.gloss is not None]
                    view = G.view(state, seat)
                    for action in G.legal_actions(state, seat)[:12]:  # an agent's hint, with and without a margin
                        out += [m for value in (3.0, 1.0, None) if (m := G.explain(view, seat, action, value))]
            result = G.result(state)
            out += [result.tie_break] if result.tie_break else []
    return out


def _keys(msg) -> set[str]:
    """A message's key and the keys nested in its parameters."""
    if isinstance(msg, list):
        return set().union(*map(_keys, msg)) if msg else set()
    if not isinstance(msg, Msg):
        return set()
    return {msg.key}.union(*(_keys(v) for v in msg.params.values()))


def test_every_message_the_engine_emits_has_words():
    messages = _emitted() + [_refusal(*case[:3]).msg for case in REFUSALS]
    seen = set().union(*map(_keys, messages))
    assert all(key.startswith("leo.") for key in seen), sorted(k for k in seen if not k.startswith("leo."))
    assert not [k for k in seen if not catalog().has(k)]
    for msg in messages:
        assert words(msg)  # a missing key or parameter raises
    # the random games reach most of the catalog, not a corner of it (the images' own words,
    # leo.board.*, are the render tests' business)
    assert len(seen) > 0.8 * len({k for k in _catalog_keys() if not k.startswith("leo.board.")})


def _catalog_keys() -> set[str]:
    return {k for k in catalog().templates if k.startswith("leo.")}


def test_every_catalog_key_is_used_by_the_code():
    sources = [*ENGINE.glob("*.py"), *(RENDER / "leonardo").glob("*.py")]  # the images' words: leo.board.*
    code = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    used = set(re.findall(r'"(leo\.[a-z_]+\.[a-z_]+)"', code))
    categories = {f"leo.category.{k}" for k in capital(started(2), started(2).firms[0])}
    platform = {"leo.help", "leo.result.tie_rule"} | {f"leo.option.{name}" for name in Options.model_fields}  # /help; the sheet
    platform |= units_named("leo")  # the {n:<unit>} tables the templates name
    assert _catalog_keys() == used | categories | platform, (
        sorted(_catalog_keys() - used - categories - platform), sorted(used - _catalog_keys()))


def test_the_help_says_how_to_win_and_how_capital_is_counted_before_the_moves():
    lines = words(Msg("leo.help")).split("\n")
    assert "spin" in lines[0] and "roll" not in " ".join(lines)  # the Machina de la Sorte is a spinner
    scoring = lines[1:4]
    assert scoring[0].startswith("How you win:") and "highest capital wins" in scoring[0]
    assert scoring[1].startswith("Capital = florins + your palazzi and bridges at their price + your works of art")
    assert "rank last" in scoring[1] and scoring[2].startswith("Rent and tolls:")
    assert not any("`" in line for line in scoring[1:])  # the moves come after


def test_every_move_the_help_shows_is_read_by_the_parser_as_autocomplete_writes_it():
    from engines.leonardo.model import UseOffice

    text = words(Msg("leo.help"))
    state = started(4)
    words_in_moves = {"max_rounds", *PRODUCT_WORDS, *COLOURS}  # an option, and words a move is made of
    examples = [e for e in re.findall(r"`([^`]+)`", text) if e not in words_in_moves]
    assert len(examples) > 15
    for example in examples:
        action = G.parse_action(state, 0, example)  # raises if the help and the parser disagree
        assert G.parse_action(state, 0, G.notation(state, action)) == action
    assert f"`{G.notation(state, UseOffice())}`" in text  # leaving a marker where it is: "office 0"


def test_every_move_of_the_readmes_table_is_spelled_as_in_the_help():
    """The players' guide's notation table shows the moves as /help and autocomplete write them (it said
    ``office skip`` where both write ``office 0``)."""
    readme = (Path(__file__).resolve().parents[2] / "docs" / "playing.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Leonardo"):] + "\n## "
    section = section[:section.index("\n## ")]
    moves = [m for line in section.splitlines() if line.startswith("| ") for m in re.findall(r"`([^`]+)`", line)]
    text = words(Msg("leo.help"))
    assert len(moves) > 10
    assert [m for m in moves if f"`{m}`" not in text] == []


# a preposition before an article that the language contracts ("a la banca" is "alla banca",
# "a o banco" is "ao banco"): a sentence that puts a term after a preposition must have its own form
UNCONTRACTED = {"it": re.compile(r"\b(a|di|da|in|su) (il|lo|la|i|gli|le)\b"),
                "pt-BR": re.compile(r"\b(a|de|em|por) (o|os|a|as)\b")}


@pytest.mark.parametrize("locale", sorted(UNCONTRACTED))
def test_paying_the_bank_is_said_with_the_contracted_preposition(locale):
    """Issue 28: Italian said 'Paga a la banca 50 fiorini', Portuguese 'paga a o banco'."""
    said = [words(msg, locale=locale) for msg in _emitted() if msg.key == "leo.event.paid_bank"]
    assert said and not [t for t in said if UNCONTRACTED[locale].search(t)], said[:3]


@pytest.mark.parametrize("locale", sorted(UNCONTRACTED))
def test_no_preposition_meets_an_article_it_should_contract(locale):
    """Issue 28: 'tocca a la corporazione', 'de a corporação' (render/grammar.py joins them)."""
    found = sorted({text for msg in _emitted() if UNCONTRACTED[locale].search(text := words(msg, locale=locale))})
    assert not found, found[:5]


@pytest.mark.parametrize("locale", ["en", "it", "pt-BR"])
def test_an_event_whose_subject_is_a_corporation_starts_with_a_capital(locale):
    """Issue 28: a corporation is 'la corporazione di …' / 'a corporação de …', so 23 events began
    'la corporazione di Anne e Bruno paga …' in Italian and Portuguese (names, so a seat is no capital)."""
    named = Style(seat=lambda seat: ("Anne", "Bruno", "Carla", "Dino", "Elena", "Fabio")[seat])
    said = [words(msg, named, locale=locale) for msg in _emitted() if msg.key.startswith("leo.event.")]
    corporations = [t for t in said if re.match(r"La corporazione |A corporação |\w+( and \w+)+'s corporation ", t)]
    assert len(corporations) > 50 and not [t for t in said if t[:1].islower()]

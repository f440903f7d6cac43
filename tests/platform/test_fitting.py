"""Texts fitted to Discord's limits (bot/play/fitting.py, issue 28): a record keeps its newest lines
under a head that names them, a help is split into pages at line breaks, a shortened line ends
between words."""

from __future__ import annotations

import random

import pytest

from bot.play.fitting import EMBED, MESSAGE, clip_words, keep_newest, pages
from engines.core import Msg
from render.text import LOCALES, Style, catalog

LONG_NAME = "Bartholomew-Maximilian von Gutenberg"  # 32+ characters, as Discord allows


def log_head(locale: str, total: int):
    words = catalog(locale)
    return lambda kept: words.text_of("bot.log.head", first=total - kept + 1, last=total, count=total) if kept else ""


def worst_lines(locale: str, count: int) -> list[str]:
    """Leonardo's longest public event, once per move, with the longest names."""
    words, style = catalog(locale), Style(seat=lambda s: LONG_NAME)
    line = Msg("leo.event.rescue_call", firm=LONG_NAME, amount=1250, why=Msg("leo.term.why_tribute"),
               shortfall=375, rescuers=[LONG_NAME, LONG_NAME])
    return [words.text_of("bot.log.line_who", style, seq=i + 1, who=LONG_NAME, what=words.text(line, style))
            for i in range(count)]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_long_record_keeps_its_newest_lines_under_a_head_that_names_them(locale):
    lines = worst_lines(locale, 38)
    text, kept = keep_newest(lines, MESSAGE, log_head(locale, len(lines)))
    assert len(text) <= MESSAGE and 1 <= kept < len(lines)
    shown = text.split("\n")
    assert shown[0] == log_head(locale, 38)(kept) and shown[1:] == lines[-kept:]  # the newest, whole
    assert f"{39 - kept}" in shown[0] and shown[-1].startswith("38. ")


def test_a_short_record_is_kept_whole():
    lines = [f"{i}. x" for i in range(1, 6)]
    assert keep_newest(lines, MESSAGE, lambda kept: f"{kept} of 5:") == ("5 of 5:\n" + "\n".join(lines), 5)
    assert keep_newest([], MESSAGE, lambda kept: "") == ("", 0)


def test_a_newest_line_longer_than_the_limit_alone_is_shortened_between_words():
    line = "word " * 1000
    text, kept = keep_newest(["old", line], 100, lambda kept: "Head:")
    assert kept == 1 and len(text) <= 100 and text.startswith("Head:\nword") and text.endswith("word…")


def test_a_line_is_cut_between_words_with_an_ellipsis():
    assert clip_words("short", 10) == "short"
    assert clip_words("the quick brown fox", 12) == "the quick…"
    assert clip_words("x" * 50, 10) == "x" * 9 + "…"
    rng = random.Random(3)
    for _ in range(500):
        text = " ".join("ab" * rng.randrange(1, 8) for _ in range(rng.randrange(1, 40)))
        limit = rng.randrange(1, 120)
        cut = clip_words(text, limit)
        assert len(cut) <= limit and (cut == text or cut.endswith("…"))
        assert cut == text or not cut[:-1] or text.startswith(cut[:-1])


def test_pages_keep_sections_whole_and_split_a_long_one_at_line_breaks():
    rng = random.Random(5)
    blocks = ["\n".join(f"section {b} line {i} " + "x" * rng.randrange(10, 300) for i in range(rng.randrange(1, 40)))
              for b in range(12)]
    out = pages(blocks, EMBED)
    assert all(0 < len(p) <= EMBED for p in out)
    assert "\n".join(out).split() == "\n".join(blocks).split()  # nothing lost, nothing cut
    for block in blocks:  # a section that fits a page is on one page
        if len(block) <= EMBED:
            assert any(block in p for p in out)


def test_a_single_line_longer_than_a_page_is_shortened():
    out = pages(["intro", "y " * 5000], 300)
    assert all(len(p) <= 300 for p in out) and out[0].startswith("intro") and out[-1].endswith("…")


async def test_log_keeps_the_newest_moves_and_names_each_player_once(service):
    """/log was cut at 2,000 characters after its head, so the newest moves (what players open it for)
    were lost and the head named moves not shown; each line named the player twice (issue 28, item 2)."""
    from tests.platform.platform_helpers import by_id, seated_game

    await seated_game(service, key="leonardo", players=4)
    for _ in range(40):
        pending = await service.pending(1)
        uid = sorted(pending)[0]
        await service.act(1, by_id(uid), pending[uid][0])
    text = await service.log(1, last=40)
    head, *lines = text.split("\n")
    assert len(text) <= MESSAGE and lines[-1].startswith("40. ") and len(lines) < 40  # the oldest dropped
    assert head == catalog("en").text_of("bot.log.head", first=41 - len(lines), last=40, count=40)
    for line in lines:
        seq, what = line.split(". ", 1)
        assert not what.startswith(("Anne:", "Bruno:", "Andrea:", "Sofia:")), line


def test_a_move_s_events_are_one_per_line_naming_the_mover_once():
    """Leonardo's moves came as one paragraph naming the mover five times (issue 28, item 8)."""
    from render.text import subject_once
    CONTINUED = "↳ "

    carol, dave = "🟦 carol", "🟥 dave"
    events = [f"{carol} spins the Machina de la Sorte: 10.", f"{carol} moves 10 to Ponte alla Carraia (13).",
              f"{carol} pays {dave} 5 florins (toll of Ponte alla Carraia).", f"Round 3: {dave} to play.",
              f"{carol} pays {dave} 20 florins (tribute to the men-at-arms)."]
    lines = subject_once(events, carol)
    assert "\n".join(lines).count(carol) == 1 and lines[0] == events[0]
    assert lines[1] == f"{CONTINUED}moves 10 to Ponte alla Carraia (13)." and lines[3] == events[3]
    assert lines[4].startswith(CONTINUED + "pays 🟥 dave")
    assert subject_once([f"{dave} builds.", f"{carol} pays."], carol) == [f"{dave} builds.", f"{carol} pays."]
    assert subject_once(events, "") == events  # the clock's moves have no mover to name


def test_discord_limits_cut_labels_between_words():
    """An autocomplete label at Discord's 100 characters (Bella Vista's contracts) ends on a whole word."""
    from bot.chat.views import clip

    label = "contract 14 · +10 coins: 1 Building fully on each: Striped Flower, Butterfly, Striped Leaf and Sun, twice"
    cut = clip(label, 100)
    assert len(cut) <= 100 and cut.endswith("…") and label.startswith(cut[:-1]) and label[len(cut) - 1] == " "

"""A game's page: the HTML (the newest version, written on the server, so it reads without scripts
too), a version as JSON for the script (``/static/page.js``) that scrubs the timeline and follows the
game live, the version's board image, and once the game is over its reveal and replay.

The language: the browser's (``Accept-Language``) when it names one of ours, else the game's.
"""

from __future__ import annotations

from html import escape

from bot.play.spectate import Sight
from render.text import LOCALES, catalog

ASSETS = "4"  # bumped when page.js or page.css change, so a cached copy is not used


def language(accept: str | None, game_lang: str) -> str:
    """The first of the browser's languages we speak (``pt`` is ``pt-BR``; ``en-GB`` is ``en``), else the game's."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and q > 0:
            ranked.append((-q, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        low = tag.lower()
        for locale in LOCALES:
            if low == locale.lower() or low.split("-")[0] == locale.lower().split("-")[0]:
                return locale
    return game_lang


def words(lang: str, key: str, **params: object) -> str:
    return catalog(lang).text_of(key, **params)


def sight_json(sight: Sight, base: str, turns: list[str] | None = None) -> dict:
    """What the script shows of a version (all of it public: ``bot.play.spectate``)."""
    lang = sight.lang
    data: dict = {
        "version": sight.version, "latest": sight.latest, "finished": sight.finished, "over": sight.over,
        "heading": words(lang, "bot.web.move_of", version=sight.version, latest=sight.latest),
        "status": sight.status, "standings": sight.standings, "waiting": sight.waiting, "left": sight.left,
        "log": sight.log, "alt": sight.alt, "image": f"{base}/v/{sight.version}.webp",
    }
    if sight.over:
        data["reveal"], data["replay"] = f"{base}/reveal.txt", f"{base}/replay.gif"
        if turns is not None:  # the story (issue 26): told only once the game is over
            data["story"], data["turns"] = f"{base}/story.webp", turns
    return data


def _list(items: list[str], cls: str) -> str:
    return f'<ul class="{cls}">' + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>"


def _story(lang: str, base: str, turns: list[str]) -> str:
    """The story of a finished game: the chart of each seat's chance and its turning points."""
    w = lambda key, **p: escape(words(lang, key, **p))  # noqa: E731
    told = (f'<p>{w("bot.web.turning")}</p><ol id="turns" class="turns">'
            + "".join(f"<li>{escape(t)}</li>" for t in turns) + "</ol>") if turns else f'<p id="turns">{w("bot.web.story_calm")}</p>'
    return (f'<section id="story" aria-labelledby="story-h"><h2 id="story-h">{w("bot.web.story")}</h2>'
            f'<figure><img id="chart" src="{base}/story.webp" alt="{w("bot.web.story_alt")}" width="550" loading="lazy">'
            f'</figure>{told}</section>')


def html_page(sight: Sight, base: str, turns: list[str] | None = None) -> str:
    """The page; ``turns``: the story's turning points once the game is over (None: no story)."""
    lang = sight.lang
    w = lambda key, **p: escape(words(lang, key, **p))  # noqa: E731
    waiting = "" if not sight.waiting else f'<p id="waiting">{w("bot.web.waiting")} {escape(", ".join(sight.waiting))}</p>'
    left = "" if not sight.left else f'<p id="left">{w("bot.web.left")} {escape(" · ".join(sight.left))}</p>'
    standings = "" if not sight.standings else f'<h2>{w("bot.web.standings")}</h2>' + _list(sight.standings, "standings")
    ends = ""
    if sight.over:
        ends = (f'<section id="ended" aria-labelledby="ended-h"><h2 id="ended-h">{w("bot.web.after_end")}</h2>'
                f'<p><a id="reveal" href="{base}/reveal.txt">{w("bot.web.reveal")}</a></p>'
                f'<figure><img id="replay" src="{base}/replay.gif" alt="{w("bot.web.replay_alt")}" loading="lazy">'
                f'<figcaption>{w("bot.web.replay")}</figcaption></figure></section>')
        if turns is not None:
            ends += _story(lang, base, turns)
    return f"""<!doctype html>
<html lang="{escape(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{w("bot.web.page_title", title=sight.title, game=sight.game_id)}</title>
<link rel="stylesheet" href="/static/page.css?{ASSETS}">
<link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<script src="/static/page.js?{ASSETS}" defer></script>
</head>
<body>
<main id="game" data-base="{escape(base)}" data-version="{sight.version}" data-latest="{sight.latest}">
<header>
<h1>{escape(sight.title)} <span class="game">#{sight.game_id}</span></h1>
<p id="live" class="live" role="status" aria-live="polite">{w("bot.web.connecting")}</p>
</header>
<div class="layout">
<figure class="board"><img id="board" src="{base}/v/{sight.version}.webp" alt="{escape(sight.alt)}" width="550">
</figure>
<div class="side">
<nav class="timeline" aria-label="{w("bot.web.timeline")}">
<h2 id="heading">{w("bot.web.move_of", version=sight.version, latest=sight.latest)}</h2>
<div class="controls">
<button type="button" id="prev" aria-label="{w("bot.web.previous")}">◀</button>
<input type="range" id="scrub" min="0" max="{sight.latest}" value="{sight.version}" aria-label="{w("bot.web.timeline")}">
<button type="button" id="next" aria-label="{w("bot.web.next")}">▶</button>
<button type="button" id="latest">{w("bot.web.latest")}</button>
</div>
</nav>
<section aria-labelledby="status-h"><h2 id="status-h">{w("bot.web.status")}</h2>
<div id="status">{_list(sight.status, "status")}{waiting}{left}{standings}</div></section>
<section aria-labelledby="log-h"><h2 id="log-h">{w("bot.web.log")}</h2>
<ol id="log" class="log">{"".join(f"<li>{escape(line)}</li>" for line in sight.log)}</ol></section>
{ends}
</div>
</div>
<noscript><p>{w("bot.web.no_script")}</p></noscript>
<template id="words" data-waiting="{w("bot.web.waiting")}" data-left="{w("bot.web.left")}" data-standings="{w("bot.web.standings")}"
 data-offline="{w("bot.web.offline")}" data-live="{w("bot.web.live")}" data-past="{w("bot.web.past")}" data-after-end="{w("bot.web.after_end")}"
 data-reveal="{w("bot.web.reveal")}" data-replay="{w("bot.web.replay")}" data-replay-alt="{w("bot.web.replay_alt")}"
 data-story="{w("bot.web.story")}" data-story-alt="{w("bot.web.story_alt")}" data-turning="{w("bot.web.turning")}" data-story-calm="{w("bot.web.story_calm")}"></template>
</main>
</body>
</html>
"""

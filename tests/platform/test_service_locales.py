"""The service writes for its reader and for the game: a refusal, a hand and /help in the reader's language,
lobby lines and boards' text in the game's (``lang`` at create, kept with the stored options but never
shown to the title as an option); an unknown language is refused and changes nothing."""

import pytest

from bot.play.answers import Refusal, User
from bot.play.locale import from_discord, game_lang, reading

ANA, GIO, ED = User(1, "Ana"), User(2, "Gio"), User(3, "Ed")


def test_discord_locales_map_to_ours():
    assert [from_discord(t) for t in ("en-US", "en-GB", "pt-BR", "it", "fr", "pt-PT", None)] == \
        ["en", "en", "pt-BR", "it", "en", "en", "en"]


async def test_public_lines_in_the_game_s_language_private_ones_in_the_reader_s(service, store):
    with reading("it"):
        post = await service.create(10, 1, GIO, "torri", "max_rounds=15", lang="pt-BR")
    assert post.public_text.startswith("**Gio** abriu uma partida") and "lang=pt-BR" in post.public_text
    row = await store.games.open_in(1)
    assert game_lang(row) == "pt-BR" and row.options == {"max_rounds": 15, "lang": "pt-BR"}
    with reading("en"):
        post = await service.join(1, ED)
    assert "entrou em **Le Torri di Bologna**" in post.public_text and post.lang == "pt-BR"
    with reading("it"), pytest.raises(Refusal, match="Sei già in questa partita"):
        await service.join(1, GIO)
    with reading("it"):
        post = await service.start(1, GIO)
    assert "começa" in post.public_text and "Rodada" in post.public_text  # the board's text: the game's
    assert post.board_image and not post.private_text
    with reading("en"):
        hand = await service.hand(1, ED)
    assert hand.private_text.startswith("You are")
    with reading("it"):
        hand = await service.hand(1, GIO)
    assert hand.private_text.startswith("Sei ")
    assert all(" · " not in c.label or "oro" in c.label or "costruttore" in c.label for c in hand.choices)


async def test_an_unknown_language_is_refused_and_opens_nothing(service, store):
    with reading("pt-BR"), pytest.raises(Refusal, match="Não existe a língua `fr`"):
        await service.create(10, 1, ANA, "torri", None, lang="fr")
    assert await store.games.open_in(1) is None


async def test_help_describes_the_options_in_the_reader_s_language(service):
    with reading("it"):
        text = service.help_text("torri")
    assert "forma delle mura" in text and "wall shape" not in text
    assert "`max_rounds` (da 15 a 200, predefinito `40`)" in text
    with reading("pt-BR"):
        assert "a cidade: `random`" in service.help_text("bella_vista")
    with reading("en"):
        assert "the corporations variant" in service.help_text("leonardo")


@pytest.mark.parametrize("locale", ["en", "pt-BR", "it"])
def test_help_fits_one_embed_in_every_language_and_points_to_each_title(service, locale):
    """/help without a game was 6.8k-7.7k characters cut at 4,096 (issue 28, item 1): Torri's part never
    appeared. Now it is the intro and one line per title naming that title's own help command."""
    from bot.play import registry
    from bot.play.fitting import EMBED
    from bot.play.words import phrase

    with reading(locale):
        [page] = service.help_pages()
        command = f"/{phrase('bot.name.help')} {phrase('bot.name.game')}:"
        for key, title in registry.titles().items():
            assert f"{command}{title.engine.title}" in page
            assert all(0 < len(p) <= EMBED for p in service.help_pages(key))
            assert "\n\n".join(service.help_pages(key)).count(f"`{key}`") == 1  # no page lost or repeated
    assert len(page) <= EMBED and page.count("\n") >= 6  # short lines for phones
    assert "**Options**" not in page and "`max_rounds`" not in page

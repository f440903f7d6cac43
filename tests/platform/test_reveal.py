"""The reveal at the end: the final post carries a file with every secret still hidden and every
private event of the log (none of which any earlier public post showed); /log then shows the
private parts too. Real engines, a real SQLite file."""

import pytest

from bot.play import registry
from bot.play.reveal import plain_style
from bot.play.service import Refusal
from bot.play.words import say
from engines.core import Msg, Rng
from render.text import catalog
from tests.platform.platform_helpers import ANNE, by_id, seated_game


async def play_to_the_end(service, channel=1, seed=5):
    rng = Rng.from_seed(seed)
    public = []
    while True:
        pending = await service.pending(channel)
        uid = rng.choice(sorted(pending))
        post = await service.act(channel, by_id(uid), rng.choice(pending[uid]))
        if post.finished:
            return post, public
        assert not post.attachments  # nothing is revealed before the end
        public.append(post.public_text or "")


@pytest.mark.parametrize("key", ["bella_vista", "leonardo"])
async def test_the_final_post_reveals_everything_hidden(service, key):
    await seated_game(service, key=key, players=3, seed=9)
    with pytest.raises(Refusal, match="not started|no game"):  # nothing to reveal during play
        await service.log(2)
    early_log = await service.log(1)
    assert "(only" not in early_log
    final, earlier = await play_to_the_end(service)
    row = await service.store.places.last_in(1)
    engine = registry.get(key).engine
    state = engine.state_model.model_validate_json(row.snapshot)
    files = dict(final.attachments)
    assert sorted(files) == [f"replay-{row.id}.gif", f"reveal-{row.id}.txt", f"story-{row.id}.webp"]
    assert f"reveal-{row.id}.txt" in final.public_text and files[f"replay-{row.id}.gif"].startswith(b"GIF89a")
    text = files[f"reveal-{row.id}.txt"].decode()
    still_hidden = [n for n, (_, knew) in engine.secrets(state).items() if knew is not None]
    lines = [catalog().text(m, plain_style(row)) for m in engine.hidden_at_end(state)]
    assert still_hidden and lines and all(f"- {line}\n" in text for line in lines)
    assert not any(n in text for n in still_hidden)  # in the game's words, not the engine's names
    private, in_chat = set(), set()
    for entry in await service.store.log.actions(row.id):
        for e in entry.events or []:
            if e.get("to") is not None:
                private.add(catalog().text(Msg.of(e), plain_style(row)))
                in_chat.add(say(row, Msg.of(e)))
    assert private and all(p in text for p in private)
    shown = "\n".join(earlier)
    assert not any(p in shown for p in in_chat)
    log = await service.log(1)
    assert "is over" in log and "(only" in log and len(log) <= 2000  # one message, the newest lines kept


async def test_no_reveal_for_an_aborted_game(service):
    await seated_game(service, key="torri", players=2)
    await service.abort(1, ANNE)
    with pytest.raises(Refusal):
        await service.log(1)

"""The engine's fast paths against the slow, obvious ones, action by action on random games:
the hand-made deep copy of a state (``copies``), the reveal flag computed without listing
the secrets (``hidden.opened``), and the search's ``advance`` in place against ``apply``."""

from __future__ import annotations

import copy
import threading

import pytest
from leo_helpers import G
from pydantic import BaseModel

from engines.core.game import Event, event
from engines.core.playout import playout
from engines.core.rng import Rng, SplitMix64
from engines.leonardo import copies, hidden
from engines.leonardo.events import event as leo_event
from engines.leonardo.events import quietly
from engines.leonardo.flow import legal
from engines.leonardo.model import (
    Accept,
    Buy,
    BuyArt,
    Declare,
    Decline,
    Options,
    Pass,
    Place,
    Refuse,
    Rescue,
    Spin,
    State,
)
from engines.leonardo.positions import next_spins, started
from engines.leonardo.rules import plainly_legal

GAMES = [(players, options) for players in (2, 3, 4, 5, 6) for options in (Options(max_rounds=3),)]
GAMES += [(players, Options(max_rounds=4, corporations=True)) for players in (4, 5, 6)]


def shared(a, b, path="state") -> list[str]:
    """Where two values share a list, a dict or an unfrozen model (empty for a true deep copy)."""
    if isinstance(a, int | str | float | bool | tuple | frozenset) or a is None:
        return []
    if isinstance(a, BaseModel) and a.model_config.get("frozen"):
        assert all(isinstance(getattr(a, f), int | str | bool | None) for f in type(a).model_fields)
        return []
    if a is b:
        return [path]
    out = []
    if isinstance(a, BaseModel):
        for name in type(a).model_fields:
            out += shared(getattr(a, name), getattr(b, name), f"{path}.{name}")
    elif isinstance(a, dict):
        for k in a:
            out += shared(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += shared(x, y, f"{path}[{i}]")
    return out


def _games():
    for players, options in GAMES:
        for seed in range(12):
            state = G.new_game(players, options, seed)
            yield state
            for _, _, after, _ in playout(G, state, SplitMix64.from_seed(seed)):
                yield after


def test_every_field_of_the_state_has_its_way_of_being_copied():
    assert sorted(copies.COPIED) == sorted(State.model_fields)


def test_the_copy_of_a_state_equals_it_and_shares_nothing_mutable():
    copied = 0
    for state in _games():
        twin = state.model_copy(deep=True)
        assert twin == state and type(twin.rng) is type(state.rng)
        assert twin.model_fields_set == state.model_fields_set
        assert not shared(state, twin)
        copied += state.rescue is not None or state.auction is not None or state.market is not None
    assert copied > 50  # the rare parts of a state were copied too


def test_the_copy_of_a_scripted_generator_is_independent():
    state = next_spins(started(3), [3, 4])
    twin = copy.deepcopy(state)
    assert twin.rng.below(12) == 2 and state.rng.queue == [2, 3] and twin.rng.queue == [3]
    assert isinstance(twin.rng.then, Rng) and twin.rng.then is not state.rng.then


@pytest.mark.parametrize("players,options", GAMES, ids=[f"{p}p-{'corp' if o.corporations else 'base'}"
                                                          for p, o in GAMES])
def test_the_reveal_flag_is_the_secrets_rule(players, options):
    """``hidden.opened`` agrees with comparing ``secrets`` before and after every action."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        start = G.new_game(players, options, seed)
        for _, action, after, _ in playout(G, start, SplitMix64.from_seed(seed)):
            slow = hidden.revealed(hidden.secrets(start), hidden.secrets(after))
            assert hidden.opened(start, after) == slow, (seed, action)
            seen[slow] += 1
            start = after
    assert seen[True] > 20 and seen[False] > 20


def test_a_plain_yes_is_always_a_legal_action():
    """``rules.plainly_legal`` (the refusal check's shortcut) never accepts an action that
    ``legal`` does not list, for every action any seat could type, in random positions."""
    typed = [Declare(faction="guelfi"), Spin(), Buy(), Decline(), Pass(), Accept(), Refuse(), Rescue()]
    typed += [BuyArt(count=k) for k in range(0, 6)] + [Place(space=n) for n in range(1, 33)]
    said_yes = 0
    for i, state in enumerate(_games()):
        if i % 3 or G.result(state) is not None:
            continue
        for seat in G.to_act(state):
            listed = legal(state, seat)
            for action in typed:
                if plainly_legal(state, seat, action):
                    said_yes += 1
                    assert action in listed, (state.phase, action)
    assert said_yes > 1000


def test_every_event_equals_its_validated_twin():
    """``events.event`` skips pydantic's validation: each event of random games equals the
    core's ``event`` with the same arguments and survives a JSON round trip."""
    count = 0
    for players, options in GAMES[::2]:
        for seed in range(4):
            for _, _, _, events in playout(G, G.new_game(players, options, seed), SplitMix64.from_seed(seed)):
                for e in events:
                    twin = event(e.key, to=e.to, **e.params)
                    assert e == twin and e.model_fields_set == twin.model_fields_set
                    assert Event.model_validate_json(e.model_dump_json()).model_dump() == e.model_dump()
                    count += 1
    assert count > 1000



def test_advance_in_place_plays_what_apply_plays():
    """The search's ``advance`` (in place, its events left unmade) ends every action in the
    state ``apply`` returns, but for the caption ``apply`` keeps (who acted, its events);
    and ``apply``'s own events are still made."""
    played = 0
    for players, options in GAMES:
        for seed in range(6):
            start = G.new_game(players, options, seed)
            mine = start.model_copy(deep=True)
            for seat, action, after, events in playout(G, start, SplitMix64.from_seed(seed)):
                G.advance(mine, seat, action)
                assert mine.model_dump(exclude=CAPTION) == after.model_dump(exclude=CAPTION), (seed, action)
                assert all(e.key != "unmade" for e in events)
                played += 1
    assert played > 2000


CAPTION = {"last_seat", "last_events", "earlier"}


def test_a_quiet_search_in_one_thread_leaves_another_threads_events_made():
    inside, done = threading.Event(), threading.Event()

    def search():
        quietly(lambda: (inside.set(), done.wait(5)))

    worker = threading.Thread(target=search)
    worker.start()
    assert inside.wait(5)
    try:
        assert leo_event("leo.event.stays", firm="x").key == "leo.event.stays"
    finally:
        done.set()
        worker.join()
    quietly(lambda: None)
    assert leo_event("leo.event.stays", firm="x").params == {"firm": "x"}

"""Seats changing hands: replacing an idle player by vote, a volunteer taking over, /away and /back.

A vote (``/vote replace``) is asked by a seated person about another seated person; the other seated
people (everyone but the target) vote, and a majority of them (more than half) decides. It hands the
seat to a bot of the level chosen when the vote opened, or leaves it to a volunteer (a bot keeps it
meanwhile) who takes it with /takeover. One vote per game at a time; a move by the target ends it.
A volunteer becomes the seat's player: they see its private information from then on, exactly as its
owner did, and nothing of anyone else's. The original player can take back a seat a bot holds with
/back (not one a volunteer took). A vote lapses ``VOTE_HOURS`` after its first ballot if no majority
came: the next ballot opens a new one (and until then it blocks no other vote). /away hands one's own
seat to the autopilot for some hours; /back ends that early, and the scheduler ends it when the time
is up.

Each ballot, and each hand-over, reads the vote, the seats and the target's move count inside its
own transaction, after locking the game's row: a move by the target that landed first (in this
process or another) ends the vote, and one that comes after finds the seat handed on and is refused
(``Tables.record``).
"""

from __future__ import annotations

from datetime import timedelta

from bot.play.answers import Post, Refusal, User, refusal
from bot.play.bot_play import Bots
from bot.play.bots import LEVELS, bot_name, has_hooks, needs_hooks
from bot.play.clock import MAX_HOURS, autopilot_level
from bot.play.locale import game_lang
from bot.play.names import chat_name
from bot.play.notify import Notices
from bot.play.stored import Loaded
from bot.play.tables import Tables, read_back
from bot.play.turn_clocks import Clocks
from bot.play.words import phrase
from bot.store import GameRow, Repositories, StoreError

VOLUNTEER = "volunteer"
VOTE_HOURS = 48  # how long a vote stays open without a majority
OUTCOMES = (*LEVELS, VOLUNTEER)


OUTCOME_WORDS = {"random": "bot.level.random", "greedy": "bot.level.greedy", "mcts": "bot.level.mcts",
                 VOLUNTEER: "bot.choice.volunteer"}  # as /bot add and /vote replace name them
OUTCOME_PHRASES = {"random": "bot.outcome.random", "greedy": "bot.outcome.greedy", "mcts": "bot.outcome.mcts",
                   VOLUNTEER: "bot.outcome.volunteer"}  # in a sentence: "…with a greedy bot"


def outcome_word(outcome: str, lang: str | None = None) -> str:
    """A vote's outcome as /vote replace's choices name it (a bot level, or a volunteer)."""
    return phrase(OUTCOME_WORDS[outcome], lang=lang) if outcome in OUTCOME_WORDS else outcome


def outcome_phrase(outcome: str, lang: str | None = None) -> str:
    """A vote's outcome inside a sentence: "a greedy bot", "um voluntário" (``bot.outcome.*``)."""
    return phrase(OUTCOME_PHRASES[outcome], lang=lang) if outcome in OUTCOME_PHRASES else outcome


def person_seat(row: GameRow, user: User) -> int:
    seat = row.seat_of(user.id)
    if seat is None:
        raise Refusal(phrase("bot.replace.not_player"))
    return seat


def check_outcome(game: Loaded, outcome: str) -> None:
    if outcome not in OUTCOMES:
        raise Refusal(phrase("bot.replace.unknown_outcome", outcome=outcome,
                                    allowed=", ".join(outcome_word(o) for o in OUTCOMES)))  # as the menu names them
    if needs_hooks(outcome) and not has_hooks(game.engine):
        raise Refusal(phrase("bot.bots.level_unavailable", title=game.engine.title, level=outcome))


class SeatChanges:
    def __init__(self, tables: Tables, clocks: Clocks, bots: Bots, notices: Notices):
        self.tables, self.clocks, self.bots, self.notices = tables, clocks, bots, notices
        self.store = tables.store

    async def _fresh(self, tx: Repositories, row: GameRow) -> GameRow:
        """Inside a write: the game as it is now, its row locked (still being played, or refused)."""
        now = await tx.games.locked(row.id)
        if now is None or now.status != "active":
            raise Refusal(phrase("bot.lobby.no_game"))
        return now

    async def vote_replace(self, channel_id: int, user: User, target_id: int, outcome: str | None = None) -> Post:
        """A ballot to replace the player ``target_id`` (by a bot of a level, or by a volunteer); the
        first opens the vote with its outcome (the autopilot's level if not given)."""
        async with self.tables.lock(channel_id):
            row, game = await self.tables.active_game(channel_id)
            try:
                with read_back():
                    async with self.store.transaction() as tx:
                        said = await self._ballot(tx, row, game, user, target_id, outcome)
                        if not isinstance(said, Refusal):  # the ballot, or the vote's outcome, told the channel
                            await self.notices.write(tx, row, said[0], [])
            except StoreError as exc:
                raise refusal(row, exc) from exc
            if isinstance(said, Refusal):  # the vote ended by the target's move: closed, and said so
                raise said
            text, handed, lang = said
            await self.notices.deliver(channel_id)
        if handed:
            await self.bots.play(channel_id)  # the bot moves at once if the seat owes a decision
        return Post(public_text=text, game_id=row.id, lang=lang, told=True)

    async def _ballot(self, tx: Repositories, row: GameRow, game: Loaded, user: User, target_id: int,
                      outcome: str | None) -> Refusal | tuple[str, bool, str]:
        """The ballot, inside its transaction: (what the channel is told, whether the seat was handed
        on, in which language), or the refusal to give once the ended vote's closing is written."""
        row = await self._fresh(tx, row)
        voter = person_seat(row, user)
        target = row.seat_of(target_id)
        if target is None or row.user_of(target) is None:
            keepers = await tx.keepers.of(row.id)
            held = next((k for k in keepers.values() if k.owner_id == target_id and row.bot_of(k.seat)), None)
            if held is not None:  # a bot plays that person's seat already (/away, or an earlier vote)
                raise Refusal(phrase("bot.replace.held_by_bot", bot=chat_name(row.names[held.seat]),
                                     name=chat_name(held.owner_name or "")))
            raise Refusal(phrase("bot.replace.no_such_player"))
        if target == voter:
            raise Refusal(phrase("bot.replace.self"))
        name = chat_name(row.names[target])
        counts = await tx.log.moves_per_seat(row.id)
        vote = await tx.votes.get(row.id)
        if vote is not None and counts.get(vote.seat, 0) != vote.moves:  # the target moved meanwhile
            await tx.votes.close(row.id)
            if vote.seat == target:
                return Refusal(phrase("bot.replace.moved", name=name))
            vote = None
        now = self.tables.clock()
        if vote is not None and (vote.opened_at is None or now - vote.opened_at >= timedelta(hours=VOTE_HOURS)):
            await tx.votes.close(row.id)  # lapsed: this ballot opens a new vote
            vote = None
        if vote is None:
            outcome = outcome or autopilot_level(game.engine)
            check_outcome(game, outcome)
            await tx.votes.open(row.id, target, outcome, counts.get(target, 0), user.id, now)
            ballots = [user.id]
        else:
            if vote.seat != target:
                raise Refusal(phrase("bot.replace.other_open", name=chat_name(row.names[vote.seat])))
            if outcome is not None and outcome != vote.outcome:
                raise Refusal(phrase("bot.replace.other_outcome", name=name, outcome=outcome_phrase(vote.outcome)))
            outcome = vote.outcome
            ballots = await tx.votes.add_ballot(row.id, user.id)
        voters = [s for s in row.seats if not s.bot and s.seat != target]
        need, lang = len(voters) // 2 + 1, game_lang(row)
        if len(ballots) < need:
            return phrase("bot.replace.ballot", lang=lang, voter=chat_name(user.name), name=name,
                          outcome=outcome_phrase(outcome, lang), have=len(ballots), need=need, hours=VOTE_HOURS), False, lang
        level = autopilot_level(game.engine) if outcome == VOLUNTEER else outcome
        bot = bot_name(level, row.names, lang)
        await tx.seats.hand_to_bot(row.id, target, level, bot, vacant=outcome == VOLUNTEER)
        await tx.votes.close(row.id)
        key = "bot.replace.to_volunteer" if outcome == VOLUNTEER else "bot.replace.to_bot"
        return phrase(key, lang=lang, name=name, bot=chat_name(bot)), True, lang

    async def vote_replace_seat(self, channel_id: int, user: User, game_id: int, seat: int) -> Post:
        """The idle notice's button: a ballot to replace whoever plays ``seat`` of game ``game_id``."""
        row = await self.tables.open_game(channel_id, expected_game=game_id)
        target = row.user_of(seat)
        if target is None:
            raise Refusal(phrase("bot.replace.no_such_player"))
        return await self.vote_replace(channel_id, user, target)

    async def take_over(self, channel_id: int, user: User) -> Post:
        """/takeover: a volunteer takes the seat a vote left for one."""
        async with self.tables.lock(channel_id):
            row, game = await self.tables.active_game(channel_id)
            try:
                async with self.store.transaction() as tx:  # not seated (nor seated meanwhile), a seat still vacant
                    if (await self._fresh(tx, row)).seat_of(user.id) is not None:
                        raise Refusal(phrase("bot.replace.seated_already"))
                    seat = await tx.seats.take_over(row.id, user.id, user.name)
                    text = phrase("bot.replace.took_over", lang=game_lang(row), name=chat_name(user.name),
                                  seat=seat + 1)
                    await self.notices.write(tx, row, text, [])
            except StoreError as exc:
                raise refusal(row, exc) from exc
            await self.clocks.resync(row.id, game)
            await self.notices.deliver(channel_id)
            return Post(public_text=text, game_id=row.id, lang=game_lang(row), told=True)

    async def back(self, channel_id: int, user: User) -> Post:
        """/back: take back one's seat from the bot holding it (after /away or a vote for a bot)."""
        async with self.tables.lock(channel_id):
            row, game = await self.tables.active_game(channel_id)
            try:
                with read_back():
                    async with self.store.transaction() as tx:  # the seat a bot holds for the caller, as it is now
                        now = await self._fresh(tx, row)
                        keepers = await tx.keepers.of(row.id)
                        seat = next((k.seat for k in keepers.values() if k.owner_id == user.id and now.bot_of(k.seat)),
                                    None)
                        if seat is None:
                            raise Refusal(phrase("bot.store.nothing_to_reclaim"))
                        await tx.seats.back(row.id, seat)
                        text = phrase("bot.replace.back", lang=game_lang(row), name=chat_name(user.name))
                        await self.notices.write(tx, row, text, [])
            except StoreError as exc:
                raise refusal(row, exc) from exc
            await self.clocks.resync(row.id, game)
            await self.notices.deliver(channel_id)
            return Post(public_text=text, game_id=row.id, lang=game_lang(row), told=True)

    async def away(self, channel_id: int, user: User, hours: int) -> Post:
        """/away: the autopilot plays the caller's seat for ``hours``; /back ends it early."""
        if not 1 <= hours <= MAX_HOURS:
            raise Refusal(phrase("bot.replace.away_hours", most=MAX_HOURS))
        async with self.tables.lock(channel_id):
            row, game = await self.tables.active_game(channel_id)
            person_seat(row, user)
            until = self.tables.clock() + timedelta(hours=hours)
            try:
                async with self.store.transaction() as tx:  # the caller's seat as it is now
                    seat = person_seat(await self._fresh(tx, row), user)
                    await tx.seats.away(row.id, seat, autopilot_level(game.engine), until)
                    lang = game_lang(row)
                    text = phrase("bot.replace.away", lang=lang, name=chat_name(user.name), hours=hours)
                    await self.notices.write(tx, row, text, [])
            except StoreError as exc:
                raise refusal(row, exc) from exc
            await self.notices.deliver(channel_id)
        await self.bots.play(channel_id)
        return Post(public_text=text, game_id=row.id, lang=lang, told=True)

    async def away_over(self, row: GameRow, game: Loaded, seat: int) -> bool:
        """The scheduler's part, under the channel's lock: an away period over gives the seat back to
        its person (who is told); False if the seat has none over."""
        with read_back():
            keeper = (await self.store.keepers.of(row.id)).get(seat)
        if keeper is None or keeper.away_until is None or keeper.away_until > self.tables.clock():
            return False
        try:
            with read_back():
                async with self.store.transaction() as tx:  # still away, and over, as it is now
                    keeper = (await tx.keepers.of(row.id)).get(seat)
                    if keeper is None or keeper.away_until is None or keeper.away_until > self.tables.clock():
                        return False
                    await tx.seats.back(row.id, seat)
                    user_id = keeper.owner_id
                    if user_id is not None:  # the board they get next still pings them if this does not go out
                        await self.notices.write(tx, row, phrase("bot.replace.away_over", lang=game_lang(row),
                                                                 mention=f"<@{user_id}>"), [user_id])
        except StoreError:  # given back meanwhile (/back, in another process)
            return False
        await self.clocks.resync(row.id, game)
        await self.notices.deliver(row.channel_id)
        return True

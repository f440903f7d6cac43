"""The schema of the SQLite store, as an ordered list of migrations.

Each entry moves the schema from version i to i+1 (``PRAGMA user_version`` records how far a
file is); the store applies the missing ones in order at start-up, each in one transaction.
Never edit a shipped entry: add one.

The same list builds the PostgreSQL schema (``bot.store.postgres.to_postgres`` rewrites it). A
migration must therefore use only SQL both speak: ``INTEGER``/``TEXT``/``REAL``/``BLOB`` columns
(``INTEGER PRIMARY KEY`` for a row id; no ``AUTOINCREMENT``), ``CREATE TABLE/INDEX`` (partial
indexes are fine), ``ALTER TABLE … ADD/DROP/RENAME COLUMN``, plain ``UPDATE``/``INSERT``, ``||``,
``ON CONFLICT … DO``; no ``PRAGMA``, no SQLite functions (``datetime()``, ``strftime()``,
``json_extract()``…; times are UTC ISO text written by Python), no ``INSERT OR REPLACE/IGNORE``, no
``WITHOUT ROWID``, no ``;`` inside a string. ``tests/platform/test_store*.py`` run every migration
on both backends.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        guild_id    INTEGER,
        channel_id  INTEGER NOT NULL,
        game_key    TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER NOT NULL,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'aborted')),
        created_by  INTEGER NOT NULL,
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL,
        deadline    TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        snapshot    TEXT
    );
    CREATE UNIQUE INDEX one_open_game_per_channel ON games (channel_id)
        WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_guild ON games (guild_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat    INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name    TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq     INTEGER NOT NULL,
        seat    INTEGER NOT NULL,
        action  TEXT    NOT NULL,
        public  TEXT    NOT NULL,
        at      TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # Seeds become text that names their generator (engines.core.rng): a 128-bit
    # "blake2b:<hex>" does not fit an INTEGER column, and every game stored before this
    # was made with SplitMix64 from its integer seed, so it keeps replaying with it.
    """
    ALTER TABLE games ADD COLUMN seed_text TEXT NOT NULL DEFAULT '';
    UPDATE games SET seed_text = 'splitmix64:' || seed;
    ALTER TABLE games DROP COLUMN seed;
    ALTER TABLE games RENAME COLUMN seed_text TO seed;
    """,
    # 3: the outbox (bot/outbox.py): the last version whose board the channel was shown, -1 for
    # none yet. Games stored before this are taken as shown.
    """
    ALTER TABLE games ADD COLUMN announced INTEGER NOT NULL DEFAULT -1;
    UPDATE games SET announced = version WHERE status IN ('active', 'finished');
    CREATE INDEX games_lagging ON games (id) WHERE announced < version;
    """,
    # 4: the action log keeps what happened as data: each action's events as JSON, a list of
    # {"key", "params", "to"} (to: null for public, else the seat it is for), worded when read.
    # Rows stored before keep their English in `public` (NULL events). Each seat's private
    # notices are the events addressed to it; `notices_read` is the last version whose notices
    # the seat has been shown (its read mark).
    """
    ALTER TABLE actions ADD COLUMN events TEXT;
    ALTER TABLE seats ADD COLUMN notices_read INTEGER NOT NULL DEFAULT 0;
    """,
    # 5: the watcher finds the games whose deadline has come with one indexed query (deadlines
    # are stored as UTC ISO text, minutes precision, so text order is time order).
    """
    CREATE INDEX games_due ON games (deadline) WHERE status = 'active' AND deadline IS NOT NULL;
    """,
    # 6: computer players and hints (issue 10). A bot's seat has no Discord user: it gets a negative
    # user id unique in its game (Discord ids are positive) and its level in `bot` (NULL for a person);
    # the partial index finds the games being played with bots (the watcher resumes them). `hints`: 1
    # if the game was opened with hints=yes.
    """
    ALTER TABLE seats ADD COLUMN bot TEXT;
    ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX seats_bots ON seats (game_id) WHERE bot IS NOT NULL;
    """,
    # 7 (issue 11, games that never stall): each game's turn clock (`hours` NULL: off) and what a
    # timeout does; each seat's running clock (the seat's move count when its decision began, when it
    # is due, the reminders sent, and `next_at`, when the scheduler next has work for it: one indexed
    # query finds what is due); who keeps a seat (an autopilot streak, idle, away until, the owner a
    # bot or a volunteer replaced, a vacancy); one replacement vote per game; who wants news by DM.
    """
    CREATE TABLE game_clocks (
        game_id    INTEGER PRIMARY KEY REFERENCES games (id),
        hours      INTEGER,
        on_timeout TEXT NOT NULL DEFAULT 'autopilot',
        board_url  TEXT
    );
    CREATE TABLE seat_clocks (
        game_id  INTEGER NOT NULL REFERENCES games (id),
        seat     INTEGER NOT NULL,
        moves    INTEGER NOT NULL,
        started  TEXT    NOT NULL,
        due      TEXT    NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        next_at  TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seat_clocks_next ON seat_clocks (next_at);
    CREATE TABLE seat_keepers (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        seat       INTEGER NOT NULL,
        streak     INTEGER NOT NULL DEFAULT 0,
        auto_moves INTEGER NOT NULL DEFAULT -1,
        idle       INTEGER NOT NULL DEFAULT 0,
        away_until TEXT,
        owner_id   INTEGER,
        owner_name TEXT,
        vacant     INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seat_keepers_away ON seat_keepers (away_until) WHERE away_until IS NOT NULL;
    CREATE TABLE votes (
        game_id   INTEGER PRIMARY KEY REFERENCES games (id),
        seat      INTEGER NOT NULL,
        outcome   TEXT    NOT NULL,
        moves     INTEGER NOT NULL,
        ballots   TEXT    NOT NULL
    );
    CREATE TABLE notify_prefs (
        user_id INTEGER PRIMARY KEY,
        dm      INTEGER NOT NULL
    );
    """,
    # 8 (issue 12): a game in its own thread. `channel_id` is then the thread, and `parent_id` the
    # channel it was opened from (NULL for a game played in the channel itself); the partial index
    # lists a channel's open games in their threads. `rematch_of`: the game a rematch was opened from.
    """
    ALTER TABLE games ADD COLUMN parent_id INTEGER;
    ALTER TABLE games ADD COLUMN rematch_of INTEGER;
    CREATE INDEX games_by_parent ON games (parent_id) WHERE parent_id IS NOT NULL AND status IN ('lobby', 'active');
    """,
    # 9: several processes on one database (issue 14). `lobby` counts the lobby's changes: each
    # seat change and the start bump it under the row's lock, so a /start checks that the seats
    # it read are still those (across processes, not only in one). `claims`: scheduled work
    # (deadlines; reminders and timeouts plug in with their own `kind`) held by one process
    # (`owner`) until `lease_until` (UTC ISO text); a dead process's claim is taken over after it.
    """
    ALTER TABLE games ADD COLUMN lobby INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE claims (
        kind        TEXT NOT NULL,
        item        TEXT NOT NULL,
        owner       TEXT NOT NULL,
        lease_until TEXT NOT NULL,
        PRIMARY KEY (kind, item)
    );
    """,
    # 10: a replacement vote lapses (`opened_at`, UTC ISO text, when its first ballot was cast;
    # NULL for a vote opened before this release, which lapses at the next ballot).
    """
    ALTER TABLE votes ADD COLUMN opened_at TEXT;
    """,
    # 11: the posts that show a lobby's seats (the lobby post in the game's place, the announcement in
    # the channel of a game in a thread), so that a seat taken by a typed command or by a button on
    # the other post shows on both. `head`: what the post says above the seats (who opened the game,
    # its options), kept when the seats below it change.
    """
    CREATE TABLE lobby_posts (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        head       TEXT    NOT NULL DEFAULT '',
        PRIMARY KEY (game_id, message_id)
    );
    """,
    # (issue 22.9) `bot_secret`: 128 bits from the OS that the bots' generators derive from, never in a
    # record, a log or a post (the seed is in Le Torri di Bologna's record during play, so a bot drawing
    # from it could be predicted). NULL for a game stored before this: it gets one at its bots' next decision.
    """
    ALTER TABLE games ADD COLUMN bot_secret TEXT;
    """,
    # (issue 22.12) caps on games waiting to start, per opener and per channel. `opened_in`: the channel
    # /new was typed in (a game in a thread has it as its parent; kept from the start, while the thread
    # is still being made). `lobby_gates`: a row per scope ("user:<id>", "channel:<id>") that a
    # transaction opening a game updates first, so that a second process opening one in the same scope
    # waits for it and then counts its game (PostgreSQL; SQLite's writers are serialized already);
    # `opened`: how many games were opened there.
    """
    ALTER TABLE games ADD COLUMN opened_in INTEGER;
    UPDATE games SET opened_in = COALESCE(parent_id, channel_id);
    CREATE INDEX games_lobbies_by_opener ON games (created_by) WHERE status = 'lobby';
    CREATE INDEX games_lobbies_by_channel ON games (opened_in) WHERE status = 'lobby';
    CREATE TABLE lobby_gates (
        scope  TEXT    PRIMARY KEY,
        opened INTEGER NOT NULL DEFAULT 0
    );
    """,
    # (issue 27) a game's page on the web. `token` is its address (128 random bits, shown in the
    # game's thread); `token_hash` (SHA-256, hex) is what a request is looked up by, so the lookup
    # never compares the secret itself. /web reset replaces the row: the old address then finds nothing.
    """
    CREATE TABLE web_pages (
        game_id    INTEGER NOT NULL REFERENCES games (id),
        token      TEXT    NOT NULL,
        token_hash TEXT    NOT NULL UNIQUE,
        made_at    TEXT    NOT NULL,
        PRIMARY KEY (game_id)
    );
    """,
    # issue 26: ratings. One row per rated player per finished game (``bot.store.ratings``): the server
    # (0 outside one), the title, the player (a user id, or a bot level "bot:greedy"), its name then, the
    # rating before and after (OpenSkill's mu and sigma), its rank and when the game finished. `id` is
    # the order games were rated in (a player's newest row is their rating now).
    """
    CREATE TABLE rating_changes (
        id           INTEGER PRIMARY KEY,
        guild_id     INTEGER NOT NULL,
        title        TEXT    NOT NULL,
        player       TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        game_id      INTEGER NOT NULL REFERENCES games (id),
        mu_before    REAL    NOT NULL,
        sigma_before REAL    NOT NULL,
        mu_after     REAL    NOT NULL,
        sigma_after  REAL    NOT NULL,
        rank         INTEGER NOT NULL,
        finished_at  TEXT    NOT NULL,
        UNIQUE (game_id, player)
    );
    CREATE INDEX rating_changes_by_player ON rating_changes (guild_id, title, player, id);
    """,
    # (issue 23) the outbox. Each row is one thing the bot will say or edit because of a change
    # (a board, a reminder ...), written in the change's own transaction; the dispatcher
    # (bot/play/effects.py) delivers a channel's rows in id order. `kind` names its handler, `payload`
    # (JSON) what it needs to word or draw it at delivery. `nonce` is sent with a create (Discord's
    # enforce_nonce), so a resend after a crash returns the message Discord already has. `in_flight`:
    # a send began and its outcome is unknown (it may have reached Discord). `attempts`/`next_try`: the
    # back-off of a refused one (UTC ISO text). `message_id`/`delivered_at`: delivered (a row
    # delivered with no message was dropped: nothing left to say).
    """
    CREATE TABLE effects (
        id           INTEGER PRIMARY KEY,
        game_id      INTEGER,
        channel_id   INTEGER NOT NULL,
        user_id      INTEGER,
        kind         TEXT    NOT NULL,
        payload      TEXT    NOT NULL DEFAULT '{}',
        nonce        TEXT    NOT NULL,
        created      TEXT    NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        in_flight    INTEGER NOT NULL DEFAULT 0,
        next_try     TEXT    NOT NULL,
        message_id   INTEGER,
        delivered_at TEXT
    );
    CREATE INDEX effects_pending ON effects (channel_id, id) WHERE delivered_at IS NULL;
    CREATE INDEX effects_pending_games ON effects (game_id, kind) WHERE delivered_at IS NULL;
    """,
]

"""What the match runner (``ludi.server.hub.Hub``) needs of the world around it, one small
protocol each, as boardgame.io's ``Master(game, storage, transport, auth)`` sits on its
storage and transport: the store it reads matches from, the writer that makes their changes
durable, the table log, the bot runner, the broadcaster that tells clients, and the other
server processes sharing the database.

The server's own pieces (``SqlStore``, ``GroupCommitter`` or ``WriterProcess``, ``TableLog``,
``BotPool``, ``ClientBroadcaster``, ``Cluster``) are put together in ``ludi.server.context``;
a test or a tool may give the hub others that do the same.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ludi.engine import GameData, State
from ludi.store.sql import Joined, MatchHeader, Write
from ludi.store.table import TableFact

if TYPE_CHECKING:
    from ludi.server.room import Client, Room


class MatchStore(Protocol):
    """Where matches are read from (``ludi.store.sql.SqlStore``)."""

    def header(self, match_id: str) -> MatchHeader | None:
        """Return a match's stored header, or None if there is no such match."""
        ...

    def rebuild(
        self, header: MatchHeader, use_snapshot: bool = True, data: GameData | None = None
    ) -> State:
        """Return the match as stored: its state after every stored action (played with
        ``data``, else the shipped data)."""
        ...

    def bot_turns(self) -> list[str]:
        """Return the unfinished matches in which a bot is to act."""
        ...

    def unfinished_by(self, creator: str, seconds: float) -> int:
        """Return how many unfinished matches ``creator`` started in the last ``seconds``."""
        ...


class Writer(Protocol):
    """What makes a match's changes durable, many matches' together (``ludi.server.persist``)."""

    #: whether it writes in a process of its own; transactions and entries since the start
    process: bool
    batches: int
    entries: int

    def note(self, item: Joined) -> None:
        """Store ``item`` with the next batch, without waiting for it."""
        ...

    async def append(self, item: Write) -> None:
        """Return once ``item`` is committed (raises what the store raised)."""
        ...

    def close(self) -> None:
        """Stop writing (what was acknowledged is stored)."""
        ...


class TableStore(Protocol):
    """The stored facts of the tables around the matches (``ludi.store.table.TableLog``)."""

    def facts(self, match_id: str) -> list[TableFact]:
        """Return a match's facts, oldest first."""
        ...

    def running_clocks(self) -> list[str]:
        """Return the unfinished matches in which a human's turn clock runs."""
        ...

    def action_times(self, match_id: str) -> list[float]:
        """Return when each of a match's actions was stored."""
        ...


class BotRunner(Protocol):
    """Where bots think (``ludi.server.bots.BotPool``)."""

    max_seconds: float
    cut_off: int

    async def choose(
        self, state: State, seat: int, spec: str, seed: int, owner: str = ""
    ) -> str | None:
        """Return the bot's action for ``seat``, or None if its decision was cut off."""
        ...

    def worker_pids(self) -> list[int]:
        """Return the process ids of the workers running now."""
        ...

    def close(self) -> None:
        """Stop thinking."""
        ...


class Broadcaster(Protocol):
    """What tells a room's clients what changed (``ludi.server.broadcast``)."""

    def broadcast(self, room: Room, now: float, full_for: Client | None = None) -> None:
        """Send every client of the room its own state message."""
        ...

    def send_whole(self, room: Room, client: Client, now: float) -> None:
        """Send one client its whole state, with every line of the log."""
        ...

    def presence(self, room: Room, before: list[int], newcomer: Client | None) -> None:
        """Tell the others that the seats held open changed (``before``: as they were)."""
        ...

    def tell_all(self, room: Room, words: Callable[[], tuple[str, str]]) -> None:
        """Tell every client something went wrong (``words()``: the reason and the rule)."""
        ...


class ClusterLink(Protocol):
    """The other server processes on the same database (``ludi.server.cluster.Cluster``)."""

    node: int
    live: set[int]

    def claim(self, match_id: str) -> int:
        """Own ``match_id`` unless another node does; return its owner."""
        ...

    def pass_on(self, match_id: str, node: int) -> bool:
        """Pass a match this node owns to ``node``."""
        ...

    def release(self, match_ids: Sequence[str]) -> None:
        """Let other nodes take these matches."""
        ...

    def owned_by(self, node: int) -> list[str]:
        """Return the matches ``node`` owns."""
        ...

    def send(self, node: int, kind: str, body: str) -> None:
        """Send a message to another node."""
        ...

    async def call(self, node: int, op: str, **body: Any) -> Any:
        """Ask another node to do ``op``; return its answer."""
        ...

    def reply(self, node: int, key: str, value: Any = None, error: str | None = None) -> None:
        """Answer another node's call."""
        ...

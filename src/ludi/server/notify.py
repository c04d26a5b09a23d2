"""Telling a player who is not looking that a match waits for them, by e-mail.

A seat leaves an address for its match, with the notices it wants (``TURN``: its turn has
come; ``OVER``: the match ended); ``Recipients`` says, for a match and a seat, where to write
and what the player wants (today the address the seat left, ``SeatAddresses``; an account's
address can stand before it). The hub tells the ``Notifier`` of each move (``seen``, on the
event loop: it only notes which seats' turn has just begun and puts that in a queue); the
notifier's own thread does the rest, so a mail server never slows a table:

- **one e-mail per turn at most**: a turn is noticed once, when it begins, and only for a seat
  nobody holds open (a player at the table sees it); a turn already played when its mail is
  due is left out;
- **a digest at most hourly**: an address gets at most one mail each ``DIGEST_EVERY`` seconds;
  the turns that come meanwhile wait and go together in one mail when the hour is up;
- **unsubscribe**: every mail's link (signed with the server's kept key, ``sign``) stops every
  notice to that address, with no login.

What the notifier keeps in memory (the turns waiting for their hour, when each address last
got a mail) does not outlive the process: after a restart an address may get one mail sooner.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from ludi.i18n import catalog, using
from ludi.server.mail import MailConfigError, SmtpServer, Waiting, compose
from ludi.store.sql import FINISHED, MatchHeader, SqlStore, notices, server_keys

if TYPE_CHECKING:
    from ludi.server.room import Room

log = logging.getLogger("ludi.server.notify")
_, n_ = catalog(__name__)

TURN, OVER = "turn", "over"
KINDS = (TURN, OVER)
#: an address gets at most one mail in this many seconds (the rest wait for a digest)
DIGEST_EVERY = 3600.0
#: how long closing waits for a mail being sent, seconds
SMTP_WAIT = 5.0
#: where a mail's unsubscribe link leads (``routes.notifications``)
UNSUBSCRIBE_PATH = "/mail/unsubscribe"


@dataclass(frozen=True)
class Recipient:
    """Where a seat's notices go: the address, the reader's language, the notices wanted, and
    the seat's own link (the only seat link its mails carry)."""

    address: str
    lang: str
    kinds: frozenset[str]
    link: str


class Recipients(Protocol):
    """Who hears of a match's seat: the seam an account's address plugs into."""

    def recipient(self, match_id: str, seat: int) -> Recipient | None:
        """Return where ``seat``'s notices for ``match_id`` go, or None: nowhere."""
        ...

    def forget(self, address: str) -> int:
        """Stop every notice to ``address``; return how many seats it was left for."""
        ...


class SeatAddresses:
    """The addresses seats left for their matches (``ludi_notices``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def recipient(self, match_id: str, seat: int) -> Recipient | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                select(notices).where(notices.c.match_id == match_id, notices.c.seat == seat)
            ).first()
        if row is None:
            return None
        m = row._mapping
        kinds = frozenset(k for k in m["kinds"].split(",") if k in KINDS)
        return Recipient(m["address"], m["lang"], kinds, m["link"])

    def leave(self, match_id: str, seat: int, recipient: Recipient) -> None:
        """Keep ``recipient`` as where ``seat``'s notices go (replacing what it left before)."""
        with self.engine.begin() as conn:
            conn.execute(
                delete(notices).where(notices.c.match_id == match_id, notices.c.seat == seat)
            )
            conn.execute(
                insert(notices).values(
                    match_id=match_id,
                    seat=seat,
                    address=recipient.address,
                    lang=recipient.lang,
                    kinds=",".join(sorted(recipient.kinds)),
                    link=recipient.link,
                    since=time.time(),
                )
            )

    def remove(self, match_id: str, seat: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                delete(notices).where(notices.c.match_id == match_id, notices.c.seat == seat)
            )

    def forget(self, address: str) -> int:
        with self.engine.begin() as conn:
            done = conn.execute(delete(notices).where(notices.c.address == address))
        return int(done.rowcount or 0)


def kept_key(engine: Engine, name: str) -> bytes:
    """Return the server's secret ``name``, made and stored the first time it is asked for (two
    processes asking at once agree: the second's insert fails and it reads the first's)."""
    for _attempt in range(2):
        with engine.connect() as conn:
            found = conn.execute(
                select(server_keys.c.secret).where(server_keys.c.name == name)
            ).scalar()
        if found is not None:
            return bytes.fromhex(found)
        try:
            with engine.begin() as conn:
                conn.execute(insert(server_keys).values(name=name, secret=secrets.token_hex(32)))
        except IntegrityError:
            continue
    raise RuntimeError(f"the server's key {name!r} could not be kept")


def sign(key: bytes, address: str) -> str:
    """Return the token of an unsubscribe link: the address and its signature."""
    body = base64.urlsafe_b64encode(address.encode()).decode().rstrip("=")
    mac = hmac.new(key, b"unsubscribe:" + address.encode(), hashlib.sha256).hexdigest()[:32]
    return f"{body}.{mac}"


def signed_address(key: bytes, token: str) -> str | None:
    """Return the address an unsubscribe token was made for, or None if it is not one of
    ours (altered, cut, made with another key)."""
    body = token.partition(".")[0]
    try:
        address = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)).decode()
    except (ValueError, UnicodeDecodeError):
        return None
    return address if hmac.compare_digest(sign(key, address), token) else None


@dataclass(frozen=True)
class Notice:
    """A seat's turn has begun (``TURN``), or its match ended (``OVER``, with its rank)."""

    match_id: str
    seat: int
    kind: str
    game: str
    seat_name: str
    rank: int = 0
    players: int = 0


_WAKE = object()
_STOP = object()


class Notifier:
    """Notices in, mails out: the digest rule and the sending, in a thread of its own."""

    def __init__(
        self,
        recipients: Recipients,
        send: Callable[[EmailMessage], None],
        header: Callable[[str], MatchHeader | None],
        sender: str,
        key: bytes,
        now: Callable[[], float] = time.time,
        every: float = DIGEST_EVERY,
    ) -> None:
        self.recipients = recipients
        self._send = send
        self._header = header
        self.sender = sender
        self.key = key
        #: the digest rule's time (tests set it)
        self.now = now
        self.every = every
        #: mails sent and failed since start (``/api/stats``)
        self.sent = 0
        self.failed = 0
        self._queue: queue.Queue[object] = queue.Queue()
        self._waiting: dict[str, list[tuple[Notice, Recipient]]] = {}
        self._last: dict[str, float] = {}
        self._thread = threading.Thread(target=self._run, name="ludi-mail", daemon=True)
        self._thread.start()

    # -- on the event loop -------------------------------------------------------------------

    def seen(self, room: Room, before: Iterable[int]) -> None:
        """Note what a move changed for the seats a human plays whose player is not at the
        table (they see it): whose turn has just begun, or, if the match ended, their rank."""
        header = room.header
        looking = set(room.connected())
        humans = [s.seat for s in header.seats if s.bot is None and s.seat not in looking]
        names = {s.seat: s.name for s in header.seats}
        if room.over:
            ranking = list((header.result or {}).get("ranking") or [])
            for seat in humans:
                rank = ranking[seat] if seat < len(ranking) else 0
                notice = Notice(room.id, seat, OVER, header.game, names[seat], rank, len(ranking))
                self._queue.put(notice)
            return
        begun = set(room.state.to_act) - set(before)
        for seat in sorted(begun & set(humans)):
            self._queue.put(Notice(room.id, seat, TURN, header.game, names[seat]))

    # -- the notifier's thread ---------------------------------------------------------------

    def wake(self) -> None:
        """Look again at the waiting turns whose hour is up (the tests' clock moved)."""
        self._queue.put(_WAKE)

    def drain(self) -> None:
        """Return once everything put in so far has been dealt with (the tests wait on it)."""
        self._queue.join()

    def close(self) -> None:
        self._queue.put(_STOP)
        self._thread.join(timeout=SMTP_WAIT)

    def _run(self) -> None:
        while True:
            due = min(
                (self._last.get(a, -self.every) + self.every for a in self._waiting), default=None
            )
            timeout = None if due is None else max(0.0, due - self.now())
            try:
                item = self._queue.get(timeout=timeout)
            except queue.Empty:
                item = None
            try:
                if item is _STOP:
                    return
                if isinstance(item, Notice):
                    self._take(item)
                self._send_due()
            except Exception:
                log.exception("a notice could not be dealt with")
            finally:
                if item is not None:
                    self._queue.task_done()

    def _take(self, notice: Notice) -> None:
        recipient = self.recipients.recipient(notice.match_id, notice.seat)
        if recipient is None or notice.kind not in recipient.kinds:
            return
        waiting = self._waiting.setdefault(recipient.address, [])
        if all(
            (n.match_id, n.seat, n.kind) != (notice.match_id, notice.seat, notice.kind)
            for n, _r in waiting
        ):
            waiting.append((notice, recipient))

    def _send_due(self) -> None:
        now = self.now()
        for address in list(self._waiting):
            if now >= self._last.get(address, -self.every) + self.every:
                self._send_to(address, self._waiting.pop(address), now)

    def _send_to(self, address: str, waiting: list[tuple[Notice, Recipient]], now: float) -> None:
        """Send ``address`` one mail of the notices that still hold: a turn not yet played,
        to a seat that still wants to hear of it."""
        still = []
        for notice, _recipient in waiting:
            recipient = self.recipients.recipient(notice.match_id, notice.seat)
            if (
                recipient is None
                or recipient.address != address
                or notice.kind not in recipient.kinds
            ):
                continue  # unsubscribed, or another address now
            if notice.kind == TURN and not self._still_to_act(notice):
                continue
            still.append((notice, recipient))
        if not still:
            return
        lang = still[-1][1].lang
        with using(lang):
            told = [
                Waiting(
                    n.game,
                    n.seat_name,
                    r.link,
                    _("you placed {rank} of {players}", rank=n.rank, players=n.players)
                    if n.kind == OVER
                    else None,
                )
                for n, r in still
            ]
        base = urlsplit(still[-1][1].link)
        unsubscribe = f"{base.scheme}://{base.netloc}{UNSUBSCRIBE_PATH}?t={sign(self.key, address)}"
        message = compose(self.sender, address, lang, told, unsubscribe)
        self._last[address] = now
        try:
            self._send(message)
            self.sent += 1
        except Exception:
            self.failed += 1
            log.exception("a mail to one address could not be sent")

    def _still_to_act(self, notice: Notice) -> bool:
        header = self._header(notice.match_id)
        if header is None or header.status == FINISHED:
            return False
        seat = header.seats[notice.seat] if notice.seat < len(header.seats) else None
        return seat is not None and seat.bot is None and notice.seat in (header.to_act or [])


def open_notifier(store: SqlStore, smtp: str, sender: str | None) -> Notifier:
    """Return the notifier of a server whose host configured SMTP (``ludi serve --smtp URL
    --mail-from ADDR``); raises ``MailConfigError`` for a URL or sender it cannot use."""
    server = SmtpServer.parse(smtp)
    if not sender or "@" not in sender:
        raise MailConfigError("--smtp needs --mail-from, the address Ludi's mails come from")
    return Notifier(
        SeatAddresses(store.engine),
        server.send,
        store.header,
        sender,
        kept_key(store.engine, "mail"),
    )

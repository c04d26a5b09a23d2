"""Accounts on a server that wants them (``ludi serve --accounts off|open|invite``).

``off`` (the default) is the link-only server: no account, every seat opened by its link.
``open`` lets anyone sign up; ``invite`` asks for a code the operator made (``ludi admin``).
Guests always play from a seat link, whatever the mode.

- A password is kept as its Argon2id hash (``argon2-cffi``'s defaults, RFC 9106's second
  recommendation: 64 MiB, three passes), hashed in a thread, at most ``HASHING`` at once, so
  neither the event loop nor the memory notices a flood.
- A signed-in browser holds a session cookie (``COOKIE``: HttpOnly, SameSite=Lax, Secure when
  the request came over HTTPS, ``SESSION_DAYS`` since last seen); the database keeps its
  SHA-256 only. A change asked for with it carries the session's CSRF token in the
  ``X-Ludi-CSRF`` header, which only Ludi's own pages can read (``GET /api/account``).
- Signing in answers the same, in about the same time, for a name nobody has and a wrong
  password: an unknown name is checked against a hash of nothing (``Passwords.dummy``). Signing
  up with a name taken must say so (the player has to choose another): that is the one place a
  name's existence shows, behind the same per-address limit, and on an ``invite`` server only
  to someone holding a good code.
- Attempts are throttled per name (``PER_NAME``: whether or not an account has it) and per
  address (``PER_ADDRESS``); a refusal is the same for both. An address that signed in (or
  up) as a name before is held by its own limit only, so someone guessing from elsewhere
  cannot lock the player out where they play (``Throttle.known``, kept in memory).
- A seat token opens its seat and nothing else: it is never a session, and no account route
  reads it. A seat opened while signed in (``POST /api/account/claim``, which the match page
  sends) becomes the account's, and then the account opens it from any device without the
  link (``seat_for``); a match played as a guest is claimed the same way, its token as proof.

The account-side operator's tools (invite codes, accounts listed and disabled, a password
reset) are the plain functions at the end, which ``ludi admin`` calls
(``ludi.cli.admin_accounts``).
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends, HTTPException, Request
from starlette.requests import HTTPConnection

from ludi.i18n import catalog
from ludi.server.protocol import TokenBucket, is_plain_text
from ludi.server.security import same_origin
from ludi.store.accounts import Account, AccountStore, NameTaken, Session, name_key

if TYPE_CHECKING:
    from ludi.server.context import ServerContext

_, n_ = catalog(__name__)

OFF, OPEN, INVITE = "off", "open", "invite"
MODES = (OFF, OPEN, INVITE)

#: the session cookie
COOKIE = "ludi_session"
#: the header a page sends its session's CSRF token in
CSRF_HEADER = "x-ludi-csrf"
#: a session not seen for this many days ends
SESSION_DAYS = 30
#: password hashes computed at once (each takes 64 MiB and a core for some 50 ms)
HASHING = 2
#: the shortest password and the longest (Argon2 takes any; the request body is 16 KiB)
PASSWORD_MIN, PASSWORD_MAX = 8, 256
#: the longest name
NAME_MAX = 40
#: attempts to sign in to one name: a burst, then one every so many seconds
PER_NAME = (5, 20.0)
#: sign-ins and sign-ups from one address: a burst, then one every so many seconds
PER_ADDRESS = (20, 3.0)


class Passwords:
    """Argon2id hashes of passwords (``argon2-cffi``); ``hasher`` may be given cheaper
    parameters (the tests do)."""

    def __init__(self, hasher: PasswordHasher | None = None) -> None:
        self.hasher = hasher or PasswordHasher()
        #: a hash nobody's password matches, checked for a name nobody has: the same work
        self.dummy = self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored`` (None: no account; the dummy is checked,
        so the answer takes as long)."""
        try:
            return self.hasher.verify(stored or self.dummy, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False


@dataclass(eq=False)
class Throttle:
    """Token buckets of sign-in attempts, per name (its ``name_key``) and per address."""

    per_name: tuple[int, float] = PER_NAME
    per_address: tuple[int, float] = PER_ADDRESS
    names: dict[str, TokenBucket] = field(default_factory=dict)
    addresses: dict[str, TokenBucket] = field(default_factory=dict)
    #: (address, name key) that signed in or up with success: the name's own limit does not
    #: hold them, so a guesser elsewhere cannot lock a player out from where they play
    known: set[tuple[str, str]] = field(default_factory=set)

    def allow(self, address: str, name: str | None = None) -> bool:
        """Take an attempt from the address's bucket and the name's (if given, and the
        address is not ``known`` for it); return whether both had one."""
        if name is not None and (address, name_key(name)) in self.known:
            name = None
        burst, every = self.per_address
        if len(self.addresses) > 10_000:  # (many addresses: forget them all, not grow)
            self.addresses.clear()
        ok = self.addresses.setdefault(address, TokenBucket(1 / every, burst)).allow()
        if name is not None:
            burst, every = self.per_name
            if len(self.names) > 100_000:
                self.names.clear()
            ok = self.names.setdefault(name_key(name), TokenBucket(1 / every, burst)).allow() and ok
        return ok

    def succeeded(self, address: str, name: str) -> None:
        """Note that ``address`` signed in (or up) as ``name``."""
        if len(self.known) > 100_000:
            self.known.clear()
        self.known.add((address, name_key(name)))


class Refused(Exception):
    """A sign-in or sign-up refused: the HTTP status and the reason, in the reader's words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class Accounts:
    """The server's accounts: its mode, the store, the password hasher, the throttle."""

    def __init__(self, mode: str, store: AccountStore, passwords: Passwords | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"accounts are off, open or invite, not {mode!r}")
        self.mode = mode
        self.store = store
        self.passwords = passwords or Passwords()
        self.throttle = Throttle()
        self._hashing = asyncio.Semaphore(HASHING)

    @property
    def on(self) -> bool:
        return self.mode != OFF

    async def _hash(self, password: str) -> str:
        async with self._hashing:
            return await asyncio.to_thread(self.passwords.hash, password)

    async def _verify(self, stored: str | None, password: str) -> bool:
        async with self._hashing:
            return await asyncio.to_thread(self.passwords.verify, stored, password)

    async def sign_up(self, name: str, password: str, invite: str | None, address: str) -> Account:
        """Make an account; raises ``Refused`` (mode, throttle, code, name, password)."""
        if not self.on:
            raise Refused(404, _("this server has no accounts"))
        if not self.throttle.allow(address):
            raise Refused(429, _("too many attempts; wait a minute"))
        name = " ".join(name.split())
        check_name(name)
        check_password(password)
        code = None
        if self.mode == INVITE:
            code = (invite or "").strip()
            if not code or not await asyncio.to_thread(self.store.invite_left, code):
                raise Refused(
                    403, _("this server asks for an invite code, and that one is not good")
                )
        hashed = await self._hash(password)
        try:
            account = await asyncio.to_thread(self.store.create_account, name, hashed, code)
            self.throttle.succeeded(address, name)
            return account
        except NameTaken:
            raise Refused(409, _("that name is taken: choose another")) from None
        except LookupError:
            raise Refused(
                403, _("this server asks for an invite code, and that one is not good")
            ) from None

    async def sign_in(self, name: str, password: str, address: str, agent: str) -> tuple[str, str]:
        """Open a session; return its cookie's value and its CSRF token. Raises ``Refused``,
        with one answer for every wrong name and password."""
        if not self.on:
            raise Refused(404, _("this server has no accounts"))
        if not self.throttle.allow(address, name):
            raise Refused(429, _("too many attempts; wait a minute"))
        found = await asyncio.to_thread(self.store.credentials, name)
        account, stored = found if found is not None else (None, None)
        good = await self._verify(stored, password)
        if account is None or not good or account.disabled:
            raise Refused(401, _("wrong name or password"))
        self.throttle.succeeded(address, name)
        return await asyncio.to_thread(self.store.open_session, account.id, agent)

    async def change_password(self, session: Session, old: str, new: str, address: str) -> None:
        """Change the password, ending the account's other sessions; raises ``Refused``."""
        if not self.throttle.allow(address, session.account.name):
            raise Refused(429, _("too many attempts; wait a minute"))
        stored = await asyncio.to_thread(self.store.password_hash, session.account.id)
        if not await self._verify(stored, old):
            raise Refused(403, _("the present password is not that"))
        check_password(new)
        hashed = await self._hash(new)
        await asyncio.to_thread(
            self.store.set_password, session.account.id, hashed, session.token_hash
        )

    async def session(self, connection: HTTPConnection) -> Session | None:
        """Return the session a request's or websocket's cookie opens, or None."""
        token = connection.cookies.get(COOKIE)
        if not self.on or not token or len(token) > 128:
            return None
        return await asyncio.to_thread(self.store.session, token, SESSION_DAYS * 86400.0)

    async def seat_for(self, connection: HTTPConnection, match_id: str) -> int | None:
        """Return the seat of ``match_id`` the signed-in account of a websocket holds (the
        lowest, if several), or None. The websocket must come from Ludi's own pages."""
        if not self.on or COOKIE not in connection.cookies:
            return None
        if not same_origin(list(connection.scope.get("headers", []))):
            return None
        session = await self.session(connection)
        if session is None:
            return None
        holders = await asyncio.to_thread(self.store.seat_holders, match_id)
        mine = [seat for seat, account in holders.items() if account == session.account.id]
        return min(mine) if mine else None


def check_name(name: str) -> None:
    """Refuse a name that is empty, too long, or not plain text (``Refused``)."""
    if not name or len(name) > NAME_MAX or not is_plain_text(name):
        raise Refused(
            422, _("a name is 1 to {most} letters, digits, spaces or signs", most=NAME_MAX)
        )


def check_password(password: str) -> None:
    """Refuse a password too short or too long (``Refused``)."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise Refused(
            422,
            _(
                "a password is {least} to {most} characters",
                least=PASSWORD_MIN,
                most=PASSWORD_MAX,
            ),
        )


# -- what the routes ask for -----------------------------------------------------------------


def accounts_of(connection: HTTPConnection) -> Accounts:
    """Return the server's accounts (answering 404 when the server has none)."""
    ctx: ServerContext = connection.app.state.context
    if ctx.accounts is None or not ctx.accounts.on:
        raise HTTPException(404, _("this server has no accounts"))
    return ctx.accounts


async def signed_in(request: Request) -> Session:
    """Return the request's session, or answer 401."""
    session = await accounts_of(request).session(request)
    if session is None:
        raise HTTPException(401, _("sign in first"))
    return session


async def signed_in_to_change(request: Request) -> Session:
    """Return the session of a request that changes something: signed in, and carrying the
    session's CSRF token (answer 401 or 403)."""
    session = await signed_in(request)
    given = request.headers.get(CSRF_HEADER, "")
    if not secrets.compare_digest(given.encode(), session.csrf.encode()):
        raise HTTPException(403, _("this page is out of date: reload it and try again"))
    return session


#: the signed-in session, as a route's parameter
SignedIn = Annotated[Session, Depends(signed_in)]
#: the signed-in session of a change (the CSRF token checked), as a route's parameter
Changing = Annotated[Session, Depends(signed_in_to_change)]


def set_cookie(response: Any, request: Request, token: str | None) -> None:
    """Set the session cookie on ``response`` (None: clear it)."""
    secure = request.url.scheme == "https"
    if token is None:
        response.delete_cookie(COOKIE, path="/", secure=secure, httponly=True, samesite="lax")
        return
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        path="/",
        secure=secure,
        httponly=True,
        samesite="lax",
    )


# -- the operator's tools (``ludi admin``) ---------------------------------------------------


def create_invites(store: AccountStore, count: int = 1, uses: int = 1, note: str = "") -> list[str]:
    """Make ``count`` invite codes, each good for ``uses`` sign-ups; return them."""
    return [store.create_invite(uses, note) for _ in range(count)]


def list_invites(store: AccountStore) -> list[dict[str, Any]]:
    """Return every invite code, newest first: code, uses left, note, created."""
    return store.list_invites()


def list_accounts(store: AccountStore) -> list[dict[str, Any]]:
    """Return every account: id, name, created, disabled, whether an agent's (``bot``), and
    its sessions' count."""
    return [
        {
            "id": a.id,
            "name": a.name,
            "created": a.created,
            "disabled": a.disabled,
            "bot": a.bot,
            "sessions": len(store.sessions_of(a.id)),
        }
        for a in store.list_accounts()
    ]


def disable_account(store: AccountStore, name: str, disabled: bool = True) -> Account:
    """Disable the account called ``name`` (its sessions end) or enable it; raises
    ``LookupError`` if there is none."""
    account = store.find(name)
    if account is None:
        raise LookupError(name)
    store.set_disabled(account.id, disabled)
    return account


def reset_password(
    store: AccountStore, name: str, passwords: Passwords | None = None
) -> tuple[Account, str]:
    """Give the account called ``name`` a fresh random password (its sessions end); return
    it, to hand to its player. Raises ``LookupError`` if there is none."""
    account = store.find(name)
    if account is None:
        raise LookupError(name)
    password = secrets.token_urlsafe(12)
    store.set_password(account.id, (passwords or Passwords()).hash(password))
    return account, password

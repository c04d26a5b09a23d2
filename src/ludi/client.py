"""Play a seat of a match on a running ``ludi serve`` from Python: your agent at the table.

The agent is any callable ``policy(view, legal) -> move``: ``view`` is the seat's view (the
JSON the browser draws, only what the seat may see), ``legal`` the notations of its legal
moves, and the move it returns is one of them (or its index in ``legal``). The client speaks
the server's websocket protocol (docs/server.md, "The websocket protocol") like a browser
holding the seat's link: it says hello with the seat's token, answers each state in which
its seat is to act, and returns the result when the match ends::

    from ludi.client import play_seat

    def first(view, legal):
        return legal[0]

    result = play_seat("http://club.example:8000/match/3f2a9c#seat=TOKEN", first)

An agent the host issued a token for (``ludi admin bot-token NAME``) waits to be invited
instead: ``serve_agent(SERVER_URL, TOKEN, policy)`` plays every match that seats it (one thread
each, so several go on at once) until stopped.

From the shell: ``ludi agent connect LINK --policy module:function``, or
``ludi agent connect SERVER_URL --token TOKEN --policy module:function``. The server treats the
agent as any seat: a turn clock runs for it, and an agent that is slow or silent is handled as
a person who ran out of time (the match's stand-in bot or loss), so it never stalls the table.
It needs the ``websockets`` package (the ``client`` or ``server`` extra).
"""

from __future__ import annotations

import importlib
import json
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from ludi.engine import LudiError

#: what an agent is: the seat's view and its legal moves in, a move (notation or index) out
Policy = Callable[[dict[str, Any], list[str]], "str | int"]


class AgentError(LudiError):
    """The agent could not play: a bad link, a refused move, the server gone."""


@dataclass(frozen=True)
class SeatLink:
    """Where a seat is played: the server's websocket address, the match and the seat's token."""

    socket: str
    match: str
    token: str


def parse_link(link: str, token: str | None = None) -> SeatLink:
    """Read a seat's join link (``http://host:port/match/ID#seat=TOKEN``, as the lobby and
    ``POST /api/matches`` give it); ``token`` is the seat's token when the link is a match's
    address without one."""
    parts = urlsplit(link)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise AgentError(f"{link!r} is not a match's address (http://host:port/match/ID#seat=…)")
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) < 2 or segments[-2] not in ("match", "ws"):
        raise AgentError(f"{link!r} does not name a match (…/match/ID)")
    fragment = dict(p.partition("=")[::2] for p in parts.fragment.split("&") if p)
    seat_token = token or fragment.get("seat")
    if not seat_token:
        raise AgentError("no seat token: give the seat's join link, or --token")
    secure = parts.scheme in ("https", "wss")
    prefix = "/".join(segments[:-2])
    path = ("/" + prefix if prefix else "") + f"/ws/{segments[-1]}"
    return SeatLink(f"{'wss' if secure else 'ws'}://{parts.netloc}{path}", segments[-1], seat_token)


def load_policy(name: str) -> Policy:
    """Return the callable ``module:function`` names (``ludi.client:random_move``)."""
    module, sep, attribute = name.partition(":")
    if not sep or not module or not attribute:
        raise AgentError(f"{name!r}: name the policy as module:function")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as exc:
        raise AgentError(f"no policy {name!r}: {exc}") from None
    if not callable(found):
        raise AgentError(f"{name!r} is not a function")
    return found  # type: ignore[no-any-return]


def random_move(view: dict[str, Any], legal: list[str]) -> str:
    """A policy that picks any legal move: a test partner, and the shape of your own."""
    return random.choice(legal)


@dataclass
class _Table:
    """What the client knows of the match between messages."""

    latest: dict[str, Any] | None = None
    #: the ref of the move sent and not yet answered, and the count of moves its ack reported
    waiting_for: int | None = None
    acked: int = -1
    moves: int = 0


def _chosen(move: str | int, legal: Sequence[str]) -> str:
    if isinstance(move, int) and not isinstance(move, bool):
        if not 0 <= move < len(legal):
            raise AgentError(f"the policy chose move {move}, but there are {len(legal)}")
        return legal[move]
    if isinstance(move, str) and move in legal:
        return move
    raise AgentError(f"the policy chose {move!r}, which is not one of the legal moves")


def play_seat(
    link: str,
    policy: Policy,
    token: str | None = None,
    lang: str = "en",
    on_state: Callable[[dict[str, Any]], None] | None = None,
    open_timeout: float = 10.0,
) -> dict[str, Any]:
    """Play the seat of ``link`` with ``policy`` until the match ends; return its result
    (``winners``, ``ranking``, ``points``, ``reason``, as the server reports it). ``on_state``
    sees every state the seat receives. Raises ``AgentError`` when the link is wrong, the server
    refuses a move or the connection ends before the match does."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    where = parse_link(link, token)
    table = _Table()
    ref = 0

    def act(ws: Any) -> None:
        nonlocal ref
        state = table.latest
        if state is None or table.waiting_for is not None or state["n"] < table.acked:
            return  # a move is on its way, or this state is from before it
        if state["over"] or state["seat"] not in state["to_act"] or not state["legal"]:
            return
        legal = list(state["legal"])
        move = _chosen(policy(state["view"], legal), legal)
        ref += 1
        table.waiting_for = ref
        ws.send(json.dumps({"type": "act", "action": move, "ref": ref}))

    try:
        with connect(where.socket, open_timeout=open_timeout, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": where.token, "lang": lang}))
            for raw in ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "state":
                    table.latest = message
                    if on_state is not None:
                        on_state(message)
                    if message["over"]:
                        return dict(message["result"] or {})
                elif kind == "ack" and message.get("ref") == table.waiting_for:
                    table.waiting_for, table.acked = None, int(message.get("n", -1))
                    table.moves += 1
                elif kind == "error":
                    if message.get("ref") is None and table.latest is None:
                        raise AgentError(
                            f"the server would not seat the agent: {message['reason']}"
                        )
                    if message.get("ref") == table.waiting_for:
                        raise AgentError(f"the server refused the move: {message['reason']}")
                    continue
                act(ws)
    except (OSError, InvalidStatus) as exc:
        raise AgentError(f"could not reach the match at {where.socket}: {exc}") from None
    except ConnectionClosed as exc:
        raise AgentError(f"the server closed the connection before the end: {exc}") from None
    raise AgentError("the server closed the connection before the end of the match")


def agent_socket(server: str) -> str:
    """Return the agents' websocket address of the server at ``server``
    (``http://host:port[/prefix]``)."""
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise AgentError(f"{server!r} is not a server's address (http://host:port)")
    secure = parts.scheme in ("https", "wss")
    return f"{'wss' if secure else 'ws'}://{parts.netloc}{parts.path.rstrip('/')}/ws/agent"


def serve_agent(
    server: str,
    token: str,
    policy: Policy,
    *,
    matches: int | None = None,
    stop: threading.Event | None = None,
    on_invite: Callable[[dict[str, Any]], None] | None = None,
    lang: str = "en",
    open_timeout: float = 10.0,
) -> list[dict[str, Any]]:
    """Wait on the server at ``server`` (``http://host:port``) for the matches that seat the
    agent whose token is ``token``, and play each with ``policy`` in a thread of its own, until
    ``stop`` is set or ``matches`` matches have ended; return each ended one's ``{"match",
    "seat", "result"}`` (or ``"error"``: why the agent could not play it). Matches under way
    when ``stop`` is set go on in their (daemon) threads.
    ``on_invite`` sees each invitation. Raises ``AgentError`` when the server refuses the token
    or cannot be reached, or closes the connection."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    address = agent_socket(server)
    base = server.rstrip("/")
    stop = stop or threading.Event()
    played: list[dict[str, Any]] = []
    lock = threading.Lock()
    threads: dict[tuple[str, int], threading.Thread] = {}

    def play(invitation: dict[str, Any]) -> None:
        entry: dict[str, Any] = {"match": invitation["match"], "seat": invitation["seat"]}
        try:
            entry["result"] = play_seat(base + invitation["link"], policy, lang=lang)
        except AgentError as exc:
            entry["error"] = str(exc)
        with lock:
            played.append(entry)

    def enough() -> bool:
        with lock:
            return stop.is_set() or (matches is not None and len(played) >= matches)

    try:
        with connect(address, open_timeout=open_timeout, max_size=None) as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "lang": lang}))
            while not enough():
                try:
                    message = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                if message.get("type") == "error":
                    raise AgentError(f"the server refused the agent: {message.get('reason')}")
                if message.get("type") != "invite":
                    continue  # (the welcome, a ping)
                key = (str(message["match"]), int(message["seat"]))
                if key in threads or (matches is not None and len(threads) >= matches):
                    continue
                if on_invite is not None:
                    on_invite(message)
                threads[key] = threading.Thread(target=play, args=(message,), daemon=True)
                threads[key].start()
    except (OSError, InvalidStatus) as exc:
        raise AgentError(f"could not reach the server at {address}: {exc}") from None
    except ConnectionClosed as exc:
        raise AgentError(f"the server closed the agent's connection: {exc}") from None
    with lock:
        return list(played)

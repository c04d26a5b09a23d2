"""``ludi agent connect``: your agent plays on a server.

Given a seat's link, it plays that seat to the end (``ludi.client.play_seat``). Given a server's
address and an agent's token (``ludi admin bot-token NAME``), it waits for the matches that seat
the agent and plays each, several at once, until Ctrl-C or ``--matches N`` have ended
(``ludi.client.serve_agent``).

The policy is any callable ``(view, legal) -> move`` (``ludi.client``); the command prints each
move it sends and each match's result. Its exit code is 0 when the matches ended, 2 when the
agent could not play (a wrong link or token, a refused move, the server gone: the message says
which).
"""

from __future__ import annotations

import threading
from typing import Any

from rich.console import Console

from ludi.client import AgentError, load_policy, play_seat, serve_agent


def add_command(sub: Any) -> None:
    """Add ``ludi agent`` to the command parsers."""
    p = sub.add_parser("agent", help="let your own agent play on a running server")
    actions = p.add_subparsers(dest="agent_action", required=True)
    c = actions.add_parser(
        "connect", help="play a seat's link, or every match that invites the agent"
    )
    c.add_argument(
        "link",
        metavar="LINK",
        help="a seat's join link (…/match/ID#seat=TOKEN), or the server's address "
        "(http://host:port) with --token",
    )
    c.add_argument(
        "--token",
        help="the agent's token (ludi admin bot-token), with the server's address; "
        "or the seat's token, when LINK is the match's address",
    )
    c.add_argument(
        "--policy",
        default="ludi.client:random_move",
        help="module:function taking (view, legal moves) and returning a move "
        "(default: ludi.client:random_move)",
    )
    c.add_argument(
        "--matches",
        type=int,
        metavar="N",
        help="with the server's address: stop after N matches (default: until Ctrl-C)",
    )
    c.add_argument("--quiet", action="store_true", help="print only the results")


def _is_seat_link(link: str) -> bool:
    return "/match/" in link or "/ws/" in link


def run(args: Any, out: Console) -> int:
    policy = load_policy(args.policy)
    sent: list[str] = []
    lock = threading.Lock()

    def say(text: str) -> None:
        out.print(text, markup=False, highlight=False)

    def watched(view: dict[str, Any], legal: list[str]) -> Any:
        move = policy(view, legal)
        chosen = legal[move] if isinstance(move, int) and 0 <= move < len(legal) else move
        with lock:
            sent.append(str(chosen))
            if not args.quiet:
                say(f"move {len(sent)}: {chosen}")
        return move

    if not _is_seat_link(args.link) and args.token:
        return _serve(args, watched, say)
    try:
        result = play_seat(args.link, watched, token=args.token)
    except AgentError as exc:
        raise AgentError(f"{exc} (after {len(sent)} moves)") from None
    say(f"the match is over after {len(sent)} moves of yours: {result.get('reason', '')}")
    return 0


def _serve(args: Any, policy: Any, say: Any) -> int:
    """Play every match that invites the agent, until Ctrl-C or ``--matches``."""
    stop = threading.Event()

    def invited(invitation: dict[str, Any]) -> None:
        say(
            f"invited to match {invitation['match']} ({invitation['game']}), seat {invitation['seat']}"
        )

    try:
        played = serve_agent(
            args.link, args.token, policy, matches=args.matches, stop=stop, on_invite=invited
        )
    except KeyboardInterrupt:
        stop.set()
        return 0
    for entry in played:
        outcome = entry.get("error") or entry["result"].get("reason", "")
        say(f"match {entry['match']}: {outcome}")
    return 2 if any("error" in entry for entry in played) else 0

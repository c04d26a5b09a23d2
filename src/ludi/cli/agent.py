"""``ludi agent connect LINK --policy module:function``: your agent plays a seat on a server.

The policy is any callable ``(view, legal) -> move`` (``ludi.client``); the command prints each
move it sends and the match's result. Its exit code is 0 when the match ended, 2 when the agent
could not play (a wrong link, a refused move, the server gone: the message says which).
"""

from __future__ import annotations

from typing import Any

from rich.console import Console

from ludi.client import AgentError, load_policy, play_seat


def add_command(sub: Any) -> None:
    """Add ``ludi agent`` to the command parsers."""
    p = sub.add_parser("agent", help="let your own agent play a seat on a running server")
    actions = p.add_subparsers(dest="agent_action", required=True)
    c = actions.add_parser("connect", help="play a seat's link with a policy until the end")
    c.add_argument("link", metavar="LINK", help="the seat's join link (…/match/ID#seat=TOKEN)")
    c.add_argument("--token", help="the seat's token, when LINK is the match's address")
    c.add_argument(
        "--policy",
        default="ludi.client:random_move",
        help="module:function taking (view, legal moves) and returning a move "
        "(default: ludi.client:random_move)",
    )
    c.add_argument("--quiet", action="store_true", help="print only the result")


def run(args: Any, out: Console) -> int:
    policy = load_policy(args.policy)
    sent: list[str] = []

    def watched(view: dict[str, Any], legal: list[str]) -> Any:
        move = policy(view, legal)
        chosen = legal[move] if isinstance(move, int) and 0 <= move < len(legal) else move
        sent.append(str(chosen))
        if not args.quiet:
            out.print(f"move {len(sent)}: {chosen}", markup=False, highlight=False)
        return move

    try:
        result = play_seat(args.link, watched, token=args.token)
    except AgentError as exc:
        raise AgentError(f"{exc} (after {len(sent)} moves)") from None
    out.print(
        f"the match is over after {len(sent)} moves of yours: {result.get('reason', '')}",
        markup=False,
        highlight=False,
    )
    return 0

"""Hints while learning (issue #29, docs/review.md): the move the ``hard`` level would make
now, and why in one line. (``hard``, the strongest: the levels below are made to lose to it,
decision record 0017; its search is capped at ``MAX_SECONDS`` as any bot's.)

A hint is given only where it can be fair to everyone: in a match whose every human seat is
at the screen that asks (a player alone against bots, or hot seat, where the page holds every
human seat's token), and not in a match created without hints (``hints: false``, the room
option a rated match sets). Every hint is stored as a fact of the match's table (``hint``,
the seat and the move number) and everyone sees how many hints each seat took: on the seats,
on the final screen and in the replay.

The search runs in the background worker (``BotPool.background``), before any review's
pieces: the live bots of every match go first.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import ludi
from ludi.bots import ISMCTSBot, Seat, make_bot
from ludi.bots.levels import level_spec
from ludi.engine import Presentation
from ludi.i18n import catalog
from ludi.server.bots import MAX_SECONDS, BotPool, _host_data
from ludi.server.reviews import InThreads
from ludi.server.room import Room
from ludi.store.sql import Fact

if TYPE_CHECKING:
    from ludi.server.hub import Hub

_, n_ = catalog(__name__)

#: the level whose move a hint gives
LEVEL = "hard"


class NoHint(Exception):
    """A hint refused (the reason, in the reader's language)."""


def hint_piece(position: dict[str, Any], seat: int, seed: int, data_file: str | None) -> Any:
    """Return the ``hard`` level's move for ``seat`` in the match at ``position`` and what
    it is based on: ``{"move", "iterations", "visits", "chance"}`` for a search (its share of
    the win from the move, over its simulations), ``{"move"}`` for a level that does not
    search. Runs in a bot worker."""
    data = _host_data(str(position.get("game")), data_file) if data_file else None
    state = ludi.load_position(position, data)
    spec = level_spec(LEVEL, state.game, state.players)
    if spec.partition(":")[0] == "ismcts":
        # the level's own search, its value the plain share of the win (a chance one reads)
        bot = make_bot(spec + ",margin=0", seed=seed, game=state.game)
        assert isinstance(bot, ISMCTSBot)
        bot.cap_time(MAX_SECONDS)
        bot.cap_workers(1)
        view = Seat(state, seat)
        iterations, _chance, figures = bot.root_figures(view)
        if figures:
            move, (visits, value) = max(figures.items(), key=lambda kv: (kv[1], kv[0]))
            return {"move": move, "iterations": iterations, "visits": visits, "chance": value}
    plain = make_bot(spec, seed=seed, game=state.game)
    return {"move": str(plain.choose(Seat(state, seat)))}


def may_hint(room: Room, seats: set[int]) -> int:
    """Return the seat a hint is for, the screen holding ``seats`` (raises ``NoHint``)."""
    if room.over:
        raise NoHint(_("the match is over"))
    if not room.table.hints_allowed:
        raise NoHint(_("this match was created without hints"))
    if not set(room.humans()) <= seats:
        raise NoHint(_("hints are for a match against bots, or in hot seat"))
    to_act = [s for s in room.state.to_act if s in seats and room.bot_for(s) is None]
    if not to_act:
        raise NoHint(_("a hint is for a seat to play"))
    return to_act[0]


async def give_hint(hub: Hub, room: Room, seats: set[int]) -> dict[str, Any]:
    """Return a hint for the seat to play among ``seats`` (those the screen holds), stored
    and told to everyone: ``{"seat", "move", "label", "why"}`` in the reader's language."""
    seat = may_hint(room, seats)
    state = room.state.clone()
    n = room.n
    digest = hashlib.sha256(f"hint:{room.header.seed}:{n}:{seat}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") >> 1
    pool = hub.pool
    piece = (state.position(), seat, seed)
    if isinstance(pool, BotPool):  # a player waits: before the reviews' pieces
        data_file = pool.data_files.get(state.data.info.sha256)
        found = await pool.background(hint_piece, *piece, data_file, first=True)
    else:
        found = await InThreads().background(hint_piece, *piece, None)
    if room.n != n or room.over:  # the match moved on meanwhile
        raise NoHint(_("the match moved on: ask again"))
    shown = state.game.presentation or Presentation()
    label = shown.move_labels(state, seat, [state.parse_action(found["move"])])[0]
    if "chance" in found:
        why = n_(
            "the search chose it in {visits} of its {n} simulation, and won {chance}% of "
            "them from it",
            "the search chose it in {visits} of its {n} simulations, and won {chance}% of "
            "them from it",
            int(found["iterations"]),
            n=int(found["iterations"]),
            visits=found["visits"],
            chance=round(100 * float(found["chance"])),
        )
    else:
        why = _("the game's heuristic plays it first")
    await hub.committer.append(Fact(room.id, "hint", seat, {"n": n}))
    room.table.hints[seat] += 1
    hub.broadcast(room)
    return {"seat": seat, "move": found["move"], "label": label, "why": why}


async def refuse_hints(hub: Hub, room: Room) -> None:
    """Make a new match one that takes no hint (stored with it)."""
    await hub.committer.append(Fact(room.id, "no_hints", None, {"n": room.n}))
    room.table.hints_allowed = False

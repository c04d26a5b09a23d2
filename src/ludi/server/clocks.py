"""Turn clocks: a clock per seat, chosen when the match is created.

Three kinds, as on any online board game site:

- **Fischer**: each seat starts with ``base`` seconds; its clock runs while it is to act, and
  each move it makes adds ``increment`` seconds.
- **Per move**: each move must be made within ``base`` seconds; nothing carries over.
- **Correspondence** (``days``): each move must be made within ``base`` seconds, a whole number
  of days (``DAYS_OFFERED``); a match may run for weeks. Its time is the wall clock's, not the
  process's: each running seat's deadline is stored with every move (``since``) and stands
  across restarts (the downtime counts: a move has days, a restart takes seconds; a deadline
  that passed while the server was down is moved, ``ludi.server.correspondence``).

A clock runs only for a seat a human plays and only while that seat is to act (in a
simultaneous decision every deciding seat's clock runs at once). Each action is a move: a seat
that acts twice in a row (Caesar!'s Tactics, a Sylla payment card by card) ends one move and
starts the next, so it gets its increment, or a fresh limit, each time.

When a clock runs out, the match's choice applies: ``bot`` hands the seat to its stand-in bot
until its player comes back (then the player takes it back; a Fischer clock that ran out
restarts at ``RETURN_GRACE`` seconds, or the increment if that is more, so the returning
player can move at all), or ``lose`` ends the match with that seat last.

A live clock's server restart neither charges nor gives time unfairly: what is stored is each seat's clock
at the start of its current move (written with every move). On restart the seats to act start
that move again with that time: the downtime, when nobody could move, is charged to nobody, and
a seat loses at most the part of one move it had thought before the crash (it gets it back).

Nothing here reads the time itself: every method takes ``now`` (seconds, any monotonic origin
within one process), so the tests drive a clock by hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ludi.engine import OptionError
from ludi.i18n import catalog

_, n_ = catalog(__name__)

FISCHER = "fischer"
PER_MOVE = "move"
DAYS = "days"
KINDS = (FISCHER, PER_MOVE, DAYS)
#: the days a correspondence move may take, as the lobby offers them
DAYS_OFFERED = (1, 2, 3, 7)
DAY = 86400.0
#: what happens when a clock runs out
BY_BOT, LOSE = "bot", "lose"
ON_TIMEOUT = (BY_BOT, LOSE)
#: a Fischer clock that ran out restarts at this much (or the increment) when its player returns
RETURN_GRACE = 30.0
#: bounds on what a match may ask for (a day a move is a correspondence game)
MAX_SECONDS = 24 * 3600.0
MIN_SECONDS = 5.0


@dataclass(frozen=True)
class ClockRules:
    """The clock a match was created with."""

    kind: str
    base: float
    increment: float = 0.0
    on_timeout: str = BY_BOT

    @classmethod
    def parse(cls, raw: Mapping[str, Any]) -> ClockRules:
        """Return the rules ``raw`` asks for; raises ``OptionError`` saying what is wrong."""
        kind = raw.get("kind")
        if kind not in KINDS:
            raise OptionError(
                _("a clock is 'fischer', 'move' or 'days', not {kind}", kind=repr(kind))
            )
        try:
            base = float(raw.get("base", 0))
            increment = float(raw.get("increment", 0) or 0)
        except (TypeError, ValueError):
            raise OptionError(_("a clock's times are numbers of seconds")) from None
        if kind == DAYS:
            if base / DAY not in DAYS_OFFERED or increment:
                raise OptionError(
                    _(
                        "a correspondence clock gives {days} days a move",
                        days=", ".join(str(d) for d in DAYS_OFFERED),
                    )
                )
        elif not MIN_SECONDS <= base <= MAX_SECONDS:
            raise OptionError(
                _(
                    "a clock's time is between {least} s and {most} hours",
                    least=format(MIN_SECONDS, "g"),
                    most=format(MAX_SECONDS / 3600, "g"),
                )
            )
        if not 0 <= increment <= MAX_SECONDS:
            raise OptionError(_("a clock's increment is between 0 and 24 hours"))
        if kind == PER_MOVE and increment:
            raise OptionError(_("a per-move limit has no increment"))
        on_timeout = raw.get("on_timeout", BY_BOT)
        if on_timeout not in ON_TIMEOUT:
            raise OptionError(
                _("when a clock runs out: 'bot' or 'lose', not {value}", value=repr(on_timeout))
            )
        return cls(kind, base, increment, on_timeout)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "base": self.base,
            "increment": self.increment,
            "on_timeout": self.on_timeout,
        }

    def describe(self) -> str:
        """Return the clock as a player reads it: "10 min + 5 s a move", "1 min a move"."""
        if self.kind == DAYS:
            days = round(self.base / DAY)
            return n_("{n} day a move", "{n} days a move", days, n=days)
        if self.kind == PER_MOVE:
            return _("{time} a move", time=_duration(self.base))
        if self.increment:
            return _(
                "{time} + {extra} a move",
                time=_duration(self.base),
                extra=_duration(self.increment),
            )
        return _duration(self.base)

    @property
    def wall(self) -> bool:
        """Whether the clock runs on the wall clock (``time.time``: a correspondence clock,
        whose deadlines outlive the process) rather than the process's monotonic clock."""
        return self.kind == DAYS


def _duration(seconds: float) -> str:
    if seconds >= 3600 and seconds % 3600 == 0:
        return _("{n} h", n=format(seconds / 3600, "g"))
    if seconds >= 60 and seconds % 60 == 0:
        return _("{n} min", n=format(seconds / 60, "g"))
    return _("{n} s", n=format(seconds, "g"))


class Clocks:
    """Every seat's clock in one match. ``bank[s]`` is seat s's time at the start of its
    current move (Fischer) or unused (per move); ``started[s]`` when its current move began,
    for the seats whose clock runs."""

    def __init__(self, rules: ClockRules, players: int, bank: list[float] | None = None) -> None:
        self.rules = rules
        self.bank = list(bank) if bank is not None else [rules.base] * players
        self.started: dict[int, float] = {}

    def copy(self) -> Clocks:
        """Return an independent copy (the clocks after a move are worked out on one)."""
        twin = Clocks(self.rules, len(self.bank), self.bank)
        twin.started = dict(self.started)
        return twin

    # -- what the hub tells it -------------------------------------------------------------

    def sync(
        self, to_act: Iterable[int], clocked: Iterable[int], now: float, moved: int | None = None
    ) -> None:
        """Bring the clocks in line with the match after a change: ``moved`` (if any) has just
        made a move; the seats of ``to_act`` that ``clocked`` holds (the human ones) must run,
        every other clock stops."""
        running = set(to_act) & set(clocked)
        if moved is not None and moved in self.started:
            self._stop(moved, now, moved=True)
        for seat in list(self.started):
            if seat not in running:
                self._stop(seat, now, moved=False)
        for seat in sorted(running):
            self.started.setdefault(seat, now)

    def _stop(self, seat: int, now: float, moved: bool) -> None:
        start = self.started.pop(seat)
        if self.rules.kind == FISCHER:
            self.bank[seat] = max(0.0, self.bank[seat] - (now - start))
            if moved:
                self.bank[seat] += self.rules.increment

    def ran_out(self, seat: int) -> None:
        """Note that ``seat``'s clock ran out: it stops, with nothing left."""
        self.started.pop(seat, None)
        if self.rules.kind == FISCHER:
            self.bank[seat] = 0.0

    def comeback(self, seat: int) -> None:
        """The player of a seat whose clock ran out takes it back: give it time to move."""
        if self.rules.kind == FISCHER:
            self.bank[seat] = max(self.bank[seat], RETURN_GRACE, self.rules.increment)

    # -- what it tells -----------------------------------------------------------------------

    def left(self, seat: int, now: float) -> float:
        """Return the seconds ``seat`` has left for its current (or next) move."""
        full = self.bank[seat] if self.rules.kind == FISCHER else self.rules.base
        start = self.started.get(seat)
        return full if start is None else max(0.0, full - (now - start))

    def deadline(self) -> tuple[float, int] | None:
        """Return ``(when, seat)`` of the first clock to run out, or None if none runs."""
        best: tuple[float, int] | None = None
        for seat, start in self.started.items():
            full = self.bank[seat] if self.rules.kind == FISCHER else self.rules.base
            when = start + full
            if best is None or when < best[0]:
                best = (when, seat)
        return best

    def expired(self, now: float) -> list[int]:
        """Return the seats whose clock has run out by ``now``."""
        return sorted(s for s in self.started if self.left(s, now) <= 0.0)

    def to_json(self, now: float) -> dict[str, Any]:
        """Return the clocks as the page draws them: the rules, each seat's time left, and
        which run (the page counts those down by itself until the next message)."""
        return {
            **self.rules.to_json(),
            "label": self.rules.describe(),
            "left": [round(self.left(s, now), 2) for s in range(len(self.bank))],
            "running": sorted(self.started),
        }

    def stored(self) -> dict[str, Any]:
        """Return what a restart needs: the rules and each seat's time at the start of its
        current move (what a live clock has used of this move is not kept: see the module's
        docstring); a correspondence clock keeps when each running seat's move began."""
        out: dict[str, Any] = {
            "rules": self.rules.to_json(),
            "bank": [round(b, 3) for b in self.bank],
        }
        if self.rules.wall:
            out["since"] = {str(s): round(t, 3) for s, t in sorted(self.started.items())}
        return out

    @classmethod
    def restore(cls, stored: Mapping[str, Any], players: int) -> Clocks:
        """Return the clocks ``stored()`` described: none running yet, but for a
        correspondence clock, whose seats to act resume the move they began (``sync`` keeps
        their start)."""
        rules = ClockRules.parse(stored["rules"])
        bank = [float(b) for b in stored.get("bank", [])]
        if len(bank) != players:
            bank = [rules.base] * players
        clocks = cls(rules, players, bank)
        if rules.wall:
            clocks.started = {int(s): float(t) for s, t in stored.get("since", {}).items()}
        return clocks

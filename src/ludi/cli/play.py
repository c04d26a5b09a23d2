"""``ludi play``: a match in the terminal, humans and bots at any seats.

The screen a human sees is always drawn from ``state.view(their seat)``, never from the true
state, and the log they read is ``state.events(their seat)``. With several humans at one
terminal (hot seat) the screen is cleared and handed over before each human's turn. Bots'
moves are told through the narrated events (never their notation, which can name a token
placed face down).
"""

from __future__ import annotations

import argparse
import secrets
from collections import defaultdict
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

import ludi
from ludi.bots import Bot, Seat
from ludi.cli.common import (
    SeatSpec,
    UsageError,
    derive_seed,
    parse_options,
    parse_seats,
    player_count,
)
from ludi.cli.render import renderer_for
from ludi.cli.terminal import Terminal
from ludi.engine import Action, IllegalAction, LudiError, RecordError, State
from ludi.i18n import N_, catalog
from ludi.store import SavedGame, load_save, write_record, write_save

_, n_ = catalog(__name__)

# TRANSLATORS: the commands (board, log, save, quit, help) are typed as written here: keep them
HELP = N_("""\
Type the [bold]number[/bold] of a move or its [bold]notation[/bold] (as listed under "Your moves").
Commands:
  [bold]board[/bold]         draw the board and the moves again
  [bold]log[/bold]           everything that happened, as you saw it
  [bold]save[/bold] [FILE]   save the game (continue later with ludi play --resume FILE)
  [bold]quit[/bold]          leave the game (you are offered to save first)
  [bold]help[/bold]          this text""")


class Quit(Exception):
    """The human left the game; ``code`` is the exit code."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Session:
    """One match being played at this terminal."""

    def __init__(
        self,
        state: State,
        specs: list[SeatSpec],
        term: Terminal,
        records: Path,
        data_file: str | None,
        bot_seed: int,
    ) -> None:
        self.state = state
        self.specs = specs
        self.term = term
        self.out = term.console
        self.records = records
        self.data_file = data_file
        self.bot_seed = bot_seed
        done = len(state.history())
        self.bots: list[Bot | None] = [
            None if spec.is_human else spec.bot(derive_seed(bot_seed, seat, done), state.game)
            for seat, spec in enumerate(specs)
        ]
        self.humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
        self.hot_seat = len(self.humans) > 1
        # who reads the narration as it happens: the one human, else a spectator
        self.live: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.seen: dict[int | None, int] = defaultdict(int)
        self.at_screen: int | None = None
        self.render = renderer_for(state.game)

    # -- the match ---------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the end (or until the human leaves); return the exit code."""
        st = self.state
        seats = ", ".join(f"{st.seat_name(s)} = {spec.text}" for s, spec in enumerate(self.specs))
        self.out.print(
            f"[bold]{escape(st.game.printed_title())}[/bold]: "
            + _("{seats}   (seed {seed})", seats=escape(seats), seed=st.seed)
        )
        if not self.hot_seat:
            self.narrate(self.live)
        try:
            while not st.is_over:
                seat = self._next_seat()
                bot = self.bots[seat]
                if bot is None:
                    self.human_turn(seat)
                else:
                    self.bot_turn(bot, seat)
        except Quit as stop:
            return stop.code
        except KeyboardInterrupt:
            self.out.print()
            self.autosave(_("Game interrupted; saving it so nothing is lost."))
            return 130
        self.finish()
        return 0

    def bot_turn(self, bot: Bot, seat: int) -> None:
        """Let a bot move; if it cannot (a bot at a seat it does not play), save, then report."""
        st = self.state
        try:
            st.apply(seat, bot.choose(Seat(st, seat)))
        except LudiError as exc:
            self.autosave(
                _(
                    "Game stopped: the {bot} bot at {seat} failed; saving it so nothing is lost.",
                    bot=self.specs[seat].text,
                    seat=st.seat_name(seat),
                )
            )
            raise LudiError(
                _(
                    "{problem} (resume with other seats: ludi play --resume FILE --seats ...)",
                    problem=exc,
                )
            ) from None
        if not self.hot_seat:
            self.narrate(self.live)

    def _next_seat(self) -> int:
        """Return the seat to decide now: bots first when several decide in secret at once."""
        waiting = self.state.to_act
        for seat in waiting:
            if self.bots[seat] is not None:
                return seat
        return waiting[0]

    def narrate(self, viewer: int | None, heading: str = "") -> None:
        """Print what ``viewer`` has not yet read of the log, as they may read it."""
        st = self.state
        total = len(st.raw_events())
        lines = st.events(viewer, since=self.seen[viewer])
        self.seen[viewer] = total
        if lines and heading:
            self.out.print(heading, style="bold")
        for line in lines:
            self.out.print(f"  · {line}", markup=False)

    def human_turn(self, seat: int) -> None:
        """Show ``seat`` its view and moves, and read its decision until one is accepted."""
        st = self.state
        name = st.seat_name(seat)
        if self.hot_seat and self.at_screen != seat:
            self.term.clear()
            self.out.print(
                _("Pass the screen to {seat}.", seat="[bold]" + escape(name) + "[/bold]")
            )
            if (
                self.term.ask(
                    _("{seat}, press Enter when only you can see the screen. ", seat=escape(name))
                )
                is None
            ):
                self.autosave(INPUT_ENDED)
                raise Quit(1)
            self.term.clear()
            self.at_screen = seat
            self.narrate(seat, _("Since your last turn, {seat}:", seat=name))
        elif not self.hot_seat:
            self.narrate(seat)
        self.show(seat)
        while True:
            answer = self.term.ask(
                _(
                    "{seat}, your move (number, notation or help): ",
                    seat="[bold]" + escape(name) + "[/bold]",
                )
            )
            if answer is None:
                self.out.print(_("The input ended before the game did."))
                self.autosave(INPUT_ENDED)
                raise Quit(1)
            if not answer:
                continue
            word, _space, rest = answer.partition(" ")
            word = word.lower()
            if word in ("help", "?"):
                self.out.print(_(HELP))
            elif word == "board":
                self.show(seat)
            elif word == "log":
                for line in st.events(seat):
                    self.out.print(f"  · {line}", markup=False)
            elif word == "save":
                self.save(rest.strip() or None)
            elif word in ("quit", "exit"):
                self.quit()
            else:
                action = self.pick(seat, answer)
                if action is None:
                    continue
                try:
                    st.apply(seat, action)
                except IllegalAction as exc:
                    self.refuse(exc)
                    continue
                self.narrate(seat if self.hot_seat else self.live)
                return

    def pick(self, seat: int, answer: str) -> Action | str | None:
        """Return the move a number names, or the text as typed (the state parses it)."""
        if answer.isdigit():
            moves = self.state.legal_actions(seat)
            n = int(answer)
            if not 1 <= n <= len(moves):
                self.out.print(
                    "[red]"
                    + _("There is no move {n}: choose 1 to {last}.", n=n, last=len(moves))
                    + "[/red]"
                )
                return None
            return moves[n - 1]
        return answer

    def refuse(self, exc: IllegalAction) -> None:
        self.out.print(
            "[red]" + _("Refused:") + "[/red] " + escape(exc.reason), markup=True, highlight=False
        )
        self.out.print("[dim]" + escape(_("rule: {rule}", rule=exc.rule)) + "[/dim]")

    def show(self, seat: int) -> None:
        """Draw the board as ``seat`` sees it and list its moves, numbered and in notation."""
        self.render(self.state.view(seat), self.out)
        show_moves(self.out, [str(a) for a in self.state.legal_actions(seat)])

    # -- saving and leaving ------------------------------------------------------------------

    def saved_game(self) -> SavedGame:
        record = ludi.record_of(self.state, [s.text for s in self.specs])
        return SavedGame(record, tuple(s.text for s in self.specs), self.data_file, self.bot_seed)

    def default_save_path(self) -> Path:
        return self.records / f"{self.state.game.id}-{self.state.seed}.save.json"

    def save(self, path: str | None) -> Path | None:
        target = Path(path) if path else self.default_save_path()
        try:
            written = write_save(self.saved_game(), target)
        except LudiError as exc:
            self.out.print("[red]" + _("Not saved:") + "[/red] " + escape(str(exc)))
            return None
        self.out.print(
            _("Saved to {path}. Continue with: ludi play --resume {path}", path=written),
            markup=False,
        )
        return written

    def autosave(self, why: str) -> None:
        """Save without asking, so nothing is lost when the game stops unexpectedly; ``why``
        says so in a sentence (``INPUT_ENDED``...)."""
        self.out.print(_(why), markup=False)
        self.save(None)

    def quit(self) -> None:
        answer = self.term.confirm(_("Save the game before quitting?"), default=True)
        if answer is None:
            self.autosave(INPUT_ENDED)
            raise Quit(1)
        if answer:
            where = self.term.ask(
                _("File to save to {default}: ", default=escape(f"[{self.default_save_path()}]"))
            )
            self.save(where or None)
        self.out.print(_("Game left."))
        raise Quit(0)

    def finish(self) -> None:
        """Show the final board and the result, and write the record."""
        st = self.state
        if self.hot_seat:
            self.term.clear()
        viewer = self.live
        self.narrate(viewer)
        self.render(st.view(viewer), self.out)
        result = st.result
        assert result is not None
        self.out.print()
        self.out.print(outcome(result.reason, [st.seat_name(w) for w in result.winners]))
        points = ", ".join(f"{st.seat_name(s)} {p:g}" for s, p in enumerate(result.points))
        self.out.print(_("Points: {points}", points=points), markup=False)
        path = write_record(ludi.record_of(st, [s.text for s in self.specs]), self.records)
        self.out.print(
            _("Record written to {path}  (replay it: ludi replay {path})", path=path),
            markup=False,
        )


#: why a game is saved without asking (``Session.autosave``)
INPUT_ENDED = N_("Game input ended; saving it so nothing is lost.")


def outcome(reason: str, winners: list[str]) -> Text:
    """Return how a match ended, in a sentence: who won, and why."""
    if not winners:
        return Text(_("No winner: {reason}.", reason=reason))
    text = n_(
        "{winners} won: {reason}.",
        "{winners} won: {reason}.",
        len(winners),
        winners=_(" and ").join(winners),
        reason=reason,
    )
    return Text(text, style="bold")


def show_moves(out: Console, moves: list[str]) -> None:
    """Print the moves numbered from 1, compactly, so that a long list still fits the screen.

    Moves written ``TOKEN@CELL>SIDE`` are grouped by token, then by cell:
    ``sword4/2@ b03 1>HC 2>GA`` lists ``sword4/2@b03>HC`` as move 1 and ``sword4/2@b03>GA`` as
    move 2. Any other notation is listed whole after its number. Typing the number or the
    whole notation chooses the move.
    """
    if not moves:
        return
    groups: dict[str, dict[str, list[tuple[int, str]]]] = {}
    for i, text in enumerate(moves, 1):
        head, at, tail = text.partition("@")
        if not at:
            groups.setdefault("", {})[f"{i}"] = [(i, text)]
            continue
        cell, gt, side = tail.partition(">")
        groups.setdefault(head, {}).setdefault(cell, []).append((i, f">{side}" if gt else ""))
    out.print(
        _(
            "{moves} ({n}): type a number, or a whole notation such as {example}",
            moves="[bold]" + _("Your moves") + "[/bold]",
            n=len(moves),
            example=escape(moves[0]),
        )
    )
    width = max(out.width, 40)
    for head, cells in groups.items():
        items: list[Text] = []
        for cell, entries in cells.items():
            item = Text()
            if head == "":
                (i, text), *_others = entries
                item.append(f"{i}", style="cyan")
                item.append(f" {text}")
            else:
                item.append(cell)
                for i, side in entries:
                    item.append(f" {i}", style="cyan")
                    item.append(side)
            items.append(item)
        prefix = f"  {head}@ " if head else "  "
        cell_width = max(len(item) for item in items) + 2
        per_line = max(1, (width - len(prefix)) // cell_width)
        for start in range(0, len(items), per_line):
            line = Text(prefix if start == 0 else " " * len(prefix), style="bold")
            for item in items[start : start + per_line]:
                line.append_text(item)
                line.append(" " * (cell_width - len(item)))
            out.print(line)


def run(args: argparse.Namespace, term: Terminal) -> int:
    """Start or resume the match the arguments describe and play it; return the exit code."""
    records = Path(args.records)
    if args.resume:
        save = load_save(args.resume)
        if args.game and args.game != save.record.game:
            raise UsageError(
                _(
                    "{file} is a game of {game}, not {asked}",
                    file=args.resume,
                    game=save.record.game,
                    asked=args.game,
                )
            )
        if args.option or args.seed is not None or args.players:
            raise UsageError(_("a resumed game keeps its own options, seed and players"))
        game = ludi.get_game(save.record.game)
        data_file = args.data or save.data_file
        if save.record.result is not None:
            raise UsageError(
                _("{file} is a finished game; replay it with ludi replay", file=args.resume)
            )
        specs = (
            parse_seats(args.seats, game, save.record.players)
            if args.seats
            else parse_seats(",".join(save.seats), game, save.record.players)
        )
        try:
            state = ludi.replay(save.record, data=data_file)
        except RecordError as exc:
            raise RecordError(
                _("{file} does not replay: {problem}", file=args.resume, problem=exc)
            ) from None
        bot_seed = save.bot_seed
        played = len(state.history())
        term.console.print(
            n_(
                "Resuming {file}: {n} move played so far.",
                "Resuming {file}: {n} moves played so far.",
                played,
                file=args.resume,
                n=played,
            ),
            markup=False,
        )
    else:
        if not args.game:
            raise UsageError(_("name the game to play (see ludi games), or --resume a saved game"))
        game = ludi.get_game(args.game)
        players = player_count(args.players, args.seats, game)
        options = parse_options(args.option)
        game.resolve_options(options, players)  # refuse bad options before asking for seats
        specs = parse_seats(args.seats, game, players)
        seed = args.seed if args.seed is not None else secrets.randbits(31)
        data_file = args.data
        state = ludi.new_match(game.id, players=players, seed=seed, options=options, data=data_file)
        bot_seed = seed
    session = Session(state, specs, term, records, data_file, bot_seed)
    return session.run()

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
from ludi.cli.common import SeatSpec, UsageError, derive_seed, parse_options, parse_seats
from ludi.cli.render import renderer_for
from ludi.cli.terminal import Terminal
from ludi.engine import Action, IllegalAction, LudiError, RecordError, State
from ludi.store import SavedGame, load_save, write_record, write_save

HELP = """\
Type the [bold]number[/bold] of a move or its [bold]notation[/bold] (as listed under "Your moves").
Commands:
  [bold]board[/bold]         draw the board and the moves again
  [bold]log[/bold]           everything that happened, as you saw it
  [bold]save[/bold] [FILE]   save the game (continue later with ludi play --resume FILE)
  [bold]quit[/bold]          leave the game (you are offered to save first)
  [bold]help[/bold]          this text"""


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
        self.out.print(
            f"[bold]{st.game.title}[/bold]: "
            + ", ".join(f"{st.seat_name(s)} = {spec.text}" for s, spec in enumerate(self.specs))
            + f"   (seed {st.seed})"
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
            self.autosave("interrupted")
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
                f"stopped: the {self.specs[seat].text} bot at {st.seat_name(seat)} failed"
            )
            raise LudiError(
                f"{exc} (resume with other seats: ludi play --resume FILE --seats ...)"
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
            self.out.print(f"Pass the screen to [bold]{name}[/bold].")
            if self.term.ask(f"{name}, press Enter when only you can see the screen. ") is None:
                self.autosave("input ended")
                raise Quit(1)
            self.term.clear()
            self.at_screen = seat
            self.narrate(seat, f"Since your last turn, {name}:")
        elif not self.hot_seat:
            self.narrate(seat)
        self.show(seat)
        while True:
            answer = self.term.ask(f"[bold]{name}[/bold], your move (number, notation or help): ")
            if answer is None:
                self.out.print("The input ended before the game did.")
                self.autosave("input ended")
                raise Quit(1)
            if not answer:
                continue
            word, _, rest = answer.partition(" ")
            word = word.lower()
            if word in ("help", "?"):
                self.out.print(HELP)
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
                self.out.print(f"[red]There is no move {n}: choose 1 to {len(moves)}.[/red]")
                return None
            return moves[n - 1]
        return answer

    def refuse(self, exc: IllegalAction) -> None:
        self.out.print(f"[red]Refused:[/red] {exc.reason}", markup=True, highlight=False)
        self.out.print(f"[dim]rule: {exc.rule}[/dim]")

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
            self.out.print(f"[red]Not saved:[/red] {exc}")
            return None
        self.out.print(f"Saved to {written}. Continue with: ludi play --resume {written}")
        return written

    def autosave(self, why: str) -> None:
        """Save without asking, so nothing is lost when the game stops unexpectedly."""
        self.out.print(f"Game {why}; saving it so nothing is lost.")
        self.save(None)

    def quit(self) -> None:
        answer = self.term.confirm("Save the game before quitting?", default=True)
        if answer is None:
            self.autosave("input ended")
            raise Quit(1)
        if answer:
            where = self.term.ask(f"File to save to \\[{escape(str(self.default_save_path()))}]: ")
            self.save(where or None)
        self.out.print("Game left.")
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
        winners = " and ".join(st.seat_name(w) for w in result.winners)
        self.out.print(f"\n[bold]{winners} won[/bold]: {result.reason}.")
        points = ", ".join(f"{st.seat_name(s)} {p:g}" for s, p in enumerate(result.points))
        self.out.print(f"Points: {points}")
        path = write_record(ludi.record_of(st, [s.text for s in self.specs]), self.records)
        self.out.print(f"Record written to {path}  (replay it: ludi replay {path})")


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
        f"[bold]Your moves[/bold] ({len(moves)}): type a number, or a whole notation "
        f"such as {moves[0]}"
    )
    width = max(out.width, 40)
    for head, cells in groups.items():
        items: list[Text] = []
        for cell, entries in cells.items():
            item = Text()
            if head == "":
                (i, text), *_ = entries
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
            raise UsageError(f"{args.resume} is a game of {save.record.game}, not {args.game}")
        if args.option or args.seed is not None or args.players:
            raise UsageError("a resumed game keeps its own options, seed and players")
        game = ludi.get_game(save.record.game)
        data_file = args.data or save.data_file
        if save.record.result is not None:
            raise UsageError(f"{args.resume} is a finished game; replay it with ludi replay")
        specs = (
            parse_seats(args.seats, game, save.record.players)
            if args.seats
            else parse_seats(",".join(save.seats), game, save.record.players)
        )
        try:
            state = ludi.replay(save.record, data=data_file)
        except RecordError as exc:
            raise RecordError(f"{args.resume} does not replay: {exc}") from None
        bot_seed = save.bot_seed
        term.console.print(f"Resuming {args.resume}: {len(state.history())} move(s) played so far.")
    else:
        if not args.game:
            raise UsageError("name the game to play (see ludi games), or --resume a saved game")
        game = ludi.get_game(args.game)
        players = args.players or game.players[0]
        options = parse_options(args.option)
        game.resolve_options(options, players)  # refuse bad options before asking for seats
        specs = parse_seats(args.seats, game, players)
        seed = args.seed if args.seed is not None else secrets.randbits(31)
        data_file = args.data
        state = ludi.new_match(game.id, players=players, seed=seed, options=options, data=data_file)
        bot_seed = seed
    session = Session(state, specs, term, records, data_file, bot_seed)
    return session.run()

"""``ludi play``: a match in the terminal, humans and bots at any seats.

The screen a human sees is always drawn from ``state.view(their seat)``, never from the true
state, and the log they read is ``state.events(their seat)``. With several humans at one
terminal (hot seat) the screen is cleared and handed over before each human's turn. Bots'
moves are told through the narrated events (never their notation, which can name a token
placed face down).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
from collections import defaultdict
from pathlib import Path

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
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
from ludi.cli.render import draw, renderer_for
from ludi.cli.terminal import Terminal
from ludi.engine import Action, IllegalAction, LudiError, Presentation, RecordError, State
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
            None
            if spec.is_human
            else spec.bot(derive_seed(bot_seed, seat, done), state.game, state.players)
            for seat, spec in enumerate(specs)
        ]
        self.humans = [seat for seat, spec in enumerate(specs) if spec.is_human]
        self.hot_seat = len(self.humans) > 1
        # who reads the narration as it happens: the one human, else a spectator
        self.live: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.seen: dict[int | None, int] = defaultdict(int)
        self.at_screen: int | None = None
        self.render = renderer_for(state.game)
        #: lines printed since the board was last drawn (the news the next drawing leaves on
        #: screen above it)
        self.news_lines = 0
        # a pipe (a script, a transcript) gets the whole board unless LINES gives it a height
        self.fit = term.interactive or bool(os.environ.get("LINES"))

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
            self.news_lines += self.say(Text(f"  · {line}"))

    def say(self, text: Text) -> int:
        """Print ``text`` wrapped between words at the console's width; return its lines."""
        rendered = self.out.render_lines(text, pad=False)
        self.out.print(text, soft_wrap=False)
        return len(rendered)

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
            self.news_lines = 1  # a clear screen: only the heading and the news to come
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
                self.show(seat, fit=False)
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
                if isinstance(action, str) and not self.parses(action):
                    self.unknown(seat, answer)
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

    def parses(self, text: str) -> bool:
        try:
            self.state.parse_action(text)
        except IllegalAction:
            return False
        return True

    def unknown(self, seat: int, answer: str) -> None:
        """Say, in a player's words, what to type instead of ``answer`` (neither a move, a
        command nor any notation of the game)."""
        moves = self.state.legal_actions(seat)
        self.out.print(
            "[red]"
            + _("{answer} is not a move or a command.", answer=escape(repr(answer)))
            + "[/red] "
            + _(
                "Type the number of a move (1 to {last}), the notation printed beside it "
                "(such as {example}), or help.",
                last=len(moves),
                example=escape(str(moves[0])) if moves else "help",
            ),
            highlight=False,
        )

    def refuse(self, exc: IllegalAction) -> None:
        self.out.print(
            "[red]" + _("Refused:") + "[/red] " + escape(exc.reason), markup=True, highlight=False
        )
        self.out.print("[dim]" + escape(_("rule: {rule}", rule=exc.rule)) + "[/dim]")

    def show(self, seat: int, fit: bool = True) -> None:
        """Draw the board as ``seat`` sees it and list its moves, numbered, in words and in
        notation.

        With ``fit``, the drawing is fitted to the terminal's height so that the news printed
        just before it (up to ``NEWS_KEPT`` lines), the board's part the decision concerns,
        the moves and the prompt are on one screen (a renderer that takes ``height`` chooses
        what to leave out; ``board`` draws everything).
        """
        st = self.state
        actions = st.legal_actions(seat)
        shown = st.game.presentation or Presentation()
        moves = move_list(
            [str(a) for a in actions], shown.move_labels(st, seat, actions), self.out.width
        )
        height = None
        if fit and self.fit:
            used = len(self.out.render_lines(moves, pad=False)) + PROMPT_LINES
            used += min(self.news_lines, NEWS_KEPT)
            height = max(self.out.height - used, BOARD_LINES_AT_LEAST)
        draw(self.render, st.view(seat), self.out, height)
        self.out.print(moves, soft_wrap=False)
        self.news_lines = 0

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


#: the news lines a fitted board leaves on screen above it; the lines a prompt takes (with a
#: long name wrapped); the fewest lines a board is fitted into, however long the moves
NEWS_KEPT = 8
PROMPT_LINES = 2
BOARD_LINES_AT_LEAST = 12


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


def move_list(moves: list[str], labels: list[str], width: int) -> RenderableType:
    """Return the moves numbered from 1, each in words beside its notation, compactly enough
    that a long list still fits the screen.

    Moves whose notation differs only after its last separator (``offer:0`` ... ``offer:9``,
    ``diplomacy:alliance@gallia/trade`` ...) share a row when the list is long: the words
    they have in common, then each move's number and the words that differ; a run of
    numbers is written as its first and last move. Notations written ``TOKEN@CELL>SIDE``
    (Caesar!'s tokens, dozens of them) keep the grouped form of ``notation_rows``. Typing the
    number or the whole notation chooses the move.
    """
    if not moves:
        return Text()
    heading = Text.from_markup(
        _(
            "{moves} ({n}): type a number, or a whole notation such as {example}",
            moves="[bold]" + _("Your moves") + "[/bold]",
            n=len(moves),
            example=escape(moves[0]),
        )
    )
    if len(labels) != len(moves) or all(_token_at_cell(m) for m in moves):
        return Group(heading, *notation_rows(moves, width))
    table = Table.grid(padding=(0, 1))
    table.add_column(justify="right", style="cyan", no_wrap=True)
    table.add_column(ratio=1)
    table.add_column(style="dim", no_wrap=True)
    numbered = list(enumerate(zip(moves, labels, strict=True), 1))
    runs = _runs(numbered) if len(moves) > ROWS_OF_MOVES else [[m] for m in numbered]
    for run in runs:
        table.add_row(*_row(run))
    return Group(heading, table)


#: the most moves listed one a row; a longer list shares rows (``move_list``)
ROWS_OF_MOVES = 12
_SEPARATOR = re.compile(r"^(.*[:/>@=])([^:/>@=]+)$")


def _token_at_cell(move: str) -> bool:
    head, at, _tail = move.partition("@")
    return bool(at) and ":" not in head


def _runs(numbered: list[tuple[int, tuple[str, str]]]) -> list[list[tuple[int, tuple[str, str]]]]:
    """Return the moves in runs of neighbours whose notations share all but their last part."""
    runs: list[list[tuple[int, tuple[str, str]]]] = []
    last_key = None
    for entry in numbered:
        found = _SEPARATOR.match(entry[1][0])
        key = found.group(1) if found else None
        if key is not None and key == last_key:
            runs[-1].append(entry)
        else:
            runs.append([entry])
        last_key = key
    return runs


def _row(run: list[tuple[int, tuple[str, str]]]) -> tuple[str, Text, str]:
    """Return one row of ``move_list``: the number(s), the words, the notation."""
    (first, (notation, label)), (last, (last_notation, last_label)) = run[0], run[-1]
    if len(run) == 1:
        return f"{first}", Text(label), notation
    key = _SEPARATOR.match(notation)
    assert key is not None  # a run of several shares a separator
    prefix, differ, suffix = _common_words([label for _i, (_n, label) in run])
    tails = [n[len(key.group(1)) :] for _i, (n, _l) in run]
    numbers = f"{first}-{last}"
    if all(
        t.isdigit() and (d == t or d.startswith(t + " "))
        for t, d in zip(tails, differ, strict=True)
    ) and [int(t) for t in tails] == list(range(int(tails[0]), int(tails[0]) + len(tails))):
        # a count and nothing else differs (offer:0 ... offer:9): the first and the last
        return numbers, Text(f"{label} … {last_label}"), f"{notation} … {last_notation}"
    text = Text(prefix + (" … " + suffix if suffix else "") + ":")
    for (i, _move), words_of_move in zip(run, differ, strict=True):
        # a no-break space: the number stays with its words when the row wraps
        text.append(f" [{i}]", style="cyan")
        text.append("\u00a0" + words_of_move)
    return numbers, text, key.group(1) + "…"


def _common_words(labels: list[str]) -> tuple[str, list[str], str]:
    """Return the words every label starts with, the words each has of its own, and the
    words every label ends with."""
    split = [label.split(" ") for label in labels]
    shortest = min(len(words) for words in split)
    start = 0
    while start < shortest - 1 and len({words[start] for words in split}) == 1:
        start += 1
    end = 0
    while end < shortest - 1 - start and len({words[-1 - end] for words in split}) == 1:
        end += 1
    own = [" ".join(words[start : len(words) - end]) for words in split]
    return " ".join(split[0][:start]), own, " ".join(split[0][len(split[0]) - end :][:end])


def notation_rows(moves: list[str], width: int) -> list[Text]:
    """Return the moves numbered from 1 in notation alone, grouped so that dozens fit a few
    lines.

    Moves written ``TOKEN@CELL>SIDE`` are grouped by token, then by cell:
    ``sword4/2@ b03 1>HC 2>GA`` lists ``sword4/2@b03>HC`` as move 1 and ``sword4/2@b03>GA`` as
    move 2. Any other notation is listed whole after its number.
    """
    groups: dict[str, dict[str, list[tuple[int, str]]]] = {}
    for i, text in enumerate(moves, 1):
        head, at, tail = text.partition("@")
        if not at:
            groups.setdefault("", {})[f"{i}"] = [(i, text)]
            continue
        cell, gt, side = tail.partition(">")
        groups.setdefault(head, {}).setdefault(cell, []).append((i, f">{side}" if gt else ""))
    width = max(width, 40)
    lines: list[Text] = []
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
            lines.append(line)
    return lines


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

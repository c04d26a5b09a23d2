"""Age of Rome as a game: its options (the variants and the readings of ambiguous rules) and
how matches start."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from ludi.engine import (
    Action,
    BenchTargets,
    Bots,
    Encoder,
    Evaluation,
    Game,
    GameData,
    Heuristic,
    Lab,
    Measures,
    Option,
    OptionError,
    OptionValue,
    Presentation,
    Renderer,
    Research,
    State,
)
from ludi.games.age_of_rome import data as aor_data
from ludi.games.age_of_rome.state import AgeOfRomeState, new_state
from ludi.games.age_of_rome.tables import Tables, compile_tables
from ludi.i18n import N_, catalog

_, _n_ = catalog(__name__)


@lru_cache(maxsize=8)
def tables_of(data: Any) -> Tables:
    """Return the rules' tables of a data set (built once per data set)."""
    return compile_tables(data)


class AgeOfRomePresentation(Presentation):
    """Age of Rome's words for its moves and data, its board and its terminal renderer."""

    board_assets = ("age_of_rome.js", "age_of_rome.css")

    #: each player's character, and the first player, are dealt at setup («Подготовка к игре»)
    seats_drawn = True
    first_drawn = True

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        """Each legal move in the player's words (``wording.py``)."""
        from ludi.games.age_of_rome import wording

        assert isinstance(state, AgeOfRomeState)
        return wording.move_labels(state, seat, actions)

    def renderer(self) -> Renderer:
        from ludi.games.age_of_rome.render import render

        return render

    def section_title(self, section: str) -> str:
        return aor_data.section_title(section)


class AgeOfRomeBots(Bots):
    """Age of Rome's heuristic, evaluation and levels."""

    #: the default budgets, with exploration ``c=0.3``. More iterations gain little here (1,000
    #: against 200 won 64%, 5,000 against 1,000 73%), so the room between the levels is made
    #: at the bottom: ``easy`` picks among the moves within 0.9 of the heuristic's best, and
    #: ``normal`` is a short search (decision records 0017 and 0018). At four players 60
    #: iterations won only 35% against three ``easy`` seats (the bar 37.5%), 150 won 43% of
    #: 172 (decision record 0019)
    def levels(self, players: int) -> Mapping[str, str]:
        normal = 150 if players >= 4 else 60
        return {
            "easy": "heuristic:tolerance=0.9",
            "normal": f"ismcts:iterations={normal},c=0.3,seconds=1",
            "hard": "ismcts:iterations=1000,c=0.3,seconds=3",
        }

    def heuristic(self) -> Heuristic:
        from ludi.games.age_of_rome.heuristic import heuristic

        return heuristic

    def evaluation(self) -> Evaluation:
        from ludi.games.age_of_rome.heuristic import evaluation

        return evaluation


class AgeOfRomeResearch(Research):
    """Age of Rome's research encoding."""

    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        from ludi.games.age_of_rome.research import AgeOfRomeEncoder

        return AgeOfRomeEncoder(GAME, players, options, data)


class AgeOfRomeLab(Lab):
    """Age of Rome's measures, its data as sections, its seats across matches, its bench
    targets."""

    bench_targets = BenchTargets(decisions_per_second=20_000, clone_us=30)

    def measures(self, state: State) -> Measures:
        from ludi.games.age_of_rome.metrics import measures

        assert isinstance(state, AgeOfRomeState)
        return measures(state)

    def raw_data(self, path: Path | None) -> dict[str, Any]:
        return aor_data.load.raw(path)

    def seat_label(self, state: State, seat: int) -> str:
        """The characters are dealt anew each match: across matches a seat is its place at the
        table and its colour ("Seat 1 (yellow)")."""
        from ludi.games.age_of_rome import wording

        assert isinstance(state, AgeOfRomeState)
        return wording.seat_label(state, seat)


class AgeOfRome(Game):
    """Age of Rome («Во славу Рима», Teetotum Game Studios 2022): 2-4 players, and the
    Emperor solo (Соло Императора) for 1."""

    id = "age_of_rome"
    title = "Age of Rome"
    titles = (("ru", "Во славу Рима"),)  # the Russian edition's box (rulebooks/README.md)
    players = (1, 2, 3, 4)
    # .2: the goods-card windows open for any goods card (issue #31), so a record made
    # with .1 would stop at its first new window; replay refuses it by name instead
    rules_version = "ru-2022.2"
    languages = ("en", "ru")
    # the lobby's and ``ludi games``' words, marked for the game's catalog (Game.describe)
    summary = N_(
        "Rome after the Ides of March, over nine rounds: build in the province in front of "
        "you on a board that turns every round, send supporters to fight, vote, trade, pray "
        "and farm, and plot intrigues that strike whoever faces them next. Most glory wins. "
        "With 1 player: the Emperor solo (the rulebook's other solo scenario, «Нападение "
        "Кассия», is named but not printed, so Ludi does not offer it). Most cards are "
        "RECONSTRUCTED (see the data)."
    )
    # Each option's label and choices in player words (the lobby's), the help without ids (the
    # CLI lists the choices beside it); the Russian names are the rulebook's.
    options: tuple[Option, ...] = (
        Option(
            "truce",
            False,
            N_("no intrigues; the starting enmity stays on the boards"),
            label=N_("Truce (Перемирие)"),
        ),
        Option(
            "clockwise",
            False,
            N_("the provinces board always turns 90° clockwise"),
            label=N_("Clockwise (По ходу часов)"),
        ),
        Option(
            "heroes",
            False,
            N_("no medals, and the six medal tasks are removed"),
            label=N_("Heroes (Герои)"),
        ),
        Option(
            "harsh_times",
            False,
            N_("the six negative events join the event deck"),
            label=N_("Harsh Times (Суровые времена)"),
        ),
        Option(
            "spies_allies",
            False,
            N_("2-4 players: diplomacy tokens with denarii offered to opponents"),
            label=N_("Spies and allies (Шпионы и союзники)"),
        ),
        Option(
            "new_supporter",
            "same_round",
            N_(
                "a supporter gained from a milestone in the action phase: placed this round, or "
                "from the next one"
            ),
            ("same_round", "next_round"),
            reading=True,
            label=N_("A supporter won during the action phase"),
            choice_labels=(N_("can be placed this round"), N_("is placed from the next round")),
        ),
        Option(
            "tiebreak_denarii",
            "after",
            N_(
                "a tie on glory goes to the most denarii left after the end conversion, or held "
                "before it"
            ),
            ("after", "before"),
            reading=True,
            label=N_("A tie on glory"),
            choice_labels=(
                N_("most denarii left after the conversion"),
                N_("most denarii held before the conversion"),
            ),
        ),
        Option(
            "solo_harsh_penalty",
            True,
            N_(
                "the Emperor solo with Harsh Times: a negative event's penalty still applies (it "
                "gives no reward either way)"
            ),
            reading=True,
            label=N_("Solo penalties of the harsh events"),
            group=N_("The Emperor solo"),
        ),
        Option(
            "action",
            "optional",
            N_(
                "after placing a supporter, the place's action may be declined («может совершить "
                "действие») or must be taken when it can"
            ),
            ("optional", "compulsory"),
            reading=True,
            label=N_("The place's action"),
            choice_labels=(N_("may be declined"), N_("must be taken when it can")),
        ),
        Option(
            "conquest",
            "end",
            N_(
                "a battlefield is conquered by the legions on it at the end, or stays conquered "
                "once its shield has been reached"
            ),
            ("end", "ever"),
            reading=True,
            label=N_("Conquering a battlefield"),
            choice_labels=(
                N_("by the legions on it at the end"),
                N_("for good once its shield is reached"),
            ),
        ),
        Option(
            "empty_first_side",
            "direction",
            N_(
                "2-3 players, the first-player token before an empty side: the first seated player "
                "in the round's direction starts, or the first the other way"
            ),
            ("direction", "against"),
            reading=True,
            label=N_("The first player before an empty side"),
            choice_labels=(
                N_("the next seated in the round's direction"),
                N_("the next seated the other way"),
            ),
        ),
        Option(
            "clockwise_order",
            "card",
            N_(
                "Clockwise variant: the event's arrow still sets the order of play, or play also "
                "goes clockwise"
            ),
            ("card", "clockwise"),
            reading=True,
            label=N_("Order of play in the Clockwise variant"),
            choice_labels=(N_("set by the event's arrow"), N_("clockwise too")),
        ),
        Option(
            "revote",
            "removal_only",
            N_(
                "Revote (Повторное голосование) without a vote at home: the removal alone, or not "
                "allowed"
            ),
            ("removal_only", "needs_vote"),
            reading=True,
            label=N_("Revote without a vote at home"),
            choice_labels=(N_("the removal alone"), N_("not allowed")),
        ),
        Option(
            "pantheon_removal",
            "literal",
            N_(
                "2-3 players' Pantheon removals as printed (a silver foundation piece goes), or with "
                "'silver' read as bronze"
            ),
            ("literal", "bronze"),
            reading=True,
            label=N_("Pantheon pieces removed at 2-3 players"),
            choice_labels=(
                N_("as printed: a silver foundation piece"),
                N_("'silver' read as bronze"),
            ),
        ),
        Option(
            "diplomacy_turns",
            "each_token",
            N_(
                "Spies and allies: each of the two tokens once a round, or one placement per player "
                "a round"
            ),
            ("each_token", "one"),
            reading=True,
            label=N_("Diplomacy turns (Spies and allies)"),
            choice_labels=(N_("each token once a round"), N_("one placement a round")),
        ),
        Option(
            "full_hand",
            "forgo",
            N_(
                "a card drawn into a full hand: not taken (room is made only by choice, before), "
                "or always taken, a goods card discarded to make room"
            ),
            ("forgo", "make_room"),
            reading=True,
            label=N_("Drawing into a full hand"),
            choice_labels=(N_("the card is not taken"), N_("discard a card to take it")),
        ),
        Option(
            "glory_floor",
            "total",
            N_(
                "the fame marker never goes below cell 1: 1 glory in all (a marker turned to +30 "
                "turns back going down), or cell 1 of its side (a turned marker stops at 31)"
            ),
            ("total", "cell"),
            reading=True,
            label=N_("The fame track's floor"),
            choice_labels=(
                N_("1 glory in all"),
                N_("cell 1 of the marker's side (31 once turned)"),
            ),
        ),
        Option(
            "chain",
            "placement",
            N_(
                "a goods card drawn by a card while placing a supporter: played at once if the "
                "placement meets its trigger, or only if its trigger is identical to that card's"
            ),
            ("placement", "identical"),
            reading=True,
            label=N_("Chaining goods cards when placing a supporter"),
            choice_labels=(
                N_("any card the placement triggers"),
                N_("only a card with the identical trigger"),
            ),
        ),
        Option(
            "milestone_marker",
            "passed_over",
            N_(
                "a milestone marker moving down several cells: a player it passes over claims it, "
                "or only a player on the cell where it lands"
            ),
            ("passed_over", "landing"),
            reading=True,
            label=N_("A milestone marker moving several cells"),
            choice_labels=(
                N_("claimed by a player it passes over"),
                N_("claimed only on the cell where it lands"),
            ),
        ),
        Option(
            "forged_from",
            "battlefields",
            N_(
                "Forged Order (Подложный приказ) moves the target's legions already on "
                "battlefields, or also those on the target's board"
            ),
            ("battlefields", "board_too"),
            reading=True,
            label=N_("Forged Order: which legions"),
            choice_labels=(N_("those on battlefields"), N_("those on the board too")),
        ),
        Option(
            "forged_to",
            "each",
            N_(
                "Forged Order (Подложный приказ): each legion to a battlefield of your choice, or "
                "both to the same battlefield"
            ),
            ("each", "same"),
            reading=True,
            label=N_("Forged Order: where the legions go"),
            choice_labels=(N_("each where you choose"), N_("both to the same battlefield")),
        ),
        Option(
            "apostasy_swap",
            "board",
            N_(
                "Apostasy (Отступничество) replacing the legion: yours comes from your board, or "
                "from your board or another battlefield"
            ),
            ("board", "anywhere"),
            reading=True,
            label=N_("Apostasy: the legion that replaces"),
            choice_labels=(N_("from your board"), N_("from your board or another battlefield")),
        ),
    )

    presentation = AgeOfRomePresentation()
    bots = AgeOfRomeBots()
    research = AgeOfRomeResearch()
    lab = AgeOfRomeLab()

    def always_won(self, players: int) -> bool:
        """The Emperor solo is won only by reaching its goals: it can end with no winner."""
        return players > 1

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        """Refuse what the rules do not allow: the solo penalty reading only applies to the
        Emperor solo with the harsh events."""
        if not values["solo_harsh_penalty"] and not (players == 1 and values["harsh_times"]):
            raise OptionError(
                _(
                    "Solo penalties of the harsh events only concern the "
                    "Emperor solo (1 player) with Harsh Times"
                )
            )
        if values["clockwise_order"] != "card" and not values["clockwise"]:
            raise OptionError(
                _(
                    "Order of play in the Clockwise variant is a reading of the "
                    "Clockwise variant: switch Clockwise on"
                )
            )
        if values["diplomacy_turns"] != "each_token" and not values["spies_allies"]:
            raise OptionError(
                _("Diplomacy turns is a reading of Spies and allies: switch Spies and allies on")
            )
        if values["empty_first_side"] != "direction" and players not in (2, 3):
            raise OptionError(
                _(
                    "The first player before an empty side concerns 2 and 3 "
                    "players (only they leave a side empty)"
                )
            )
        if values["pantheon_removal"] != "literal" and players == 4:
            raise OptionError(
                _("Pantheon pieces removed concerns 1 to 3 players (4 remove no piece)")
            )
        if values["spies_allies"] and players == 1:
            raise OptionError(_("Spies and allies is played by 2 to 4 players, not in the solo"))
        if values["truce"] and players == 1:
            raise OptionError(_("the Emperor solo has no intrigues already: Truce does not apply"))

    def load_data(self, path: Path | None) -> aor_data.AgeOfRomeData:
        return aor_data.load(path)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        return new_state(players, seed, options, data)

    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        return AgeOfRomeState.from_position(self, payload, data)


GAME = AgeOfRome()
AgeOfRomeState.game = GAME  # the state names its game (records, positions, Seat.game_id)

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
    Game,
    GameData,
    Heuristic,
    Measures,
    Option,
    OptionError,
    OptionValue,
    State,
)
from ludi.games.age_of_rome import data as aor_data
from ludi.games.age_of_rome.state import AgeOfRomeState, new_state
from ludi.games.age_of_rome.tables import Tables, compile_tables


@lru_cache(maxsize=8)
def tables_of(data: Any) -> Tables:
    """Return the rules' tables of a data set (built once per data set)."""
    return compile_tables(data)


class AgeOfRome(Game):
    """Age of Rome («Во славу Рима», Teetotum Game Studios 2022): 2-4 players, and the
    Emperor solo (Соло Императора) for 1."""

    id = "age_of_rome"
    title = "Age of Rome"
    players = (1, 2, 3, 4)
    rules_version = "ru-2022.1"
    summary = (
        "Rome after the Ides of March, over nine rounds: build in the province in front of "
        "you on a board that turns every round, send supporters to fight, vote, trade, pray "
        "and farm, and plot intrigues that strike whoever faces them next. Most glory wins. "
        "With 1 player: the Emperor solo (the rulebook's other solo scenario, «Нападение "
        "Кассия», is named but not printed, so Ludi does not offer it). Most cards are "
        "RECONSTRUCTED (see the data)."
    )
    options: tuple[Option, ...] = (
        Option("truce", False, "Перемирие: no intrigues; starting enmity stays on the boards"),
        Option("clockwise", False, "По ходу часов: the provinces board always turns 90° clockwise"),
        Option("heroes", False, "Герои: no medals, and the six medal tasks are removed"),
        Option("harsh_times", False, "Суровые времена: the six negative events join the deck"),
        Option(
            "spies_allies",
            False,
            "Шпионы и союзники (2-4 players): diplomacy tokens with denarii offered to opponents",
        ),
        Option(
            "new_supporter",
            "same_round",
            "a supporter gained from a milestone in the action phase can be placed this round "
            "(same_round) or from the next one",
            ("same_round", "next_round"),
            reading=True,
        ),
        Option(
            "tiebreak_denarii",
            "after",
            "a tie on glory goes to the most denarii left after the end conversion (after) or "
            "held before it (before)",
            ("after", "before"),
            reading=True,
        ),
        Option(
            "solo_harsh_penalty",
            True,
            "Emperor solo with Суровые времена: a negative event's penalty still applies (it "
            "gives no reward either way)",
            reading=True,
        ),
    )
    options = (
        *options,
        Option(
            "action",
            "optional",
            "after placing a supporter, the place's action may be declined (optional, «может "
            "совершить действие») or must be taken when it can (compulsory)",
            ("optional", "compulsory"),
            reading=True,
        ),
        Option(
            "conquest",
            "end",
            "a battlefield is conquered by the legions on it at the end (end), or stays "
            "conquered once its shield has been reached (ever)",
            ("end", "ever"),
            reading=True,
        ),
        Option(
            "empty_first_side",
            "direction",
            "2-3 players, the first-player token before an empty side: the first seated player "
            "in the round's direction starts (direction) or the first the other way (against)",
            ("direction", "against"),
            reading=True,
        ),
        Option(
            "clockwise_order",
            "card",
            "По ходу часов: the event's arrow still sets the order of play (card), or play also "
            "goes clockwise (clockwise)",
            ("card", "clockwise"),
            reading=True,
        ),
        Option(
            "revote",
            "removal_only",
            "Повторное голосование without a vote at home: the removal alone (removal_only) or "
            "not allowed (needs_vote)",
            ("removal_only", "needs_vote"),
            reading=True,
        ),
        Option(
            "pantheon_removal",
            "literal",
            "2-3 players' Pantheon removals as printed (literal: a silver foundation goes) or "
            "with 'silver' read as bronze (bronze)",
            ("literal", "bronze"),
            reading=True,
        ),
        Option(
            "diplomacy_turns",
            "each_token",
            "Шпионы и союзники: each of the two tokens once a round (each_token) or one "
            "placement per player a round (one)",
            ("each_token", "one"),
            reading=True,
        ),
    )
    bench_targets = BenchTargets(decisions_per_second=20_000, clone_us=30)
    board_assets = ("age_of_rome.js", "age_of_rome.css")

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        """Each legal move in the player's words (``wording.py``)."""
        from ludi.games.age_of_rome import wording

        assert isinstance(state, AgeOfRomeState)
        return wording.move_labels(state, seat, actions)

    def measures(self, state: State) -> Measures:
        from ludi.games.age_of_rome.metrics import measures

        assert isinstance(state, AgeOfRomeState)
        return measures(state)

    def heuristic(self) -> Heuristic:
        from ludi.games.age_of_rome.heuristic import heuristic

        return heuristic

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        """Refuse what the rules do not allow: the solo penalty reading only applies to the
        Emperor solo with the harsh events."""
        if not values["solo_harsh_penalty"] and not (players == 1 and values["harsh_times"]):
            raise OptionError(
                "solo_harsh_penalty only concerns the Emperor solo (1 player) with harsh_times"
            )
        if values["clockwise_order"] != "card" and not values["clockwise"]:
            raise OptionError("clockwise_order is a reading of the Clockwise variant: switch it on")
        if values["diplomacy_turns"] != "each_token" and not values["spies_allies"]:
            raise OptionError("diplomacy_turns is a reading of Spies and allies: switch it on")
        if values["empty_first_side"] != "direction" and players not in (2, 3):
            raise OptionError(
                "empty_first_side concerns 2 and 3 players (only they leave a side empty)"
            )
        if values["pantheon_removal"] != "literal" and players == 4:
            raise OptionError("pantheon_removal concerns 1 to 3 players (4 remove no piece)")
        if values["spies_allies"] and players == 1:
            raise OptionError("Spies and allies is played by 2 to 4 players, not in the solo")
        if values["truce"] and players == 1:
            raise OptionError("the Emperor solo has no intrigues already: truce does not apply")

    def raw_data(self, path: Path | None) -> dict[str, Any]:
        return aor_data.load.raw(path)

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

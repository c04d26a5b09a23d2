"""Æterna as a registered game: its options and how matches start."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    OptionValue,
    Presentation,
    Renderer,
    Research,
    State,
)
from ludi.games.aeterna import data as aeterna_data
from ludi.games.aeterna import wording
from ludi.games.aeterna.state import AeternaState, new_state
from ludi.i18n import N_


class AeternaPresentation(Presentation):
    """Æterna's words for its moves and data, its board and its terminal renderer."""

    board_assets = ("aeterna.js", "aeterna.css")

    #: the turn order is shuffled at setup (``rules.set_up``)
    first_drawn = True

    #: a label names cards, hills, buildings and rewards by the data's names, nothing of the
    #: position (``wording._label``)
    labels_depend_only_on_action = True

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        assert isinstance(state, AeternaState)
        return wording.move_labels(state, seat, actions)

    def renderer(self) -> Renderer:
        from ludi.games.aeterna.render import render

        return render

    def section_title(self, section: str) -> str:
        return wording.sections([section])


class AeternaBots(Bots):
    """Æterna's heuristic, evaluation and calibrated levels."""

    def heuristic(self) -> Heuristic:
        from ludi.games.aeterna.heuristic import heuristic

        return heuristic

    def evaluation(self) -> Evaluation:
        from ludi.games.aeterna.heuristic import evaluation

        return evaluation

    #: guided ``ismcts`` with its playouts cut at 8 moves: ``hard`` about 0.3 s a move on a quiet
    #: core, compiled; ``normal`` a glance, which still beats the heuristic (decision record 0017).
    #: At three and four players ``hard``'s playouts run 16 moves (about twice the CPU a move):
    #: cut at 8, it did not beat ``normal`` there (21 of 47 at three, 9 of 27 at four), because
    #: the estimate read after 8 moves misleads it when three rivals move in between; at 16 it
    #: won 14 of 18 at three and 27.5 of 52 at four (decision record 0019, docs/strength.md)
    def levels(self, players: int) -> Mapping[str, str]:
        horizon = "" if players <= 2 else ",horizon=16"
        return {
            "easy": "heuristic",
            "normal": "ismcts:iterations=30,seconds=1",
            "hard": f"ismcts:iterations=2000{horizon},seconds=3",
        }


class AeternaResearch(Research):
    """Æterna's research encoding."""

    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        from ludi.games.aeterna.research import AeternaEncoder

        return AeternaEncoder(GAME, players, options, data)


class AeternaLab(Lab):
    """Æterna's measures, its data as sections, its bench targets."""

    bench_targets = BenchTargets(decisions_per_second=20_000, clone_us=30)

    def measures(self, state: State) -> Measures:
        from ludi.games.aeterna.metrics import measures

        assert isinstance(state, AeternaState)
        return measures(state)

    def raw_data(self, path: Path | None) -> dict[str, Any]:
        return aeterna_data.load.raw(path)


class Aeterna(Game):
    """Æterna (Martin Wallace): 2 to 4 players, three epochs, cards as data."""

    id = "aeterna"
    title = "Æterna"
    titles = (("ru", "Вечный город"),)  # the Russian edition's box (rulebooks/README.md)
    players = (2, 3, 4)
    rules_version = "it-2024.1"
    languages = ("en", "ru", "it")
    # the lobby's and ``ludi games``' words, marked for the game's catalog (Game.describe)
    summary = N_(
        "Three epochs in Rome: draft cards, play monuments and provinces, court personalities, "
        "build edifices and place citizens on the seven hills; keep the unrest down. Most "
        "prestige wins. Only 4 cards are printed in the rulebooks: the rest are RECONSTRUCTED "
        "defaults you can replace with your own card data."
    )
    options = (
        Option(
            "below_zero",
            "per_effect",
            N_(
                "unrest going below 0 gives 1 PP at most once per effect (Italian text and both "
                "Spartacus examples) or once per turn (Russian text)"
            ),
            ("per_effect", "per_turn"),
            reading=True,
            choice_labels=(N_("once per effect (Italian)"), N_("once per turn (Russian)")),
            label=N_("Unrest below 0"),
        ),
        Option(
            "doom",
            "it",
            N_(
                "the doom track's last space (Damnatio memoriae): the 13th, as the Italian "
                "rulebook's ruin example reads, or the 12th, as the Russian one's"
            ),
            ("it", "ru"),
            reading=True,
            choice_labels=(N_("space 13 (Italian example)"), N_("space 12 (Russian example)")),
            label=N_("Doom track's last space"),
        ),
        Option(
            "personalities",
            "per_epoch",
            N_(
                "draw each epoch's personalities when it starts (Italian) or all at setup, the "
                "later ones face down (Russian)"
            ),
            ("per_epoch", "at_setup"),
            reading=True,
            choice_labels=(N_("each epoch as it starts (Italian)"), N_("all at setup (Russian)")),
            label=N_("Personalities drawn"),
        ),
        Option(
            "pp_floor",
            True,
            N_("PP never go below 0 (stated in the Italian rulebook only)"),
            reading=True,
            label=N_("PP floor at 0"),
        ),
        Option(
            "hills",
            "first",
            N_("the active hills: the first 3/5/7 (the rulebook's default) or chosen at random"),
            ("first", "random"),
            choice_labels=(N_("the first ones (rulebook)"), N_("at random")),
            label=N_("Active hills"),
        ),
    )

    #: every Gens may suffer Damnatio memoriae: then nobody wins (I, end of the game)
    always_a_winner = False

    presentation = AeternaPresentation()
    bots = AeternaBots()
    research = AeternaResearch()
    lab = AeternaLab()

    def load_data(self, path: Path | None) -> aeterna_data.AeternaData:
        return aeterna_data.load(path)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        assert isinstance(data, aeterna_data.AeternaData)
        return new_state(players, seed, options, data)

    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        assert isinstance(data, aeterna_data.AeternaData)
        return AeternaState.from_position(self, payload, data)


GAME = Aeterna()
AeternaState.game = GAME  # the state names its game (records, positions, Seat.game_id)

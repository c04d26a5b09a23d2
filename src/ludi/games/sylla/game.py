"""Sylla as a registered game: its options and how matches start."""

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
from ludi.games.sylla import data as sylla_data
from ludi.games.sylla import wording
from ludi.games.sylla.state import SyllaState, new_state
from ludi.i18n import N_


class SyllaPresentation(Presentation):
    """Sylla's words for its moves and data, its board and its terminal renderer."""

    board_assets = ("sylla.js", "sylla.css")

    #: the first First Consul holds revenue tile I, dealt at setup (``rules.setup.set_up``)
    first_drawn = True

    #: a label names characters, buildings, tracks and events by the data's names and the
    #: action's own numbers, nothing of the position (``wording._label``)
    labels_depend_only_on_action = True

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        assert isinstance(state, SyllaState)
        return wording.move_labels(state, seat, actions)

    def renderer(self) -> Renderer:
        from ludi.games.sylla.render import render

        return render

    def section_title(self, section: str) -> str:
        return wording.section_title(section)


class SyllaBots(Bots):
    """Sylla's heuristic, evaluation and calibrated levels."""

    def heuristic(self) -> Heuristic:
        from ludi.games.sylla.heuristic import heuristic

        return heuristic

    def evaluation(self) -> Evaluation:
        from ludi.games.sylla.heuristic import evaluation

        return evaluation

    #: ``hard`` searches with random playouts to the end (about 2,500 iterations a second on a
    #: quiet core), which beat the guided ones at equal CPU and at every budget tried (decision
    #: record 0017). ``normal`` at two players searches with the heuristic's playouts cut at 8
    #: moves; at three and four that short guided search is no better than the heuristic
    #: alone (3 of 15, 12.5 of 52), where random playouts beat it: 400 iterations won 11 of 12
    #: at three, 150 won 14 of 24 at four (decision record 0019, docs/strength.md)
    def levels(self, players: int) -> Mapping[str, str]:
        normal = {
            2: "ismcts:iterations=300,seconds=1",
            3: "ismcts:iterations=400,playout=random,seconds=1",
            4: "ismcts:iterations=150,playout=random,seconds=1",
        }[players]
        return {
            "easy": "heuristic",
            "normal": normal,
            "hard": "ismcts:iterations=1500,playout=random,seconds=3",
        }


class SyllaResearch(Research):
    """Sylla's research encoding."""

    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        from ludi.games.sylla.research import SyllaEncoder

        return SyllaEncoder(GAME, players, options, data)


class SyllaLab(Lab):
    """Sylla's measures, its data as sections, its bench targets."""

    bench_targets = BenchTargets(decisions_per_second=20_000, clone_us=30)

    def measures(self, state: State) -> Measures:
        from ludi.games.sylla.metrics import measures

        assert isinstance(state, SyllaState)
        return measures(state)

    def raw_data(self, path: Path | None) -> dict[str, Any]:
        return sylla_data.load.raw(path)


class Sylla(Game):
    """Sylla (Dominique Ehrhard, Ystari): 3 or 4 players by the rulebook; 2 players by the
    official variant, whose text was not found (RECONSTRUCTED counts in the data file)."""

    id = "sylla"
    title = "Sylla"
    players = (2, 3, 4)
    rules_version = "pl-rebel.1"
    #: Polish as the Rebel.pl edition words it; Russian in Ludi's words (docs/sylla.md): the rules'
    #: words, both boards (browser and terminal) and the lobby's summary and options
    languages = ("en", "ru", "pl")
    # the lobby's and ``ludi games``' words, marked for the game's catalog (Game.describe)
    summary = N_(
        "Roman senators over five rounds of seven phases: elect the First Consul, recruit, buy "
        "buildings with your characters, fight events, vote on great works in secret, feed "
        "the plebs. Most prestige wins. The 2-player game follows a RECONSTRUCTED variant."
    )
    options = (
        Option(
            "unused_sets",
            True,
            N_(
                "with fewer than 4 players the unused character sets go into the recruit deck "
                "(LIKELY)"
            ),
            reading=True,
            label=N_("Unused character sets"),
        ),
        Option(
            "temple_votes",
            "at_least",
            N_(
                "how the Temple's numbers 8 and 5 read: at least that many votes (LIKELY) or "
                "exactly"
            ),
            ("at_least", "exactly"),
            reading=True,
            choice_labels=(N_("at least that many votes"), N_("exactly that many votes")),
            label=N_("Temple's votes"),
        ),
    )

    presentation = SyllaPresentation()
    bots = SyllaBots()
    research = SyllaResearch()
    lab = SyllaLab()

    def load_data(self, path: Path | None) -> sylla_data.SyllaData:
        return sylla_data.load(path)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        assert isinstance(data, sylla_data.SyllaData)
        return new_state(players, seed, options, data)

    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        assert isinstance(data, sylla_data.SyllaData)
        return SyllaState.from_position(self, payload, data)


GAME = Sylla()
SyllaState.game = GAME  # the state names its game (records, positions, Seat.game_id)

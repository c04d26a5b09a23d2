"""Caesar! as a registered game: its options and how matches start."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ludi.engine import (
    Action,
    BenchTargets,
    Bots,
    Encoder,
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
from ludi.games.caesar import data as caesar_data
from ludi.games.caesar import wording
from ludi.games.caesar.state import CaesarState, new_state
from ludi.i18n import N_, catalog

_, n_ = catalog(__name__)


#: the heading the lobby folds the solo game's options under (with their defaults: off)
SOLO = N_("The solo game against Crassus")


class CaesarPresentation(Presentation):
    """Caesar!'s words for its moves and data, its board and its terminal renderer."""

    board_assets = ("caesar.js", "caesar.css")

    #: a label names tokens, border cells and provinces by the data's names, nothing of the
    #: position (``wording._label``)
    labels_depend_only_on_action = True

    def move_labels(self, state: State, seat: int, actions: Sequence[Action]) -> list[str]:
        assert isinstance(state, CaesarState)
        return wording.move_labels(state, seat, actions)

    def renderer(self) -> Renderer:
        from ludi.games.caesar.render import render

        return render

    def section_title(self, section: str) -> str:
        return wording.section_title(section)


class CaesarBots(Bots):
    """Caesar!'s heuristic, its calibrated levels and auto-Crassus."""

    def heuristic(self) -> Heuristic:
        from ludi.games.caesar.heuristic import heuristic

        return heuristic

    #: spread apart so that each beats the one below at 75% (decision records 0016 and 0017):
    #: ``easy`` picks among the moves within 1.2 of the heuristic's best, ``normal`` is a
    #: glance of search, ``hard`` about 0.9 s a move on a quiet core, compiled. Between two
    #: searches Caesar!'s luck caps the stronger near 80%: 6,000 iterations won 77.5% against
    #: 150, 3,000 won 75% against 40. Exploration ``c=0.3`` (decision 0016).
    def levels(self, players: int) -> Mapping[str, str]:
        return {
            "easy": "heuristic:tolerance=1.2",
            "normal": "ismcts:iterations=15,c=0.3,seconds=1",
            "hard": "ismcts:iterations=6000,c=0.3,seconds=3",
        }

    def automata(self) -> Mapping[str, Callable[..., Any]]:
        from ludi.games.caesar.crassus import CrassusBot

        return {"crassus": CrassusBot}


class CaesarResearch(Research):
    """Caesar!'s research encoding."""

    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        from ludi.games.caesar.research import CaesarEncoder

        return CaesarEncoder(GAME, players, options, data)


class CaesarLab(Lab):
    """Caesar!'s measures, its data as sections, its bench targets."""

    bench_targets = BenchTargets(decisions_per_second=50_000, clone_us=10)

    def measures(self, state: State) -> Measures:
        from ludi.games.caesar.metrics import measures

        assert isinstance(state, CaesarState)
        return measures(state)

    def raw_data(self, path: Path | None) -> dict[str, Any]:
        return caesar_data.load.raw(path)


class Caesar(Game):
    """Caesar! Seize Rome in 20 Minutes (Paolo Mori): two players, the Rome expansions, and
    solo play against auto-Crassus."""

    id = "caesar"
    title = "Caesar! Seize Rome in 20 Minutes"
    #: the Russian edition's (GaGa Games) as its rulebook prints it
    titles = (("ru", "Цезарь! Завоюйте Рим за 20 минут"),)
    players = (2,)
    rules_version = "ru-2022.1"
    #: the Russian words are the GaGa Games edition's (docs/i18n.md)
    languages = ("en", "ru")
    # the lobby's and ``ludi games``' words, marked for the game's catalog (Game.describe)
    summary = N_(
        "Place influence tokens on the borders of provinces; close a province to take its bonus, "
        "and hold the most influence there to take it. The first to lay all 12 control tokens wins."
    )
    options = (
        Option("poison", False, N_("Rome expansion: the Poison module"), label=N_("Poison")),
        Option(
            "centurions",
            False,
            N_("Rome expansion: the Centurions module"),
            label=N_("Centurions"),
        ),
        Option(
            "border_control",
            False,
            N_("Rome expansion: Border Control (needs Poison and/or Centurions)"),
            label=N_("Border Control"),
        ),
        Option(
            "solo",
            "off",
            N_("play against auto-Crassus at this difficulty"),
            ("off", "easy", "normal", "hard"),
            choice_labels=(N_("Off: two players"), N_("Easy"), N_("Normal"), N_("Hard")),
            label=N_("Solo"),
            group=SOLO,
        ),
        Option(
            "crassus_plays",
            "pompey",
            N_("the side Crassus takes in a solo game (he moves first)"),
            ("pompey", "caesar"),
            choice_labels=(N_("Pompey"), N_("Caesar")),
            label=N_("Crassus plays"),
            group=SOLO,
        ),
        Option(
            "solo_harder",
            False,
            N_("solo: each bonus Crassus discards also removes one of his control tokens"),
            label=N_("Solo harder"),
            group=SOLO,
        ),
    )

    presentation = CaesarPresentation()
    bots = CaesarBots()
    research = CaesarResearch()
    lab = CaesarLab()

    def check_options(self, values: Mapping[str, OptionValue], players: int) -> None:
        if values["border_control"] and not (values["poison"] or values["centurions"]):
            raise OptionError(
                _(
                    "border_control needs the poison and/or centurions module "
                    "(rule: НАБОР ДОПОЛНЕНИЙ «РИМ»: КОНТРОЛЬ ГРАНИЦ)"
                )
            )
        if values["solo"] == "off" and values["solo_harder"]:
            raise OptionError(
                _("solo_harder applies only to a solo game (set solo=easy|normal|hard)")
            )

    def load_data(self, path: Path | None) -> caesar_data.CaesarData:
        return caesar_data.load(path)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, OptionValue], data: GameData
    ) -> State:
        assert isinstance(data, caesar_data.CaesarData)
        return new_state(players, seed, options, data)

    def state_from_position(self, payload: Mapping[str, Any], data: GameData) -> State:
        assert isinstance(data, caesar_data.CaesarData)
        return CaesarState.from_position(self, payload, data)


GAME = Caesar()
CaesarState.game = GAME  # the state names its game (records, positions, Seat.game_id)

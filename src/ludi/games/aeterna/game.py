"""Æterna as a registered game: its options and how matches start."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludi.engine import BenchTargets, Encoder, Game, GameData, Option, OptionValue, Renderer, State
from ludi.games.aeterna import data as aeterna_data
from ludi.games.aeterna.state import AeternaState, new_state


class Aeterna(Game):
    """Æterna (Martin Wallace): 2 to 4 players, three epochs, cards as data."""

    id = "aeterna"
    title = "Æterna"
    players = (2, 3, 4)
    rules_version = "it-2024.1"
    summary = (
        "Three epochs in Rome: draft cards, play monuments and provinces, court personalities, "
        "build edifices and place citizens on the seven hills; keep the unrest down. Most "
        "prestige wins. Only 4 cards are printed in the rulebooks: the rest are RECONSTRUCTED "
        "defaults you can replace with --data."
    )
    options = (
        Option(
            "below_zero",
            "per_effect",
            "unrest going below 0 gives 1 PP at most once per effect (Italian text and both "
            "Spartacus examples) or once per turn (Russian text)",
            ("per_effect", "per_turn"),
            reading=True,
        ),
        Option(
            "doom",
            "it",
            "the doom track's last space (Damnatio memoriae): index 13 as the Italian ruin "
            "example reads, or 12 as the Russian one",
            ("it", "ru"),
            reading=True,
        ),
        Option(
            "personalities",
            "per_epoch",
            "draw each epoch's personalities when it starts (Italian) or all at setup, the "
            "later ones face down (Russian)",
            ("per_epoch", "at_setup"),
            reading=True,
        ),
        Option(
            "pp_floor",
            True,
            "PP never go below 0 (stated in the Italian rulebook only)",
            reading=True,
        ),
        Option(
            "hills",
            "first",
            "the active hills: the first 3/5/7 (the rulebook's default) or chosen at random",
            ("first", "random"),
        ),
    )

    #: every Gens may suffer Damnatio memoriae: then nobody wins (I, end of the game)
    always_a_winner = False
    bench_targets = BenchTargets(decisions_per_second=20_000, clone_us=30)

    def renderer(self) -> Renderer:
        from ludi.games.aeterna.render import render

        return render

    def encoder(self, players: int, options: Mapping[str, OptionValue], data: GameData) -> Encoder:
        from ludi.games.aeterna.research import AeternaEncoder

        return AeternaEncoder(self, players, options, data)

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

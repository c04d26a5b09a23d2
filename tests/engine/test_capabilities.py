"""A game's core and its optional capabilities (engine/game.py): a game that declares only the
core (as a new game does at first) is listed, played, shown and measured by every way in, each
doing without what the game does not give."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

import ludi
from ludi.bots import LEVELS, bots_for, levels_for, make_bot
from ludi.cli.render import generic, renderer_for
from ludi.engine import Lab, OptionError, State
from ludi.engine.measures import generic_measures
from ludi.games.caesar.game import Caesar
from ludi.research.core import has_encoding, spec
from ludi.server.moves import described_moves


class Bare(Caesar):
    """Caesar!'s core alone: no presentation, no bots of its own, no research, no lab."""

    id = "bare"
    presentation = None
    bots = None
    research = None
    lab = None


BARE = Bare()


def finished() -> State:
    state = ludi.new_match("caesar", players=2, seed=3)
    rng = ludi.Rng(3)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    return state


def test_the_core_alone_is_listed_with_the_generic_board_and_plain_section_titles() -> None:
    listed = BARE.describe()
    assert listed["board"] == []
    assert "offered_first" not in listed  # the lobby's preference is the server's
    notices = listed["data"]["reconstructed"]
    assert notices
    for notice in notices:
        assert notice["title"] == notice["section"].replace("_", " ").replace(".", ": ")


def test_the_core_alone_is_shown_by_its_notation_and_the_generic_renderer() -> None:
    state = ludi.new_match("caesar", players=2, seed=1)
    seat = state.to_act[0]
    legal = list(state.legal_actions(seat))
    match = cast(State, SimpleNamespace(game=BARE, data=state.data))
    assert [m["label"] for m in described_moves(match, seat, legal)] == [str(a) for a in legal]
    assert renderer_for(BARE) is generic.render


def test_the_core_alone_gets_the_bots_for_any_game_and_no_automaton() -> None:
    assert bots_for(BARE) == [*LEVELS, "ismcts", "random"]
    assert levels_for(BARE)["easy"].startswith("ismcts")  # no heuristic: a short search
    with pytest.raises(OptionError):
        make_bot("crassus", game=BARE)


def test_the_core_alone_is_not_offered_to_researchers() -> None:
    assert not has_encoding(BARE)
    with pytest.raises(OptionError):
        spec(BARE)


def test_the_core_alone_is_measured_generically() -> None:
    state = finished()
    lab = BARE.lab or Lab()
    assert lab.measures(state) == generic_measures(state)
    assert [lab.seat_label(state, s) for s in range(2)] == [state.seat_name(s) for s in range(2)]

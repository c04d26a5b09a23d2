"""``ludi play`` on a terminal of 100 columns and 40 lines: each redraw fits the screen with
the prompt, the news of the last moves, the header and the part of the board the decision
concerns; each move is listed in words beside its notation."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

import ludi

Ludi = Callable[..., Any]  # the ludi_cli fixture (tests/cli/conftest.py)
PROMPT = "your move (number, notation or help): "
#: the part of the board each Age of Rome decision needs, as its section is titled
FOCUS = {
    "setup: keep two tasks": "your tasks and intrigues",
    "intrigue phase: spies and allies": "provinces board",
    "building phase": "provinces board",
    "action phase": "provinces board",
}


def screens(out: str, height: int) -> list[list[str]]:
    """Return, for each prompt, the ``height`` lines a terminal shows when it is asked."""
    lines = out.splitlines()
    return [lines[max(0, i - height + 1) : i + 1] for i, ln in enumerate(lines) if PROMPT in ln]


@pytest.fixture
def screen_100x40(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LINES", "40")  # COLUMNS is 100 already (conftest)


@pytest.mark.usefixtures("screen_100x40")
def test_every_age_of_rome_redraw_fits_100_by_40(ludi_cli: Ludi) -> None:
    seats = "human,heuristic,heuristic"
    answers = "1\n" * 120 + "quit\nn\n"
    args = ("--seats", seats, "--seed", "4", "--option", "spies_allies=true")
    run = ludi_cli("play", "age_of_rome", *args, stdin=answers)
    assert run.code == 0, run.err
    shown = screens(run.out, 40)
    assert len(shown) >= 100
    phases = set()
    for screen in shown:
        text = "\n".join(screen)
        assert all(len(line) <= 100 for line in screen), text
        header = next((ln for ln in screen if ln.startswith("Age of Rome  round ")), None)
        assert header is not None, text
        assert "Your moves (" in text, text
        phase = re.sub(r"^Age of Rome  round \d+/\d+  (.*?)  to act:.*", r"\1", header)
        if phase in FOCUS:
            phases.add(phase)
            assert FOCUS[phase] in text, text
        if "choose legions" in text or "A legion from" in text:
            assert "battlefield  shield" in text, text
    assert phases == set(FOCUS)


@pytest.mark.usefixtures("screen_100x40")
def test_the_last_moves_are_on_screen_with_the_board(ludi_cli: Ludi) -> None:
    """The narration of the last moves (the player's own, the bots' after it) stays on screen
    above the board, up to eight lines of it."""
    args = ("--seats", "human,heuristic,heuristic", "--seed", "4")
    run = ludi_cli("play", "age_of_rome", *args, stdin="1\n" * 40 + "quit\nn\n")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    prompts = [i for i, line in enumerate(lines) if PROMPT in line]
    narrated = 0
    for asked, next_asked in itertools.pairwise(prompts):
        header = next(i for i in range(asked, next_asked) if lines[i].startswith("Age of Rome "))
        news = lines[asked + 1 : header]
        assert all(line.startswith("  · ") for line in news), news
        screen = lines[next_asked - 39 : next_asked + 1]
        kept = news[-8:]
        assert all(line in screen for line in kept), screen
        narrated += bool(news)
    assert narrated >= 20


@pytest.mark.usefixtures("screen_100x40")
def test_moves_are_listed_in_words_beside_their_notation(ludi_cli: Ludi) -> None:
    state = ludi.new_match("age_of_rome", players=3, seed=4)
    moves = state.legal_actions(0)
    assert state.game.presentation is not None
    labels = state.game.presentation.move_labels(state, 0, moves)
    run = ludi_cli(
        "play", "age_of_rome", "--seats", "human,random,random", "--seed", "4", stdin="quit\nn\n"
    )
    for n, (move, label) in enumerate(zip(moves, labels, strict=True), 1):
        assert re.search(rf"^\s*{n} {re.escape(label)}\s+{re.escape(str(move))}\s*$", run.out, re.M)


def test_an_unknown_input_says_what_to_type_in_players_words(ludi_cli: Ludi) -> None:
    args = ("--seats", "human,random,random", "--seed", "4")
    run = ludi_cli("play", "age_of_rome", *args, stdin="hello\nquit\nn\n")
    assert "'hello' is not a move or a command" in run.out
    assert "Type the number of a move (1 to 3)" in run.out
    assert "ludi.games" not in run.out


def test_a_pipe_without_lines_gets_the_whole_board(
    ludi_cli: Ludi, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pytest-xdist's workers run with LINES=24 in their environment: a script's has none
    monkeypatch.delenv("LINES", raising=False)
    args = ("--seats", "human,random,random", "--seed", "4")
    run = ludi_cli("play", "age_of_rome", *args, stdin="quit\nn\n")
    assert "not shown, to fit the screen" not in run.out
    assert "fame track" in run.out and "players ─" in run.out


#: the part of the board each Æterna decision needs, as its section is titled
AETERNA_FOCUS = {"A draft": "draft, round", "B actions": "your hand"}


@pytest.mark.usefixtures("screen_100x40")
def test_every_aeterna_redraw_fits_100_by_40(ludi_cli: Ludi) -> None:
    """Æterna's board is some 75 lines whole: each redraw keeps the header, the packet or the
    hand the decision is about, the moves and the prompt on one screen, and names the rest."""
    answers = "1\n" * 60 + "quit\nn\n"
    run = ludi_cli(
        "play", "aeterna", "--seats", "human,random,random", "--seed", "4", stdin=answers
    )
    assert run.code == 0, run.err
    shown = screens(run.out, 40)
    assert len(shown) >= 30
    phases = set()
    for screen in shown:
        text = "\n".join(screen)
        assert all(len(line) <= 100 for line in screen), text
        header = next((ln for ln in screen if ln.startswith("Æterna  epoch ")), None)
        assert header is not None, text
        assert "Your moves (" in text, text
        phase = next((p for p in AETERNA_FOCUS if f"  {p}  " in header), None)
        if phase is not None:
            phases.add(phase)
            assert AETERNA_FOCUS[phase] in text, text
    assert phases == set(AETERNA_FOCUS)
    assert "not shown, to fit the screen" in run.out
    whole = ludi_cli("play", "aeterna", "--seats", "human,random,random", stdin="board\nquit\nn\n")
    assert "hills ─" in whole.out

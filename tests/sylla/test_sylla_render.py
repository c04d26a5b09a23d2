"""The terminal board of Sylla: drawn from one seat's view, it shows that seat what it needs
to decide and nothing another seat keeps behind its screen."""

from __future__ import annotations

import io

from rich.console import Console
from sylla_helpers import BLUE, RED, match

import ludi
from ludi.engine import Rng
from ludi.games.sylla import render as board


def drawn(view: dict[str, object]) -> str:
    out = io.StringIO()
    board.render(view, Console(file=out, width=150, color_system=None))
    return out.getvalue()


def test_every_phase_draws_for_every_seat() -> None:
    phases = set()
    for players in (2, 3, 4):
        st = ludi.new_match("sylla", players=players, seed=3)
        rng = Rng(3)
        while not st.is_over:
            for seat in (*range(players), None):
                text = drawn(st.view(seat))
                assert "Sylla" in text
            phases.add(st.phase)
            seat = st.to_act[rng.randrange(len(st.to_act))]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert "won" in drawn(st.view(None))
    assert {"pick", "elect", "recruit", "offer", "bid", "cube", "vote"} <= phases


def test_a_secret_choice_shows_only_to_its_player() -> None:
    st = match()
    st.apply(BLUE, "pick:christian_merchant")
    assert "keeping (1 of 4): christian merchant" in drawn(st.view(BLUE))
    assert "your set:" in drawn(st.view(BLUE))
    red = drawn(st.view(RED))
    assert "christian merchant" not in red.split("players")[-1].split("Red")[0]
    assert "keeping 1 card(s) in secret" in red


def test_the_deciding_player_is_reminded_of_the_rule() -> None:
    st = match()
    assert "Each Merchant kept" in drawn(st.view(BLUE))
    for seat in range(4):
        for kind in ("senator", "christian_senator", "merchant", "slave"):
            st.apply(seat, f"pick:{kind}")
    (consul,) = st.to_act
    text = drawn(st.view(consul))
    assert "Votes = your 2 face-up Senator(s) + denarii" in text
    assert "(you)" in text and "screen" in text
    assert "Votes = " not in drawn(st.view((consul + 1) % 4))
    assert "builders by votes" in text or "builders with" in text

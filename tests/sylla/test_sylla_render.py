"""The terminal board of Sylla: drawn from one seat's view, it shows that seat what it needs
to decide and nothing another seat keeps behind its screen."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from sylla_helpers import BLUE, RED, match

import ludi
from ludi.engine import Rng
from ludi.games.sylla import render as board
from ludi.i18n import using


def drawn(view: dict[str, object]) -> str:
    out = io.StringIO()
    board.render(view, Console(file=out, width=150, color_system=None))
    return out.getvalue()


def decision(state: ludi.State) -> tuple[int, str, frozenset[str]]:
    """Return what a board drawn now must help with: the player count, the phase, and the
    kinds of the legal actions (``bid``, ``vote``, ``pass``...)."""
    kinds = {str(a).split(":")[0] for s in state.to_act for a in state.legal_actions(s)}
    return state.players, str(state.phase), frozenset(kinds)  # type: ignore[attr-defined]


def test_every_phase_and_decision_draws_for_every_seat() -> None:
    # Drawing every state of three matches for every seat (2,517 boards) took 150 s. Now the
    # board is drawn for every seat and the spectator at the first state of each kind of
    # decision at each player count, and for one seat at one other state in 40 (seeded).
    pick = Rng(7)
    seen: set[tuple[int, str, frozenset[str]]] = set()
    phases = set()
    boards = 0
    for players in (2, 3, 4):
        st = ludi.new_match("sylla", players=players, seed=3)
        rng = Rng(3)
        names = [st.seat_name(s) for s in range(players)]
        while not st.is_over:
            kind = decision(st)
            viewers: list[int | None] = []
            if kind not in seen:
                seen.add(kind)
                viewers = [*range(players), None]
            elif pick.randrange(40) == 0:
                viewers = [pick.choice([*range(players), None])]
            for seat in viewers:
                text = drawn(st.view(seat))
                boards += 1
                assert "Sylla" in text and all(name in text for name in names)
            phases.add(st.phase)  # type: ignore[attr-defined]
            seat = st.to_act[rng.randrange(len(st.to_act))]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        assert "won" in drawn(st.view(None))
    assert {"pick", "elect", "recruit", "offer", "bid", "cube", "vote"} <= phases
    assert len(seen) > 30 and boards < 250, (len(seen), boards)


def test_a_secret_choice_shows_only_to_its_player() -> None:
    st = match()
    st.apply(BLUE, "pick:christian_merchant")
    assert "keeping (1 of 4): Christian Merchant" in drawn(st.view(BLUE))
    assert "your set:" in drawn(st.view(BLUE))
    red = drawn(st.view(RED))
    assert "Christian Merchant" not in red.split("players")[-1].split("Red")[0]
    assert "keeping 1 card in secret" in red


def test_the_deciding_player_is_reminded_of_the_rule() -> None:
    st = match()
    assert "Each Merchant kept" in drawn(st.view(BLUE))
    for seat in range(4):
        for kind in ("senator", "christian_senator", "merchant", "slave"):
            st.apply(seat, f"pick:{kind}")
    (consul,) = st.to_act
    text = drawn(st.view(consul))
    assert "Votes = your 2 face-up Senators + denarii" in text
    assert "(you)" in text and "screen" in text
    assert "Votes = " not in drawn(st.view((consul + 1) % 4))
    assert "builders by votes" in text or "builders with" in text


#: a phrase of three English words in a row, as the terminal would show one left untranslated
ENGLISH_RUN = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,:/]+[A-Za-z][a-z']+){2,}")
#: English words of the board's own (its headings, its hints): none may show in another language
ENGLISH_WORDS = re.compile(
    r"\b(the|of|and|your|you|round|next|built|removed|deck|players?|prestige|denarii|tokens?|"
    r"cubes?|famine|screen|keeping|votes?|builders?|over|won|averted|down|tilted|deciding|yes)\b"
)


@pytest.mark.parametrize("lang", ["pl", "ru"])
def test_the_board_speaks_the_players_language_in_every_phase(lang: str) -> None:
    # docs/i18n.md: every word a player reads, in Polish (the Rebel.pl edition's words) and in
    # Russian; only the box's name (Sylla) and the notation of moves (up:N) stay as they are
    rng = Rng(5)
    st = ludi.new_match("sylla", players=4, seed=5)
    seen: set[str] = set()
    while True:
        phase = str(st.phase)  # type: ignore[attr-defined]
        if phase not in seen:
            seen.add(phase)
            for seat in [*st.to_act[:1], None]:
                with using(lang):
                    text = drawn(st.view(seat)).replace("ludi games", "")
                    names = [st.seat_name(s) for s in range(4)]  # type: ignore[attr-defined]
                assert all(name in text for name in names), (lang, phase)
                words = ENGLISH_WORDS.findall(text.replace("up:N", "").replace("down:N", ""))
                assert words == [], (lang, phase, sorted(set(words)))
                if lang == "ru":  # Polish shares the Latin letters: its words are checked above
                    assert ENGLISH_RUN.findall(text) == [], (phase, text)
        if st.is_over:
            break
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert {"pick", "elect", "bid", "cube", "vote", "free", "over"} <= seen, seen
    with using("pl"):
        text = drawn(st.view(None))
    assert "Wielkie Dzieło" in text and "koniec: wygrywa" in text


def test_a_buildings_numbers_take_the_plural_form_they_need() -> None:
    # a --data file may change the printed numbers: 1 / 2-4 / 5+ in Polish and Russian
    effects = {"insula_tokens": 5, "bank_denarii": 2, "stall_denarii": 1}
    with using("pl"):
        assert board._building_help("insula", effects) == "Insula: od razu 5 żetonów"
        assert board._building_help("bank", effects) == "Bank: od razu +2 denary"
        assert board._building_help("stall", effects).startswith("Stragan: +1 denar ")
    with using("ru"):
        assert board._building_help("insula", effects) == "Инсула: сразу 5 жетонов"
        assert board._building_help("bank", effects) == "Банк: сразу +2 денария"

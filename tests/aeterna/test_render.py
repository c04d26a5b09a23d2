"""The terminal board of Æterna (``ludi.games.aeterna.render``) draws every phase of a match from
a seat's view, shows that seat's own cards and nothing of the others' hands."""

from __future__ import annotations

import io

from aeterna_helpers import new
from rich.console import Console

import ludi
from ludi.cli.render import renderer_for
from ludi.engine import Rng
from ludi.games.aeterna import rules


def _draw(view: dict) -> str:  # type: ignore[type-arg]
    console = Console(file=io.StringIO(), width=160, color_system=None)
    renderer_for(ludi.get_game("aeterna"))(view, console)
    return console.file.getvalue()  # type: ignore[attr-defined]


def test_every_phase_draws_with_the_viewers_cards_and_not_the_others() -> None:
    st = new(3, seed=8)
    rng = Rng(3)
    phases: set[str] = set()
    while True:
        if st.phase not in phases or rng.randrange(12) == 0:
            phases.add(st.phase)
            seat = st.to_act[0] if st.to_act else 0
            text = _draw(st.view(seat))
            assert "Æterna" in text and "Capitolinus" in text
            assert _draw(st.view(None))
            if st.phase == rules.P_ACTIONS:
                for c in st.hands[seat]:
                    assert st.data.cards[c].name in text
                others = {c for s in range(3) if s != seat for c in st.hands[s]}
                shown = set(st.hands[seat]) | {c for p in st.played for c in p}
                shown |= {c for c in st.board_cards if c >= 0}
                for c in others - shown:
                    assert st.data.cards[c].name not in text
        if st.is_over:
            break
        seat = st.to_act[rng.randrange(len(st.to_act))]
        st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert {rules.P_DRAFT, rules.P_ACTIONS, rules.P_ORDER, rules.P_OVER} <= phases
    assert "over:" in _draw(st.view(0))

"""The terminal board of Æterna (``ludi.games.aeterna.render``) draws every phase of a match from
a seat's view, shows that seat's own cards and nothing of the others' hands."""

from __future__ import annotations

import io
import re

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


def _row(text: str, name: str) -> list[str]:
    """Return the figures of the players table's row for ``name`` (its remarks left out:
    "(passed)", "DAMNATIO MEMORIAE")."""
    rows = [line for line in text.splitlines() if line.startswith(name + " ")]
    assert len(rows) == 1, f"{name}: {len(rows)} rows in\n{text}"
    return [cell for cell in rows[0].split() if re.fullmatch(r"-?\d+(/\d+)?", cell)]


def check_board(view: dict, text: str, unrest_max: int) -> None:  # type: ignore[type-arg]
    """Check that the drawing shows what the view says the board holds."""
    assert f"epoch {view['epoch']}/3" in text
    assert ("spectator" in text) == (view["viewer"] is None)
    for hill in view["hills"]:
        # every printed value (those covered by devastation are struck through, in colour)
        values = " ".join(map(str, hill["prestige"]))
        assert re.search(rf"^{hill['number']}\s+{hill['name']}\s+{values}\s", text, re.M), (
            f"hill {hill['name']} with {values}"
        )
    for card in view["personalities"] + view["board_cards"]:
        if card is not None:
            assert card["name"] in text
    for seat in view["seats"]:
        pp, unrest, ruin, aurei, grain, stone = _row(text, seat["name"])[:6]
        assert (pp, unrest, ruin, aurei, grain, stone) == (
            str(seat["pp"]),
            f"{seat['unrest']}/{unrest_max}",
            str(seat["ruin_tokens"]),
            str(seat["aurei"]),
            str(seat["grain"]),
            str(seat["stone"]),
        ), seat["name"]
        for card in seat["played"]:
            assert card["name"] in text
        if seat["seat"] == view["viewer"] and view["phase"] != "draft":
            for card in seat["hand"]:
                assert card["name"] in text, f"{card['name']} of the viewer's hand"
    draft = view.get("draft")
    if draft and draft.get("cards_before_you"):
        for card in draft["cards_before_you"]:
            assert card["name"] in text, f"{card['name']} of the viewer's packet"


def test_every_phase_draws_what_the_view_holds_and_nothing_of_the_others_hands() -> None:
    st = new(3, seed=8)
    rng = Rng(3)
    phases: set[str] = set()
    while True:
        if st.phase not in phases or rng.randrange(12) == 0:
            phases.add(st.phase)
            for seat in (*range(3), None):
                view = st.view(seat)
                text = _draw(view)
                check_board(view, text, st.data.unrest_max)
                if seat is None or st.phase != rules.P_ACTIONS:
                    continue
                # a card another seat holds (and nobody has seen) never shows on this screen
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

"""The terminal board of Age of Rome (``ludi.games.age_of_rome.render``) draws every phase of a
match from a seat's view at every player count: both boards, the Senate, the fame track, the
viewer's hand and tasks, the others' public areas; and nothing of what the viewer may not see."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from aor_helpers import match
from rich.console import Console

from ludi.games.age_of_rome.render import render


def draw(view: dict[str, Any], width: int = 120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    render(view, console)
    return console.file.getvalue()  # type: ignore[attr-defined]


def words(text: str) -> str:
    """Return the drawing with its table cells' wrapping undone (one space between words)."""
    return re.sub(r"\s+", " ", text)


def check_board(view: dict[str, Any], text: str) -> None:
    """Check that the drawing shows what the view says the boards hold."""
    flat = words(text)
    assert f"round {view['round']}/{view['rounds']}" in flat
    board = text.split("provinces board", 1)[1].split("\nmain board", 1)[0]
    for p in view["provinces"]:
        row = next(line for line in board.splitlines() if f" {p['name']} " in line)
        assert (p["facing"] or "(empty side)") in row, p["name"]
        assert re.search(rf"\s{p['population']}\s", row), f"population of {p['name']}"
        levels = [b["level"] for b in p["buildings"].values()]
        if view["you"] is not None:
            me = view["seats"][view["you"]]["name"]
            mine = next(q["side"] for q in view["provinces"] if q["facing"] == me)
            side = ("you", "left", "across", "right")[(p["side"] - mine) % 4]
            assert row.split()[0] == side, (p["name"], row)
        drawn = re.findall(r"\b(III|II|I)\b|·", row.split(p["facing"] or "(empty side)")[1])
        assert [len(x) for x in drawn[:5]] == [lv if lv else 0 for lv in levels], p["name"]
    for bf in view["battlefields"]:
        row = next(line for line in text.splitlines() if line.startswith(bf["name"] + " "))
        cells = row.split()
        total = sum(bf["legions"].values())
        assert cells[1:4] == [str(bf["shield"]), "/".join(map(str, bf["banners"])), str(total)]
        assert ("conquered" in cells) == bf["conquered"]
        per_seat = [c for c in cells[4:] if c != "conquered"]
        assert per_seat == [str(bf["legions"].get(s["name"], 0) or "·") for s in view["seats"]]
    senate = next(line for line in text.splitlines() if line.startswith("Senate"))
    assert senate.count(" > ") == max(len(view["senate"]) - 1, 0)
    players = text.split("\nplayers ", 1)[1]
    for seat in view["seats"]:
        row = next(line for line in players.splitlines() if line.startswith(seat["name"] + " "))
        cells = row.split()
        numbers = [c for c in cells if c.isdigit()]
        assert numbers[:2] == [str(seat["glory"]), str(seat["denarii"])], seat["name"]
        assert f"{seat['name']} {seat['glory']}" in flat  # the fame track
    markers = ", ".join(str(m) for m in [5, *view["milestone_markers"]])
    assert f"milestones {markers}" in flat


def hidden_names(view: dict[str, Any], views: list[dict[str, Any]]) -> set[str]:
    """Return the names of the cards and tasks of the others that ``view``'s seat may not see."""
    you = view["you"]
    known = {
        card["name"]
        for seat in view["seats"]
        if seat["seat"] != you
        for card in seat.get("known_cards", [])
    }
    out: set[str] = set()
    for other in views:
        if other["you"] in (you, None):
            continue
        me = other["seats"][other["you"]]
        out |= {c["name"] for c in me.get("hand", [])} - known
        if view["phase"] != "over":
            out |= {t["name"] for t in me.get("tasks", [])}
    return out


def check_diplomacy(view: dict[str, Any], text: str) -> None:
    """Шпионы и союзники: the offer on the table shows; its token only to the one who placed it."""
    offer = (view.get("diplomacy") or {}).get("offer")
    if offer is None:
        return
    flat = words(text)
    n = offer["denarii"]
    assert f"offering {n} {'denarius' if n == 1 else 'denarii'}" in flat
    if offer.get("token"):
        assert f"an {offer['token']} token" in flat
    else:
        assert "face-down token" in flat
        assert not re.search(r"an (espionage|alliance) token", flat)


def play(players: int, seed: int, **options: Any) -> None:
    st = match(players, seed, **options)
    rng = random.Random(seed)
    phases: set[str] = set()
    steps = 0
    while True:
        if st.is_over or st.phase not in phases or rng.randrange(40) == 0:
            phases.add(st.phase)
            views = [st.view(s) for s in range(players)]
            for view in [*views, st.view(None)]:
                text = draw(view)
                check_board(view, text)
                check_diplomacy(view, text)
                me = None if view["you"] is None else view["seats"][view["you"]]
                if me is None:
                    assert "hands and tasks are hidden" in text
                else:
                    for card in me.get("hand", []):
                        assert card["name"] in text, card["name"]
                    for task in me.get("tasks", []):
                        assert task["name"] in text, task["name"]
                if view["you"] is not None:
                    yours = {c["name"] for c in me.get("hand", [])} if me else set()
                    yours |= {t["name"] for t in me.get("tasks", [])} if me else set()
                    for name in hidden_names(view, views) - yours:
                        assert not re.search(rf"\b{re.escape(name)}\b(?!s)", text), (
                            f"{name} shows to seat {view['you']}"
                        )
                if view.get("scoring"):
                    for row in view["scoring"]:
                        assert re.search(rf"^total\s.*\b{row['total']}\b", text, re.M)
                        for achievement in row.get("achievements", []):
                            assert achievement in words(text)
                    assert "[" not in text.split("final scoring", 1)[1]  # no list shown raw
        if st.is_over:
            break
        seat = st.to_act[0]
        st.apply(seat, rng.choice(list(st.legal_actions(seat))))
        steps += 1
        assert steps < 5000
    assert "over" in phases


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_phase_draws_what_the_view_holds_and_nothing_hidden(players: int) -> None:
    play(players, seed=20 + players)


def test_spies_and_allies_offers_show_their_token_only_to_its_owner() -> None:
    play(3, seed=5, spies_allies=True)


def test_nothing_is_cut_off_on_a_terminal_of_100_columns() -> None:
    """At 4 players with the longest names, Rich would cut a cell short with '…' if the board
    did not fit 100 columns: it never does, over a whole match."""
    st = match(4, seed=3, spies_allies=True)
    rng = random.Random(3)
    drawn = 0
    while True:
        if st.is_over or rng.randrange(15) == 0:
            text = draw(st.view(st.to_act[0] if st.to_act else 0), width=100)
            assert "…" not in text, [line for line in text.splitlines() if "…" in line]
            drawn += 1
        if st.is_over:
            break
        seat = st.to_act[0]
        st.apply(seat, rng.choice(list(st.legal_actions(seat))))
    assert drawn > 10
    assert "provinces board" in text and "main board" in text and "fame track" in text


def test_every_phase_has_a_name_in_player_language() -> None:
    """No phase id of the rules reaches the screen: each has words in the renderer."""
    from ludi.games.age_of_rome.render import PHASE_WORDS
    from ludi.games.age_of_rome.rules.common import PHASE_RULES

    assert set(PHASE_RULES) <= set(PHASE_WORDS)


def test_a_seat_is_labelled_the_same_in_every_match() -> None:
    """``ludi simulate`` and the lab sum over matches by seat: Age of Rome deals its characters
    anew each match, so a seat is labelled by its place and colour, never by a character."""
    import ludi

    labels = set()
    characters = set()
    for seed in range(6):
        st = ludi.new_match("age_of_rome", players=3, seed=seed)
        labels.add(tuple(st.game.lab.seat_label(st, s) for s in range(3)))
        characters.add(st.seat_name(0))
    assert labels == {("Seat 1 (yellow)", "Seat 2 (red)", "Seat 3 (green)")}
    assert len(characters) > 1  # the names the labels replace do change


def test_the_emperor_solo_shows_its_goals_and_where_the_player_stands() -> None:
    """Соло Императора (стр. 29): the solo player plays against seven goals, so the view and
    the terminal show each goal with the player's count now and what it needs, and the
    titles; a game of several players has no such part."""
    from aor_helpers import senate, started

    st = started(players=1)
    senate(st, 0, 0)
    solo = st.view(0)["solo"]
    assert len(solo["goals"]) == 7
    votes = next(g for g in solo["goals"] if "Senate" in g["goal"])
    assert votes == {"goal": "4 votes in the Senate", "now": 2, "needed": 4, "met": False}
    assert [t["goals"] for t in solo["titles"]] == [4, 6, 7]
    flat = words(draw(st.view(0)))
    assert "4 votes in the Senate: 2 of 4" in flat and "51 glory on the fame track" in flat
    assert "solo" not in started(players=2).view(0)


def test_the_goods_discard_pile_is_drawn_top_first() -> None:
    """The discard pile is face up (every card reached it in sight of all: played, sold or
    discarded): the terminal names its top card with its text and the cards under it."""
    from aor_helpers import discard_top, started

    st = started(players=2)
    discard_top(st, "bulla")
    discard_top(st, "sundial")
    flat = words(draw(st.view(1)))
    assert "goods discard 2 card(s), top: Sundial" in flat
    assert "under it: Bulla" in flat

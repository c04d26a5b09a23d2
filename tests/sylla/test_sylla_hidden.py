"""What Sylla hides: screens, secret choices, face-down piles; and how samples re-draw them."""

from __future__ import annotations

from sylla_helpers import BLACK, BLUE, RED, WHITE, match, ready, tokens

import ludi
from ludi.engine import Rng
from ludi.games.sylla import rules
from ludi.games.sylla.state import SyllaState


def samples(st: SyllaState, seat: int, n: int = 12) -> list[SyllaState]:
    rng = Rng(7)
    return [st.sample_hidden(seat, rng.fork()) for _ in range(n)]


def test_money_stays_behind_the_screen() -> None:
    st = ready()
    st.money = [3, 4, 5, 6]
    assert st.view(RED)["seats"][RED]["denarii"] == 4
    assert st.view(RED)["seats"][BLUE]["denarii"] is None
    assert st.view(None)["seats"][BLUE]["denarii"] is None


def test_a_pending_vote_is_redrawn_for_the_other_seats_only() -> None:
    st = ready()
    st.money = [9, 9, 9, 9]
    rules.start_great_work(st)
    st.apply(BLUE, "up:7")
    seen = {s.choice[BLUE] for s in samples(st, RED)}
    assert len(seen) > 1
    assert all(s.choice[BLUE] == st.choice[BLUE] for s in samples(st, BLUE))
    for s in samples(st, RED):
        s.check_invariants()
        assert s.view(RED) == st.view(RED)


def test_secret_picks_are_redrawn() -> None:
    st = match()
    for kind in ("senator", "merchant"):
        st.apply(BLUE, f"pick:{kind}")
    seen = {tuple(sorted(s.picked[BLUE])) for s in samples(st, RED)}
    assert len(seen) > 1
    for s in samples(st, RED):
        s.check_invariants()


def test_unseen_token_colours_are_redrawn_within_what_crises_showed() -> None:
    st = ready()
    tokens(st, RED)
    rules.gain_token(st, RED, 2, secret=True)  # a Health token from a Private Temple
    assert {tuple(s.tokens[3:6]) for s in samples(st, BLUE)} > {(0, 0, 1)}
    # a Civic Spirit crisis shows Red has no Civic token: the unseen one is not Civic
    st.ladder = [0, 2, 2]
    st.famine = 0
    rules.famine_and_crisis(st)
    assert st.secret_mask[RED] == [0b110]
    for s in samples(st, BLUE, 30):
        assert s.tokens[3] == 0 and sum(s.tokens[3:6]) == 1
    assert all(s.tokens[3:6] == [0, 0, 1] for s in samples(st, RED))


def test_the_known_bottom_of_the_recruit_deck_stays_put() -> None:
    st = ready()
    st.consul = BLUE
    rules.start_recruitment(st)
    for seat in (BLUE, RED, WHITE, BLACK):
        st.apply(seat, st.legal_actions(seat)[0])
    bottom = st.deck[:2]
    assert st.deck_known == 2
    shuffled = False
    for s in samples(st, RED):
        assert s.deck[:2] == bottom
        shuffled |= s.deck != st.deck
    assert shuffled


def test_samples_keep_the_letters_of_the_building_stack() -> None:
    st = ready()
    letters = [st.data.tiles[t].letter for t in st.stack]
    for s in samples(st, RED):
        assert [s.data.tiles[t].letter for t in s.stack] == letters


def test_a_random_match_replays_from_its_record() -> None:
    for players in (2, 3, 4):
        st = ludi.new_match("sylla", players=players, seed=11)
        rng = Rng(11)
        while not st.is_over:
            seat = st.to_act[rng.randrange(len(st.to_act))]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        again = ludi.replay(ludi.record_of(st))
        assert again.position() == st.position()
        assert again.result == st.result

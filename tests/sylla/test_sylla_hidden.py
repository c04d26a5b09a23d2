"""What Sylla hides: screens, secret choices, face-down piles; and how samples re-draw them."""

from __future__ import annotations

from sylla_helpers import BLACK, BLUE, RED, WHITE, hand, match, ready, tokens

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


def seen_by_others(st: SyllaState, seat: int) -> list[str]:
    """What every other seat and a spectator see: views and logs, as one comparable text."""
    others = [s for s in [*range(st.players), None] if s != seat]
    return [repr((st.view(o), st.events(o))) for o in others]


def test_a_secret_vote_shows_neither_thumb_nor_denarii_to_the_others() -> None:
    """VI: thumbs and the denarii in the fist are shown together, only once all have voted."""
    st = ready()
    st.money = [9, 9, 9, 9]
    rules.start_great_work(st)
    seen = set()
    for text in ("up:0", "up:9", "down:0", "down:5"):
        after = st.clone()
        after.apply(BLUE, text)
        after.apply(RED, "down:1")
        seen.add(tuple(seen_by_others(after, BLUE)))
        assert after.view(BLUE)["seats"][BLUE]["my_choice"] == text
    assert len(seen) == 1


def test_the_characters_kept_in_secret_show_to_nobody_else() -> None:
    """Przygotowanie: each player chooses face down; the others learn only how many so far."""
    st = match()
    seen = set()
    for kinds in (("senator", "vestal"), ("merchant", "christian_slave"), ("slave", "legionary")):
        after = st.clone()
        for kind in kinds:
            after.apply(BLUE, f"pick:{kind}")
        seen.add(tuple(seen_by_others(after, BLUE)))
    assert len(seen) == 1


def test_slaves_freed_stay_secret_until_all_have_decided() -> None:
    """Koniec gry: a player's choice of Slaves to free shows only once all have chosen."""
    st = ready()
    for seat in (BLUE, RED):
        hand(st, seat, "slave", "christian_slave")
    st.money = [4, 4, 0, 0]
    st.round = st.data.rounds
    rules.ecclesia(st)
    assert st.to_act == (BLUE, RED)
    seen = set()
    for text in ("free:0", "free:1", "free:2"):
        after = st.clone()
        after.apply(BLUE, text)
        seen.add(tuple(seen_by_others(after, BLUE)))
    assert len(seen) == 1


def test_token_colours_taken_behind_the_screen_show_to_nobody_else() -> None:
    """An Insula's two tokens (Budynki: Insula) and a Private Temple's (Prywatna Świątynia)
    go behind the screen unseen; the Consul's token colour, by contrast, is public (I 2)."""
    st = ready()
    st.consul = BLUE
    rules.gain_token(st, BLUE, 0, secret=False)
    seen = set()
    for colour in ("civic", "leisure", "health"):
        after = st.clone()
        after.phase, after.due, after.after, after.acting = rules.TOKEN, 2, "insula", [RED]
        after.buyer = RED
        after.slots = [-1] * 6  # nothing left to offer: the phase moves on to income
        after.apply(RED, f"token:{colour}")
        after.apply(RED, "token:civic")
        seen.add(tuple(seen_by_others(after, RED)))
        mine = after.view(RED)["seats"][RED]["tokens"]
        assert sum(mine[t] for t in ("civic", "leisure", "health")) == 2
    assert len(seen) == 1
    assert st.view(RED)["seats"][BLUE]["tokens"]["civic"] == 1  # the Consul's, seen by all


#: what some seat cannot see, so what a sample may re-draw; every other part of the state is
#: public. The characters each player keeps in secret at setup and the rest of their set, put
#: back in the box; a pending secret decision (the great-work vote, the Slaves freed at the
#: end); the colours of tokens taken behind the screen (Insula, Private Temple); the order of
#: every face-down pile.
HIDDEN = frozenset(
    {"picked", "box", "choice", "tokens", "secret_tok", "deck", "event_deck", "stack", "work_pile"}
)


def test_a_sample_redraws_the_hidden_parts_and_keeps_everything_seen() -> None:
    """Over whole random matches at every player count: a sample for a seat keeps that seat's
    view, log and legal actions, keeps every public part of the state, and changes only what
    the seat cannot see (the others' pending choices and unseen token colours, the order of
    the face-down piles)."""
    public = [name for name in SyllaState.__slots__ if name not in HIDDEN]
    for players in (2, 3, 4):
        st = ludi.new_match("sylla", players=players, seed=5)
        rng = Rng(5)
        changed: set[str] = set()
        while not st.is_over:
            viewer = rng.randrange(players)
            s = st.sample_hidden(viewer, rng.fork())
            assert isinstance(s, SyllaState)
            for name in public:
                assert getattr(s, name) == getattr(st, name), f"{name} re-drawn"
            for other in range(players):
                if other == viewer:
                    continue
                # an opponent's token total never changes, only the unseen colours
                assert sum(s.tokens[3 * other : 3 * other + 3]) == sum(
                    st.tokens[3 * other : 3 * other + 3]
                )
            assert s.tokens[3 * viewer : 3 * viewer + 3] == st.tokens[3 * viewer : 3 * viewer + 3]
            assert s.picked[viewer] == st.picked[viewer]
            assert s.choice[viewer] == st.choice[viewer]
            assert s.deck[: st.deck_known] == st.deck[: st.deck_known]
            assert sorted(s.deck) == sorted(st.deck)
            assert s.work_pile[:1] == st.work_pile[:1]
            assert sorted(s.event_deck) == sorted(st.event_deck)
            for name in ("deck", "event_deck", "stack", "work_pile", "tokens", "choice"):
                if getattr(s, name) != getattr(st, name):
                    changed.add(name)
            seat = st.to_act[rng.randrange(len(st.to_act))]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        # the hidden parts really are re-drawn over a match
        assert {"deck", "event_deck", "stack", "work_pile", "choice"} <= changed, changed

"""Each reading of an ambiguous rule (the checklist's §7, A-nn) as an option: the default is the
reading the rulebook's examples support; the other changes exactly what it names."""

from __future__ import annotations

from aor_helpers import build_here, senate, started, turn

from ludi.games.age_of_rome.rules import common, diplomacy
from ludi.games.age_of_rome.rules.end_of_game import final_scoring, result
from ludi.games.age_of_rome.rules.intrigue_phase import effect_choices
from ludi.games.age_of_rome.tables import POLITICS


def test_a21_the_action_may_be_declined_unless_compulsory() -> None:
    """A-21: «может совершить действие»: by default a player may skip the action; with
    ``action=compulsory`` only when it would do nothing."""
    for reading, skip in (("optional", True), ("compulsory", False)):
        st = started(action=reading)
        seat = st.order[0]
        build_here(st, seat, POLITICS, 1)
        turn(st, common.PLACE_TURN, seat)
        st.apply(seat, "place:politics")
        assert ("skip" in [str(a) for a in st.legal_actions(seat)]) is skip


def test_a22_a_milestone_supporter_now_or_next_round() -> None:
    """A-22: a supporter recruited in the action phase is placed this round (same_round) or
    from the next (next_round)."""
    for reading, extra in (("same_round", 1), ("next_round", 0)):
        st = started(new_supporter=reading)
        seat = st.order[0]
        turn(st, common.PLACE_TURN, seat)
        left = st.supp_left[seat]
        st.glory[seat] = 4
        common.gain_glory(st, seat, 1)
        assert st.supp_left[seat] == left + extra


def test_a25_first_player_before_an_empty_side() -> None:
    """A-25: with the first-player token before an empty side, the first seated player in the
    round's direction starts (direction) or the first the other way (against)."""
    firsts = []
    for reading in ("direction", "against"):
        st = started(players=3, empty_first_side=reading)
        st.rot, st.direction = 0, 1
        st.first_prov = 3  # side 3 is empty with 3 players (sides 0, 1, 2)
        firsts.append(common.turn_order(st)[0])
    assert firsts == [0, 2]


def test_a26_clockwise_variant_and_the_order_of_play() -> None:
    """A-26: По ходу часов turns the board clockwise; by default the event's arrow still sets
    the order of play, with ``clockwise_order=clockwise`` play goes clockwise too."""
    from ludi.games.age_of_rome.rules.intrigue_phase import reveal_event

    for reading, expected in (("card", -1), ("clockwise", 1)):
        st = started(clockwise=True, clockwise_order=reading)
        ccw = next(i for i, e in enumerate(st.tables.events) if e.direction < 0 and not e.harsh)
        st.event_deck.remove(ccw) if ccw in st.event_deck else st.events_out.remove(ccw)
        if st.event_now == ccw:
            st.event_now = -1
        st.event_deck.insert(0, ccw)
        reveal_event(st)
        assert st.direction == expected


def test_a32_revote_without_a_vote_at_home() -> None:
    """A-32: Повторное голосование with no vote of your own at home: the removal alone
    (removal_only) or not at all (needs_vote)."""
    for reading, offered in (("removal_only", True), ("needs_vote", False)):
        st = started(revote=reading)
        lepidus = next(i for i, c in enumerate(st.tables.characters) if c.id == "lepidus")
        st.char[0] = lepidus
        senate(st, 1)
        st.votes_total[0] -= st.votes_home[0]
        st.votes_home[0] = 0
        texts = [str(a) for a in effect_choices(st, 0, 1)]
        assert ("intrigue:revote@1" in texts) is offered


def test_a04_pantheon_pieces_removed_with_three_players() -> None:
    """A-04: with 3 players the text removes a silver foundation and a bronze temple piece
    (literal: foundations gold, bronze, bronze); read as bronze, each level keeps gold,
    silver, bronze."""
    literal = started(players=3)
    bronze = started(players=3, pantheon_removal="bronze")
    assert literal.found_pile == [0, 2, 2] and literal.temple_pile == [0, 1, 2]
    assert bronze.found_pile == [0, 1, 2] and bronze.temple_pile == [0, 1, 2]


def test_a28_diplomacy_one_placement_a_round() -> None:
    """A-28: each token once a round (each_token), or one placement per player (one)."""
    for reading, done in (("each_token", False), ("one", True)):
        st = started(spies_allies=True, diplomacy_turns=reading)
        build_here(st, 1, POLITICS, 1)
        st.dipl_used, st.dipl_done, st.offer = [0] * 4, [False] * 4, []
        turn(st, diplomacy.DIPLOMACY, 0)
        prov = st.tables.provinces[common.province_of(st, 1)]
        st.apply(0, f"diplomacy:alliance@{prov}/politics")
        assert st.dipl_done[0] is done


def test_a38_the_tie_break_counts_denarii_after_or_before_conversion() -> None:
    """A-38 and Итоговый подсчет очков: a tie on glory goes to the most denarii; left after
    the end conversion by default, or held before it."""
    for reading, winners in (("after", (0, 1)), ("before", (1,))):
        st = started(players=2, tiebreak_denarii=reading)
        st.glory = [10, 9]
        st.denarii = [3, 7]  # 3 kept, or 1 glory and 3 kept: both total 10 glory
        st.tasks = [[], []]
        final_scoring(st)
        assert st.scores[0][7] == st.scores[1][7] == 10
        assert result(st).winners == winners  # after: 3 and 3 left, the win is shared


def test_a07_a_battlefield_conquered_at_the_end_or_for_good() -> None:
    """A-07: conquered by the legions on it at the end (default), or once its shield was
    reached (``conquest=ever``): legions moved away then leave it conquered."""
    from aor_helpers import battlefield

    from ludi.games.age_of_rome.rules.dispatch import carry_out

    for reading, still in (("end", False), ("ever", True)):
        st = started(conquest=reading)
        seat = st.order[0]
        battlefield(st, "epirus", **{f"s{seat}": 2})
        carry_out(st, seat, st.table.end)  # any decision: conquests are noted after each
        battlefield(st, "epirus", **{f"s{seat}": 1})
        assert common.conquered(st, 0) is still

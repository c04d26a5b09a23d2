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


def test_a17_a_card_drawn_by_a_card_chains_by_the_placement_or_identical_trigger() -> None:
    """A-17 and Карты товаров (стр. 21: a card drawn by a card is played at once «только в
    случае, если карты имеют одинаковый тип условий»): in the Colosseum, Sundial ("a supporter
    anywhere") draws Strigil ("a supporter in the Colosseum"). By default both are "placing a
    supporter", so Strigil is played at once; with ``chain=identical`` it is not. A card
    already in hand before the placement (Stola, Colosseum) is playable either way."""
    from aor_helpers import deck_top, hand

    for reading, chained in (("placement", True), ("identical", False)):
        st = started(chain=reading)
        seat = st.order[0]
        st.anchor[seat] = False
        hand(st, seat, "sundial", "stola")
        deck_top(st, "strigil")
        turn(st, common.PLACE_TURN, seat)
        st.apply(seat, "place:colosseum")
        st.apply(seat, "play:sundial")
        texts = [str(a) for a in st.legal_actions(seat)]
        assert ("play:strigil" in texts) is chained
        assert "play:stola" in texts
        mine = next(x for x in st.view(seat)["seats"] if x["seat"] == seat)["hand"]
        strigil = next(c for c in mine if c["id"] == "strigil")
        assert strigil.get("may_not_chain", False) is not chained
        st.check_invariants()


def test_a17_identical_triggers_still_chain() -> None:
    """A-17, ``chain=identical``: Bulla ("a supporter anywhere") drawing Sundial (the same
    trigger) chains, as in the rulebook's examples (стр. 20-21: every printed chain is
    "anywhere" to "anywhere", which both readings allow)."""
    from aor_helpers import deck_top, hand

    st = started(chain="identical")
    seat = st.order[0]
    st.anchor[seat] = False
    hand(st, seat, "bulla")
    deck_top(st, "sundial", "strigil")
    turn(st, common.PLACE_TURN, seat)
    st.apply(seat, "place:colosseum")
    st.apply(seat, "play:bulla")
    texts = [str(a) for a in st.legal_actions(seat)]
    assert "play:sundial" in texts and "play:strigil" not in texts


def test_a23_a_marker_passing_over_a_player() -> None:
    """A-23 and Вехи (стр. 11): the marker on 12 is reached by Jack (it goes to 11); two players
    on 11 claim it together and it moves two cells, to 9, over a fourth player on 10. By
    default that player has reached it too (glory at least its cell) and it moves on to 8;
    with ``milestone_marker=landing`` only a player on the landing cell claims, so the fourth
    stays above an unclaimed marker on 9."""
    for reading, fourth, cell in (("passed_over", 1, 8), ("landing", 0, 9)):
        st = started(milestone_marker=reading)
        st.glory = [10, 11, 11, 10]
        st.claimed = [1, 1, 1, 1]
        st.supporters = [2, 2, 2, 2]
        common.gain_glory(st, 0, 2)
        assert st.supporters[:3] == [3, 3, 3]
        assert st.supporters[3] == 2 + fourth
        assert st.mpos[0] == cell


def test_a23_landing_a_marker_is_still_reached_by_going_up_past_it() -> None:
    """A-23, ``landing``: a gain that takes a marker up onto or past the marker's cell reaches
    it (Вехи: «впервые доходит до этого маркера»), as in the default reading."""
    st = started(milestone_marker="landing")
    st.glory = [10, 1, 1, 1]
    st.claimed = [1, 0, 0, 0]
    st.supporters = [2, 1, 1, 1]
    common.gain_glory(st, 0, 5)
    assert st.supporters[0] == 3 and st.mpos[0] == 11


def _forged(st, seat: int, target: int) -> None:  # type: ignore[no-untyped-def]
    """Hand ``seat`` the choice of Подложный приказ's moves against ``target``."""
    from ludi.games.age_of_rome.rules.intrigue_phase import resolve_effect

    st.cur = seat
    st.act_target = target
    st.fx = [3]
    st.acting = [seat]
    resolve_effect(st)


def test_a09_forged_order_which_legions() -> None:
    """A-09, Подложный приказ («Выберите два легиона соперника и переместите их на любое поле
    битвы»): by default only the target's legions already on battlefields move (the intrigue
    is an attack); with ``forged_from=board_too`` a legion on the target's board may be sent
    out too."""
    from aor_helpers import battlefield

    for reading, from_home in (("battlefields", False), ("board_too", True)):
        st = started(forged_from=reading)
        battlefield(st, "epirus", s1=1)
        assert st.legions_home[1] > 0
        _forged(st, 0, 1)
        assert st.phase == common.FORGE
        texts = [str(a) for a in st.legal_actions(0)]
        assert ("forge:home>thrace" in texts) is from_home
        assert "forge:epirus>thrace" in texts
        if from_home:
            home = st.legions_home[1]
            st.apply(0, "forge:home>thrace")
            assert st.legions_home[1] == home - 1
            st.check_invariants()


def test_a09_forged_order_where_the_legions_go() -> None:
    """A-09: by default each of the two legions goes to a battlefield of the activator's choice;
    with ``forged_to=same`` («на любое поле битвы», one battlefield) the second goes where the
    first went."""
    from aor_helpers import battlefield

    for reading, split in (("each", True), ("same", False)):
        st = started(forged_to=reading)
        battlefield(st, "epirus", s1=2)
        _forged(st, 0, 1)
        st.apply(0, "forge:epirus>thrace")
        texts = [str(a) for a in st.legal_actions(0)]
        other = next(b.id for b in st.tables.battlefields if b.id not in ("epirus", "thrace"))
        assert (f"forge:epirus>{other}" in texts) is split
        assert "forge:epirus>thrace" in texts


def test_a10_apostasy_replaces_from_the_board_or_anywhere() -> None:
    """A-10, Отступничество («уберите этот легион или замените его своим»): by default the
    replacing legion comes from the activator's board, so with none there only the removal is
    offered; with ``apostasy_swap=anywhere`` a legion of the activator's on another battlefield
    may take its place."""
    from aor_helpers import battlefield

    from ludi.games.age_of_rome.rules.intrigue_phase import effect_choices

    for reading, offered in (("board", False), ("anywhere", True)):
        st = started(apostasy_swap=reading)
        apostate = next(
            i for i, c in enumerate(st.tables.characters) if 2 in c.intrigues
        )  # a character with Отступничество
        st.char[0] = apostate
        epirus = battlefield(st, "epirus", s1=1)
        thrace = battlefield(st, "thrace", s0=st.legions_total[0])
        assert st.legions_home[0] == 0
        texts = [str(a) for a in effect_choices(st, 0, 1)]
        assert "intrigue:apostasy@epirus" in texts
        assert "intrigue:apostasy@epirus+swap" not in texts
        assert ("intrigue:apostasy@epirus+swap:thrace" in texts) is offered
        if offered:
            st.cur, st.act_target, st.acting = 0, 1, [0]
            st.fx = list(st.table.parse("intrigue:apostasy@epirus+swap:thrace").idx)
            from ludi.games.age_of_rome.rules.intrigue_phase import resolve_effect

            n = st.players
            on_thrace = st.legions[thrace * n]
            resolve_effect(st)
            assert st.legions[epirus * n] == 1 and st.legions[epirus * n + 1] == 0
            assert st.legions[thrace * n] == on_thrace - 1
            st.check_invariants()


def test_a15_drawing_into_a_full_hand_forgoes_or_makes_room() -> None:
    """A-15, Торговля (стр. 20): «Если ваша рука переполнена, вы должны сыграть, продать или
    сбросить карту товара, прежде чем взять новую». Jack's example: with 4 goods a boosted
    trade draw «может взять в руку только одну карту». By default the second card is not
    taken; with ``full_hand=make_room`` Jack must discard (or, in his own turn, sell) a goods
    card, then takes it, and play goes on where it was."""
    from aor_helpers import board, deck_top, hand

    for reading in ("forgo", "make_room"):
        st = started(full_hand=reading)
        jack = st.order[0]
        board(st, jack, "fulvia")  # trade boost open
        st.anchor[jack] = False
        hand(st, jack, "sundial", "compass", "stola", "pilum")
        deck_top(st, "mallet", "palla")
        build_here(st, jack, 2, 1)  # trade
        turn(st, common.PLACE_TURN, jack)
        st.apply(jack, "place:trade+boost")
        st.apply(jack, "act")
        if reading == "forgo":
            assert len(st.hands[jack]) == 5 and st.phase != common.ROOM
            continue
        assert st.phase == common.ROOM and st.to_act == (jack,)
        texts = [str(a) for a in st.legal_actions(jack)]
        assert "discard:stola" in texts and "sell:stola" in texts  # his own turn
        assert not any(t.startswith(("place:", "play:", "build:")) for t in texts)
        denarii = st.denarii[jack]
        st.apply(jack, "discard:stola")
        assert len(st.hands[jack]) == 5 and st.denarii[jack] == denarii
        names = {st.tables.goods[st.tables.goods_of[c]].id for c in st.hands[jack]}
        assert {"mallet", "palla"} <= names and "stola" not in names
        assert st.phase != common.ROOM
        assert st.goods_discard[-1] == st.tables.goods_index["stola"]
        st.check_invariants()


def test_a15_make_room_outside_your_turn_is_a_discard() -> None:
    """A-15, ``make_room``: a card drawn into a full hand outside your own turn (here an
    effect's draw for another seat) is taken after a discard; selling is only in your turn
    (Продать карту товара: «во время своего хода»)."""
    from aor_helpers import hand

    from ludi.games.age_of_rome.rules.goods import draw, owe_room

    st = started(full_hand="make_room")
    seat = st.order[0]
    other = st.order[1]
    turn(st, common.PLACE_TURN, seat)
    st.anchor[other] = False
    hand(st, other, "sundial", "compass", "stola", "pilum", "bulla")
    assert draw(st, other, 1) == 0 and st.owed[other] == 1
    owe_room(st)
    assert st.phase == common.ROOM and st.to_act == (other,)
    texts = [str(a) for a in st.legal_actions(other)]
    assert "discard:bulla" in texts and not any(t.startswith("sell:") for t in texts)
    st.apply(other, "discard:bulla")
    assert len(st.hands[other]) == 5 and st.owed[other] == 0
    assert st.phase == common.PLACE_TURN and st.to_act == (seat,)
    st.check_invariants()


def test_a24_the_floor_of_a_marker_turned_to_its_plus_30_side() -> None:
    """A-24, Шкала славы (стр. 10): the track starts at 1 and the marker «ни при каких
    обстоятельствах не может опуститься ниже этой отметки»; past 30 it is turned to "+30" and
    goes on from cell 1. By default the floor is 1 glory in all (31 - 2 = 29, and Грязная
    клевета may hit a player on 31); with ``glory_floor=cell`` a turned marker stops on its
    cell 1 (31), so the slander cannot be used against it, as on cell 1 of the first lap."""
    from ludi.games.age_of_rome.rules.intrigue_phase import effect_choices

    for reading, after, slander in (("total", 29, True), ("cell", 31, False)):
        st = started(glory_floor=reading)
        st.glory[1] = 31
        slanderer = next(
            i for i, c in enumerate(st.tables.characters) if 0 in c.intrigues
        )  # a character with Грязная клевета
        st.char[0] = slanderer
        texts = [str(a) for a in effect_choices(st, 0, 1)]
        assert ("intrigue:slander" in texts) is slander
        assert common.lose_glory(st, 1, 2) == 31 - after
        assert st.glory[1] == after
        st.glory[1] = 3  # on the first lap both readings stop at cell 1
        assert common.lose_glory(st, 1, 5) == 2 and st.glory[1] == 1


def test_a24_a_double_tax_the_turned_marker_cannot_pay() -> None:
    """A-24 and Фаза дохода: a double tax needs the marker to move back the whole penalty; on
    32 a penalty of 2 is paid by default (to 30), not with ``glory_floor=cell`` (below 31)."""
    from ludi.games.age_of_rome.rules.income_phase import can_double, penalty

    for reading, allowed in (("total", True), ("cell", False)):
        st = started(glory_floor=reading)
        seat = st.order[0]
        st.glory[seat] = 31 + penalty(st, seat) - 1
        assert can_double(st, seat) is allowed


def test_a17_identical_sets_aside_only_while_placing() -> None:
    """A-17, ``chain=identical``: the subtypes are those of "when you place a supporter"; a card
    drawn by a card in another window (here "when you activate an intrigue") is not set aside,
    so it stays playable when its own trigger comes."""
    from aor_helpers import deck_top, hand

    from ludi.games.age_of_rome.rules.goods import play_card
    from ludi.games.age_of_rome.tables import T_BY_YOU

    st = started(chain="identical")
    seat = st.order[0]
    st.anchor[seat] = False
    hand(st, seat, "sica")  # when you activate an intrigue: draw 1
    deck_top(st, "caligae")  # when an intrigue is activated in your province: draw 1
    turn(st, common.BY_YOU, seat)
    play_card(st, seat, st.tables.goods_index["sica"], T_BY_YOU)
    assert st.unchained == []


def test_a09_forged_order_moves_two_legions_not_one_twice() -> None:
    """Подложный приказ names two of the target's legions: the second move takes another legion
    than the first, and a target with one legion on the battlefields sees only that one moved."""
    from aor_helpers import battlefield

    st = started()
    battlefield(st, "epirus", s1=1)
    _forged(st, 0, 1)
    st.apply(0, "forge:epirus>thrace")
    assert st.phase != common.FORGE  # its only legion has moved: nothing is left to choose
    assert st.legions[battlefield(st, "thrace") * st.players + 1] == 1

    st = started()
    battlefield(st, "epirus", s1=2)
    _forged(st, 0, 1)
    st.apply(0, "forge:epirus>thrace")
    texts = [str(a) for a in st.legal_actions(0)]
    assert "forge:epirus>macedonia" in texts  # the other legion at Epirus
    assert not any(t.startswith("forge:thrace>") for t in texts)  # not the one just moved

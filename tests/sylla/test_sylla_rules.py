"""Sylla's rules, phase by phase: one rule per test, in the game's notation."""

from __future__ import annotations

from pathlib import Path

import pytest
from sylla_helpers import (
    BLACK,
    BLUE,
    RED,
    WHITE,
    building,
    choose,
    events,
    hand,
    match,
    ready,
    slot,
    tilted,
    tokens,
    work,
)

import ludi
from ludi.games.sylla import rules
from ludi.games.sylla.state import SyllaState


def kinds(st: SyllaState, seat: int) -> list[str]:
    return [st.data.cards[c].kind for c in st.hand[seat]]


def legal(st: SyllaState, seat: int) -> list[str]:
    return [str(a) for a in st.legal_actions(seat)]


def refused(st: SyllaState, seat: int, text: str, rule: str) -> ludi.IllegalAction:
    before = st.position()
    with pytest.raises(ludi.IllegalAction) as caught:
        st.apply(seat, text)
    assert caught.value.rule == rule
    assert st.position() == before
    return caught.value


# -- setup ------------------------------------------------------------------------------------


def test_setup_lays_out_the_board() -> None:
    st = match()
    data = st.data
    assert all(data.tiles[t].letter == "A" for t in st.slots)
    assert data.tiles[st.stack[0]].letter == "C" and data.tiles[st.stack[-1]].letter == "A"
    assert st.row[3] == data.event_by_id["decadence"]
    assert len(set(st.row)) == 4 and len(st.event_deck) == len(data.events) - 4
    assert st.work_removed not in st.work_pile and len(st.work_pile) == len(data.works) - 1
    assert st.ladder == [2, 2, 2] and st.famine == 0
    assert st.prestige == [10, 10, 10, 10]
    assert st.to_act == (0, 1, 2, 3)
    st.check_invariants()


def test_characters_are_kept_in_secret_and_revealed_together() -> None:
    st = match()
    for kind in ("senator", "merchant", "christian_merchant", "slave"):
        st.apply(BLUE, f"pick:{kind}")
    assert BLUE not in st.to_act and st.to_act == (RED, WHITE, BLACK)
    assert st.view(RED)["seats"][BLUE]["kept_so_far"] == 4
    assert st.view(BLUE)["seats"][BLUE]["kept_so_far"] == [
        "senator",
        "merchant",
        "christian_merchant",
        "slave",
    ]
    assert not any("merchant" in text for text in st.events(RED))
    assert st.view(RED)["seats"][BLUE]["characters"] == []
    choose(st, {BLUE: []})
    assert kinds(st, BLUE) == ["senator", "merchant", "christian_merchant", "slave"]
    assert st.money[BLUE] == 3 + 2
    assert st.money[RED] == 3 + 1  # the default keeps one Merchant
    assert len(st.display) == 6 and len(st.deck) == 40 - 16 - 6
    assert st.consul == BLUE and st.to_act == (BLUE,)


def test_a_card_not_left_in_your_set_is_refused() -> None:
    st = match()
    st.apply(BLUE, "pick:legionary")
    st.apply(BLUE, "pick:legionary")
    refused(st, BLUE, "pick:legionary", rules.SETUP)


@pytest.mark.parametrize(
    ("players", "keep", "display", "sales"), [(4, 4, 6, 5), (3, 6, 5, 4), (2, 8, 4, 3)]
)
def test_player_counts(players: int, keep: int, display: int, sales: int) -> None:
    st = ready(players=players)
    assert st.counts.characters == keep
    assert len(st.display) == display
    assert st.counts.sales == sales
    # the unused sets go into the recruit deck as well (option unused_sets, on by default)
    assert len(st.deck) + len(st.display) + sum(len(h) for h in st.hand) + len(st.box) == 40


def test_unused_sets_can_stay_in_the_box() -> None:
    st = match(players=3, unused_sets=False)
    choose(st)
    assert len(st.deck) + len(st.display) == 30 - 18
    assert all(st.data.cards[c].set == 3 for c in st.box)


def test_reconstructed_data_is_labelled() -> None:
    described = ludi.get_game("sylla").describe()
    sections = {n["section"] for n in described["data"]["reconstructed"]}
    assert {"characters.hexes", "buildings.tiles", "ladder.values"} <= sections
    st = match()
    assert st.events(None)[0].startswith("RECONSTRUCTED values in use")
    assert "ladder.values" in st.view(None)["reconstructed_data"]


def test_a_data_file_replaces_a_section(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        "ladder:\n"
        "  provenance: {source: my copy, confidence: CONFIRMED}\n"
        "  tracks: [{id: civic, name: Civic Spirit, colour: violet},"
        " {id: leisure, name: Leisure, colour: green}, {id: health, name: Health, colour: blue}]\n"
        "  values: [0, 1, 2, 3, 4, 5, 6]\n  start: 3\n  crisis: [0, 1]\n"
        "  values_provenance: {source: my copy, confidence: CONFIRMED}\n"
        "  famine_start: 0\n  famine_max: 6\n"
        "  famine_provenance: {source: my copy, confidence: CONFIRMED}\n"
        "  crisis_most: 3\n  crisis_fewest: -3\n"
    )
    st = ludi.new_match("sylla", players=4, seed=1, data=mine)
    assert st.view(None)["ladder"]["civic"]["value"] == 3
    bad = tmp_path / "bad.yaml"
    bad.write_text("ladder: {start: 1}\n")
    with pytest.raises(ludi.DataError) as caught:
        ludi.new_match("sylla", players=4, seed=1, data=bad)
    assert "bad.yaml" in str(caught.value) and "ladder.values: Field required" in str(caught.value)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(mine.read_text().replace("start: 3", "start: 9"))
    with pytest.raises(ludi.DataError, match="start and crisis are indices of values"):
        ludi.new_match("sylla", players=4, seed=1, data=wrong)


# -- I: the First Consul ----------------------------------------------------------------------


def test_the_consul_bids_first_at_least_his_senators() -> None:
    st = ready()
    hand(st, BLUE, "senator", "christian_senator")
    st.money[BLUE] = 2
    rules.begin_round(st)
    assert legal(st, BLUE) == ["bid:2", "bid:3", "bid:4"]
    refused(st, BLUE, "pass", rules.ELECTION)
    refused(st, BLUE, "bid:1", rules.ELECTION)
    refused(st, BLUE, "bid:5", rules.ELECTION)


def test_unbeaten_consul_stays_and_pays_only_denarii() -> None:
    st = ready()
    hand(st, BLUE, "senator")
    st.money = [3, 5, 5, 5]
    rules.begin_round(st)
    st.apply(BLUE, "bid:3")
    for seat in (RED, WHITE, BLACK):
        assert legal(st, seat)[:2] == ["pass", "bid:4"]
        refused(st, seat, "bid:3", rules.ELECTION)
        st.apply(seat, "pass")
    assert st.consul == BLUE and st.money == [1, 5, 5, 5]


def test_a_player_who_cannot_outbid_passes_at_once() -> None:
    st = ready()
    st.money = [4, 2, 9, 0]
    rules.begin_round(st)
    st.apply(BLUE, "bid:4")
    assert st.to_act == (WHITE,)  # Red, with 2 votes at most, cannot beat 4
    assert "Red passes" in st.events(None)


def test_famine_never_passes_6() -> None:
    st = ready()
    events(st, "famine", "flood", "slave_revolt", "decadence")
    st.famine = 5
    rules.famine_rises(st)
    assert st.famine == 6


# -- II: recruitment --------------------------------------------------------------------------


def test_recruitment_goes_clockwise_from_the_consul() -> None:
    st = ready()
    st.consul = RED
    rules.start_recruitment(st)
    order = []
    while st.phase == rules.RECRUIT:
        (seat,) = st.to_act
        order.append(seat)
        st.apply(seat, st.legal_actions(seat)[0])
    assert order == [RED, WHITE, BLACK, BLUE]
    assert st.deck_known == 2


# -- III: buildings ---------------------------------------------------------------------------


def test_a_bid_counts_cards_of_the_colour_not_hexes() -> None:
    st = ready()
    cards = hand(st, RED, "slave", "christian_slave", "legionary", "merchant", "vestal")
    tilted(st, cards[4])
    st.card_cover[cards[3]] = 1  # a face-down card has no hexes
    hand(st, WHITE, "legionary")
    st.consul = WHITE
    slot(st, 0, "statue")  # red slot
    rules.start_buildings(st)
    st.apply(WHITE, "offer:statue/red")
    assert st.to_act == (BLACK,) or st.to_act == (RED,)
    while st.to_act != (RED,):
        st.apply(st.to_act[0], "pass")
    assert legal(st, RED) == ["pass", "bid:1", "bid:2", "bid:3"]


def test_nobody_bids_the_building_is_discarded_and_the_offerer_offers_again() -> None:
    st = ready()
    st.consul = RED
    tile = st.slots[0]
    rules.start_buildings(st)
    st.apply(RED, st.legal_actions(RED)[0])
    assert st.tile_owner[tile] < 0
    assert tile in st.tiles_out
    assert st.phase == rules.OFFER and st.to_act == (RED,) and st.sales == 1


@pytest.mark.parametrize(("players", "sales"), [(4, 5), (3, 4), (2, 3)])
def test_five_offers_then_the_rest_is_discarded(players: int, sales: int) -> None:
    st = ready(players=players)
    st.consul = 0
    rules.start_buildings(st)
    for _ in range(sales):
        assert st.phase == rules.OFFER
        st.apply(st.to_act[0], st.legal_actions(st.to_act[0])[0])
    assert st.phase != rules.OFFER
    assert all(t < 0 for t in st.slots)
    assert len(st.tiles_out) == 6


def test_insula_gives_two_tokens_whose_colours_stay_secret() -> None:
    st = ready()
    hand(st, RED, "slave")
    st.consul = BLUE
    slot(st, 1, "insula")
    rules.start_buildings(st)
    st.apply(BLUE, "offer:insula/yellow")
    st.apply(RED, "bid:1")
    assert st.phase == rules.TOKEN and st.to_act == (RED,)
    st.apply(RED, "token:civic")
    st.apply(RED, "token:civic")
    assert st.tokens[3 * RED] == 2
    assert st.view(BLUE)["seats"][RED]["tokens"] == {
        "civic": 0,
        "leisure": 0,
        "health": 0,
        "unseen_colour": 2,
    }
    assert st.view(RED)["seats"][RED]["tokens"]["civic"] == 2
    assert not any("Civic" in t for t in st.events(BLUE)[-3:])
    assert st.phase == rules.OFFER and st.to_act == (RED,)


@pytest.mark.parametrize(
    ("btype", "prestige", "money"), [("triumphal_arch", 6, 0), ("statue", 4, 0), ("bank", 0, 5)]
)
def test_buildings_with_an_immediate_effect(btype: str, prestige: int, money: int) -> None:
    st = ready()
    hand(st, RED, "slave")
    st.consul = BLUE
    st.money[RED] = 0
    tile = slot(st, 0, btype)
    rules.start_buildings(st)
    st.apply(BLUE, f"offer:{btype}/red")
    st.apply(RED, "bid:1")
    assert st.prestige[RED] == 10 + prestige and st.money[RED] == money
    assert tile in st.tiles_out and tile not in st.builds[RED]


def test_a_crane_card_pays_from_the_next_round() -> None:
    st = ready()
    hand(st, RED, "slave")
    st.consul = BLUE
    slot(st, 0, "crane")
    rules.start_buildings(st)
    st.apply(BLUE, "offer:crane/red")
    st.apply(RED, "bid:1")
    crane = st.hand[RED][-1]
    assert st.data.cards[crane].kind == "crane" and st.card_tilted[crane]
    assert rules.payers(st, RED, 0) == []
    st.card_tilted = [False] * len(st.card_tilted)  # the end of the round straightens it
    assert len(rules.payers(st, RED, 0)) == 2


# -- IV: income -------------------------------------------------------------------------------


def test_taverns_move_a_marker_once_per_phase_and_can_lock_it() -> None:
    st = ready()
    building(st, BLUE, "tavern")
    building(st, RED, "tavern")
    st.consul = BLUE
    st.ladder = [4, 2, 2]
    rules.start_income(st)
    assert st.to_act == (BLUE,)
    st.apply(BLUE, "tavern:civic+")  # against the end: nothing moves, but it is locked
    assert st.ladder == [4, 2, 2]
    assert "tavern:civic-" not in legal(st, RED)
    refused(st, RED, "tavern:civic-", rules.INCOME)
    st.apply(RED, "tavern:health-")
    assert st.ladder == [4, 2, 1]


# -- V: events --------------------------------------------------------------------------------


def test_a_cube_goes_only_on_an_event_with_its_symbol() -> None:
    st = ready()
    events(st, "epidemic", "senate_purge", "imperial_cult", "decadence")
    hand(st, BLUE, "legionary")
    st.consul = BLUE
    rules.start_events(st)
    assert legal(st, BLUE) == [
        "cube:legionary>senate_purge",
        "cube:legionary>imperial_cult",
        "cube:legionary>decadence",
    ]
    refused(st, BLUE, "cube:legionary>epidemic", rules.PLACEMENT)
    refused(st, BLUE, "cube:vestal>epidemic", rules.PLACEMENT)


def test_tied_majorities_each_take_a_token() -> None:
    st = ready()
    events(st, "epidemic", "senate_purge", "imperial_cult", "decadence")
    hand(st, BLUE, "legionary")
    hand(st, RED, "legionary")
    st.consul = BLUE
    rules.start_events(st)
    st.apply(BLUE, "cube:legionary>imperial_cult")
    st.apply(RED, "cube:legionary>imperial_cult")
    assert st.tokens[3 * BLUE] == 1 and st.tokens[3 * RED] == 1


def covering_round() -> SyllaState:
    """Nobody has a cube: the Consul averts Eruption and Decadence, Senate Purge and
    Persecution happen."""
    st = ready()
    events(st, "senate_purge", "persecution", "eruption", "decadence")
    hand(st, BLUE, "senator", "christian_senator", "christian_merchant")
    hand(st, RED, "senator")
    st.consul = BLUE
    rules.start_events(st)
    assert st.phase == rules.AVERT
    assert legal(st, BLUE) == [
        "avert:senate_purge",
        "avert:persecution",
        "avert:eruption",
        "avert:decadence",
    ]
    st.apply(BLUE, "avert:eruption")
    st.apply(BLUE, "avert:decadence")
    return st


def test_events_that_happen_make_each_player_cover_a_card() -> None:
    st = covering_round()
    # Senate Purge first (the upper card): Blue chooses which Senator, Red has one
    assert st.phase == rules.COVER and st.to_act == (BLUE,)
    assert legal(st, BLUE) == ["cover:senator", "cover:christian_senator"]
    st.apply(BLUE, "cover:christian_senator")
    cover = {st.data.cards[c].kind: st.card_cover[c] for c in st.hand[BLUE]}
    assert cover["christian_senator"] and not cover["senator"]
    assert all(st.card_cover[c] for c in st.hand[RED])
    # Persecution: Blue's only face-up Christian is the Merchant
    assert cover["christian_merchant"]
    # Eruption (averted, not Decadence) leaves the game
    assert st.data.event_by_id["eruption"] in st.events_out
    assert st.phase == rules.VOTE


def test_a_covered_card_turns_up_when_its_event_leaves() -> None:
    st = covering_round()
    st.apply(BLUE, "cover:senator")
    purge = st.row.index(st.data.event_by_id["senate_purge"])
    rules.remove_event(st, purge)
    assert not any(st.card_cover[c] for c in st.hand[RED])


def test_a_christian_senator_stays_down_while_senate_purge_is_in_play() -> None:
    st = covering_round()
    st.apply(BLUE, "cover:senator")
    # Persecution covered Blue's Christian Senator? No: his Merchant; do it by hand
    senator = next(c for c in st.hand[BLUE] if st.data.cards[c].kind == "christian_senator")
    persecution = st.data.event_by_id["persecution"]
    st.card_cover[senator] = 1 << persecution
    rules.remove_event(st, st.row.index(persecution))
    assert st.card_cover[senator], "Senate Purge is still in play: it stays face down"
    rules.remove_event(st, st.row.index(st.data.event_by_id["senate_purge"]))
    assert not st.card_cover[senator]


def test_the_consul_breaks_a_tie_for_removal() -> None:
    st = ready()
    events(st, "epidemic", "eruption", "imperial_cult", "decadence")
    hand(st, BLUE, "vestal")
    hand(st, RED, "vestal")
    st.consul = BLUE
    rules.start_events(st)
    st.apply(BLUE, "cube:vestal>epidemic")
    st.apply(RED, "cube:vestal>eruption")
    assert st.phase == rules.REMOVE and st.to_act == (BLUE,)
    assert legal(st, BLUE) == ["remove:epidemic", "remove:eruption"]
    st.apply(BLUE, "remove:eruption")
    assert st.data.event_by_id["eruption"] in st.events_out


def test_decadence_lowers_every_rightmost_marker_never_famine() -> None:
    st = ready()
    st.ladder = [3, 3, 1]
    st.famine = 6
    rules.decadence(st)
    assert st.ladder == [2, 2, 1] and st.famine == 6


# -- VI: great works --------------------------------------------------------------------------


def vote(st: SyllaState, work_id: str, votes: dict[int, str]) -> None:
    for seat in range(st.players):
        hand(st, seat)
    st.money = [9] * st.players
    work(st, work_id)
    rules.start_great_work(st)
    for seat, text in votes.items():
        st.apply(seat, text)


def test_votes_are_secret_until_all_have_voted() -> None:
    st = ready()
    st.money = [9] * 4
    rules.start_great_work(st)
    st.apply(BLUE, "up:7")
    assert "my_choice" not in st.view(RED)["seats"][BLUE]
    assert st.view(BLUE)["seats"][BLUE]["my_choice"] == "up:7"
    assert st.events(RED)[-1] == "Blue has decided"
    assert st.money[BLUE] == 9


def test_pantheon_places_share_ties() -> None:
    st = ready()
    vote(st, "pantheon", {BLUE: "up:5", RED: "up:5", WHITE: "up:3", BLACK: "up:0"})
    assert st.prestige == [20, 20, 12, 10]


def test_temple_thresholds() -> None:
    st = ready()
    vote(st, "temple", {BLUE: "up:9", RED: "up:8", WHITE: "up:6", BLACK: "up:4"})
    assert st.prestige == [20, 20, 16, 10]


def test_temple_exactly_reading() -> None:
    st = ready(temple_votes="exactly")
    vote(st, "temple", {BLUE: "up:9", RED: "up:8", WHITE: "up:5", BLACK: "down:4"})
    assert st.prestige == [10, 20, 16, 12]


def test_granary_lowers_famine_one_space_per_4_votes() -> None:
    st = ready()
    st.famine = 5
    vote(st, "granary", {BLUE: "up:4", RED: "up:3", WHITE: "down:0", BLACK: "down:1"})
    assert st.famine == 4  # 7 votes: one space back
    # then phase VII: everyone loses 4 to famine
    assert st.prestige == [10 + 5 - 4, 10 + 3 - 4, 10 - 4, 10 - 4]


def test_nobody_builds() -> None:
    st = ready()
    st.ladder = [2, 2, 2]
    vote(st, "colosseum", {BLUE: "down:9", RED: "down:3", WHITE: "down:0", BLACK: "down:2"})
    assert st.ladder == [2, 2, 2]
    assert st.prestige == [14, 11, 10, 11]


# -- VII: famine and crisis -------------------------------------------------------------------


def test_prestige_never_goes_below_zero() -> None:
    st = ready()
    st.famine = 6
    st.prestige = [2, 10, 10, 10]
    st.ladder = [2, 2, 2]
    rules.famine_and_crisis(st)
    assert st.prestige == [0, 4, 4, 4]


def test_a_crisis_where_all_tie_costs_and_pays_everyone() -> None:
    st = ready()
    st.famine = 0
    st.ladder = [2, 0, 2]
    st.prestige = [10, 10, 10, 10]
    for seat in range(4):
        tokens(st, seat, leisure=1)
    rules.famine_and_crisis(st)
    assert st.prestige == [10, 10, 10, 10]


def test_the_end_of_the_round_refreshes_the_board() -> None:
    st = ready()
    c = hand(st, BLUE, "slave")[0]
    tilted(st, c)
    st.slots = [-1] * 6
    st.display = []
    st.famine = 0
    rules.famine_and_crisis(st)
    assert st.round == 2 and st.phase == rules.ELECT
    assert not st.card_tilted[c]
    assert all(t >= 0 for t in st.slots) and len(st.display) == 6


# -- the end ----------------------------------------------------------------------------------


def test_face_down_christians_score_nothing_and_ties_share_the_win() -> None:
    st = ready()
    cards = hand(st, BLUE, "christian_senator", "christian_merchant")
    st.card_cover[cards[0]] = 1
    tilted(st, cards[1])  # tilted still counts
    st.prestige = [10, 12, 5, 5]
    st.round = st.data.rounds
    rules.ecclesia(st)
    assert st.is_over
    result = st.result
    assert result is not None
    assert st.prestige[BLUE] == 10 + 2  # only the tilted, face-up Christian scores
    assert result.winners == (BLUE, RED)
    assert result.ranking == (1, 1, 3, 3)
    assert result.reward(BLUE) == result.reward(RED) == 0.5


# -- counts of legal moves at fixed positions -------------------------------------------------


def test_legal_move_counts_at_setup_and_in_round_1() -> None:
    st = match()
    assert legal(st, BLUE) == [
        "pick:senator",
        "pick:christian_senator",
        "pick:merchant",
        "pick:christian_merchant",
        "pick:legionary",
        "pick:vestal",
        "pick:slave",
        "pick:christian_slave",
    ]
    assert all(len(st.legal_actions(s)) == 8 for s in range(4))
    st = ready()
    st.money = [0, 0, 0, 0]
    rules.begin_round(st)
    assert legal(st, BLUE) == ["bid:0"]  # no Senator, no denarii: the Consul bids 0
    st.apply(BLUE, "bid:0")
    assert st.consul == BLUE and st.phase == rules.TOKEN  # nobody could outbid him
    assert len(st.legal_actions(BLUE)) == 3


def test_two_players_crisis_one_gains_the_other_loses() -> None:
    st = ready(players=2)
    tokens(st, 0, health=2)
    tokens(st, 1, health=1)
    st.famine = 0
    st.ladder = [2, 2, 0]
    st.prestige = [10, 10]
    rules.famine_and_crisis(st)
    assert st.prestige == [13, 7]


def test_flood_covers_a_building_or_a_crane_and_a_covered_stall_pays_nothing() -> None:
    st = ready()
    stall = building(st, BLUE, "stall")
    hand(st, BLUE, "crane")
    flood = st.data.event_by_id["flood"]
    options = rules.coverable(st, BLUE, "building")
    assert sorted(rules.cover_label(st, item) for item in options) == ["crane", "stall"]
    st.tile_cover[stall] = 1 << flood
    assert rules.income(st, BLUE) == 3


def test_a_stall_stays_down_while_plunder_is_in_play() -> None:
    st = ready()
    events(st, "flood", "plunder", "eruption", "decadence")
    stall = building(st, BLUE, "stall")
    flood = st.data.event_by_id["flood"]
    st.tile_cover[stall] = 1 << flood
    st.consul = BLUE
    rules.remove_event(st, 0)
    assert st.tile_cover[stall] == 1 << st.data.event_by_id["plunder"]
    assert rules.income(st, BLUE) == 3


def test_a_covered_field_does_not_feed_anyone() -> None:
    st = ready()
    field = building(st, BLUE, "field")
    st.tile_cover[field] = 1
    st.famine = 3
    st.ladder = [2, 2, 2]
    st.prestige = [10, 10, 10, 10]
    rules.famine_and_crisis(st)
    assert st.prestige == [7, 7, 7, 7]


def test_the_event_drawn_after_a_removal_keeps_nothing_face_down() -> None:
    """V 4: the removed event's covers end first, then the new event is drawn. A Senate Purge
    drawn to replace Persecution has not been in play while Persecution left, so the Christian
    Senator that Persecution covered turns face up (Wydarzenia: the exception needs the Purge
    in play when Persecution leaves)."""
    st = ready()
    events(st, "persecution", "eruption", "famine", "decadence")
    purge = st.data.event_by_id["senate_purge"]
    st.event_deck.remove(purge)
    st.event_deck.append(purge)  # the top of the event deck
    (senator,) = hand(st, BLUE, "christian_senator")
    persecution = st.data.event_by_id["persecution"]
    st.card_cover[senator] = 1 << persecution
    rules.remove_event(st, 0)
    assert st.row[0] == purge
    assert not st.card_cover[senator]
    assert "Blue's Christian Senator is face up again" in st.events(None)
    st.check_invariants()


# -- gaps found in the audit: one rule per test -------------------------------------------------


def test_a_private_temple_is_used_once_per_phase_and_only_with_2_denarii() -> None:
    """Budynki, Prywatna Świątynia: each Temple once per phase IV, for 2 denarii. Blue has two
    Temples and 3 denarii after income: he uses one and, with 1 denarius left, is not asked
    about the other; Red is asked about his own Temple once."""
    st = ready()
    st.stack.extend(t for t in st.slots if t >= 0)  # every Temple tile within reach
    st.slots = [-1] * 6
    building(st, BLUE, "private_temple")
    building(st, BLUE, "private_temple")
    building(st, RED, "private_temple")
    st.money = [0, 0, 0, 0]
    st.consul = BLUE
    rules.start_income(st)
    assert st.to_act == (BLUE,) and st.money[BLUE] == 3
    st.apply(BLUE, "temple:health")
    assert st.money[BLUE] == 1 and st.tokens[3 * BLUE + 2] == 1
    assert st.to_act == (RED,)
    st.apply(RED, "temple:no")
    assert st.phase != rules.USE and st.money == [1, 3, 3, 3]


def test_a_player_with_more_cubes_places_several_in_a_row() -> None:
    """V 1 note: once the others have placed all theirs, a player with more cubes places them
    one after another."""
    st = ready()
    events(st, "epidemic", "eruption", "imperial_cult", "decadence")
    hand(st, BLUE, "vestal", "vestal", "legionary")
    hand(st, RED, "vestal")
    st.consul = BLUE
    rules.start_events(st)
    order = []
    for text in ("cube:vestal>epidemic", "cube:vestal>eruption", "cube:vestal>epidemic"):
        order.append(st.to_act[0])
        st.apply(st.to_act[0], text)
    order.append(st.to_act[0])
    assert order == [BLUE, RED, BLUE, BLUE]


def test_an_event_without_cubes_gives_no_token() -> None:
    """V 2 note: nobody placed a cube on an event: nobody takes its token."""
    st = ready()
    events(st, "epidemic", "eruption", "imperial_cult", "decadence")
    hand(st, BLUE, "vestal")
    st.consul = BLUE
    rules.start_events(st)
    st.apply(BLUE, "cube:vestal>epidemic")
    assert sum(st.tokens) == 1 and st.tokens[3 * BLUE + 2] == 1


def test_an_event_that_happens_again_covers_one_more_card() -> None:
    """Wydarzenia (Ludi's reading 9): Senate Purge, still in play from an earlier round,
    happens again: each player turns one more Senator face down."""
    st = ready()
    events(st, "senate_purge", "eruption", "epidemic", "decadence")
    purge = st.data.event_by_id["senate_purge"]
    first, second = hand(st, RED, "senator", "christian_senator")
    st.card_cover[first] = 1 << purge
    st.consul = BLUE
    rules.start_events(st)
    st.apply(BLUE, "avert:eruption")
    st.apply(BLUE, "avert:decadence")
    assert st.card_cover[second] == 1 << purge


def test_a_builder_with_no_vote_takes_no_place() -> None:
    """Wielkie Dzieła (Ludi's reading 11): a thumb up with 0 votes scores nothing and pushes
    nobody down the places: the 1-vote builder is still second."""
    st = ready()
    vote(st, "colosseum", {BLUE: "up:0", RED: "up:2", WHITE: "up:1", BLACK: "down:0"})
    assert st.prestige == [10, 15, 13, 10]


@pytest.mark.parametrize(("work_id", "track"), [("colosseum", 1), ("senate", 0)])
def test_colosseum_and_senate_move_their_marker_per_5_votes(work_id: str, track: int) -> None:
    """Wielkie Dzieła: Koloseum moves Leisure, Senat Civic Spirit, one space per 5 votes of
    the builders; a gift to the plebs adds nothing."""
    st = ready()
    st.ladder = [1, 1, 1]
    vote(st, work_id, {BLUE: "up:6", RED: "up:4", WHITE: "down:9", BLACK: "up:0"})
    expected = [1, 1, 1]
    expected[track] = 3
    assert st.ladder == expected


def test_face_down_slaves_cannot_be_freed_tilted_ones_can() -> None:
    """Koniec gry: only face-up Slaves, tilted or not, may be freed, 2 denarii each."""
    st = ready()
    down, tilted_slave, _ = hand(st, BLUE, "slave", "christian_slave", "slave")
    st.card_cover[down] = 1
    tilted(st, tilted_slave)
    st.money = [9, 0, 0, 0]
    st.round = st.data.rounds
    rules.ecclesia(st)
    assert legal(st, BLUE) == ["free:0", "free:1", "free:2"]


def test_a_christian_slave_stays_down_while_slave_revolt_is_in_play() -> None:
    """Wydarzenia, Prześladowanie: a Christian Slave covered by Persecution stays face down
    while Slave Revolt is in play, and turns up when that leaves too."""
    st = ready()
    events(st, "persecution", "slave_revolt", "eruption", "decadence")
    (slave,) = hand(st, BLUE, "christian_slave")
    persecution = st.data.event_by_id["persecution"]
    revolt = st.data.event_by_id["slave_revolt"]
    st.card_cover[slave] = 1 << persecution
    rules.remove_event(st, 0)
    assert st.card_cover[slave] == 1 << revolt
    rules.remove_event(st, st.row.index(revolt))
    assert not st.card_cover[slave]

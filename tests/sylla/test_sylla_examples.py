"""Every worked example of the Polish rulebook, as a scenario in Ludi's notation.

Seats sit as in the examples, clockwise Blue, Red, White, Black; Blue holds revenue tile I.
Where an example depends on a card's hexes, the hands are chosen so that the RECONSTRUCTED
default hexes give the example's numbers.
"""

from __future__ import annotations

from sylla_helpers import (
    BLACK,
    BLUE,
    RED,
    WHITE,
    building,
    events,
    hand,
    ready,
    show,
    slot,
    tilted,
    tokens,
    work,
)

from ludi.games.sylla import rules
from ludi.games.sylla.state import SyllaState


def election_position() -> SyllaState:
    st = ready()
    hand(st, BLUE, "senator", "christian_senator", "merchant", "legionary")
    hand(st, RED, "vestal", "legionary", "slave", "merchant")
    hand(st, WHITE, "merchant", "christian_merchant", "slave", "legionary")
    hand(st, BLACK, "senator", "legionary", "legionary", "vestal")
    st.money = [4, 4, 4, 4]
    events(st, "famine", "slave_revolt", "imperial_cult", "decadence")
    st.famine = 0
    return st


def test_phase_i_election_won_with_4_votes_for_3_denarii() -> None:
    """Blue (tile I, 2 Senators) offers 3; Red and White pass; Black (1 Senator) offers 4,
    becomes First Consul and pays 3 denarii; the others pay nothing."""
    st = election_position()
    assert st.to_act == (BLUE,)
    st.apply(BLUE, "bid:3")
    st.apply(RED, "pass")
    st.apply(WHITE, "pass")
    st.apply(BLACK, "bid:4")
    assert st.consul == BLACK
    assert st.money == [4, 4, 4, 1]
    # the new Consul chooses a Res Publica token; its colour is public
    assert st.to_act == (BLACK,)
    st.apply(BLACK, "token:health")
    assert st.tokens[3 * BLACK + 2] == 1
    assert "Black takes a Health token" in st.events(BLUE)


def test_phase_i_famine_moves_by_the_two_famine_symbols() -> None:
    """Of the four events in play (Decadence, Famine, Slave Revolt, Imperial Cult) two show
    the famine symbol: the marker moves from 0 to 2."""
    st = election_position()
    for seat, text in ((BLUE, "bid:3"), (RED, "pass"), (WHITE, "pass"), (BLACK, "bid:4")):
        st.apply(seat, text)
    st.apply(BLACK, "token:civic")
    assert st.famine == 2


def test_phase_ii_recruitment_from_the_consul_clockwise() -> None:
    """Black, First Consul, takes a Slave, then Blue a Legionary, Red a Senator, White a
    Vestal; the two cards left go under the recruit deck."""
    st = election_position()
    for seat, text in ((BLUE, "bid:3"), (RED, "pass"), (WHITE, "pass"), (BLACK, "bid:4")):
        st.apply(seat, text)
    show(st, "slave", "legionary", "senator", "vestal", "merchant", "christian_merchant")
    st.apply(BLACK, "token:civic")
    assert st.phase == rules.RECRUIT
    assert st.to_act == (BLACK,)
    st.apply(BLACK, "recruit:slave")
    st.apply(BLUE, "recruit:legionary")
    st.apply(RED, "recruit:senator")
    st.apply(WHITE, "recruit:vestal")
    assert [st.data.cards[c].kind for c in st.hand[BLACK]][-1] == "slave"
    assert [st.data.cards[c].kind for c in st.hand[WHITE]][-1] == "vestal"
    assert st.display == []
    assert sorted(st.data.cards[c].kind for c in st.deck[:2]) == ["christian_merchant", "merchant"]
    assert st.deck_known == 2
    st.check_invariants()
    # then Black, still First Consul, offers the first building
    assert st.phase == rules.OFFER and st.to_act == (BLACK,)


def test_phase_iii_the_field_sale() -> None:
    """Black offers a Field from a grey slot. Blue bids 2 grey cards, Red passes, White bids 3,
    Black passes. White takes the Field, tilts a Slave and his two Merchants, and offers the
    next building."""
    st = ready()
    hand(st, BLUE, "senator", "christian_senator", "merchant", "christian_merchant", "legionary")
    hand(st, RED, "senator", "legionary", "merchant", "christian_merchant", "vestal")
    hand(st, WHITE, "merchant", "christian_merchant", "slave", "vestal", "senator")
    hand(st, BLACK, "senator", "merchant", "christian_merchant", "vestal", "slave")
    st.consul = BLACK
    field = slot(st, 2, "field")  # the third slot is grey
    assert st.data.slot_colours[2] == 2
    rules.start_buildings(st)
    assert st.to_act == (BLACK,)
    st.apply(BLACK, "offer:field/grey")
    assert st.to_act == (BLUE,)
    assert [str(a) for a in st.legal_actions(BLUE)] == ["pass", "bid:1", "bid:2"]
    st.apply(BLUE, "bid:2")
    st.apply(RED, "pass")
    st.apply(WHITE, "bid:3")
    st.apply(BLACK, "pass")
    # White has four grey cards (two Merchants, the Slave, the Vestal): he chooses three
    assert st.phase == rules.TILT and st.to_act == (WHITE,)
    st.apply(WHITE, "tilt:slave")
    st.apply(WHITE, "tilt:merchant")
    st.apply(WHITE, "tilt:christian_merchant")
    assert st.tile_owner[field] == WHITE and field in st.builds[WHITE]
    tilted_kinds = sorted(st.data.cards[c].kind for c in st.hand[WHITE] if st.card_tilted[c])
    assert tilted_kinds == ["christian_merchant", "merchant", "slave"]
    assert not any(st.card_tilted[c] for c in st.hand[BLUE] + st.hand[BLACK])
    # White offers the next building and will bid last on it
    assert st.phase == rules.OFFER and st.to_act == (WHITE,)
    offer = next(a for a in st.legal_actions(WHITE))
    st.apply(WHITE, offer)
    assert st.order[-1] == WHITE


def test_phase_iv_income_with_a_private_temple() -> None:
    """Black 5 (3 + Stall), Blue 5 (3 + two untilted Merchants), Red 3 and pays 2 denarii at
    his Private Temple for a token of his choice, White 5 (3 + Stall: his Merchants are
    tilted)."""
    st = ready()
    hand(st, BLACK, "senator", "legionary", "slave")
    hand(st, BLUE, "merchant", "christian_merchant", "senator")
    hand(st, RED, "senator", "vestal")
    merchants = hand(st, WHITE, "merchant", "christian_merchant", "slave")
    for card in merchants:
        tilted(st, card)
    building(st, BLACK, "stall")
    building(st, WHITE, "stall")
    building(st, RED, "private_temple")
    st.money = [0, 0, 0, 0]
    st.consul = BLACK
    rules.start_income(st)
    # Black, Blue and Red have their income; Red decides on his Temple before White's turn
    assert st.money == [5, 3, 0, 5]
    assert st.to_act == (RED,)
    assert [str(a) for a in st.legal_actions(RED)] == [
        "temple:civic",
        "temple:leisure",
        "temple:health",
        "temple:no",
    ]
    st.apply(RED, "temple:leisure")
    assert st.money == [5, 1, 5, 5]
    assert st.tokens[3 * RED : 3 * RED + 3] == [0, 1, 0]
    # the colour stays behind Red's screen
    assert "Red takes a Res Publica token behind the screen" in st.events(BLUE)
    assert "Red takes a Leisure token" in st.events(RED)
    assert st.phase == rules.CUBE


def phase_v_position() -> SyllaState:
    st = ready()
    events(st, "famine", "slave_revolt", "imperial_cult", "decadence")
    hand(st, BLACK, "legionary", "legionary", "senator")
    hand(st, BLUE, "legionary", "legionary", "merchant")
    hand(st, RED, "vestal", "senator")
    white = hand(st, WHITE, "vestal", "legionary")
    for card in white:
        tilted(st, card)  # White used all his characters to buy buildings
    st.consul = BLACK
    st.famine = 2
    st.prestige = [10, 10, 10, 10]
    rules.start_events(st)
    return st


def test_phase_v_placement_tokens_and_outcome() -> None:
    """Black places on Decadence, Blue too, Red (a Vestal cube) on Famine; White has no cube;
    Black places his last on Decadence, Blue his last Legionary on Slave Revolt. Red takes a
    Health token, Blue a Leisure token, Imperial Cult gives none. Decadence (3 cubes) is
    averted; Famine and Slave Revolt tie at 1 and Black, First Consul, averts the Revolt. Famine
    happens (+1) and Imperial Cult (Civic Spirit -1). Decadence cannot leave the game, so the
    Revolt does, and a new event takes its place."""
    st = phase_v_position()
    assert st.to_act == (BLACK,)
    assert [str(a) for a in st.legal_actions(RED)] == []
    st.apply(BLACK, "cube:legionary>decadence")
    st.apply(BLUE, "cube:legionary>decadence")
    assert [str(a) for a in st.legal_actions(RED)] == [
        "cube:vestal>famine",
        "cube:vestal>imperial_cult",
        "cube:vestal>decadence",
    ]
    st.apply(RED, "cube:vestal>famine")
    assert st.to_act == (BLACK,)  # White has no cube: skipped
    st.apply(BLACK, "cube:legionary>decadence")
    st.apply(BLUE, "cube:legionary>slave_revolt")
    # tokens
    assert st.tokens[3 * RED : 3 * RED + 3] == [0, 0, 1]
    assert st.tokens[3 * BLUE : 3 * BLUE + 3] == [0, 1, 0]
    assert st.tokens[3 * BLACK : 3 * BLACK + 3] == [0, 0, 0]
    # tie between Famine and Slave Revolt: the First Consul chooses
    assert st.phase == rules.AVERT and st.to_act == (BLACK,)
    assert [str(a) for a in st.legal_actions(BLACK)] == ["avert:famine", "avert:slave_revolt"]
    civic = st.ladder[0]
    st.apply(BLACK, "avert:slave_revolt")
    assert st.famine == 3
    assert st.ladder[0] == civic - 1
    revolt = st.data.event_by_id["slave_revolt"]
    assert revolt in st.events_out
    assert st.row[1] != revolt and st.row[3] == st.data.event_by_id["decadence"]
    assert st.phase == rules.VOTE
    st.check_invariants()


def test_phase_v_decadence_prestige_follows_the_rule_not_the_example() -> None:
    """The rulebook's example gives 1 prestige to Red, Blue and Black for Decadence, but its own
    placements leave Black alone with the most cubes there (2 against Blue's 1, Red none). The
    rule pays the player(s) with the most cubes: Ludi gives the point to Black only."""
    st = phase_v_position()
    for seat, text in (
        (BLACK, "cube:legionary>decadence"),
        (BLUE, "cube:legionary>decadence"),
        (RED, "cube:vestal>famine"),
        (BLACK, "cube:legionary>decadence"),
        (BLUE, "cube:legionary>slave_revolt"),
    ):
        st.apply(seat, text)
    assert st.prestige == [10, 10, 10, 11]


def test_phase_vi_public_baths_vote() -> None:
    """Blue, thumb down with no denarii and 2 Senators, gains 1 prestige. Red (3 denarii and a
    Senator) and White (4 denarii) have 4 votes each and take 5 prestige each; Black (1
    denarius, his Senator tilted) is third and takes nothing. 9 votes move Health one space."""
    st = ready()
    hand(st, BLUE, "senator", "christian_senator")
    hand(st, RED, "senator", "legionary")
    hand(st, WHITE, "merchant")
    black = hand(st, BLACK, "senator")
    tilted(st, black[0])
    st.money = [0, 3, 4, 1]
    st.prestige = [10, 10, 10, 10]
    work(st, "public_baths")
    health = st.ladder[2]
    rules.start_great_work(st)
    assert st.to_act == (BLUE, RED, WHITE, BLACK)
    st.apply(BLUE, "down:0")
    st.apply(RED, "up:3")
    st.apply(WHITE, "up:4")
    st.apply(BLACK, "up:1")
    assert st.prestige == [11, 15, 15, 10]
    assert st.money == [0, 0, 0, 0]
    assert st.ladder[2] == health + 1
    assert "Red: thumb up, 3 denarii, 4 votes" in st.events(BLUE)


def test_phase_vi_one_more_vote_moves_health_two_spaces() -> None:
    """With one vote more (10), Health moves two spaces."""
    st = ready()
    hand(st, BLUE, "senator", "christian_senator")
    hand(st, RED, "senator", "legionary")
    hand(st, WHITE, "merchant")
    hand(st, BLACK, "merchant")
    st.money = [0, 3, 4, 2]
    work(st, "public_baths")
    st.ladder[2] = 1
    rules.start_great_work(st)
    for seat, text in ((BLUE, "down:0"), (RED, "up:3"), (WHITE, "up:4"), (BLACK, "up:2")):
        st.apply(seat, text)
    assert st.ladder[2] == 3


def test_phase_vii_famine_with_a_field() -> None:
    """Famine stands at 3: every player should lose 3 prestige, but White's Field takes 2 off
    his loss: he loses 1."""
    st = ready()
    building(st, WHITE, "field")
    st.famine = 3
    st.prestige = [10, 10, 10, 10]
    st.ladder = [2, 2, 2]
    rules.famine_and_crisis(st)
    assert st.prestige == [7, 7, 9, 7]


def test_phase_vii_civic_spirit_crisis() -> None:
    """Civic Spirit sits on the leftmost space: a crisis. Blue shows 4 tokens, White and Red 2,
    Black 1: Blue gains 3 prestige, Black loses 3."""
    st = ready()
    tokens(st, BLUE, civic=4)
    tokens(st, RED, civic=2)
    tokens(st, WHITE, civic=2)
    tokens(st, BLACK, civic=1)
    st.round = 4
    st.famine = 0
    st.ladder = [0, 2, 2]
    st.prestige = [10, 10, 10, 10]
    rules.famine_and_crisis(st)
    assert st.prestige == [13, 10, 10, 7]
    assert "Crisis of Civic Spirit: Blue 4, Red 2, White 2, Black 1" in st.events(None)


def test_end_of_game_example() -> None:
    """Red has 3 Christian characters: 6 prestige. He frees his 2 Slaves for 2 denarii each:
    6 more. His tokens: 8 Health at 3 each, 5 Leisure at 3 each, 3 Civic Spirit at 1 each."""
    st = ready()
    for seat in (BLUE, WHITE, BLACK):
        hand(st, seat, "senator")
    hand(st, RED, "christian_senator", "christian_merchant", "christian_slave", "slave")
    st.money = [0, 5, 0, 0]
    st.prestige = [20, 20, 20, 20]
    tokens(st, RED, civic=3, leisure=5, health=8)
    st.ladder = [1, 3, 3]
    assert [st.data.ladder_values[i] for i in st.ladder] == [1, 3, 3]
    st.round = st.data.rounds
    rules.ecclesia(st)
    assert st.prestige[RED] == 26
    assert st.to_act == (RED,)
    assert [str(a) for a in st.legal_actions(RED)] == ["free:0", "free:1", "free:2"]
    st.apply(RED, "free:2")
    assert st.money[RED] == 1
    assert st.prestige[RED] == 26 + 6 + 24 + 15 + 3
    assert st.is_over
    result = st.result
    assert result is not None and result.winners == (RED,)

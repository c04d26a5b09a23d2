"""Æterna's rules, one function per rule, each citing the section of the rulebooks it implements:
the Italian rulebook (Ergo Ludo 2024, ``rulebooks/002_b95c3ae2fccaef4e.txt``) and the Russian one
(«Вечный город», ``rulebooks/000_9306bdd7d23bea08.txt``), which share their section letters.

The functions take the state and change it; the checks that may refuse an action come first
(``check_*``), so a refused action changes nothing. The card abilities are interpreted by a
handful of functions (``gain``, ``count``, ``resolve_ability``, ``permanent``, ``trigger``,
``endgame_points``): no card is code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ludi.engine import IllegalAction
from ludi.games.aeterna.actions import (
    ACTIVATE,
    BUILD,
    DISCARD,
    END,
    FAVOUR,
    INFLUENCE,
    ORDER,
    PASS,
    PAY,
    PICK,
    PLAY,
    RUIN,
    Move,
)
from ludi.games.aeterna.data import Card, Six
from ludi.games.aeterna.wording import (
    building_name,
    card_name,
    card_text,
    damage_token,
    hill_name,
)
from ludi.games.aeterna.wording import describe as wording_describe
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

_, n_ = catalog(__name__)

# The rule references a refusal names: in English Ludi's name after the Italian and Russian
# headings; in Russian and Italian the section as that rulebook titles it (locale/).
SETUP = N_("PREPARAZIONE / ПОДГОТОВКА К ИГРЕ (setup)")
DRAFT = N_("A - SCELTA / А — ДРАФТ (draft)")
ACTIONS = N_("B - AZIONI / Б — ДЕЙСТВИЯ (actions)")
UNREST = N_("B - AZIONI: the unrest track (Tumulti / восстания)")
PLAY_CARD = N_("B.1 GIOCARE UNA CARTA / Б.1 СЫГРАТЬ КАРТОЧКУ (play a card)")
ASK_FAVOUR = N_("B.2 CHIEDERE UN FAVORE / Б.2 ПОЛУЧИТЬ БЛАГОСКЛОННОСТЬ (ask a favour)")
BUILD_EDIFICE = N_("B.3 COSTRUIRE UN EDIFICIO / Б.3 ВОЗВЕСТИ СООРУЖЕНИЕ (build)")
INFLUENCE_HILL = N_("B.4 INFLUENZARE UN COLLE / Б.4 ОКАЗАТЬ ВЛИЯНИЕ НА ХОЛМ (influence a hill)")
PASSING = N_("B.5 PASSARE / Б.5 СПАСОВАТЬ (pass)")
FREE_ACTIONS = N_("AZIONI GRATUITE / ДОПОЛНИТЕЛЬНЫЕ ДЕЙСТВИЯ (free actions)")
SCORING = N_("C - PUNTEGGIO / В — ПОЛУЧЕНИЕ ОЧКОВ (scoring)")
DEVASTATION = N_("D - DEVASTAZIONE / Г — РАЗОРЕНИЕ (devastation)")
BUILDINGS = N_("E - EDIFICI / Д — СООРУЖЕНИЯ (buildings)")
DOMUS = N_("F - DOMUS / Е — ДОМУС")
REVOLTS = N_("G - RIVOLTE / Ж — ВОССТАНИЯ (revolts)")
FEEDING = N_("H - SFAMARE / З — ЕДА (feeding)")
END_OF_EPOCH = N_("I - FINE EPOCA / И — КОНЕЦ ЭПОХИ (end of epoch)")
END_OF_GAME = N_("FINE DELLA PARTITA / КОНЕЦ ИГРЫ (end of the game)")

# Phases that wait for decisions.
P_DRAFT: Final = "draft"
P_ACTIONS: Final = "actions"
P_REVOLTS: Final = "revolts"
P_ORDER: Final = "order"
P_OVER: Final = "over"

# The per-seat resources, a stride of R in ``st.res``.
AUREI, GRAIN, STONE, CIT, UNR, PP, RUINS, SUPPLY = range(8)
R: Final = 8
RES_NAMES = ("aurei", "grain", "stone", "citizens", "unrest", "PP")


# -- setup -----------------------------------------------------------------------------------


def set_up(st: AeternaState) -> None:
    """Lay out the game (PREPARAZIONE 2-17 / ПОДГОТОВКА 2-17).

    Personalities: epoch I's are drawn now (1 in 2p, 2 in 3-4p); with ``personalities=at_setup``
    (the Russian rulebook) those of epochs II and III are drawn now too and wait face down.
    Each epoch's monuments and provinces are shuffled; each player is dealt 3 epoch-I monuments
    and 2 provinces, the rest of epoch I is boxed. Reward tokens with a back up to the player
    count are shuffled, 3 on each active hill (the first 3/5/7 hills, or random ones with
    ``hills=random``). 4 of the 6 damage tokens go at random on the unrest track's damage
    spaces. Turn order is random. One building of each type waits in the building area. Each
    player: unrest 0, PP 0, 2 citizens in the Domus (5 more in the supply), 2 aurei, 5 grain,
    1 stone.
    """
    data, rng, n = st.data, st.rng, st.players
    per_epoch = data.personalities_per_epoch[n]
    for e in range(3):
        pool = list(data.by_epoch[e]["personality"])
        if e == 0 or st.options["personalities"] == "at_setup":
            rng.shuffle(pool)
            chosen, rest = pool[:per_epoch], pool[per_epoch:]
            st.box.extend(rest)
            if e == 0:
                st.persons = chosen
            else:
                st.person_pool[e] = chosen
        else:
            st.person_pool[e] = pool
    for e in range(3):
        for d, deck in ((0, "monument"), (1, "province")):
            cards = list(data.by_epoch[e][deck])
            rng.shuffle(cards)
            if e == 0:
                st.decks[d] = cards
            else:
                st.decks[2 * e + d] = cards
    deal(st)
    tokens = [t.index for t in data.reward_tokens if t.back <= n]
    rng.shuffle(tokens)
    count = data.active_hills[n]
    hills = list(range(len(data.hill_names)))
    if st.options["hills"] == "random":
        rng.shuffle(hills)
    st.active = sorted(hills[:count])
    per = data.tokens_per_hill
    for h in st.active:
        for i in range(per):
            st.hill_tokens[h * per + i] = tokens.pop()
    st.box_tokens = tokens
    damage = [t.index for t in data.damage_tokens]
    rng.shuffle(damage)
    st.damage = damage[: data.damage_used]
    order = list(range(n))
    rng.shuffle(order)
    st.order = order
    for t in range(len(data.building_types)):
        st.area_building[t] = True
        st.building_supply[t] = data.building_per_type - 1
    a, g, s, c, _, _ = data.start
    for seat in range(n):
        base = seat * R
        st.res[base + AUREI] = a
        st.res[base + GRAIN] = g
        st.res[base + STONE] = s
        st.res[base + CIT] = c
        st.res[base + SUPPLY] = data.citizens_per_player - c
    st.log("data", data.info.source, [x.section for x in data.info.reconstructed()])
    st.log("setup", list(st.active), list(st.hill_tokens), list(st.damage), list(order))
    st.log("personalities", 1, list(st.persons))
    start_draft(st)


def deal(st: AeternaState) -> None:
    """Deal each player 3 monuments and 2 provinces of the epoch; box the rest (A - SCELTA).

    The hands are the draft's packets: packet ``p`` starts with seat ``p``.
    """
    data, e = st.data, st.epoch - 1
    monuments, provinces = st.decks[2 * e], st.decks[2 * e + 1]
    for p in range(st.players):
        packet = [monuments.pop() for _ in range(data.hand_monuments)]
        packet += [provinces.pop() for _ in range(data.hand_provinces)]
        st.packets[p] = packet
    st.box.extend(monuments)
    st.box.extend(provinces)
    st.decks[2 * e] = []
    st.decks[2 * e + 1] = []


# -- the unrest track and the effect interpreter ----------------------------------------------


def change_unrest(st: AeternaState, seat: int, delta: int) -> None:
    """Move a player's unrest marker, within 0 and the track's top, 10 as printed (B - AZIONI,
    the unrest track).

    Going below 0 gives 1 PP however far it would go: at most once per effect (the Italian text
    and both Spartacus examples), or once per turn with ``below_zero=per_turn`` (the Russian
    text). Each step that would go above the top costs 1 PP.
    """
    res = st.res
    i = seat * R + UNR
    value = res[i] + delta
    if value < 0:
        res[i] = 0
        if delta < 0 and not st.zero_used[seat]:
            if st.options["below_zero"] == "per_turn":
                st.zero_used[seat] = True
            add_pp(st, seat, 1)
            st.log("below_zero", seat)
    elif value > st.data.unrest_max:
        res[i] = st.data.unrest_max
        add_pp(st, seat, -(value - st.data.unrest_max))
        st.log("above_max", seat, value - st.data.unrest_max)
    else:
        res[i] = value


def add_pp(st: AeternaState, seat: int, amount: int) -> None:
    """Add PP; the marker never goes below 0 (B - AZIONI, Italian only; ``pp_floor=false``
    follows the Russian text, which does not say so)."""
    i = seat * R + PP
    st.res[i] += amount
    if st.res[i] < 0 and st.options["pp_floor"]:
        st.res[i] = 0


def gain(st: AeternaState, seat: int, bundle: Six) -> None:
    """Gain a bundle of resources: one effect (B.1; the unrest track).

    Citizens come from the player's supply of 7: with none left the player gains nothing
    (B.1). Resources cannot go below 0.
    """
    res = st.res
    base = seat * R
    aurei, grain, stone, citizens, unrest, pp = bundle
    if aurei:
        res[base + AUREI] = max(0, res[base + AUREI] + aurei)
    if grain:
        res[base + GRAIN] = max(0, res[base + GRAIN] + grain)
    if stone:
        res[base + STONE] = max(0, res[base + STONE] + stone)
    if citizens > 0:
        took = min(citizens, res[base + SUPPLY])
        res[base + SUPPLY] -= took
        res[base + CIT] += took
    elif citizens < 0:
        lost = min(-citizens, res[base + CIT])
        res[base + CIT] -= lost
        res[base + SUPPLY] += lost
    if unrest:
        change_unrest(st, seat, unrest)
    if pp:
        add_pp(st, seat, pp)


def can_pay(st: AeternaState, seat: int, cost: Six) -> bool:
    """Whether the player holds ``cost`` (citizens: in the Domus)."""
    res = st.res
    base = seat * R
    return (
        res[base + AUREI] >= cost[0]
        and res[base + GRAIN] >= cost[1]
        and res[base + STONE] >= cost[2]
        and res[base + CIT] >= cost[3]
    )


def pay(st: AeternaState, seat: int, cost: Six) -> None:
    """Pay ``cost`` to the supply; citizens paid go back to the player's supply (B.1)."""
    res = st.res
    base = seat * R
    res[base + AUREI] -= cost[0]
    res[base + GRAIN] -= cost[1]
    res[base + STONE] -= cost[2]
    res[base + CIT] -= cost[3]
    res[base + SUPPLY] += cost[3]


def scaled(bundle: Six, times: int) -> Six:
    a, g, s, c, u, p = bundle
    return (a * times, g * times, s * times, c * times, u * times, p * times)


def count(st: AeternaState, seat: int, counter: str) -> int:
    """Return the number a card counter names for ``seat`` (the card vocabulary)."""
    cards = st.data.cards
    if counter.startswith("cards_of_category:"):
        cat = st.data.categories.index(counter.split(":", 1)[1])
        return sum(1 for c in st.played[seat] if cards[c].category == cat)
    s = st.data.spaces
    if counter == "hills_with_own_citizen":
        return sum(1 for h in st.active if seat in st.hill_seat[h * s : h * s + s])
    if counter == "hills_where_prefect":
        return sum(1 for h in st.active if st.hill_seat[h * s] == seat)
    if counter == "own_citizens_on_board":
        return citizens_on_board(st, seat)
    if counter == "own_citizens_in_domus":
        return st.res[seat * R + CIT]
    if counter in ("provinces_played", "provinces_played_this_epoch"):
        now = counter.endswith("epoch")
        return sum(
            1
            for c in st.played[seat]
            if cards[c].deck == "province" and (not now or cards[c].epoch == st.epoch)
        )
    if counter in ("monuments_played", "monuments_played_this_epoch"):
        now = counter.endswith("epoch")
        return sum(
            1
            for c in st.played[seat]
            if cards[c].deck == "monument" and (not now or cards[c].epoch == st.epoch)
        )
    if counter == "personality_cards":
        return sum(1 for c in st.played[seat] if cards[c].deck == "personality")
    if counter == "distinct_colours_played":
        return len({cards[c].category for c in st.played[seat]})
    if counter == "buildings_on_hills_where_prefect":
        types = len(st.data.building_types)
        return sum(
            sum(st.hill_buildings[h * types : h * types + types])
            for h in st.active
            if st.hill_seat[h * s] == seat
        )
    raise ValueError(f"unknown counter {counter!r}")  # the data validation refuses these


def citizens_on_board(st: AeternaState, seat: int) -> int:
    """Return the player's citizens on the hills and in the building area."""
    total = st.area_citizen.count(seat)
    for h, who in enumerate(st.hill_seat):
        if who == seat:
            total += st.hill_count[h]
    return total


def permanent(st: AeternaState, seat: int, op: str) -> list[Card]:
    """Return the player's played cards whose permanent ability is ``op`` (the vocabulary)."""
    cards = st.data.cards
    return [
        cards[c] for c in st.played[seat] if cards[c].op == op and cards[c].ability == "permanent"
    ]


def trigger(st: AeternaState, seat: int, op: str) -> None:
    """Resolve the player's permanent triggers ``op`` (on_pass, on_reward_token,
    on_play_province): each card's bundle is one effect."""
    for card in permanent(st, seat, op):
        gain(st, seat, card.what)
        st.log("trigger", seat, card.index)


def resolve_ability(st: AeternaState, seat: int, card: Card) -> None:
    """Resolve an instant or activated ability: ``gain``, ``gain_per`` (the bundle times the
    counter, capped at ``max_times``), or ``convert`` (pay, then gain). One effect."""
    if card.op == "gain":
        gain(st, seat, card.what)
    elif card.op == "gain_per":
        times = count(st, seat, card.per[0])
        if card.max_times:
            times = min(times, card.max_times)
        if times:
            gain(st, seat, scaled(card.what, times))
    elif card.op == "convert":
        pay(st, seat, card.pay)
        gain(st, seat, card.what)


def card_cost(st: AeternaState, seat: int, card: Card) -> Six:
    """Return what playing ``card`` costs ``seat``: its printed cost, provinces less any
    ``province_cost_reduction`` (never below the reduction's minimum) (B.1; the vocabulary)."""
    cost = card.cost
    if card.deck == "province":
        for mod in permanent(st, seat, "province_cost_reduction"):
            citizens = max(cost[3] - mod.amount, min(cost[3], mod.minimum))
            cost = (cost[0], cost[1], cost[2], citizens, 0, 0)
    return cost


# -- A. the draft ----------------------------------------------------------------------------


def start_draft(st: AeternaState) -> None:
    """Begin the draft: everyone picks at the same time from the packet in front of them (A)."""
    st.phase = P_DRAFT
    st.draft_round = 0
    st.pending = [-1] * st.players
    st.drafted = [[] for _ in range(st.players)]
    st.log("draft", st.epoch)


def packet_of(st: AeternaState, seat: int) -> int:
    """Return the packet in front of ``seat`` this round: packets pass to the left (A)."""
    return (seat - st.draft_round) % st.players


def check_pick(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse a pick of a card not in the seat's packet, or a second pick this round (A)."""
    if st.phase != P_DRAFT:
        raise IllegalAction(_("the draft is over"), _(DRAFT))
    if st.pending[seat] >= 0:
        raise IllegalAction(_("you have already picked this round"), _(DRAFT))
    if move.a not in st.packets[packet_of(st, seat)]:
        raise IllegalAction(
            _("{card} is not in the cards before you", card=card_name(st.data.cards[move.a])),
            _(DRAFT),
        )


def pick(st: AeternaState, seat: int, card: int) -> None:
    """Keep a card face down (A). When all have picked, the packets pass left; from the last two
    cards each keeps one and lays the other on the board, and the board cards turn face up."""
    st.packets[packet_of(st, seat)].remove(card)
    st.pending[seat] = card
    st.log("pick", seat, card, st.draft_round)
    if -1 in st.pending:
        return
    for s in range(st.players):
        st.drafted[s].append(st.pending[s])
    st.pending = [-1] * st.players
    if len(st.packets[0]) > 1:
        st.draft_round += 1
        return
    for s in range(st.players):
        st.board_cards[s] = st.packets[packet_of(st, s)].pop()
        st.hands[s] = list(st.drafted[s])
    st.log("board_cards", list(st.board_cards))
    start_actions(st)


# -- B. actions ------------------------------------------------------------------------------


def start_actions(st: AeternaState) -> None:
    """Begin the actions phase in turn order; nobody has passed yet (B)."""
    st.phase = P_ACTIONS
    st.passed = []
    st.turn_index = 0
    begin_turn(st, st.order[0])


def begin_turn(st: AeternaState, seat: int) -> None:
    """Start a turn: one main action with free actions before and after it (B)."""
    st.current = seat
    st.main_done = False
    st.zero_used[seat] = False


def end_turn(st: AeternaState) -> None:
    """Pass the turn to the next player in turn order who has not passed; when all have
    passed, the epoch goes on with phases C to I (B)."""
    n = st.players
    if len(st.passed) == n:
        after_actions(st)
        return
    i = st.order.index(st.current)
    for k in range(1, n + 1):
        seat = st.order[(i + k) % n]
        if seat not in st.passed:
            begin_turn(st, seat)
            return


def turn_actions(st: AeternaState, seat: int) -> list[Move]:
    """Return every free and main action open to the player whose turn it is (B, free actions)."""
    table, data, res = st.table, st.data, st.res
    base = seat * R
    cards = data.cards
    out: list[Move] = []
    hand = st.hands[seat]
    for c in hand:
        out.extend(table.discard[c])
    for c in st.played[seat]:
        if usable(st, seat, cards[c]):
            out.append(table.activate[c])
    if st.main_done:
        out.append(table.end)
        return out
    aurei, stone, domus = res[base + AUREI], res[base + STONE], res[base + CIT]
    for c in hand:
        cost = card_cost(st, seat, cards[c])
        if (
            aurei >= cost[0]
            and stone >= cost[2]
            and domus >= cost[3]
            and res[base + GRAIN] >= cost[1]
        ):
            out.append(table.play[c])
    for c in st.persons:
        if c >= 0 and aurei >= cards[c].cost[0] and requirement_times(st, seat, cards[c]):
            out.append(table.favour[c])
    if domus > 0:
        if stone >= data.build_cost[2] and aurei >= data.build_cost[0]:
            types = len(data.building_types)
            for t in range(types):
                if st.area_building[t] and st.area_citizen[t] < 0:
                    row = table.build[t]
                    for h in st.active:
                        if not st.hill_buildings[h * types + t]:
                            out.append(row[h])
        _influence_actions(st, seat, out)
    out.append(table.pass_)
    return out


def _influence_actions(st: AeternaState, seat: int, out: list[Move]) -> None:
    """Append every influence move open to ``seat`` (B.4), computing the shared parts once."""
    table, data = st.table, st.data
    grain_held = st.res[seat * R + GRAIN]
    discount = sum(m.amount for m in permanent(st, seat, "influence_discount"))
    grain_table = data.influence_grain
    top = len(grain_table) - 1
    s = data.spaces
    used = data.spaces_by_players[st.players]
    per = data.tokens_per_hill
    seats, counts = st.hill_seat, st.hill_count
    board: list[int] | None = None
    for h in st.active:
        h0 = h * s
        if seats[h0 + used - 1] >= 0 and seat not in seats[h0 : h0 + used]:
            continue
        grain = grain_table[min(sum(counts[h0 : h0 + s]), top)] - discount
        if grain > grain_held:
            continue
        row = table.influence[h]
        out.append(row[0])
        for slot in range(per):
            k = h * per + slot
            if st.token_used[k]:
                continue
            if not data.reward_tokens[st.hill_tokens[k]].play_board_card:
                out.append(row[slot + 1])
                continue
            if board is None:
                board = [
                    c
                    for c in st.board_cards
                    if c >= 0 and _affordable_after_influence(st, seat, data.cards[c])
                ]
            out.extend(table.influence_board(h, slot, c) for c in board)


def has_free_action(st: AeternaState, seat: int) -> bool:
    """Whether the player has a free action left (a card to discard or a monument to activate)."""
    if st.hands[seat]:
        return True
    cards = st.data.cards
    for c in st.played[seat]:
        card = cards[c]
        if usable(st, seat, card):
            return True
    return False


def usable(st: AeternaState, seat: int, card: Card) -> bool:
    """Whether a played card can be activated now: an activated ability, not yet used up this
    epoch, and its payment at hand (AZIONI GRATUITE 2)."""
    return (
        card.ability == "activated"
        and st.turned[card.index] < card.uses
        and (card.op != "convert" or can_pay(st, seat, card.pay))
    )


def check_turn_action(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse an action the actions phase does not allow now (B and its sections)."""
    kind = move.kind
    if kind == DISCARD:
        check_discard(st, seat, move)
    elif kind == ACTIVATE:
        check_activate(st, seat, move)
    elif kind == END:
        if not st.main_done:
            raise IllegalAction(_("take your main action first (or pass)"), _(ACTIONS))
    elif st.main_done:
        raise IllegalAction(
            _("you have taken your main action this turn: free actions or end"), _(ACTIONS)
        )
    elif kind == PLAY:
        check_play(st, seat, move.a)
    elif kind == FAVOUR:
        check_favour(st, seat, move.a)
    elif kind == BUILD:
        check_build(st, seat, move.a, move.b)
    elif kind == INFLUENCE:
        check_influence(st, seat, move)
    elif kind != PASS:
        raise IllegalAction(
            _("{move} is not an action of the actions phase", move=str(move)), _(ACTIONS)
        )


def do_turn_action(st: AeternaState, seat: int, move: Move) -> None:
    """Carry out a checked action of the actions phase, then end the turn if nothing is left."""
    kind = move.kind
    if kind == DISCARD:
        discard(st, seat, move.a, move.b)
    elif kind == ACTIVATE:
        activate(st, seat, move.a)
    elif kind == END:
        end_turn(st)
        return
    elif kind == PASS:
        pass_turn(st, seat)
        end_turn(st)
        return
    else:
        if kind == PLAY:
            play_card(st, seat, move.a, from_board=False)
        elif kind == FAVOUR:
            ask_favour(st, seat, move.a)
        elif kind == BUILD:
            build(st, seat, move.a, move.b)
        else:
            influence(st, seat, move)
        st.main_done = True
    if st.main_done and not has_free_action(st, seat):
        end_turn(st)


# B.1


def check_play(st: AeternaState, seat: int, card: int) -> None:
    """Refuse to play a card not in hand or not paid for (B.1)."""
    c = st.data.cards[card]
    if card not in st.hands[seat]:
        raise IllegalAction(_("{card} is not in your hand", card=card_name(c)), _(PLAY_CARD))
    cost = card_cost(st, seat, c)
    if not can_pay(st, seat, cost):
        raise IllegalAction(
            _("{card} costs {cost}", card=card_name(c), cost=describe(cost)), _(PLAY_CARD)
        )


def play_card(st: AeternaState, seat: int, card: int, from_board: bool) -> None:
    """Play a card (B.1): pay its cost (provinces in citizens, who go back to the supply); gain
    1 aureus per card of the same colour played before; gain its resources (never its PP,
    which count at the end; a province's unrest is lowered by ``province_unrest_reduction``);
    then its instant ability, and ``on_play_province`` triggers for a province. A card from
    the board (reward token) is played the same way, as if from the hand."""
    data = st.data
    c = data.cards[card]
    pay(st, seat, card_cost(st, seat, c))
    if from_board:
        st.board_cards[st.board_cards.index(card)] = -1
    else:
        st.hands[seat].remove(card)
    same = sum(1 for p in st.played[seat] if data.cards[p].category == c.category)
    st.played[seat].append(card)
    st.log("play", seat, card, from_board)
    if same:
        gain(st, seat, (same, 0, 0, 0, 0, 0))
    resources = c.resources
    if c.deck == "province" and resources[4] > 0:
        cut = sum(m.amount for m in permanent(st, seat, "province_unrest_reduction"))
        if cut:
            a, g, s, ci, u, p = resources
            resources = (a, g, s, ci, max(0, u - cut), p)
    gain(st, seat, resources)
    if c.ability == "instant":
        resolve_ability(st, seat, c)
    if c.deck == "province":
        trigger(st, seat, "on_play_province")


# B.2


def requirement_times(st: AeternaState, seat: int, card: Card) -> int:
    """Return how many times the player meets a personality's requirement (B.2): the counter,
    or the smallest of several counters (sets); counted when the favour is asked."""
    return min(count(st, seat, counter) for counter in card.per)


def check_favour(st: AeternaState, seat: int, card: int) -> None:
    """Refuse a favour from a personality not on the board, unpaid, or whose requirement is not
    met at least once (B.2)."""
    c = st.data.cards[card]
    if card not in st.persons:
        raise IllegalAction(_("{card} is not on the board", card=card_name(c)), _(ASK_FAVOUR))
    if st.res[seat * R + AUREI] < c.cost[0]:
        raise IllegalAction(
            n_(
                "{card}'s favour costs {n} aureus",
                "{card}'s favour costs {n} aurei",
                c.cost[0],
                card=card_name(c),
                n=c.cost[0],
            ),
            _(ASK_FAVOUR),
        )
    if not requirement_times(st, seat, c):
        raise IllegalAction(
            _(
                "you do not meet {card}'s requirement ({requirement})",
                card=card_name(c),
                requirement=card_text(c),
            ),
            _(ASK_FAVOUR),
        )


def ask_favour(st: AeternaState, seat: int, card: int) -> None:
    """Pay the aurei, take the personality, and gain its reward once per time its requirement
    is met, each time one effect (B.2; the Spartacus example)."""
    c = st.data.cards[card]
    times = requirement_times(st, seat, c)
    pay(st, seat, c.cost)
    st.persons[st.persons.index(card)] = -1
    st.played[seat].append(card)
    st.log("favour", seat, card, times)
    for _ in range(times):
        gain(st, seat, c.reward)


# B.3


def check_build(st: AeternaState, seat: int, building: int, hill: int) -> None:
    """Refuse a build without a citizen at home or the stone, on a taken or empty building
    space, or onto a hill that is not active or already has that building (B.3)."""
    data = st.data
    name = building_name(data.building_types[building])
    if st.res[seat * R + CIT] < 1:
        raise IllegalAction(_("you have no citizen in your Domus"), _(BUILD_EDIFICE))
    if not can_pay(st, seat, data.build_cost):
        raise IllegalAction(
            _("building costs {cost}", cost=describe(data.build_cost)), _(BUILD_EDIFICE)
        )
    if not st.area_building[building] or st.area_citizen[building] >= 0:
        raise IllegalAction(
            _("the {building} space is not free this epoch", building=name), _(BUILD_EDIFICE)
        )
    if hill not in st.active:
        raise IllegalAction(
            _("{hill} is not an active hill", hill=hill_name(data, hill)), _(BUILD_EDIFICE)
        )
    if st.hill_buildings[hill * len(data.building_types) + building]:
        raise IllegalAction(
            _("{hill} already has a {building}", hill=hill_name(data, hill), building=name),
            _(BUILD_EDIFICE),
        )


def build(st: AeternaState, seat: int, building: int, hill: int) -> None:
    """Move a citizen from the Domus to the building's space, pay 1 stone, gain 3 PP, and put
    the building on the hill, where it stays for the rest of the game (B.3)."""
    data = st.data
    base = seat * R
    st.res[base + CIT] -= 1
    st.area_citizen[building] = seat
    st.area_building[building] = False
    pay(st, seat, data.build_cost)
    st.hill_buildings[hill * len(data.building_types) + building] = True
    st.log("build", seat, building, hill)
    gain(st, seat, (0, 0, 0, 0, 0, data.build_pp))


# B.4


def influence_cost(st: AeternaState, seat: int, hill: int) -> int:
    """Return the grain to place a citizen on ``hill``: 2, 1 or 0 by how many citizens are
    already there, less ``influence_discount``; -1 if the player cannot place there (no stack
    of theirs and no free space; 2 spaces with 2-3 players) (B.4)."""
    s = st.data.spaces
    base = hill * s
    seats = st.hill_seat
    used = st.data.spaces_by_players[st.players]
    if seat not in seats[base : base + used] and seats[base + used - 1] >= 0:
        return -1
    already = sum(st.hill_count[base : base + s])
    table = st.data.influence_grain
    grain = table[min(already, len(table) - 1)]
    for mod in permanent(st, seat, "influence_discount"):
        grain -= mod.amount
    return max(0, grain)


def _affordable_after_influence(st: AeternaState, seat: int, card: Card) -> bool:
    """Whether the player can still pay for ``card`` after the citizen leaves the Domus."""
    cost = card_cost(st, seat, card)
    res = st.res
    base = seat * R
    return (
        res[base + AUREI] >= cost[0]
        and res[base + STONE] >= cost[2]
        and res[base + CIT] - 1 >= cost[3]
    )


def check_influence(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse an influence without a citizen at home or the grain, on an inactive or full hill,
    or taking a reward token that is exhausted or a board card that cannot be paid (B.4)."""
    data = st.data
    hill, slot, card = move.a, move.b, move.c
    name = hill_name(data, hill)
    if hill not in st.active:
        raise IllegalAction(_("{hill} is not an active hill", hill=name), _(INFLUENCE_HILL))
    if st.res[seat * R + CIT] < 1:
        raise IllegalAction(_("you have no citizen in your Domus"), _(INFLUENCE_HILL))
    grain = influence_cost(st, seat, hill)
    if grain < 0:
        raise IllegalAction(
            _("{hill} has no free space and none of your citizens this epoch", hill=name),
            _(INFLUENCE_HILL),
        )
    if st.res[seat * R + GRAIN] < grain:
        raise IllegalAction(
            n_(
                "placing a citizen on {hill} costs {n} grain",
                "placing a citizen on {hill} costs {n} grain",
                grain,
                hill=name,
                n=grain,
            ),
            _(INFLUENCE_HILL),
        )
    if slot < 0:
        return
    k = hill * data.tokens_per_hill + slot
    if st.token_used[k]:
        raise IllegalAction(
            _("the reward token in slot {slot} is exhausted", slot=slot + 1), _(INFLUENCE_HILL)
        )
    token = data.reward_tokens[st.hill_tokens[k]]
    if token.play_board_card:
        if card < 0:
            raise IllegalAction(
                _("name the board card to play, e.g. {example}", example="influence:3+2>latii"),
                _(INFLUENCE_HILL),
            )
        if card not in st.board_cards:
            raise IllegalAction(
                _("{card} is not on the board", card=card_name(data.cards[card])),
                _(INFLUENCE_HILL),
            )
        if not _affordable_after_influence(st, seat, data.cards[card]):
            raise IllegalAction(
                _("you cannot pay for {card}", card=card_name(data.cards[card])), _(PLAY_CARD)
            )
    elif card >= 0:
        raise IllegalAction(_("that reward token does not play a board card"), _(INFLUENCE_HILL))


def influence(st: AeternaState, seat: int, move: Move) -> None:
    """Place a citizen on a hill (B.4): pay the grain, stack it on your own citizens there or
    take the leftmost free space; a stack now taller than the one on its left moves left past
    every shorter stack (they slide right), and the leftmost stack is the prefect. Then take
    the chosen reward token whole, exhausting it (declining exhausts nothing)."""
    data = st.data
    hill, slot = move.a, move.b
    grain = influence_cost(st, seat, hill)
    base = seat * R
    st.res[base + GRAIN] -= grain
    st.res[base + CIT] -= 1
    s = data.spaces
    h0 = hill * s
    seats, counts = st.hill_seat, st.hill_count
    pos = -1
    for i in range(s):
        if seats[h0 + i] == seat:
            pos = i
            break
    if pos < 0:
        pos = seats.index(-1, h0, h0 + s) - h0
        seats[h0 + pos] = seat
    counts[h0 + pos] += 1
    while pos > 0 and counts[h0 + pos] > counts[h0 + pos - 1]:
        a, b = h0 + pos - 1, h0 + pos
        seats[a], seats[b] = seats[b], seats[a]
        counts[a], counts[b] = counts[b], counts[a]
        pos -= 1
    st.log("influence", seat, hill, grain, pos)
    if slot >= 0:
        take_reward(st, seat, hill, slot, move.c)


def take_reward(st: AeternaState, seat: int, hill: int, slot: int, card: int) -> None:
    """Exhaust a reward token and take all it gives; the "board card" token plays a leftover
    card of the draft from the board, paying its cost, as if from the hand (B.4; reward tokens).
    ``on_reward_token`` triggers follow."""
    data = st.data
    k = hill * data.tokens_per_hill + slot
    st.token_used[k] = True
    token = data.reward_tokens[st.hill_tokens[k]]
    st.log("reward", seat, token.index, hill)
    if token.play_board_card:
        play_card(st, seat, card, from_board=True)
    else:
        gain(st, seat, token.gain)
    trigger(st, seat, "on_reward_token")


# B.5


def pass_turn(st: AeternaState, seat: int) -> None:
    """Pass: take the free pass-track space with the most PP and score it; no more actions
    this epoch (B.5). ``on_pass`` triggers follow."""
    value = st.data.pass_values[st.players][len(st.passed)]
    st.passed.append(seat)
    st.log("pass", seat, value)
    gain(st, seat, (0, 0, 0, 0, 0, value))
    trigger(st, seat, "on_pass")


# free actions


def check_discard(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse to discard a card that is not in hand (AZIONI GRATUITE 1)."""
    if move.a not in st.hands[seat]:
        raise IllegalAction(
            _("{card} is not in your hand", card=card_name(st.data.cards[move.a])),
            _(FREE_ACTIONS),
        )


def discard(st: AeternaState, seat: int, card: int, reward: int) -> None:
    """Remove a card of the hand from the game for one reward: 1 citizen and 2 aurei, 2 grain,
    1 stone, or lose 2 unrest (AZIONI GRATUITE 1). The card is shown (Ludi's reading)."""
    st.hands[seat].remove(card)
    st.discarded.append(card)
    st.log("discard", seat, card, reward)
    gain(st, seat, st.data.discard_rewards[reward])


def check_activate(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse to activate a card that is not one of your activated monuments, is turned this
    epoch, or whose payment you lack (AZIONI GRATUITE 2)."""
    card = st.data.cards[move.a]
    if move.a not in st.played[seat] or card.ability != "activated":
        raise IllegalAction(
            _("you have no {card} to activate", card=card_name(card)), _(FREE_ACTIONS)
        )
    if st.turned[move.a] >= card.uses:
        raise IllegalAction(
            _("{card} is already used this epoch", card=card_name(card)), _(FREE_ACTIONS)
        )
    if card.op == "convert" and not can_pay(st, seat, card.pay):
        raise IllegalAction(
            _("{card} needs {cost}", card=card_name(card), cost=describe(card.pay)),
            _(FREE_ACTIONS),
        )


def activate(st: AeternaState, seat: int, card: int) -> None:
    """Activate a monument, also one played this turn, and turn it (AZIONI GRATUITE 2)."""
    st.turned[card] += 1
    st.log("activate", seat, card)
    resolve_ability(st, seat, st.data.cards[card])


# -- C to H ----------------------------------------------------------------------------------


def after_actions(st: AeternaState) -> None:
    """Run the phases without decisions after the actions: C, D, E, F, then G (B: the phase
    ends when all have passed)."""
    st.zero_used = [False] * st.players
    score_hills(st)
    devastate(st)
    building_income(st)
    return_citizens(st)
    start_revolts(st)


def score_hills(st: AeternaState) -> None:
    """C: in hill order, the k-th stack from the left scores the k-th highest value not
    covered by devastation; no visible value, no points. ``scoring_bonus_per_prefect_hill``
    adds its PP per hill where the player is prefect."""
    data = st.data
    s = data.spaces
    for h in st.active:
        values = data.prestige[h][st.devast[h] :]
        for pos in range(s):
            seat = st.hill_seat[h * s + pos]
            if seat < 0 or pos >= len(values):
                continue
            st.log("score", seat, h, values[pos])
            gain(st, seat, (0, 0, 0, 0, 0, values[pos]))
    for seat in range(st.players):
        for card in permanent(st, seat, "scoring_bonus_per_prefect_hill"):
            hills = count(st, seat, "hills_where_prefect")
            if hills:
                gain(st, seat, (0, 0, 0, 0, 0, card.amount * hills))
                st.log("trigger", seat, card.index)


def devastated_hills(st: AeternaState) -> list[int]:
    """Return the hills devastated (D): the (players - 1) active hills with the most citizens
    of any colour, and every hill tied with the last of them; hills without citizens never."""
    s = st.data.spaces
    totals = [(sum(st.hill_count[h * s : h * s + s]), h) for h in st.active]
    totals = [t for t in totals if t[0] > 0]
    totals.sort(key=lambda t: -t[0])
    need = st.players - 1
    if len(totals) <= need:
        return sorted(h for _, h in totals)
    cut = totals[need - 1][0]
    return sorted(h for n, h in totals if n >= cut)


def devastate(st: AeternaState) -> None:
    """D: cover the highest visible value of each devastated hill with a devastation token
    (not in epoch III: no scoring follows); each prefect of a devastated hill gains 2 unrest
    per such hill (``devastation_unrest`` changes that amount), one effect per hill."""
    data = st.data
    s = data.spaces
    hills = devastated_hills(st)
    st.log("devastation", hills)
    for h in hills:
        if st.epoch < 3 and st.devast[h] < len(data.prestige[h]):
            st.devast[h] += 1
        prefect = st.hill_seat[h * s]
        if prefect >= 0:
            amount = data.devastation_unrest
            for mod in permanent(st, prefect, "devastation_unrest"):
                amount = min(amount, mod.amount)
            st.log("prefect_unrest", prefect, h, amount)
            change_unrest(st, prefect, amount)


def building_income(st: AeternaState) -> None:
    """E: for each building on a hill, its prefect gains the building's income (Templum 2 PP,
    Aquaeductus 2 grain, Amphitheatrum lose 2 unrest), each an effect."""
    data = st.data
    s = data.spaces
    types = len(data.building_types)
    for h in st.active:
        prefect = st.hill_seat[h * s]
        if prefect < 0:
            continue
        for t in range(types):
            if st.hill_buildings[h * types + t]:
                st.log("income", prefect, t, h)
                gain(st, prefect, data.building_income[t])


def return_citizens(st: AeternaState) -> None:
    """F: every citizen on the hills and in the building area goes back to its Domus."""
    res = st.res
    for i, seat in enumerate(st.hill_seat):
        if seat >= 0:
            res[seat * R + CIT] += st.hill_count[i]
            st.hill_seat[i] = -1
            st.hill_count[i] = 0
    for t, seat in enumerate(st.area_citizen):
        if seat >= 0:
            res[seat * R + CIT] += 1
            st.area_citizen[t] = -1
    st.log("domus")


def start_revolts(st: AeternaState) -> None:
    """G: list, in turn order, every damage token each player's unrest has reached; each is
    paid or costs a ruin token (decided by the player when they can pay)."""
    data = st.data
    queue: list[int] = []
    for seat in st.order:
        unrest = st.res[seat * R + UNR]
        for i, token in enumerate(st.damage):
            if data.damage_spaces[i] <= unrest:
                queue.extend((seat, token))
    st.revolts = queue
    advance_revolts(st)


def advance_revolts(st: AeternaState) -> None:
    """Settle the damage tokens a player cannot pay (a ruin token each), stopping at the first
    one that needs a decision; when none is left, feed the citizens (G, H)."""
    data = st.data
    while st.revolts:
        seat, token = st.revolts[0], st.revolts[1]
        if can_pay(st, seat, data.damage_tokens[token].cost):
            st.phase = P_REVOLTS
            st.current = seat
            return
        del st.revolts[:2]
        take_ruin(st, seat, token)
    feed(st)
    if st.epoch == 3:
        end_game(st)
    else:
        end_of_epoch(st)


def check_revolt(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse a revolt decision on another token, or a payment the player cannot make (G)."""
    if move.kind not in (PAY, RUIN) or st.phase != P_REVOLTS:
        raise IllegalAction(
            _("settle the damage token first ({notation})", notation="pay:… or ruin:…"),
            _(REVOLTS),
        )
    token = st.revolts[1]
    if move.a != token:
        raise IllegalAction(
            _(
                "the token to settle now is {token}",
                token=damage_token(st.data.damage_tokens[token].id),
            ),
            _(REVOLTS),
        )
    if move.kind == PAY and not can_pay(st, seat, st.data.damage_tokens[token].cost):
        raise IllegalAction(_("you cannot pay that token's cost"), _(REVOLTS))


def settle_revolt(st: AeternaState, seat: int, move: Move) -> None:
    """Pay a damage token's cost, or take a ruin token (G)."""
    token = st.revolts[1]
    del st.revolts[:2]
    if move.kind == PAY:
        pay(st, seat, st.data.damage_tokens[token].cost)
        st.log("revolt_paid", seat, token)
    else:
        take_ruin(st, seat, token)
    advance_revolts(st)


def take_ruin(st: AeternaState, seat: int, token: int) -> None:
    """Take a ruin token for an unpaid damage token (G)."""
    st.res[seat * R + RUINS] += 1
    st.log("ruin", seat, token)


def revolt_actions(st: AeternaState, seat: int) -> list[Move]:
    """Return the two choices for the damage token at hand (G)."""
    token = st.revolts[1]
    return [st.table.pay[token], st.table.ruin[token]]


def feed(st: AeternaState) -> None:
    """H: pay 1 grain per citizen in the Domus (``feed_free`` citizens need none); pay what
    you can, and gain 2 unrest per citizen left unfed."""
    data = st.data
    res = st.res
    for seat in range(st.players):
        base = seat * R
        hungry = res[base + CIT]
        for mod in permanent(st, seat, "feed_free"):
            hungry -= mod.amount
        hungry = max(0, hungry)
        need = hungry * data.feed_grain
        paid = min(need, res[base + GRAIN])
        res[base + GRAIN] -= paid
        unfed = (need - paid + data.feed_grain - 1) // data.feed_grain if data.feed_grain else 0
        st.log("feed", seat, paid, unfed)
        if unfed:
            change_unrest(st, seat, data.unfed_unrest * unfed)


# -- I. end of epoch -------------------------------------------------------------------------


def end_of_epoch(st: AeternaState) -> None:
    """I (after epochs I and II): box the epoch's unplayed cards (hands, board, personalities);
    reveal the next epoch's personalities; refresh the reward tokens; refill the building
    spaces from the supply; ready the activated monuments; then, from the first to pass, each
    player chooses a turn-order space for the next epoch."""
    data = st.data
    for seat in range(st.players):
        st.box.extend(st.hands[seat])
        st.hands[seat] = []
    st.drafted = [[] for _ in range(st.players)]
    st.box.extend(c for c in st.board_cards if c >= 0)
    st.board_cards = [-1] * st.players
    st.box.extend(c for c in st.persons if c >= 0)
    e = st.epoch  # index of the next epoch
    per = data.personalities_per_epoch[st.players]
    pool = st.person_pool[e]
    if st.options["personalities"] == "at_setup":
        st.persons = pool
    else:
        st.rng.shuffle(pool)
        st.persons = pool[:per]
        st.box.extend(pool[per:])
    st.person_pool[e] = []
    st.log("personalities", e + 1, list(st.persons))
    st.token_used = [False] * len(st.token_used)
    for t in range(len(data.building_types)):
        if not st.area_building[t] and st.building_supply[t] > 0:
            st.area_building[t] = True
            st.building_supply[t] -= 1
    st.turned = [0] * len(st.turned)
    st.phase = P_ORDER
    st.choosing = list(st.passed)
    st.next_order = [-1] * st.players
    advance_order(st)


def order_actions(st: AeternaState, seat: int) -> list[Move]:
    """Return the free turn-order spaces (I)."""
    return [st.table.order[i] for i, s in enumerate(st.next_order) if s < 0]


def check_order(st: AeternaState, seat: int, move: Move) -> None:
    """Refuse a turn-order space that is taken or does not exist (I)."""
    if move.kind != ORDER or st.phase != P_ORDER:
        raise IllegalAction(
            _("choose your turn-order space ({notation})", notation="order:1 …"), _(END_OF_EPOCH)
        )
    if move.a >= st.players or st.next_order[move.a] >= 0:
        raise IllegalAction(
            _("turn-order space {space} is not free", space=move.a + 1), _(END_OF_EPOCH)
        )


def choose_order(st: AeternaState, seat: int, position: int) -> None:
    """Take a turn-order space for the next epoch (I)."""
    st.next_order[position] = seat
    st.choosing.pop(0)
    st.log("order", seat, position)
    advance_order(st)


def advance_order(st: AeternaState) -> None:
    """The last chooser takes the space left; then the next epoch starts with its draft (I, A)."""
    if len(st.choosing) == 1:
        seat = st.choosing.pop()
        position = st.next_order.index(-1)
        st.next_order[position] = seat
        st.log("order", seat, position)
    if st.choosing:
        st.current = st.choosing[0]
        return
    st.order = st.next_order
    st.next_order = []
    st.epoch += 1
    deal(st)
    start_draft(st)


# -- the end ---------------------------------------------------------------------------------


def diversity_points(st: AeternaState, seat: int) -> int:
    """Return the diversity PP (FINE DELLA PARTITA): the played cards split into groups of one
    card per colour; 9 PP per group of 7 colours, 3 per group of 6. Ludi takes the best split."""
    data = st.data
    colours = len(data.categories)
    counts = [0] * colours
    for c in st.played[seat]:
        counts[data.cards[c].category] += 1
    six, seven = data.diversity
    best = 0
    for sevens in range(min(counts) + 1):
        rest = [x - sevens for x in counts]
        sixes = 0
        while sum(min(x, sixes + 1) for x in rest) >= (colours - 1) * (sixes + 1):
            sixes += 1
        best = max(best, seven * sevens + six * sixes)
    return best


def endgame_points(st: AeternaState, seat: int) -> int:
    """Return the PP of the player's end-game abilities: ``pp`` per unit of the counter."""
    cards = st.data.cards
    total = 0
    for c in st.played[seat]:
        card = cards[c]
        if card.ability == "endgame":
            total += card.amount * count(st, seat, card.per[0])
    return total


def end_game(st: AeternaState) -> None:
    """The end (after H of epoch III): leftover resources (1 PP per stone, per 2 grain, per 8
    aurei, each rounded down), the cards' PP and end-game abilities, diversity, then the doom
    track: unrest + ruin tokens gives the PP lost; reaching its last space is Damnatio
    memoriae, out of the ranking (the last space: index 13 with ``doom=it``, 12 with ``ru``)."""
    data = st.data
    res = st.res
    stone_rate, grain_rate, aurei_rate = data.end_rates
    damnatio = data.damnatio[str(st.options["doom"])]
    for seat in range(st.players):
        base = seat * R
        left = (
            res[base + STONE] // stone_rate
            + res[base + GRAIN] // grain_rate
            + res[base + AUREI] // aurei_rate
        )
        cards = sum(data.cards[c].end_pp for c in st.played[seat])
        ability = endgame_points(st, seat)
        diversity = diversity_points(st, seat)
        for amount in (left, cards, ability, diversity):
            add_pp(st, seat, amount)
        index = res[base + UNR] + res[base + RUINS]
        damned = index >= damnatio
        doom = 0 if damned else data.doom_values[min(index, len(data.doom_values) - 1)]
        add_pp(st, seat, doom)
        st.damned[seat] = damned
        st.log("final", seat, left, cards, ability, diversity, index, doom, damned)
    st.phase = P_OVER
    st.current = -1


def describe(bundle: Six) -> str:
    """Return a bundle in words, e.g. "1 stone, 2 aurei, 1 citizen" (``wording.describe``)."""
    return wording_describe(bundle)


DECIDE = {PICK: "draft", PAY: "revolt", RUIN: "revolt", ORDER: "order"}

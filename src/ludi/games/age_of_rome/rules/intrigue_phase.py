"""Фаза интриг (стр. 12–14): the event card (шаг 1), the activation of intrigues (шаг 2) and
the eight intrigue effects (Эффекты интриг)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules import effects
from ludi.games.age_of_rome.rules.building_actions import place_vote
from ludi.games.age_of_rome.rules.common import (
    ACTIVATE,
    ACTIVATE_TURN,
    ACTIVATION_STEP,
    BY_YOU,
    EFFECT,
    EVENT_STEP,
    EVENTS,
    FORGE,
    HOME,
    INTRIGUE_FX,
    REACT,
    RECALL,
    gain_glory,
    glory_floor,
    hand_full,
    lose_glory,
    open_cells,
    pantheon_complete,
    province_of,
    seat_facing,
    turn_order,
)
from ludi.games.age_of_rome.tables import (
    APOSTASY,
    CUSTOMS,
    FORGED,
    INVALID,
    REVOTE,
    SABOTAGE,
    SLANDER,
    SOLD,
    T_RECEIVED,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


# -- шаг 1: the event ---------------------------------------------------------------------


def begin_round(st: AgeOfRomeState) -> None:
    """Фаза интриг, шаг 1: a new round begins with its event card, which sets this round's
    turn order; then (from round 2) the intrigue activations."""
    st.round += 1
    st.farm_penalty = 0
    st.log("round", st.round)
    reveal_event(st)
    st.order = turn_order(st)
    st.log("order", tuple(st.order))
    next_recall(st)


def next_recall(st: AgeOfRomeState) -> None:
    """An event that sends legions home lets each player it names choose which (the data's
    ``return_legion``), one legion a decision; then the intrigue phase goes on."""
    from ludi.games.age_of_rome.rules.rounds import end_phase

    while st.recall:
        seat, left = st.recall[0], st.recall[1]
        if left > 0 and recall_choices(st, seat):
            st.phase = RECALL
            st.acting = [seat]
            st.cur = seat
            return
        del st.recall[:2]
    end_phase(st, EVENT_STEP)


def recall_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    n = st.players
    return [
        st.table.recall[b]
        for b in range(len(st.tables.battlefields))
        if st.legions[b * n + seat] > 0
    ]


def recall(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """One of the player's legions leaves that battlefield for their board."""
    b = action.idx[0]
    if action not in recall_choices(st, seat):
        raise IllegalAction(_("choose a battlefield where you have a legion"), _(EVENTS))
    st.legions[b * st.players + seat] -= 1
    st.legions_home[seat] += 1
    st.log("legion", seat, b, -1)
    st.recall[1] -= 1
    next_recall(st)


def reveal_event(st: AgeOfRomeState) -> None:
    """Карты событий (шаг 1): reveal the top event, reward the players it names (every tied
    player: Ситуация при ничьей), and leave it face up. Its arrow's colour sets this round's
    direction of play; its arrows, the rotation at the end of the round. In the Emperor solo
    the event gives no reward: instead 1 denarius per recruited supporter (none on a harsh
    card); a harsh card's penalty applies unless the option ``solo_harsh_penalty`` is off."""
    if st.event_now >= 0:
        st.events_out.append(st.event_now)
    card = st.event_deck.pop(0)
    st.event_now = card
    event = st.tables.events[card]
    st.direction = event.direction
    if st.options["clockwise"] and st.options["clockwise_order"] == "clockwise":
        st.direction = 1  # reading A-26: the variant turns the order of play clockwise too
    st.turns = event.turns
    st.log("event", card)
    if st.players == 1:
        if not event.harsh:
            st.denarii[0] += st.supporters[0]
            st.log("denarii", 0, st.supporters[0])
            return
        if not st.options["solo_harsh_penalty"]:
            return
    effects.apply_event(st, event)


# -- шаг 2: activating intrigues ----------------------------------------------------------


def start_activation_step(st: AgeOfRomeState) -> None:
    """Активация интриг (шаг 2): skipped in round 1 (and in Перемирие and the solo, where
    intrigues are never placed); otherwise each player in turn order has one intrigue turn."""
    from ludi.games.age_of_rome.rules.rounds import end_phase

    if st.round == 1 or st.options["truce"] or st.players == 1:
        end_phase(st, ACTIVATION_STEP)
        return
    st.cursor = -1
    next_activator(st)


def next_activator(st: AgeOfRomeState) -> None:
    """Hand the intrigue turn to the next player in order who could activate an intrigue now;
    a player who cannot is passed over (their intrigues simply stay)."""
    from ludi.games.age_of_rome.rules.rounds import end_phase

    while st.cursor + 1 < len(st.order):
        st.cursor += 1
        seat = st.order[st.cursor]
        if activatable(st, seat):
            st.phase = ACTIVATE_TURN
            st.acting = [seat]
            st.cur = seat
            return
    end_phase(st, ACTIVATION_STEP)


def activatable(st: AgeOfRomeState, seat: int) -> list[int]:
    """Return the intrigue cells ``seat`` may activate now: its own face-down tokens in any
    province but its own that a player faces, while it has an enmity token to pay with, the
    target has an open cell on its enmity track, and at least one of its three effects could
    be applied to the target (Активация интриг; Эффекты интриг)."""
    if st.enmity[seat] <= 0:
        return []
    mine = province_of(st, seat)
    out = []
    for cell in range(12):
        if st.intr_owner[cell] != seat or st.intr_up[cell]:
            continue
        prov = cell // 3
        if prov == mine:
            continue
        target = seat_facing(st, prov)
        if target < 0 or open_cells(st, target) <= 0:
            continue
        if effect_choices(st, seat, target):
            out.append(cell)
    return out


def activate(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Активация интриг: pay with the leftmost enmity token of your track, put it on the
    target's rightmost open cell (uncovering your boost cell, covering theirs), turn the
    intrigue token face up; then choose one of your three effects."""
    cell = action.idx[0]
    if cell not in activatable(st, seat):
        raise IllegalAction(
            _(
                "you may activate only your own face-down intrigue in another player's province, "
                "paying an enmity token to a player with an open cell, with an effect you can "
                "apply"
            ),
            _(ACTIVATE),
        )
    target = seat_facing(st, cell // 3)
    st.enmity[seat] -= 1
    st.enmity[target] += 1
    st.intr_up[cell] = True
    st.act_cell = cell
    st.act_target = target
    st.cancelled = False
    st.log("activate", seat, cell, target)
    st.phase = EFFECT


def effect_choices(st: AgeOfRomeState, seat: int, target: int) -> list[Move]:
    """Every effect of the activator's board it can apply to the target (Эффекты интриг)."""
    table = st.table
    n = st.players
    out: list[Move] = []
    for e in st.tables.characters[st.char[seat]].intrigues:
        if e == SLANDER:
            if st.glory[target] > glory_floor(st, target):
                out.append(table.effect_plain[SLANDER])
        elif e == SABOTAGE:
            if sabotage_piece(st, target) >= 0:
                out.append(table.effect_plain[SABOTAGE])
        elif e == APOSTASY:
            nb = len(st.tables.battlefields)
            anywhere = st.options["apostasy_swap"] == "anywhere"
            for b in range(nb):
                if st.legions[b * n + target] > 0:
                    out.append(table.apostasy[b][0])
                    if st.legions_home[seat] > 0:
                        out.append(table.apostasy[b][1])
                    if anywhere:
                        out.extend(
                            table.apostasy_move(b, c)
                            for c in range(nb)
                            if c != b and st.legions[c * n + seat] > 0
                        )
        elif e == FORGED:
            if any(st.legions[b * n + target] for b in range(len(st.tables.battlefields))) or (
                st.options["forged_from"] == "board_too" and st.legions_home[target] > 0
            ):
                out.append(table.effect_plain[FORGED])
        elif e in (REVOTE, INVALID):
            if e == REVOTE and st.options["revote"] == "needs_vote" and not st.votes_home[seat]:
                continue  # reading A-32: the re-vote needs a vote of yours to put on top
            moves = table.revote if e == REVOTE else table.invalid
            out.extend(moves[p] for p, v in enumerate(st.senate) if v == target)
        elif e == SOLD:
            if st.hands[target]:
                out.append(table.effect_plain[SOLD])
        elif e == CUSTOMS and st.hands[target] and not hand_full(st, seat):
            out.append(table.effect_plain[CUSTOMS])
    return out


def choose_effect(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The activator chooses the effect; the target may then answer with a card triggered by
    "an intrigue is activated in your province". The question is put whenever the target
    holds a goods card, whether or not one could answer, so that it tells nobody what the
    hand holds."""
    if action not in effect_choices(st, seat, st.act_target):
        raise IllegalAction(
            _("that effect is not on your board or cannot hit this player"), _(INTRIGUE_FX)
        )
    st.fx = list(action.idx)
    st.log("effect", seat, action.idx[0])
    if st.hands[st.act_target]:
        st.phase = REACT
        st.acting = [st.act_target]
        return
    resolve_effect(st)


def react_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    from ludi.games.age_of_rome.rules.goods import playable_kinds

    kinds = playable_kinds(st, seat, T_RECEIVED)
    return [st.table.react[k] for k in kinds] + [st.table.pass_]


def react(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """The target plays a card triggered by "an intrigue is activated in your province"
    (Карты товаров: out of turn), or passes; then the effect happens (unless cancelled)."""
    from ludi.games.age_of_rome.rules.goods import play_card

    if action.verb == "pass":
        st.acting = [st.cur]
        resolve_effect(st)
        return
    play_card(st, seat, action.idx[0], T_RECEIVED)
    if not st.hands[seat]:
        st.acting = [st.cur]
        resolve_effect(st)


def resolve_effect(st: AgeOfRomeState) -> None:
    """Carry out the chosen effect on the target (Эффекты интриг), then let the activator play
    "when you activate an intrigue" cards."""
    seat, target = st.cur, st.act_target
    st.acting = [seat]
    e = st.fx[0]
    if st.cancelled:
        st.log("cancelled", target)
    elif e == SLANDER:
        slander(st, seat, target)
    elif e == SABOTAGE:
        sabotage(st, seat, target)
    elif e == APOSTASY:
        source = st.fx[3] if len(st.fx) > 3 else HOME
        apostasy(st, seat, target, st.fx[1], bool(st.fx[2]), source)
    elif e == FORGED:
        st.moves_left = 2
        st.forge_to = -1
        st.phase = FORGE
        if not forge_choices(st, seat):
            finish_effect(st)
        return
    elif e == REVOTE:
        revote(st, seat, target, st.fx[1])
    elif e == INVALID:
        invalid_vote(st, seat, target, st.fx[1])
    elif e in (SOLD, CUSTOMS) and not st.hands[target]:
        st.log("cancelled", target)  # the target played every card it held in answer
    elif e == SOLD:
        sold(st, seat, target)
    elif e == CUSTOMS:
        customs(st, seat, target)
    finish_effect(st)


def finish_effect(st: AgeOfRomeState) -> None:
    """After the effect the activator may play "when you activate an intrigue" cards (Карты
    товаров, стр. 21). The window opens whenever the activator holds any goods card, as the
    target's question does, so that it tells nobody what the hand holds."""
    st.fx = []
    if st.hands[st.cur]:
        st.phase = BY_YOU
    else:
        back_to_turn(st)


def back_to_turn(st: AgeOfRomeState) -> None:
    """After an activation the player may activate another of their intrigues, or end."""
    st.act_cell = -1
    st.act_target = -1
    st.cancelled = False
    st.phase = ACTIVATE_TURN
    st.acting = [st.cur]
    if not activatable(st, st.cur):
        next_activator(st)


def end_activation_turn(st: AgeOfRomeState, seat: int) -> None:
    """Intrigues a player did not activate in their turn cannot be activated later this round."""
    next_activator(st)


# -- the effects --------------------------------------------------------------------------


def slander(st: AgeOfRomeState, seat: int, target: int) -> None:
    """Грязная клевета: the target's fame marker moves one cell down (not from cell 1)."""
    lose_glory(st, target, 1)


def sabotage_piece(st: AgeOfRomeState, target: int) -> int:
    """Return the level (0 foundation, 1 temple) holding an own-colour piece of an unfinished
    level of the target's Pantheon, or -1."""
    p = st.pantheon
    if p[4 * target] > 0 and p[4 * target + 1] < 0:
        return 0
    if p[4 * target + 2] > 0 and p[4 * target + 3] < 0:
        return 1
    return -1


def sabotage(st: AgeOfRomeState, seat: int, target: int) -> None:
    """Саботаж строительства: remove one own-colour piece of an unfinished level of the
    target's Pantheon; it goes back to the target's supply (reading A-12)."""
    level = sabotage_piece(st, target)
    st.pantheon[4 * target + 2 * level] -= 1
    st.log("sabotage", target, level)


def apostasy(
    st: AgeOfRomeState, seat: int, target: int, bf: int, swap: bool, source: int = HOME
) -> None:
    """Отступничество: a target legion on a battlefield goes back to the target's board, or is
    replaced by one of the activator's legions («замените его своим»). Reading A-10 (option
    ``apostasy_swap``): by default that legion comes from the activator's board (``board``);
    with ``anywhere`` it may also come from another battlefield (``source``)."""
    n = st.players
    st.legions[bf * n + target] -= 1
    st.legions_home[target] += 1
    if swap:
        if source == HOME:
            st.legions_home[seat] -= 1
        else:
            st.legions[source * n + seat] -= 1
        st.legions[bf * n + seat] += 1
    st.log("apostasy", seat, target, bf, swap)


def forge_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Подложный приказ («Выберите два легиона соперника и переместите их на любое поле
    битвы»): each of the (up to) two moves takes a target legion to another battlefield.
    Reading A-09, two options: which legions (``forged_from``: by default those already on
    battlefields, an attack; ``board_too`` also those on the target's board), and where they
    go (``forged_to``: by default each to any battlefield of the activator's choice; ``same``,
    reading «на любое поле битвы» as one battlefield, both to the same one).

    The card names two legions, so the second move takes another legion than the first: not the
    one that just landed (``forge_to``), and with one legion on the battlefields only that one
    moves."""
    if st.moves_left <= 0:
        return []
    n = st.players
    target = st.act_target
    nb = len(st.tables.battlefields)
    landed = st.forge_to
    same = landed >= 0 and st.options["forged_to"] == "same"
    dests = (landed,) if same else range(nb)
    out = [
        st.table.forge_move(a, b)
        for a in range(nb)
        if st.legions[a * n + target] - (a == landed) > 0
        for b in dests
        if b != a
    ]
    if st.options["forged_from"] == "board_too" and st.legions_home[target] > 0:
        out.extend(st.table.forge_move(HOME, b) for b in dests)
    return out


def forge(st: AgeOfRomeState, seat: int, action: Move) -> None:
    src, dst = action.idx
    n = st.players
    if src == HOME:
        st.legions_home[st.act_target] -= 1
    else:
        st.legions[src * n + st.act_target] -= 1
    st.legions[dst * n + st.act_target] += 1
    st.forge_to = dst
    st.moves_left -= 1
    st.log("forge", seat, st.act_target, src, dst)
    if not forge_choices(st, seat):
        st.moves_left = 0
        finish_effect(st)


def revote(st: AgeOfRomeState, seat: int, target: int, pos: int) -> None:
    """Повторное голосование: the target's vote at that position goes back to its board, then
    the activator puts a vote of theirs on top (which can make supremacy). Without a vote on
    their board, only the removal happens (reading A-32)."""
    del st.senate[pos]
    st.votes_home[target] += 1
    st.log("unvote", target, pos)
    if st.votes_home[seat] > 0:
        place_vote(st, seat)


def invalid_vote(st: AgeOfRomeState, seat: int, target: int, pos: int) -> None:
    """Недействительное голосование: the target's vote goes back to its board; the activator
    gains 1 glory."""
    del st.senate[pos]
    st.votes_home[target] += 1
    st.log("unvote", target, pos)
    gain_glory(st, seat, 1)


def sold(st: AgeOfRomeState, seat: int, target: int) -> None:
    """Продано!: a random goods card of the target's hand is discarded (the anchor is not a
    goods card: reading A-11); the activator gains 2 denarii."""
    from ludi.games.age_of_rome.rules.goods import discard_from_hand

    card = st.hands[target][st.rng.randrange(len(st.hands[target]))]
    discard_from_hand(st, target, card)
    st.denarii[seat] += 2
    st.log("sold", seat, target, card)


def customs(st: AgeOfRomeState, seat: int, target: int) -> None:
    """Таможенные сборы: a random goods card of the target's hand goes into the activator's
    hand (only while the activator's hand is not full). Both of them now know where it is;
    the other players saw a card change hands, not which, so a card of the target's hand they
    knew of may be either of the two hands now: they no longer know where it is."""
    from ludi.games.age_of_rome.rules.goods import forget

    card = st.hands[target][st.rng.randrange(len(st.hands[target]))]
    for other in range(st.players):
        if other not in (seat, target):
            st.known[other] = [c for c in st.known[other] if c not in st.hands[target]]
    st.hands[target].remove(card)
    forget(st, card)
    st.hands[seat].append(card)
    st.known[target].append(card)
    st.log("customs", seat, target, card)


__all__ = ["EVENTS", "pantheon_complete"]

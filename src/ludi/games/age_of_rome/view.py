"""What each seat of an Age of Rome match may see, the narrated log in its words, and the
re-drawing of what a seat cannot see.

Hidden from the others: a player's goods hand (its size is public, and a card taken by
Таможенные сборы is known to the two players concerned), the tasks (kept and returned) until
the final scoring, a pending choice of the task to return; from everyone: the order of the
event, goods and task decks. Public: the board, every figure and token, denarii and glory,
the Senate column, the Pantheons, medals, sets, the goods discard pile (Ludi plays it face up:
reading GC-07), the events revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from ludi.engine import Event, Rng
from ludi.games.age_of_rome.rules import common
from ludi.games.age_of_rome.rules.common import (
    DECISION_WORDS,
    boost_open,
    conquered,
    legions_on_fields,
    population,
    province_of,
    seat_facing,
)
from ludi.games.age_of_rome.tables import BOOSTS, GOODS_TYPES, INTRIGUES, METALS, TYPES
from ludi.games.age_of_rome.wording import goods_type_name, named
from ludi.i18n import N_, Nn_, catalog

_, n_ = catalog(__name__)

#: what a seat gains and what it loses, for the narration of a signed change (below)
GLORY = (
    Nn_("{seat} gains {n} glory ({total})", "{seat} gains {n} glory ({total})"),
    Nn_("{seat} loses {n} glory ({total})", "{seat} loses {n} glory ({total})"),
)
DENARII = (
    Nn_("{seat} gains {n} denarius", "{seat} gains {n} denarii"),
    Nn_("{seat} loses {n} denarius", "{seat} loses {n} denarii"),
)
ENMITY = (
    Nn_("{seat} takes {n} enmity", "{seat} takes {n} enmity"),
    Nn_("{seat} returns {n} enmity", "{seat} returns {n} enmity"),
)


def _gain_or_loss(
    change: int, words: tuple[tuple[str, str], tuple[str, str]], **params: object
) -> str:
    """Return a signed change of glory, denarii or enmity in words: a gain, or a loss."""
    gained, lost = words
    return n_(*(gained if change > 0 else lost), abs(change), n=abs(change), **params)


if TYPE_CHECKING:
    from ludi.games.age_of_rome.state import AgeOfRomeState

#: the intrigue effects as a player reads them (in English with the rulebook's Russian name in
#: brackets; in Russian the rulebook's name)
INTRIGUE_NAMES = (
    N_("Dirty Slander (Грязная клевета)"),
    N_("Construction Sabotage (Саботаж строительства)"),
    N_("Apostasy (Отступничество)"),
    N_("Forged Order (Подложный приказ)"),
    N_("Revote (Повторное голосование)"),
    N_("Invalid Vote (Недействительное голосование)"),
    N_("Sold! (Продано!)"),
    N_("Customs Duties (Таможенные сборы)"),
)
TRIGGER_WORDS = (
    N_("when you activate an intrigue"),
    N_("when an intrigue is activated in your province"),
    N_("when you build"),
    N_("when you place a supporter"),
    N_("when you place a supporter in the Colosseum"),
    N_("when you place a supporter on agriculture"),
    N_("when you take double tax"),
)


def intrigue_name(effect: int) -> str:
    return _(INTRIGUE_NAMES[effect])


def arrows_words(direction: int, turns: int) -> str:
    """An event's arrows: the round's turn direction and the provinces board's quarter turns."""
    if direction > 0:
        return _("clockwise {degrees}°", degrees=90 * turns)
    return _("counter-clockwise {degrees}°", degrees=90 * turns)


def card_json(st: AgeOfRomeState, card: int) -> dict[str, Any]:
    g = st.tables.goods[st.tables.goods_of[card]]
    out: dict[str, Any] = {
        "id": g.id,
        "name": named(st, g.name),
        "type": GOODS_TYPES[g.type],
        "type_name": goods_type_name(st, g.type),
        "trigger": _(TRIGGER_WORDS[g.trigger.bit_length() - 1]),
        "text": goods_text(st, st.tables.goods_of[card]),
    }
    if g.reconstructed:
        out["reconstructed"] = True
    return out


def view(st: AgeOfRomeState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    t = st.tables
    name = st.seat_name
    n = st.players
    seats = []
    for s in range(n):
        c = t.characters[st.char[s]]
        entry: dict[str, Any] = {
            "seat": s,
            "name": name(s),
            "character": c.id,
            "glory": st.glory[s],
            "denarii": st.denarii[s],
            "province": named(st, t.province_names[province_of(st, s)]),
            "legions_home": st.legions_home[s],
            "legions_on_battlefields": legions_on_fields(st, s),
            "legions_recruited": st.legions_total[s],
            "votes_home": st.votes_home[s],
            "votes_recruited": st.votes_total[s],
            "supporters": st.supporters[s],
            "supporters_to_place": st.supp_left[s],
            "colosseum": st.colosseum[s],
            "enmity": st.enmity[s],
            "boosts": {
                BOOSTS[b]: "used"
                if st.boost_used[3 * s + b]
                else ("open" if boost_open(st, s, b) else "covered")
                for b in range(3)
            },
            "intrigue_effects": [intrigue_name(e) for e in c.intrigues],
            # the same effects by the word their moves use (``intrigue:slander``)
            "intrigue_effect_keys": [INTRIGUES[e] for e in c.intrigues],
            "intrigue_tokens_home": st.intr_home[s],
            "pantheon": pantheon_json(st, s),
            "medals": [TYPES[b] for b in range(5) if st.medals[b] == s],
            "milestones": st.claimed[s],
            "anchor": st.anchor[s],
            "hand_size": len(st.hands[s]),
            "sets": [
                {
                    "type": GOODS_TYPES[g],
                    "type_name": goods_type_name(st, g),
                    "cards": [card_json(st, x) for x in st.sets[s][3 * i : 3 * i + 3]],
                }
                for i, g in enumerate(st.set_types[s])
            ],
            "tasks_kept": len(st.tasks[s]) if st.phase != common.KEEP else 0,
        }
        if s == seat:
            entry["hand"] = [card_json(st, x) for x in sorted(st.hands[s])]
            for x, shown in zip(sorted(st.hands[s]), entry["hand"], strict=True):
                if x in st.unchained:  # reading A-17 chain=identical: drawn, may not chain
                    shown["may_not_chain"] = True
            entry["tasks"] = [task_json(st, k) for k in st.tasks[s]]
            if st.task_pick[s] >= 0:
                entry["task_returning"] = t.tasks[st.task_pick[s]].id
            if st.task_bottom and st.task_bottom[s] >= 0:
                entry["task_returned"] = t.tasks[st.task_bottom[s]].id
            entry["known_in_other_hands"] = [
                {"card": card_json(st, x), "holder": name(h)}
                for x in st.known[s]
                for h in range(n)
                if x in st.hands[h]
            ]
        elif seat is not None:
            entry["known_cards"] = [
                card_json(st, x) for x in sorted(st.hands[s]) if x in st.known[seat]
            ]
        if st.phase == common.OVER:
            entry["tasks"] = [task_json(st, k) for k in st.tasks[s]]
        seats.append(entry)
    event = st.tables.events[st.event_now] if st.event_now >= 0 else None
    out: dict[str, Any] = {
        "game": "age_of_rome",
        "round": st.round,
        "rounds": t.rounds,
        "phase": st.phase,
        "decision": _(DECISION_WORDS[st.phase]) if st.phase in DECISION_WORDS else "",
        "to_act": [name(s) for s in st.acting],
        "you": seat,
        "direction": "clockwise" if st.direction > 0 else "counter-clockwise",
        "rotation": st.rot,
        "turn_order": [name(s) for s in st.order],
        "provinces": provinces_json(st),
        "battlefields": battlefields_json(st),
        "senate": [name(v) for v in st.senate],
        "milestone_markers": list(st.mpos),
        "medals_left": [
            TYPES[b] for b in range(5) if st.medals[b] < 0 and not st.options["heroes"]
        ],
        "supply": {TYPES[b]: [st.supply[3 * b + lv] for lv in range(3)] for b in range(5)},
        "pantheon_supply": {
            "foundation": [METALS[m] for m in st.found_pile],
            "temple": [METALS[m] for m in st.temple_pile],
        },
        "event": event_json(st, st.event_now) if event else None,
        "events_past": [event_json(st, e) for e in st.events_out],
        "events_left": len(st.event_deck),
        "goods_deck": len(st.goods_deck),
        # the cards the last reshuffle made the deck of: the table saw them in the pile
        "goods_deck_made_from": [card_json(st, x) for x in st.reshuffled],
        "goods_discard": [card_json(st, x) for x in st.goods_discard],
        "task_deck": len(st.task_deck),
        "seats": seats,
        "components": components_json(st),
    }
    if st.act_cell >= 0:
        out["activation"] = {
            "by": name(st.cur),
            "target": name(st.act_target),
            "province": named(st, t.province_names[st.act_cell // 3]),
            "effect": intrigue_name(st.fx[0]) if st.fx else None,
        }
    if st.players == 1:
        out["solo"] = solo_json(st)
    if st.phase == common.ROOM:  # reading A-15 full_hand=make_room
        out["room"] = room_json(st)
    if st.options["spies_allies"]:
        out["diplomacy"] = diplomacy_json(st, seat)
    if st.moves_left:
        out["legion_moves_left"] = st.moves_left
        out["legion_moves_from"] = ("board or battlefield", "battlefield", "board")[st.legion_mode]
    if st.loc >= 0:
        out["placement"] = {
            "by": name(st.cur),
            "at": (*TYPES, "colosseum", "intrigue")[st.loc],
            "boost": st.boosted,
        }
    if st.scores:
        out["scoring"] = scoring_json(st)
    return out


def provinces_json(st: AgeOfRomeState) -> list[dict[str, Any]]:
    """The provinces board: each province's side after the rotations, the player facing it,
    its buildings with their supporters, and its intrigue cells."""
    t = st.tables
    name = st.seat_name
    provinces = []
    for p in range(4):
        facing = seat_facing(st, p)
        provinces.append(
            {
                "id": t.provinces[p],
                "name": named(st, t.province_names[p]),
                "side": (p + st.rot) % 4,
                "facing": name(facing) if facing >= 0 else None,
                "first_player_token": p == st.first_prov,
                "population": population(st, p),
                "buildings": {
                    TYPES[b]: {"level": st.level[5 * p + b], "supporters": st.occ[5 * p + b]}
                    for b in range(5)
                },
                "intrigues": [
                    {"owner": name(st.intr_owner[3 * p + c]), "active": st.intr_up[3 * p + c]}
                    if st.intr_owner[3 * p + c] >= 0
                    else None
                    for c in range(3)
                ],
            }
        )
    return provinces


def battlefields_json(st: AgeOfRomeState) -> list[dict[str, Any]]:
    """The battlefields: banners (the starred ones ignored with 2 players), whether conquered,
    and the legions on each."""
    name = st.seat_name
    n = st.players
    return [
        {
            "id": bf.id,
            "name": named(st, bf.name),
            "shield": bf.shield,
            "banners": list(bf.banners_two if n <= 2 else bf.banners),
            "conquered": conquered(st, b),
            "legions": {name(s): st.legions[b * n + s] for s in range(n) if st.legions[b * n + s]},
        }
        for b, bf in enumerate(st.tables.battlefields)
    ]


def room_json(st: AgeOfRomeState) -> dict[str, Any]:
    """Reading A-15 (``full_hand=make_room``): who owes a discard, and the decision it
    interrupted."""
    name = st.seat_name
    return {
        "cards_owed": {name(s): st.owed[s] for s in range(st.players) if st.owed[s]},
        "interrupted": _(DECISION_WORDS[st.room_phase]) if st.room_phase in DECISION_WORDS else "",
        "interrupted_turn_of": [name(s) for s in st.room_acting],
        "own_turn": st.room_phase in common.OWN_TURN_PHASES,
    }


def scoring_json(st: AgeOfRomeState) -> list[dict[str, Any]]:
    """The score pad of the final scoring, a row per player, with their achievements."""
    from ludi.games.age_of_rome.rules.end_of_game import CATEGORIES, achievements

    return [
        {
            "name": st.seat_name(s),
            **dict(zip(CATEGORIES, row[:7], strict=True)),
            "total": row[7],
            "denarii_before": row[8],
            "denarii_after": row[9],
            "achievements": [named(st, a) for a in achievements(st, s)],
        }
        for s, row in enumerate(st.scores)
    ]


def solo_json(st: AgeOfRomeState) -> dict[str, Any]:
    """Соло Императора (стр. 29): the seven goals with where the player stands on each now (met
    if it still holds after round IX), and the titles by goals met."""
    goals = []
    for name, counter_name, least in st.tables.solo_goals:
        now = common.counter(st, 0, counter_name)
        goals.append({"goal": named(st, name), "now": now, "needed": least, "met": now >= least})
    return {
        "goals": goals,
        "met": sum(1 for g in goals if g["met"]),
        "titles": [
            {"goals": least, "title": named(st, name)} for least, name in st.tables.solo_titles
        ],
    }


def components_json(st: AgeOfRomeState) -> dict[str, Any]:
    """What the printed boards show and the data file gives, for a board to draw and explain
    (names, prices, values): the buildings with each level's price and glory (level I as
    printed on each province's cell), the medals, the Senate's values, the fixed milestones,
    the Pantheon's pieces and points, the goods sets' values, the Colosseum's glory."""
    t = st.tables
    return {
        "buildings": {
            TYPES[b]: {
                "name": named(st, t.type_names[b]),
                "medal": named(st, t.medal_names[b]),
                "capacity": list(t.capacity),
                "level_1": {
                    named(st, t.province_names[p]): list(t.cell_cost[5 * p + b]) for p in range(4)
                },
                "levels_2_3": [list(t.upgrade[3 * b + 1]), list(t.upgrade[3 * b + 2])],
            }
            for b in range(5)
        },
        "senate_values": list(t.senate_values),
        "fame_cells": t.fame_track,
        "fixed_milestones": list(t.milestone_fixed),
        "pantheon": {
            "foundation_own": t.foundation_own,
            "temple_own": t.temple_own,
            "metal_points": dict(zip(METALS, t.metal_points, strict=True)),
            "own_points": t.own_points,
        },
        "set_values": dict(zip(GOODS_TYPES, t.set_values, strict=True)),
        "colosseum_glory": t.colosseum_glory,
        "farming": list(t.farming),
        "hand_limit": t.hand_limit,
        "colours": list(t.colours[: st.players]),
    }


def diplomacy_json(st: AgeOfRomeState, seat: int | None) -> dict[str, Any]:
    """Шпионы и союзники: the tokens each player has shown this round, and the offer on the
    table (its token hidden but from its owner)."""
    from ludi.games.age_of_rome.rules import diplomacy as d

    pending = st.offer and st.phase in (d.OFFER, d.ANSWER, d.COUNTERED)
    shown = []
    for s in range(st.players):
        used = st.dipl_used[s]
        if pending and st.offer[d.PLACER] == s:
            used &= ~(1 << st.offer[d.TOKEN])
        shown.append([d.TOKENS[k] for k in range(2) if used & (1 << k)])
    out: dict[str, Any] = {
        "shown": {st.seat_name(s): shown[s] for s in range(st.players)},
        "passed": [st.seat_name(s) for s in range(st.players) if st.dipl_done[s]],
    }
    if st.offer:
        placer, token, p, b, amount, counter = st.offer
        offer: dict[str, Any] = {
            "by": st.seat_name(placer),
            "to": st.seat_name(seat_facing(st, p)),
            "province": named(st, st.tables.province_names[p]),
            "building": named(st, st.tables.type_names[b]),
            "level": st.level[5 * p + b],
            "denarii": amount,
        }
        if counter >= 0:
            offer["counter_offer"] = counter
        if not pending or seat == placer:
            offer["token"] = d.TOKENS[token]
        out["offer"] = offer
    return out


def pantheon_json(st: AgeOfRomeState, s: int) -> dict[str, Any]:
    p = st.pantheon[4 * s : 4 * s + 4]
    return {
        "foundation_own": p[0],
        "foundation_common": METALS[p[1]] if p[1] >= 0 else None,
        "temple_own": p[2],
        "temple_common": METALS[p[3]] if p[3] >= 0 else None,
    }


def task_json(st: AgeOfRomeState, k: int) -> dict[str, Any]:
    task = st.tables.tasks[k]
    out: dict[str, Any] = {"id": task.id, "name": named(st, task.name), "text": task_text(st, k)}
    if task.reconstructed:
        out["reconstructed"] = True
    return out


def event_json(st: AgeOfRomeState, e: int) -> dict[str, Any]:
    ev = st.tables.events[e]
    out: dict[str, Any] = {
        "id": ev.id,
        "name": named(st, ev.name),
        "harsh": ev.harsh,
        "text": event_text(st, e),
        "arrows": arrows_words(ev.direction, ev.turns),
    }
    if ev.reconstructed:
        out["reconstructed"] = True
    return out


# -- the log ------------------------------------------------------------------------------


def narrate(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` for ``viewer``, or None if it sees nothing of it."""
    say = NARRATION.get(event[0])
    return say(st, event, viewer) if say is not None else None


def _field(st: AgeOfRomeState, b: int) -> str:
    return named(st, st.tables.battlefields[b].name)


def _province(st: AgeOfRomeState, p: int) -> str:
    return named(st, st.tables.province_names[p])


def _building(st: AgeOfRomeState, b: int) -> str:
    return named(st, st.tables.type_names[b])


def _narrate_data(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    notice = getattr(st.data, "start_notice", None)
    return notice() if notice is not None and st.data.info.reconstructed() else None


def _narrate_setup(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("Setup: {seat} is the first player", seat=st.seat_name(event[1]))


def _narrate_keep(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} chose the tasks to keep", seat=st.seat_name(event[1]))


def _narrate_round(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("Round {round}", round=event[1])


def _narrate_event(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    t = st.tables
    ev = t.events[event[1]]
    text = event_text(st, event[1])
    if st.players == 1:  # the Emperor solo pays its own way (intrigue_phase.reveal_event)
        if not ev.harsh:
            text = _(
                "{text} — in the Emperor solo, 1 denarius per supporter you recruited instead",
                text=text,
            )
        elif not st.options["solo_harsh_penalty"]:
            text = _("{text} — in the Emperor solo, nothing (harsh penalties off)", text=text)
        else:
            text = _("{text} — in the Emperor solo, and no denarii", text=text)
    return _(
        "Event: {event} ({text}; {arrows})",
        event=named(st, ev.name),
        text=text,
        arrows=arrows_words(ev.direction, ev.turns),
    )


def _narrate_order(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("Turn order: {seats}", seats=", ".join(st.seat_name(s) for s in event[1]))


def _narrate_glory(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _gain_or_loss(event[2], GLORY, seat=st.seat_name(event[1]), total=event[3])


def _narrate_denarii(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if not event[2]:
        return None
    return _gain_or_loss(event[2], DENARII, seat=st.seat_name(event[1]))


def _narrate_supporter(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} recruits a supporter ({total})", seat=st.seat_name(event[1]), total=event[2])


def _narrate_marker(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("A milestone marker moves down to cell {cell}", cell=event[2])


def _narrate_activate(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} activates an intrigue in {province} against {target}",
        seat=st.seat_name(event[1]),
        province=_province(st, event[2] // 3),
        target=st.seat_name(event[3]),
    )


def _narrate_effect(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} chooses {effect}", seat=st.seat_name(event[1]), effect=intrigue_name(event[2]))


def _narrate_cancelled(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("The intrigue has no effect on {seat}", seat=st.seat_name(event[1]))


def _narrate_sabotage(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("A piece of {seat}'s Pantheon is removed", seat=st.seat_name(event[1]))


def _narrate_apostasy(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[4]:
        return _(
            "{seat} turns a legion of {target} in {field}: replaced by one of theirs",
            seat=st.seat_name(event[1]),
            target=st.seat_name(event[2]),
            field=_field(st, event[3]),
        )
    return _(
        "{seat} turns a legion of {target} in {field}: sent home",
        seat=st.seat_name(event[1]),
        target=st.seat_name(event[2]),
        field=_field(st, event[3]),
    )


def _narrate_forge(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[3] < 0:
        return _(
            "{seat} sends a legion of {target} from their board to {field}",
            seat=st.seat_name(event[1]),
            target=st.seat_name(event[2]),
            field=_field(st, event[4]),
        )
    return _(
        "{seat} moves a legion of {target} from {source} to {field}",
        seat=st.seat_name(event[1]),
        target=st.seat_name(event[2]),
        source=_field(st, event[3]),
        field=_field(st, event[4]),
    )


def _narrate_unvote(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("A vote of {seat} leaves the Senate", seat=st.seat_name(event[1]))


def _narrate_sold(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} makes {target} discard {card}",
        seat=st.seat_name(event[1]),
        target=st.seat_name(event[2]),
        card=card_name(st, event[3]),
    )


def _narrate_customs(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if viewer in (event[1], event[2]):
        return _(
            "{seat} takes {card} from {target}",
            seat=st.seat_name(event[1]),
            card=card_name(st, event[3]),
            target=st.seat_name(event[2]),
        )
    return _(
        "{seat} takes a random goods card from {target}",
        seat=st.seat_name(event[1]),
        target=st.seat_name(event[2]),
    )


def _narrate_build(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    p, b, lv = event[2], event[3], event[4]
    return n_(
        "{seat} builds {building} {level} in {province} for {n} denarius",
        "{seat} builds {building} {level} in {province} for {n} denarii",
        event[5],
        seat=st.seat_name(event[1]),
        building=_building(st, b),
        level="I" * lv,
        province=_province(st, p),
        n=event[5],
    )


def _narrate_medal(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} earns the {building} medal",
        seat=st.seat_name(event[1]),
        building=_building(st, event[2]),
    )


def _narrate_end(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} ends the turn", seat=st.seat_name(event[1]))


def _narrate_place(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    t = st.tables
    at = event[2]
    if at < len(t.type_names):
        where = _building(st, at)
    elif at == len(t.type_names):
        where = _("the Colosseum")
    else:
        where = _("an intrigue cell")
    if event[3]:
        return _(
            "{seat} places a supporter on {place} with the boost",
            seat=st.seat_name(event[1]),
            place=where,
        )
    return _("{seat} places a supporter on {place}", seat=st.seat_name(event[1]), place=where)


def _narrate_skip(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} does not take the action", seat=st.seat_name(event[1]))


def _narrate_legion(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[3] == -1:
        return _(
            "A legion of {seat} goes home from {field}",
            seat=st.seat_name(event[1]),
            field=_field(st, event[2]),
        )
    if event[2] < 0:
        return _(
            "{seat} moves a legion from their board to {field}",
            seat=st.seat_name(event[1]),
            field=_field(st, event[3]),
        )
    return _(
        "{seat} moves a legion from {source} to {field}",
        seat=st.seat_name(event[1]),
        source=_field(st, event[2]),
        field=_field(st, event[3]),
    )


def _narrate_vote(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} puts a vote on the Senate column", seat=st.seat_name(event[1]))


def _narrate_supremacy(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} makes supremacy in the Senate", seat=st.seat_name(event[1]))


def _narrate_pushed(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("The bottom vote, {seat}'s, is pushed out of the Senate", seat=st.seat_name(event[1]))


def _narrate_pantheon(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[3] < 0:
        if event[2] == 0:
            return _(
                "{seat} adds an own piece to the Pantheon's foundation", seat=st.seat_name(event[1])
            )
        return _("{seat} adds an own piece to the Pantheon's temple", seat=st.seat_name(event[1]))
    piece = _(METAL_WORDS[event[3]]) if event[3] < len(METAL_WORDS) else METALS[event[3]]
    if event[2] == 0:
        return _(
            "{seat} adds the {metal} piece to the Pantheon's foundation",
            seat=st.seat_name(event[1]),
            metal=piece,
        )
    return _(
        "{seat} adds the {metal} piece to the Pantheon's temple",
        seat=st.seat_name(event[1]),
        metal=piece,
    )


def _narrate_farm(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} farms {n} denarius",
        "{seat} farms {n} denarii",
        event[2],
        seat=st.seat_name(event[1]),
        n=event[2],
    )


def _narrate_intrigue(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} places an intrigue in {province}",
        seat=st.seat_name(event[1]),
        province=_province(st, event[2] // 3),
    )


def _narrate_draw(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} draws {n} goods card",
        "{seat} draws {n} goods cards",
        event[2],
        seat=st.seat_name(event[1]),
        n=event[2],
    )


def _narrate_no_room(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat}'s hand is full: no card drawn", seat=st.seat_name(event[1]))


def _narrate_reshuffle(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("The goods discard pile is shuffled into a new deck")


def _narrate_play(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} plays {card}", seat=st.seat_name(event[1]), card=card_name(st, event[2]))


def _narrate_take_discard(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} takes {card} from the discard pile",
        seat=st.seat_name(event[1]),
        card=card_name(st, event[2]),
    )


def _narrate_discarded(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} discards {card}", seat=st.seat_name(event[1]), card=card_name(st, event[2]))


def _narrate_recruit(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[2] == "legion":
        return n_(
            "{seat} recruits {n} legion",
            "{seat} recruits {n} legions",
            event[3],
            seat=st.seat_name(event[1]),
            n=event[3],
        )
    return n_(
        "{seat} recruits {n} vote",
        "{seat} recruits {n} votes",
        event[3],
        seat=st.seat_name(event[1]),
        n=event[3],
    )


def _narrate_anchor(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat}'s anchor card leaves the game", seat=st.seat_name(event[1]))


def _narrate_steal(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} takes {n} denarius from {target}",
        "{seat} takes {n} denarii from {target}",
        event[3],
        seat=st.seat_name(event[1]),
        n=event[3],
        target=st.seat_name(event[2]),
    )


def _narrate_enmity(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _gain_or_loss(event[2], ENMITY, seat=st.seat_name(event[1]))


def _narrate_sell(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} sells {card}", seat=st.seat_name(event[1]), card=card_name(st, event[2]))


def _narrate_discard(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} discards {card} to make room",
        seat=st.seat_name(event[1]),
        card=card_name(st, event[2]),
    )


def _narrate_set(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} lays a set of {type}",
        seat=st.seat_name(event[1]),
        type=goods_type_name(st, event[2]),
    )


def _narrate_priest(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} pays 3 denarii to the priests", seat=st.seat_name(event[1]))


def _narrate_tax(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[3]:
        return n_(
            "{seat} collects {n} denarii (double tax)",
            "{seat} collects {n} denarii (double tax)",
            event[2],
            seat=st.seat_name(event[1]),
            n=event[2],
        )
    return n_(
        "{seat} collects {n} denarius (tax)",
        "{seat} collects {n} denarii (tax)",
        event[2],
        seat=st.seat_name(event[1]),
        n=event[2],
    )


def _narrate_phase_end(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("The supporters go home")


def _narrate_rotate(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    q = event[1]
    if q == 0:
        return _("The provinces board does not turn")
    if q > 0:
        return _("The provinces board turns {degrees}° clockwise", degrees=90 * abs(q))
    return _("The provinces board turns {degrees}° counter-clockwise", degrees=90 * abs(q))


def _narrate_scoring(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("Final scoring")


def _narrate_achievement(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} earns an achievement: {achievement}",
        seat=st.seat_name(event[1]),
        achievement=named(st, event[2]),
    )


def _narrate_dipl_pass(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _("{seat} places no more diplomacy tokens this round", seat=st.seat_name(event[1]))


def _narrate_dipl_token(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} puts a diplomacy token on {target}'s {building}",
        seat=st.seat_name(event[1]),
        target=st.seat_name(event[2]),
        building=_building(st, event[3]),
    )


def _narrate_dipl_offer(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} offers {n} denarius with it",
        "{seat} offers {n} denarii with it",
        event[2],
        seat=st.seat_name(event[1]),
        n=event[2],
    )


def _narrate_dipl_counter(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} asks {n} denarius instead",
        "{seat} asks {n} denarii instead",
        event[2],
        seat=st.seat_name(event[1]),
        n=event[2],
    )


def _narrate_dipl_reveal(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    if event[3] == 0 and event[4]:
        return _("{seat} accepts: the token was an espionage", seat=st.seat_name(event[2]))
    if event[3] == 0:
        return _("{seat} refuses: the token was an espionage", seat=st.seat_name(event[2]))
    if event[4]:
        return _("{seat} accepts: the token was an alliance", seat=st.seat_name(event[2]))
    return _("{seat} refuses: the token was an alliance", seat=st.seat_name(event[2]))


def _narrate_spy_action(st: AgeOfRomeState, event: Event, viewer: int | None) -> str | None:
    return _(
        "{seat}'s spy uses the {building}",
        seat=st.seat_name(event[1]),
        building=_building(st, event[2]),
    )


#: the narration of each kind of logged event (a kind missing here is not narrated)
NARRATION: Final[dict[str, Callable[[AgeOfRomeState, Event, int | None], str | None]]] = {
    "data": _narrate_data,
    "setup": _narrate_setup,
    "keep": _narrate_keep,
    "round": _narrate_round,
    "event": _narrate_event,
    "order": _narrate_order,
    "glory": _narrate_glory,
    "denarii": _narrate_denarii,
    "supporter": _narrate_supporter,
    "marker": _narrate_marker,
    "activate": _narrate_activate,
    "effect": _narrate_effect,
    "cancelled": _narrate_cancelled,
    "sabotage": _narrate_sabotage,
    "apostasy": _narrate_apostasy,
    "forge": _narrate_forge,
    "unvote": _narrate_unvote,
    "sold": _narrate_sold,
    "customs": _narrate_customs,
    "build": _narrate_build,
    "medal": _narrate_medal,
    "end": _narrate_end,
    "place": _narrate_place,
    "skip": _narrate_skip,
    "legion": _narrate_legion,
    "vote": _narrate_vote,
    "supremacy": _narrate_supremacy,
    "pushed": _narrate_pushed,
    "pantheon": _narrate_pantheon,
    "farm": _narrate_farm,
    "intrigue": _narrate_intrigue,
    "draw": _narrate_draw,
    "no_room": _narrate_no_room,
    "reshuffle": _narrate_reshuffle,
    "play": _narrate_play,
    "take_discard": _narrate_take_discard,
    "discarded": _narrate_discarded,
    "recruit": _narrate_recruit,
    "anchor": _narrate_anchor,
    "steal": _narrate_steal,
    "enmity": _narrate_enmity,
    "sell": _narrate_sell,
    "discard": _narrate_discard,
    "set": _narrate_set,
    "priest": _narrate_priest,
    "tax": _narrate_tax,
    "phase_end": _narrate_phase_end,
    "rotate": _narrate_rotate,
    "scoring": _narrate_scoring,
    "achievement": _narrate_achievement,
    "dipl_pass": _narrate_dipl_pass,
    "dipl_token": _narrate_dipl_token,
    "dipl_offer": _narrate_dipl_offer,
    "dipl_counter": _narrate_dipl_counter,
    "dipl_reveal": _narrate_dipl_reveal,
    "spy_action": _narrate_spy_action,
}


#: the common Pantheon pieces' metals (tables.METALS), as a player reads them
METAL_WORDS = (N_("gold"), N_("silver"), N_("bronze"))


def card_name(st: AgeOfRomeState, card: int) -> str:
    return named(st, st.tables.goods[st.tables.goods_of[card]].name)


def goods_text(st: AgeOfRomeState, kind: int) -> str:
    """A goods card's text in the reader's language (made from its effect, never stored)."""
    from ludi.games.age_of_rome import data as words

    cards = getattr(st.data, "goods", ())
    return words.goods_words(cards[kind]) if kind < len(cards) else st.tables.goods[kind].text


def event_text(st: AgeOfRomeState, e: int) -> str:
    """An event card's text in the reader's language."""
    from ludi.games.age_of_rome import data as words

    cards = getattr(st.data, "events", ())
    return words.event_words(cards[e]) if e < len(cards) else st.tables.events[e].text


def task_text(st: AgeOfRomeState, k: int) -> str:
    """A task card's text in the reader's language."""
    from ludi.games.age_of_rome import data as words

    cards = getattr(st.data, "tasks", ())
    return words.score_words(cards[k].score) if k < len(cards) else st.tables.tasks[k].text


# -- re-drawing what a seat cannot see -----------------------------------------------------


def sample_hidden(st: AgeOfRomeState, seat: int, rng: Rng) -> AgeOfRomeState:
    """Re-draw what ``seat`` cannot see, consistently with what it has seen: the other
    players' goods hands (same sizes; cards it knows stay where it knows them) and the goods
    deck from the cards it has not seen; the others' tasks (and their pending choice of the
    task to return) and the task deck; the event deck's order.

    A deck made again from the discard pile (reading A-40) holds only cards the table saw in
    the pile (``reshuffled``): those are re-dealt among the deck and the cards the hands drew
    from it since, the older cards among the hands alone."""
    new = st.clone()
    new.rng = rng.fork()
    n = st.players
    # goods: before any reshuffle every unseen card may be anywhere (one pool, ``older``)
    mine_known = set(st.known[seat])
    fresh = set(st.reshuffled)
    older = [c for c in new.goods_deck if c not in fresh]
    drawn = [c for c in new.goods_deck if c in fresh]
    sizes = [0] * n
    fresh_sizes = [0] * n
    for o in range(n):
        if o == seat:
            continue
        hidden = [c for c in new.hands[o] if c not in mine_known]
        new.hands[o] = [c for c in new.hands[o] if c in mine_known]
        for c in hidden:
            if c in fresh:
                drawn.append(c)
                fresh_sizes[o] += 1
            else:
                older.append(c)
                sizes[o] += 1
    # each pool is put in a fixed order before it is shuffled, so that a sample depends only on
    # what the seat saw and the generator, not on where the hidden cards really are (a review
    # of the seat is then the same whatever they are: docs/review.md)
    older.sort()
    rng.permute(older)
    if drawn:
        drawn.sort()
        rng.permute(drawn)
    for o in range(n):
        if o != seat and sizes[o]:
            new.hands[o].extend(older[: sizes[o]])
            del older[: sizes[o]]
        if o != seat and fresh_sizes[o]:
            new.hands[o].extend(drawn[: fresh_sizes[o]])
            del drawn[: fresh_sizes[o]]
    new.goods_deck = older + drawn
    held = {c: o for o in range(n) for c in new.hands[o]}
    if new.unchained and new.cur != seat:  # the cards set aside were re-drawn with the hand
        new.unchained = [c for c in new.unchained if held.get(c) == new.cur]
    for o in range(n):
        if o != seat:
            new.known[o] = [c for c in new.known[o] if c in held and held[c] != o]
    if new.phase == common.OVER:  # the tasks are revealed at the final scoring
        new.event_deck.sort()
        rng.permute(new.event_deck)
        return new
    _redraw_token(new, seat, rng)
    # tasks
    own_returned = st.task_bottom[seat] if st.task_bottom else -1
    tpool = [k for k in new.task_deck if k != own_returned]
    for o in range(n):
        if o != seat:
            tpool.extend(new.tasks[o])
    tpool.sort()
    rng.permute(tpool)
    for o in range(n):
        if o == seat:
            continue
        size = len(new.tasks[o])
        new.tasks[o] = sorted(tpool[:size])
        del tpool[:size]
        if new.task_pick[o] >= 0:
            new.task_pick[o] = new.tasks[o][rng.randrange(size)]
    deck = []
    for k in new.task_deck:
        deck.append(k if k == own_returned else tpool.pop())
    new.task_deck = deck
    if new.task_bottom:
        for o in range(n):
            if o != seat and new.task_bottom[o] >= 0:
                new.task_bottom[o] = -1
        others = [k for k in deck if k != own_returned]
        for o in range(n):
            if o != seat and st.task_bottom[o] >= 0 and others:
                new.task_bottom[o] = others.pop()
    new.event_deck.sort()
    rng.permute(new.event_deck)
    _redraw_token(new, seat, rng)
    return new


def _redraw_token(new: AgeOfRomeState, seat: int, rng: Rng) -> None:
    """An offer's token not yet revealed is either of its owner's unused tokens."""
    if not new.offer:
        return  # most of the time: no import to look up, once per search iteration
    from ludi.games.age_of_rome.rules import diplomacy as d

    if new.phase not in (d.OFFER, d.ANSWER, d.COUNTERED):
        return
    placer = new.offer[d.PLACER]
    if placer == seat:
        return
    token = new.offer[d.TOKEN]
    other = 1 - token
    if new.dipl_used[placer] & (1 << other):
        return  # the other token was shown this round: this one is known
    pick = rng.randrange(2)
    new.dipl_used[placer] = 1 << pick
    new.offer[d.TOKEN] = pick

"""What each seat of an Æterna match may see, and the narrated log in its words.

One function decides it: the terminal, the browser, the bots and the research API all read a
seat's ``view``. Hidden from the others: a player's hand, the cards before them in the draft
and the cards they picked (a pick stays secret until it is played); the decks of the later
epochs and the boxed cards. Public: the board (hills, stacks, buildings, reward and damage
tokens, the draft's leftover cards once all have picked), the personalities, every player's
resources, unrest, PP, ruin tokens and played cards, and the cards discarded.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludi.engine import Event
from ludi.games.aeterna import rules, wording
from ludi.games.aeterna.data import AeternaData
from ludi.games.aeterna.rules import AUREI, CIT, GRAIN, PP, RUINS, STONE, SUPPLY, UNR, R
from ludi.games.aeterna.wording import (
    ability_name,
    building_name,
    card_name,
    card_text,
    category_name,
    damage_token,
    deck_name,
    describe,
    hill_name,
)
from ludi.i18n import N_, catalog, language

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

# TRANSLATORS: the letters of the phases as the rulebook's phase track prints them (A draft,
# B actions, G revolts, I end of epoch)
PHASE_LETTERS = {
    rules.P_DRAFT: N_("A"),
    rules.P_ACTIONS: N_("B"),
    rules.P_REVOLTS: N_("G"),
    rules.P_ORDER: N_("I"),
    rules.P_OVER: N_("end"),
}


def card_json(st: AeternaState, c: int) -> dict[str, Any]:
    """Return a card as JSON: what a player reads on its face."""
    return dict(_card_json(st.data, c, language()))


@lru_cache(maxsize=1024)
def _card_json(data: AeternaData, c: int, lang: str) -> dict[str, Any]:
    # ``lang``: the words are the reader's, so the cache keeps one card per language
    card = data.cards[c]
    out: dict[str, Any] = {
        "id": card.id,
        "name": card_name(card),
        "deck": card.deck,
        "deck_name": deck_name(card.deck),
        "epoch": card.epoch,
        "category": data.categories[card.category],
        "category_name": category_name(data, card.category),
        "colour": data.category_colours[card.category],
        "cost": describe(card.cost),
        "cost_bundle": list(card.cost[:4]),
    }
    if card.deck == "personality":
        out["requirement"] = card_text(card)
        out["reward_each_time"] = describe(card.reward)
    else:
        out["gives"] = describe(card.resources)
        out["gives_bundle"] = list(card.resources)
        out["end_pp"] = card.end_pp
        if card.ability:
            out["ability"] = _(
                "{kind}: {text}", kind=ability_name(card.ability), text=card_text(card)
            )
            out["ability_type"] = card.ability
    if data.card_provenance[c][0] == "RECONSTRUCTED":
        out["reconstructed"] = True
    return out


def view(st: AeternaState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    data = st.data
    name = st.seat_name
    types = len(data.building_types)
    hills = [_hill_json(st, h) for h in st.active]
    seats = [_seat_json(st, p, p == seat) for p in range(st.players)]
    out: dict[str, Any] = {
        "game": "aeterna",
        "viewer": seat,
        "epoch": st.epoch,
        "phase": st.phase,
        "phase_letter": _(PHASE_LETTERS[st.phase]) if st.phase in PHASE_LETTERS else "",
        "to_act": list(st.to_act),
        "current": st.current if st.current >= 0 else None,
        "main_action_taken": st.main_done if st.phase == rules.P_ACTIONS else None,
        "turn_order": [name(p) for p in st.order],
        "pass_track": {
            "values": list(data.pass_values[st.players]),
            "passed": [name(p) for p in st.passed],
        },
        "seats": seats,
        "hills": hills,
        "building_area": [
            {
                "building": data.building_types[t],
                "name": building_name(data.building_types[t]),
                "available": st.area_building[t] and st.area_citizen[t] < 0,
                "citizen": name(st.area_citizen[t]) if st.area_citizen[t] >= 0 else None,
                "left_in_supply": st.building_supply[t],
            }
            for t in range(types)
        ],
        "damage_tokens": [
            {
                "unrest": data.damage_spaces[i],
                "token": data.damage_tokens[t].id,
                "name": damage_token(data.damage_tokens[t].id),
                "cost": describe(data.damage_tokens[t].cost),
                "cost_bundle": list(data.damage_tokens[t].cost[:4]),
            }
            for i, t in enumerate(st.damage)
        ],
        "personalities": [card_json(st, c) for c in st.persons if c >= 0],
        "board_cards": [card_json(st, c) for c in st.board_cards if c >= 0],
        "discarded": [st.data.cards[c].id for c in st.discarded],
        "doom_track": {
            "values": list(data.doom_values),
            "damnatio_at": data.damnatio[str(st.options["doom"])],
        },
        "data": {
            "source": data.info.source,
            "reconstructed": [n.section for n in data.info.reconstructed()],
        },
        "options": dict(st.options),
        "result": st.result.to_json() if st.result is not None else None,
    }
    if st.phase == rules.P_DRAFT:
        out["draft"] = _draft_json(st, seat)
    if st.phase == rules.P_REVOLTS:
        token = data.damage_tokens[st.revolts[1]]
        out["revolt"] = {
            "player": name(st.revolts[0]),
            "token": token.id,
            "name": damage_token(token.id),
            "cost": describe(token.cost),
        }
    if st.phase == rules.P_ORDER:
        out["order_choice"] = {
            "choosing": [name(p) for p in st.choosing],
            "spaces": [name(p) if p >= 0 else None for p in st.next_order],
        }
    return out


def _hill_json(st: AeternaState, h: int) -> dict[str, Any]:
    """Return an active hill as every seat sees it: its stacks, buildings and reward tokens."""
    data = st.data
    s = data.spaces
    per = data.tokens_per_hill
    types = len(data.building_types)
    prestige = data.prestige[h]
    stacks = [
        {
            "seat": st.hill_seat[h * s + i],
            "name": st.seat_name(st.hill_seat[h * s + i]),
            "citizens": st.hill_count[h * s + i],
        }
        for i in range(s)
        if st.hill_seat[h * s + i] >= 0
    ]
    return {
        "number": data.hill_numbers[h],
        "name": hill_name(data, h),
        "prestige": list(prestige),
        "devastation_tokens": st.devast[h],
        "visible_values": list(prestige[st.devast[h] :]),
        "spaces": data.spaces_by_players[st.players],
        "next_citizen_grain": data.influence_grain[
            min(sum(st.hill_count[h * s : h * s + s]), len(data.influence_grain) - 1)
        ],
        "stacks": stacks,
        "prefect": stacks[0]["name"] if stacks else None,
        "buildings": [
            data.building_types[t] for t in range(types) if st.hill_buildings[h * types + t]
        ],
        "building_names": [
            building_name(data.building_types[t])
            for t in range(types)
            if st.hill_buildings[h * types + t]
        ],
        "reward_tokens": [
            _token_json(st, h, i) for i in range(per) if st.hill_tokens[h * per + i] >= 0
        ],
    }


def _seat_json(st: AeternaState, p: int, mine: bool) -> dict[str, Any]:
    """Return seat ``p``'s resources and cards; its hand only if ``mine`` (the viewer's own)."""
    data = st.data
    base = p * R
    return {
        "seat": p,
        "name": st.seat_name(p),
        "colour": data.colours[p],
        "pp": st.res[base + PP],
        "unrest": st.res[base + UNR],
        "ruin_tokens": st.res[base + RUINS],
        "aurei": st.res[base + AUREI],
        "grain": st.res[base + GRAIN],
        "stone": st.res[base + STONE],
        "citizens_in_domus": st.res[base + CIT],
        "citizens_on_board": rules.citizens_on_board(st, p),
        "citizens_in_supply": st.res[base + SUPPLY],
        "hand_size": len(st.hands[p]) if st.phase != rules.P_DRAFT else len(st.drafted[p]),
        "hand": [card_json(st, c) for c in st.hands[p]] if mine else None,
        "played": [dict(card_json(st, c), used_this_epoch=st.turned[c]) for c in st.played[p]],
        "passed": p in st.passed if st.phase == rules.P_ACTIONS else None,
        "damnatio_memoriae": st.damned[p] if st.phase == rules.P_OVER else None,
    }


def _token_json(st: AeternaState, h: int, i: int) -> dict[str, Any]:
    per = st.data.tokens_per_hill
    token = st.data.reward_tokens[st.hill_tokens[h * per + i]]
    gives = _("play a card from the board") if token.play_board_card else describe(token.gain)
    return {
        "slot": i + 1,
        "id": token.id,
        "gives": gives,
        "gives_bundle": None if token.play_board_card else list(token.gain),
        "exhausted": st.token_used[h * per + i],
    }


def _draft_json(st: AeternaState, seat: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "round": st.draft_round + 1,
        "waiting_for": [st.seat_name(p) for p in st.to_act],
        "cards_before_you": None,
        "kept": None,
        "picked_this_round": None,
    }
    if seat is not None and 0 <= seat < st.players:
        packet = st.packets[rules.packet_of(st, seat)]
        out["cards_before_you"] = [card_json(st, c) for c in packet]
        out["kept"] = [card_json(st, c) for c in st.drafted[seat]]
        pending = st.pending[seat]
        out["picked_this_round"] = card_json(st, pending) if pending >= 0 else None
        out["passing_to"] = st.seat_name((seat + 1) % st.players)
    return out


def narrate(st: AeternaState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` as ``viewer`` may read it (None: nothing to see)."""
    narrator = NARRATORS.get(event[0])
    return narrator(st, event[1:], viewer) if narrator is not None else None


def _card(st: AeternaState, c: int) -> str:
    return card_name(st.data.cards[c])


def _hill(st: AeternaState, h: int) -> str:
    return f"{hill_name(st.data, h)} ({st.data.hill_numbers[h]})"


# One function per kind of event (``NARRATORS``): each takes the state, the event's fields
# after its kind, and the viewer.


def _data(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    _source, recon = args
    if not recon:
        return _("Card and board data: the printed game's where known.")
    data = st.data
    printed = ", ".join(_card(st, data.card_by_id[c]) for c in data.printed_cards)
    return _(
        "RECONSTRUCTED values in use (Ludi's defaults, not the printed ones; no public source "
        "gives them): {sections}. Only {printed} are printed in the rulebooks.",
        sections=wording.sections(recon),
        printed=printed,
    )


def _setup(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    active, _tokens, damage, order = args
    data = st.data
    return _(
        "Active hills: {hills}. Damage tokens on unrest {damage}. Turn order: {order}.",
        hills=", ".join(_hill(st, h) for h in active),
        damage=", ".join(
            f"{sp}: {damage_token(data.damage_tokens[t].id)}"
            for sp, t in zip(data.damage_spaces, damage, strict=False)
        ),
        order=", ".join(st.seat_name(p) for p in order),
    )


def _personalities(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    epoch, persons = args
    return _(
        "Personalities of epoch {epoch}: {cards}",
        epoch=epoch,
        cards=", ".join(_card(st, c) for c in persons),
    )


def _draft(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    return _("Epoch {epoch}: the draft begins", epoch=args[0])


def _pick(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c, rnd = args
    if viewer == seat:
        return _(
            "{seat} keeps {card} (draft round {round})",
            seat=st.seat_name(seat),
            card=_card(st, c),
            round=rnd + 1,
        )
    return _("{seat} picks a card (draft round {round})", seat=st.seat_name(seat), round=rnd + 1)


def _board_cards(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    return _(
        "Cards left on the board: {cards}",
        cards=", ".join(_card(st, c) for c in args[0] if c >= 0),
    )


def _play(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c, board = args
    if board:
        return _("{seat} plays {card} from the board", seat=st.seat_name(seat), card=_card(st, c))
    return _("{seat} plays {card}", seat=st.seat_name(seat), card=_card(st, c))


def _favour(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c, times = args
    return _(
        "{seat} asks {card}'s favour (requirement met {times}×)",
        seat=st.seat_name(seat),
        card=_card(st, c),
        times=times,
    )


def _build(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, t, h = args
    return _(
        "{seat} builds the {building} on {hill} (+{pp} PP)",
        seat=st.seat_name(seat),
        building=building_name(st.data.building_types[t]),
        hill=_hill(st, h),
        pp=st.data.build_pp,
    )


def _influence(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, h, grain, pos = args
    if pos == 0:
        return n_(
            "{seat} places a citizen on {hill} for {n} grain: prefect",
            "{seat} places a citizen on {hill} for {n} grain: prefect",
            grain,
            seat=st.seat_name(seat),
            hill=_hill(st, h),
            n=grain,
        )
    return n_(
        "{seat} places a citizen on {hill} for {n} grain: position {position}",
        "{seat} places a citizen on {hill} for {n} grain: position {position}",
        grain,
        seat=st.seat_name(seat),
        hill=_hill(st, h),
        n=grain,
        position=pos + 1,
    )


def _reward(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, t, h = args
    token = st.data.reward_tokens[t]
    if token.play_board_card:
        return _(
            "{seat} takes the reward token on {hill}: play a board card",
            seat=st.seat_name(seat),
            hill=_hill(st, h),
        )
    return _(
        "{seat} takes the reward token on {hill}: {gives}",
        seat=st.seat_name(seat),
        hill=_hill(st, h),
        gives=describe(token.gain),
    )


def _pass(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, value = args
    return n_(
        "{seat} passes and scores {n} PP",
        "{seat} passes and scores {n} PP",
        value,
        seat=st.seat_name(seat),
        n=value,
    )


def _discard(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c, reward = args
    return _(
        "{seat} discards {card} for {reward}",
        seat=st.seat_name(seat),
        card=_card(st, c),
        reward=wording.bundle(st.data.discard_rewards[reward]),
    )


def _activate(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c = args
    return _("{seat} activates {card}", seat=st.seat_name(seat), card=_card(st, c))


def _trigger(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, c = args
    return _("{card} gives {seat} its bonus", card=_card(st, c), seat=st.seat_name(seat))


def _below_zero(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat}'s unrest would go below 0: +1 PP", seat=st.seat_name(args[0]))


def _above_max(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat}'s unrest would go above {top}: -{n} PP",
        "{seat}'s unrest would go above {top}: -{n} PP",
        args[1],
        seat=st.seat_name(args[0]),
        top=st.data.unrest_max,
        n=args[1],
    )


def _score(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, h, value = args
    return n_(
        "{seat} scores {n} PP on {hill}",
        "{seat} scores {n} PP on {hill}",
        value,
        seat=st.seat_name(seat),
        n=value,
        hill=_hill(st, h),
    )


def _devastation(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    hills = args[0]
    if not hills:
        return _("Devastation: no hill")
    return _("Devastation: {hills}", hills=", ".join(_hill(st, h) for h in hills))


def _prefect_unrest(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, h, amount = args
    return n_(
        "{seat}, prefect of devastated {hill}, gains {n} unrest",
        "{seat}, prefect of devastated {hill}, gains {n} unrest",
        amount,
        seat=st.seat_name(seat),
        hill=_hill(st, h),
        n=amount,
    )


def _income(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, t, h = args
    data = st.data
    return _(
        "{seat} gets the {building} income on {hill}: {gives}",
        seat=st.seat_name(seat),
        building=building_name(data.building_types[t]),
        hill=_hill(st, h),
        gives=describe(data.building_income[t]),
    )


def _domus(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    return _("All citizens return to their Domus")


def _revolt_paid(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, t = args
    damage = st.data.damage_tokens[t]
    return _(
        "{seat} pays {token}: {cost}",
        seat=st.seat_name(seat),
        token=damage_token(damage.id),
        cost=wording.bundle(damage.cost),
    )


def _ruin(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, t = args
    return _(
        "{seat} takes a ruin token for {token}",
        seat=st.seat_name(seat),
        token=damage_token(st.data.damage_tokens[t].id),
    )


def _feed(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, paid, unfed = args
    if unfed:
        return n_(
            "{seat} feeds citizens with {paid} grain; {n} unfed (+{unrest} unrest)",
            "{seat} feeds citizens with {paid} grain; {n} unfed (+{unrest} unrest)",
            unfed,
            seat=st.seat_name(seat),
            paid=paid,
            n=unfed,
            unrest=unfed * st.data.unfed_unrest,
        )
    return n_(
        "{seat} feeds citizens with {n} grain",
        "{seat} feeds citizens with {n} grain",
        paid,
        seat=st.seat_name(seat),
        n=paid,
    )


def _order(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, position = args
    return _(
        "{seat} takes turn-order space {space} for the next epoch",
        seat=st.seat_name(seat),
        space=position + 1,
    )


def _final(st: AeternaState, args: Event, viewer: int | None) -> str | None:
    seat, left, cards, ability, diversity, index, doom, damned = args
    if damned:
        return _(
            "{seat}: leftovers {left}, cards {cards}, abilities {abilities}, diversity "
            "{diversity}; doom track at {index}: DAMNATIO MEMORIAE",
            seat=st.seat_name(seat),
            left=left,
            cards=cards,
            abilities=ability,
            diversity=diversity,
            index=index,
        )
    return _(
        "{seat}: leftovers {left}, cards {cards}, abilities {abilities}, diversity "
        "{diversity}; doom track at {index}: {doom} PP",
        seat=st.seat_name(seat),
        left=left,
        cards=cards,
        abilities=ability,
        diversity=diversity,
        index=index,
        doom=doom,
    )


#: the narrator of each kind of event the rules log; a kind not here is not shown
NARRATORS: dict[str, Callable[[AeternaState, Event, int | None], str | None]] = {
    "data": _data,
    "setup": _setup,
    "personalities": _personalities,
    "draft": _draft,
    "pick": _pick,
    "board_cards": _board_cards,
    "play": _play,
    "favour": _favour,
    "build": _build,
    "influence": _influence,
    "reward": _reward,
    "pass": _pass,
    "discard": _discard,
    "activate": _activate,
    "trigger": _trigger,
    "below_zero": _below_zero,
    "above_max": _above_max,
    "score": _score,
    "devastation": _devastation,
    "prefect_unrest": _prefect_unrest,
    "income": _income,
    "domus": _domus,
    "revolt_paid": _revolt_paid,
    "ruin": _ruin,
    "feed": _feed,
    "order": _order,
    "final": _final,
}

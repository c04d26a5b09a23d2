"""What each seat of an Æterna match may see, and the narrated log in its words.

One function decides it: the terminal, the browser, the bots and the research API all read a
seat's ``view``. Hidden from the others: a player's hand, the cards before them in the draft
and the cards they picked (a pick stays secret until it is played); the decks of the later
epochs and the boxed cards. Public: the board (hills, stacks, buildings, reward and damage
tokens, the draft's leftover cards once all have picked), the personalities, every player's
resources, unrest, PP, ruin tokens and played cards, and the cards discarded.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ludi.engine import Event
from ludi.games.aeterna import rules, wording
from ludi.games.aeterna.data import AeternaData
from ludi.games.aeterna.rules import AUREI, CIT, GRAIN, PP, RUINS, STONE, SUPPLY, UNR, R
from ludi.games.datafile import reconstructed_notice

if TYPE_CHECKING:
    from ludi.games.aeterna.state import AeternaState

PHASE_LETTERS = {
    rules.P_DRAFT: "A",
    rules.P_ACTIONS: "B",
    rules.P_REVOLTS: "G",
    rules.P_ORDER: "I",
    rules.P_OVER: "end",
}


def card_json(st: AeternaState, c: int) -> dict[str, Any]:
    """Return a card as JSON: what a player reads on its face."""
    return dict(_card_json(st.data, c))


@lru_cache(maxsize=512)
def _card_json(data: AeternaData, c: int) -> dict[str, Any]:
    card = data.cards[c]
    out: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "deck": card.deck,
        "epoch": card.epoch,
        "category": data.categories[card.category],
        "colour": data.category_colours[card.category],
        "cost": rules.describe(card.cost),
    }
    if card.deck == "personality":
        out["requirement"] = card.text
        out["reward_each_time"] = rules.describe(card.reward)
    else:
        out["gives"] = rules.describe(card.resources)
        out["end_pp"] = card.end_pp
        if card.ability:
            out["ability"] = f"{card.ability}: {card.text}"
    if data.card_provenance[c][0] == "RECONSTRUCTED":
        out["reconstructed"] = True
    return out


def view(st: AeternaState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    data = st.data
    name = st.seat_name
    s = data.spaces
    per = data.tokens_per_hill
    types = len(data.building_types)
    hills = []
    for h in st.active:
        prestige = data.prestige[h]
        stacks = [
            {
                "seat": st.hill_seat[h * s + i],
                "name": name(st.hill_seat[h * s + i]),
                "citizens": st.hill_count[h * s + i],
            }
            for i in range(s)
            if st.hill_seat[h * s + i] >= 0
        ]
        hills.append(
            {
                "number": data.hill_numbers[h],
                "name": data.hill_names[h],
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
                "reward_tokens": [
                    _token_json(st, h, i) for i in range(per) if st.hill_tokens[h * per + i] >= 0
                ],
            }
        )
    seats = []
    for p in range(st.players):
        base = p * R
        mine = p == seat
        entry: dict[str, Any] = {
            "seat": p,
            "name": name(p),
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
        seats.append(entry)
    out: dict[str, Any] = {
        "game": "aeterna",
        "viewer": seat,
        "epoch": st.epoch,
        "phase": st.phase,
        "phase_letter": PHASE_LETTERS.get(st.phase, ""),
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
                "cost": rules.describe(data.damage_tokens[t].cost),
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
            "cost": rules.describe(token.cost),
        }
    if st.phase == rules.P_ORDER:
        out["order_choice"] = {
            "choosing": [name(p) for p in st.choosing],
            "spaces": [name(p) if p >= 0 else None for p in st.next_order],
        }
    return out


def _token_json(st: AeternaState, h: int, i: int) -> dict[str, Any]:
    per = st.data.tokens_per_hill
    token = st.data.reward_tokens[st.hill_tokens[h * per + i]]
    gives = "play a card from the board" if token.play_board_card else rules.describe(token.gain)
    return {"slot": i + 1, "id": token.id, "gives": gives, "exhausted": st.token_used[h * per + i]}


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
    data = st.data
    kind, *args = event
    name = st.seat_name

    def card(c: int) -> str:
        return data.cards[c].name

    def hill(h: int) -> str:
        return f"{data.hill_names[h]} ({data.hill_numbers[h]})"

    if kind == "data":
        _source, recon = args
        text = "Card and board data: the printed game's where known."
        if recon:
            printed = ", ".join(card(data.card_by_id[c]) for c in data.printed_cards)
            text = f"{reconstructed_notice(recon)}. Only {printed} are printed in the rulebooks."
        return text
    if kind == "setup":
        active, _tokens, damage, order = args
        return (
            f"Active hills: {', '.join(hill(h) for h in active)}. Damage tokens on unrest "
            + ", ".join(
                f"{sp}: {wording.damage_token(data.damage_tokens[t].id)}"
                for sp, t in zip(data.damage_spaces, damage, strict=False)
            )
            + f". Turn order: {', '.join(name(p) for p in order)}."
        )
    if kind == "personalities":
        epoch, persons = args
        return f"Personalities of epoch {epoch}: {', '.join(card(c) for c in persons)}"
    if kind == "draft":
        return f"Epoch {args[0]}: the draft begins"
    if kind == "pick":
        seat, c, rnd = args
        if viewer == seat:
            return f"{name(seat)} keeps {card(c)} (draft round {rnd + 1})"
        return f"{name(seat)} picks a card (draft round {rnd + 1})"
    if kind == "board_cards":
        return "Cards left on the board: " + ", ".join(card(c) for c in args[0] if c >= 0)
    if kind == "play":
        seat, c, board = args
        return f"{name(seat)} plays {card(c)}" + (" from the board" if board else "")
    if kind == "favour":
        seat, c, times = args
        return f"{name(seat)} asks {card(c)}'s favour (requirement met {times}×)"
    if kind == "build":
        seat, t, h = args
        return f"{name(seat)} builds the {data.building_types[t].capitalize()} on {hill(h)} (+{data.build_pp} PP)"
    if kind == "influence":
        seat, h, grain, pos = args
        where = "prefect" if pos == 0 else f"position {pos + 1}"
        return f"{name(seat)} places a citizen on {hill(h)} for {grain} grain: {where}"
    if kind == "reward":
        seat, t, h = args
        token = data.reward_tokens[t]
        gives = "play a board card" if token.play_board_card else rules.describe(token.gain)
        return f"{name(seat)} takes the reward token on {hill(h)}: {gives}"
    if kind == "pass":
        seat, value = args
        return f"{name(seat)} passes and scores {value} PP"
    if kind == "discard":
        seat, c, reward = args
        return f"{name(seat)} discards {card(c)} for {wording.bundle(data.discard_rewards[reward])}"
    if kind == "activate":
        seat, c = args
        return f"{name(seat)} activates {card(c)}"
    if kind == "trigger":
        seat, c = args
        return f"{card(c)} gives {name(seat)} its bonus"
    if kind == "below_zero":
        return f"{name(args[0])}'s unrest would go below 0: +1 PP"
    if kind == "above_max":
        return f"{name(args[0])}'s unrest would go above {data.unrest_max}: -{args[1]} PP"
    if kind == "score":
        seat, h, value = args
        return f"{name(seat)} scores {value} PP on {hill(h)}"
    if kind == "devastation":
        hills = args[0]
        return "Devastation: " + (", ".join(hill(h) for h in hills) or "no hill")
    if kind == "prefect_unrest":
        seat, h, amount = args
        return f"{name(seat)}, prefect of devastated {hill(h)}, gains {amount} unrest"
    if kind == "income":
        seat, t, h = args
        building = data.building_types[t]
        return f"{name(seat)} gets the {building.capitalize()} income on {hill(h)}: {rules.describe(data.building_income[t])}"
    if kind == "domus":
        return "All citizens return to their Domus"
    if kind == "revolt_paid":
        seat, t = args
        damage = data.damage_tokens[t]
        return f"{name(seat)} pays {wording.damage_token(damage.id)}: {wording.bundle(damage.cost)}"
    if kind == "ruin":
        seat, t = args
        return (
            f"{name(seat)} takes a ruin token for {wording.damage_token(data.damage_tokens[t].id)}"
        )
    if kind == "feed":
        seat, paid, unfed = args
        text = f"{name(seat)} feeds citizens with {paid} grain"
        return text + (f"; {unfed} unfed (+{unfed * data.unfed_unrest} unrest)" if unfed else "")
    if kind == "order":
        seat, position = args
        return f"{name(seat)} takes turn-order space {position + 1} for the next epoch"
    if kind == "final":
        seat, left, cards, ability, diversity, index, doom, damned = args
        text = (
            f"{name(seat)}: leftovers {left}, cards {cards}, abilities {ability}, diversity "
            f"{diversity}; doom track at {index}: "
        )
        return text + ("DAMNATIO MEMORIAE" if damned else f"{doom} PP")
    return None

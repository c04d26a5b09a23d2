"""What each seat of a Sylla match may see, and the narrated log in its words.

One function decides it: the terminal, the browser, the bots and the research API all read a
seat's ``view``. Hidden from the other players: the denarii and the Res Publica tokens behind
a screen (a token's colour is public when it was taken in the open: the Consul's, the event
majorities'; a crisis shows every player's tokens of its colour), a secret choice still being
made (the characters kept at setup, a thumbs vote, Slaves freed), and the order of every
face-down pile. Public: everything on the table, including tilted and face-down cards (everyone
saw which card was turned).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludi.engine import Event
from ludi.games.datafile import reconstructed_notice
from ludi.games.sylla import rules, wording
from ludi.games.sylla.data import COLOURS, FAMINE

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

PHASE_NAMES = {
    rules.PICK: "Setup: each player keeps characters of their set in secret",
    rules.ELECT: "I First Consul: election",
    rules.TOKEN: "Res Publica token",
    rules.RECRUIT: "II Recruitment",
    rules.OFFER: "III Buildings: offer",
    rules.BID: "III Buildings: bids",
    rules.TILT: "III Buildings: payment",
    rules.USE: "IV Income",
    rules.CUBE: "V Events: cube placement",
    rules.AVERT: "V Events: the Consul breaks a tie (averted events)",
    rules.REMOVE: "V Events: the Consul breaks a tie (removed event)",
    rules.COVER: "V Events: cover a card or building",
    rules.VOTE: "VI Great work: thumbs up or down, denarii in hand",
    rules.FREE: "End of game (Ecclesia): free Slaves",
    rules.OVER: "The game is over",
}


def view(st: SyllaState, seat: int | None) -> dict[str, Any]:
    """Return, as JSON, all ``seat`` may see of the match (``None``: a spectator)."""
    data = st.data
    tracks = data.track_ids
    out: dict[str, Any] = {
        "game": "sylla",
        "viewer": seat,
        "round": st.round,
        "rounds": data.rounds,
        "phase": st.phase,
        "phase_name": PHASE_NAMES[st.phase],
        "to_act": list(st.to_act),
        "first_consul": st.consul if st.round else None,
        "ladder": {
            tracks[t]: {
                "name": data.track_names[t],
                "space": st.ladder[t],
                "value": data.ladder_values[st.ladder[t]],
                "crisis": st.ladder[t] in data.crisis,
            }
            for t in range(3)
        },
        "famine": {"level": st.famine, "max": data.famine_max},
        "events": _events(st),
        "great_works": _works(st),
        "buildings": {
            "slots": [
                {
                    "slot": i + 1,
                    "colour": COLOURS[data.slot_colours[i]],
                    "building": data.tiles[t].type if t >= 0 else None,
                }
                for i, t in enumerate(st.slots)
            ],
            "stack": len(st.stack),
            "stack_top_letter": data.tiles[st.stack[-1]].letter if st.stack else None,
            "offered_this_round": st.sales
            if st.phase in (rules.OFFER, rules.BID, rules.TILT)
            else None,
            "offers_per_round": st.counts.sales,
        },
        "recruitment": {
            "display": [_card(st, c) for c in st.display],
            "deck": len(st.deck),
        },
        "building_effects": data.effects.model_dump(),
        "seats": [_seat(st, s, seat) for s in range(st.players)],
        "options": dict(st.options),
        "reconstructed_data": [n.section for n in data.info.reconstructed()],
        "result": st.result.to_json() if st.result is not None else None,
    }
    auction = _auction(st)
    if auction is not None:
        out["auction"] = auction
    if st.phase == rules.USE:
        out["income"] = _income(st)
    return out


def _income(st: SyllaState) -> dict[str, Any]:
    """Return whose income is being taken and which building of theirs is asked about now (IV).

    Without it two states could look alike to a player yet ask them different things (a
    Private Temple in one, a Tavern in the other, when they own both): a view must name the
    decision at hand.
    """
    data = st.data
    return {
        "seat": st.order[0] if st.order else None,
        "building": data.tiles[st.queue[0]].type if st.queue else None,
        "still_to_ask": [data.tiles[t].type for t in st.queue[1:]],
        "tavern_moved": [data.track_ids[t] for t in range(3) if st.tavern_moved & (1 << t)],
    }


def _events(st: SyllaState) -> list[dict[str, Any]]:
    data = st.data
    out = []
    for slot, e in enumerate(st.row):
        event = data.events[e]
        out.append(
            {
                "slot": slot + 1,
                "id": event.id,
                "name": event.name,
                "token": data.track_ids[event.token] if event.token >= 0 else None,
                "legionary": event.legionary,
                "vestal": event.vestal,
                "famine_symbol": event.famine,
                "covers": event.covers or None,
                "cubes": [st.cubes[4 * s + slot] for s in range(st.players)],
                "averted": slot in st.averted,
            }
        )
    return out


def _works(st: SyllaState) -> dict[str, Any]:
    works = st.data.works
    building = st.phase in (rules.VOTE,)
    current = st.work_current if building else (st.work_pile[0] if st.work_pile else -1)
    return {
        "removed_at_setup": works[st.work_removed].id if st.work_removed >= 0 else None,
        "this_round": (
            works[st.work_current].id
            if building
            else (works[st.work_pile[0]].id if st.work_pile else None)
        ),
        "next_round": (works[st.work_pile[0]].id if building and st.work_pile else None),
        "built": [works[w].id for w in st.works_built],
        "pile": len(st.work_pile),
        "this_round_scoring": _scoring(st, current) if current >= 0 else None,
    }


def _scoring(st: SyllaState, w: int) -> dict[str, Any]:
    """Return how a great work scores its builders and which marker it moves."""
    work = st.data.works[w]
    marker = name = None
    if work.track == FAMINE:
        marker, name = "famine", "Famine"
    elif work.track >= 0:
        marker, name = st.data.track_ids[work.track], st.data.track_names[work.track]
    return {
        "places": list(work.places),
        "thresholds": [list(t) for t in work.thresholds],
        "marker": marker,
        "marker_name": name,
        "by": work.by,
        "per_votes": work.per_votes,
        "plebs_votes_per_prestige": st.data.plebs_votes,
    }


def _auction(st: SyllaState) -> dict[str, Any] | None:
    data = st.data
    if st.phase == rules.ELECT:
        return {
            "kind": "election",
            "best": st.high if st.high >= 0 else None,
            "leader": st.leader if st.leader >= 0 else None,
            "still_to_bid": list(st.order),
        }
    if st.phase in (rules.BID, rules.TILT):
        tile = st.slots[st.sale_slot] if st.phase == rules.BID else st.bought
        return {
            "kind": "building",
            "building": data.tiles[tile].type,
            "colour": COLOURS[data.slot_colours[st.sale_slot]],
            "offerer": st.offerer,
            "best": st.high,
            "leader": st.leader if st.leader >= 0 else None,
            "still_to_bid": list(st.order) if st.phase == rules.BID else [],
            "left_to_pay": st.price if st.phase == rules.TILT else None,
        }
    return None


def _seat(st: SyllaState, s: int, viewer: int | None) -> dict[str, Any]:
    data = st.data
    mine = s == viewer
    tracks = data.track_ids
    secret = st.secret_tok[s]
    if mine or st.phase == rules.OVER:
        tokens: dict[str, Any] = {tracks[t]: st.tokens[3 * s + t] for t in range(3)}
    else:
        tokens = {tracks[t]: st.tokens[3 * s + t] - secret.count(t) for t in range(3)}
        tokens["unseen_colour"] = len(secret)
    characters = [
        {**_card(st, c), "tilted": st.card_tilted[c], "face_down": bool(st.card_cover[c])}
        for c in st.hand[s]
    ]
    buildings = [
        {"building": data.tiles[t].type, "face_down": bool(st.tile_cover[t])} for t in st.builds[s]
    ]
    entry: dict[str, Any] = {
        "name": st.seat_name(s),
        "revenue_tile": data.set_names[st.revenue[s]],
        "prestige": st.prestige[s],
        "denarii": st.money[s] if mine or st.phase == rules.OVER else None,
        "tokens": tokens,
        "characters": characters,
        "buildings": buildings,
        "cubes_left": {"legionary": st.cubes_left[2 * s], "vestal": st.cubes_left[2 * s + 1]},
        "first_consul": st.round > 0 and s == st.consul,
        "deciding": s in st.acting,
    }
    if st.phase == rules.PICK:
        entry["kept_so_far"] = (
            [data.cards[c].kind for c in st.picked[s]] if mine else len(st.picked[s])
        )
        if mine:
            entry["set_left"] = [
                _card(st, c) for c in data.set_cards[st.revenue[s]] if c not in st.picked[s]
            ]
            entry["to_keep"] = st.counts.characters
    if st.phase in rules.SIMULTANEOUS and mine and st.choice[s] >= 0:
        entry["my_choice"] = _choice_text(st, s)
        entry["my_choice_said"] = _choice_said(st, s)
    return entry


def _card(st: SyllaState, c: int) -> dict[str, Any]:
    card = st.data.cards[c]
    return {
        "kind": card.kind,
        "type": card.type,
        "christian": card.christian,
        "hexes": [COLOURS[i] for i in range(3) if card.hexes & (1 << i)],
    }


def _choice_text(st: SyllaState, s: int) -> str:
    if st.phase == rules.VOTE:
        money, up = divmod(st.choice[s], 2)
        return f"{'up' if up else 'down'}:{money}"
    return f"free:{st.choice[s]}"


def _choice_said(st: SyllaState, s: int) -> str:
    """Return a seat's secret choice in words, for its own eyes."""
    if st.phase == rules.VOTE:
        money, up = divmod(st.choice[s], 2)
        return f"thumb {'up' if up else 'down'}, {money} denarii"
    n = st.choice[s]
    return f"you free {n} Slave{'' if n == 1 else 's'}"


#: events told by filling in their values, in order: {0}, {1}, ...
TOLD = {
    "round": "Round {0}",
    "famine": "Famine rises {0} to {1}",
    "to_bottom": "{0} character(s) go under the deck",
    "ecclesia": "Ecclesia is built: the end of the game",
}
#: events about a seat, its first value: told with its name as {seat}, the other values as {1}, ...
TOLD_OF_SEAT = {
    "consul": "{seat} is First Consul with {1} votes, paying {2} denarii",
    "pass": "{seat} passes",
    "bid": "{seat} bids {1}",
    "crane": "{seat} takes a Crane card (usable from next round)",
    "income": "{seat} takes {1} denarii of income",
    "temple": "{seat} pays the Private Temple",
    "decadence": "{seat} has the most cubes on Decadence: +{1} prestige",
    "nothing_to_cover": "{seat} has nothing to turn face down",
    "voted": "{seat} has decided",
    "plebs": "{seat} gives to the plebs: +{1} prestige",
    "work_prestige": "{seat} builds: +{1} prestige",
    "christians": "{seat}: {1} Christian card(s)",
    "freed": "{seat} frees {1} Slave(s)",
}


def _thing(kind: str) -> str:
    """Return the name of a character or building kind (what an event turns face down)."""
    return wording.character(kind) if kind in wording.CHARACTERS else wording.building(kind)


def narrate(st: SyllaState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` as ``viewer`` may read it (None: nothing to see): from
    ``TOLD`` or ``TOLD_OF_SEAT`` when only its values are filled in, else told below."""
    data = st.data
    kind, *args = event
    name = st.seat_name
    tracks = data.track_names
    if kind in TOLD:
        return TOLD[kind].format(*args)
    if kind in TOLD_OF_SEAT:
        return TOLD_OF_SEAT[kind].format(*args, seat=name(args[0]))
    if kind == "data":
        (sections,) = args
        return reconstructed_notice(sections)
    if kind in ("recruit", "tilt"):
        seat, what = args
        verb = "recruits" if kind == "recruit" else "tilts"
        return f"{name(seat)} {verb} {wording.a(wording.character(what))}"
    if kind == "uncover":
        seat, what = args
        return f"{name(seat)}'s {_thing(what)} is face up again"
    if kind == "setup":
        tiles, removed = args
        dealt = ", ".join(f"{name(s)} {data.set_names[t]}" for s, t in enumerate(tiles))
        return (
            f"Revenue tiles: {dealt}. Great work removed from the game: {data.works[removed].name}"
        )
    if kind == "picked":
        seat, card = args
        return f"{name(seat)} keeps the {wording.character(card)}" if viewer == seat else None
    if kind == "reveal":
        seat, kinds, money = args
        shown = ", ".join(wording.character(k) for k in kinds)
        return f"{name(seat)} reveals {shown} and takes {money} denarii"
    if kind == "display":
        return f"Characters shown: {', '.join(wording.character(k) for k in args[0]) or 'none'}"
    if kind == "token":
        seat, track, secret = args
        if secret and viewer != seat:
            return f"{name(seat)} takes a Res Publica token behind the screen"
        return f"{name(seat)} takes a {tracks[track]} token"
    if kind == "offer":
        seat, tile, colour = args
        built = wording.a(wording.building(data.tiles[tile].type))
        return f"{name(seat)} offers {built} ({COLOURS[colour]} sale)"
    if kind == "discarded":
        return f"Nobody bids: the {wording.building(data.tiles[args[0]].type)} is discarded"
    if kind == "unsold":
        built = wording.building(data.tiles[args[0]].type)
        return f"The {built} is not offered this round and is discarded"
    if kind == "bought":
        seat, tile, price = args
        built = wording.building(data.tiles[tile].type)
        return f"{name(seat)} buys the {built} for {price} card{'' if price == 1 else 's'}"
    if kind == "unused":
        return f"{name(args[0])} does not use a {'Private Temple' if args[1] == 'temple' else 'Tavern'}"
    if kind == "tavern":
        seat, track, by, moved = args
        how = "locks" if not moved else ("raises" if by > 0 else "lowers")
        return f"{name(seat)}'s Tavern {how} {tracks[track]}"
    if kind == "cube":
        seat, what, e = args
        return f"{name(seat)} places {wording.a(what.capitalize())} cube on {data.events[e].name}"
    if kind == "avert":
        return f"{name(args[0])}, First Consul, averts {data.events[args[1]].name}"
    if kind == "averted":
        return "Averted: " + " and ".join(data.events[e].name for e in args[0])
    if kind == "happens":
        return f"{data.events[args[0]].name} happens"
    if kind == "marker":
        track, moved = args
        label = "Famine" if track == FAMINE else tracks[track]
        return f"{label} moves {moved:+d}"
    if kind == "cover":
        seat, what, e = args
        return f"{name(seat)} turns {wording.a(_thing(what))} face down ({data.events[e].name})"
    if kind == "removed":
        return f"{data.events[args[0]].name} leaves the game"
    if kind == "drawn":
        return f"New event: {data.events[args[0]].name}"
    if kind == "work":
        current, nxt = args
        after = f"; next round: {data.works[nxt].name}" if nxt >= 0 else ""
        return f"Great work: {data.works[current].name}{after}"
    if kind == "vote":
        seat, up, money, votes = args
        thumb = "up" if up else "down"
        return f"{name(seat)}: thumb {thumb}, {money} denarii, {votes} votes"
    if kind == "famine_loss":
        return f"{name(args[0])} loses {args[1]} prestige to famine" if args[1] else None
    if kind == "crisis":
        track, counts = args
        shown = ", ".join(f"{name(s)} {c}" for s, c in enumerate(counts))
        return f"Crisis of {tracks[track]}: {shown}"
    if kind == "politics":
        seat, toks, gain = args
        return f"{name(seat)} shows {toks[0]}/{toks[1]}/{toks[2]} tokens: +{gain} prestige"
    if kind == "over":
        return "Final prestige: " + ", ".join(f"{name(s)} {p}" for s, p in enumerate(args[0]))
    return None

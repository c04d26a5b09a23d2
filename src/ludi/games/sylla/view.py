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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludi.engine import Event
from ludi.games.datafile import reconstructed_notice
from ludi.games.sylla import rules, wording
from ludi.games.sylla.data import COLOURS, FAMINE
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState

_, n_ = catalog(__name__)

#: the phases as a player reads them (read through ``_``)
PHASE_NAMES = {
    rules.PICK: N_("Setup: each player keeps characters of their set in secret"),
    rules.ELECT: N_("I First Consul: election"),
    rules.TOKEN: N_("Res Publica token"),
    rules.RECRUIT: N_("II Recruitment"),
    rules.OFFER: N_("III Buildings: offer"),
    rules.BID: N_("III Buildings: bids"),
    rules.TILT: N_("III Buildings: payment"),
    rules.USE: N_("IV Income"),
    rules.CUBE: N_("V Events: cube placement"),
    rules.AVERT: N_("V Events: the Consul breaks a tie (averted events)"),
    rules.REMOVE: N_("V Events: the Consul breaks a tie (removed event)"),
    rules.COVER: N_("V Events: cover a card or building"),
    rules.VOTE: N_("VI Great work: thumbs up or down, denarii in hand"),
    rules.FREE: N_("End of game (Ecclesia): free Slaves"),
    rules.OVER: N_("The game is over"),
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
        "phase_name": _(PHASE_NAMES[st.phase]),
        "to_act": list(st.to_act),
        "first_consul": st.consul if st.round else None,
        "ladder": {
            tracks[t]: {
                "name": wording.track(st, t),
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
                "name": wording.event(st, e),
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
        # every work's name in the reader's language (all six are printed and known to all)
        "names": {works[w].id: wording.work(st, w) for w in range(len(works))},
        "this_round_scoring": _scoring(st, current) if current >= 0 else None,
    }


def _scoring(st: SyllaState, w: int) -> dict[str, Any]:
    """Return how a great work scores its builders and which marker it moves."""
    work = st.data.works[w]
    marker = name = None
    if work.track == FAMINE:
        marker, name = "famine", _("Famine")
    elif work.track >= 0:
        marker, name = st.data.track_ids[work.track], wording.track(st, work.track)
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
        # the seat's colour as the data file's id (its name above is in the reader's language)
        "colour": data.colours[s].lower(),
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
        if up:
            return n_("thumb up, {n} denarius", "thumb up, {n} denarii", money, n=money)
        return n_("thumb down, {n} denarius", "thumb down, {n} denarii", money, n=money)
    n = st.choice[s]
    return n_("you free {n} Slave", "you free {n} Slaves", n, n=n)


def _thing(kind: str) -> str:
    """Return the name of a character or building kind (what an event turns face down)."""
    return wording.character(kind) if kind in wording.CHARACTERS else wording.building(kind)


def narrate(st: SyllaState, event: Event, viewer: int | None) -> str | None:
    """Return the text of ``event`` as ``viewer`` may read it (None: nothing to see), in the
    reader's language: each sentence one message, the names in it filled in."""
    narrator = NARRATORS.get(event[0])
    return narrator(st, event[1:], viewer) if narrator is not None else None


# One function per kind of event (``NARRATORS``): each takes the state, the event's fields
# after its kind, and the viewer.


def _round(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("Round {n}", n=args[0])


def _famine(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("Famine rises {by} to {level}", by=args[0], level=args[1])


def _to_bottom(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return n_(
        "{n} character goes under the deck",
        "{n} characters go under the deck",
        args[0],
        n=args[0],
    )


def _ecclesia(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("Ecclesia is built: the end of the game")


def _consul(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, votes, paid = args
    return _(
        "{seat} is First Consul with {votes} votes, paying {paid} denarii",
        seat=st.seat_name(seat),
        votes=votes,
        paid=paid,
    )


def _pass(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} passes", seat=st.seat_name(args[0]))


def _bid(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} bids {n}", seat=st.seat_name(args[0]), n=args[1])


def _crane(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} takes a Crane card (usable from next round)", seat=st.seat_name(args[0]))


def _income_paid(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} takes {n} denarius of income",
        "{seat} takes {n} denarii of income",
        args[1],
        seat=st.seat_name(args[0]),
        n=args[1],
    )


def _temple(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} pays the Private Temple", seat=st.seat_name(args[0]))


def _decadence(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _(
        "{seat} has the most cubes on Decadence: +{n} prestige",
        seat=st.seat_name(args[0]),
        n=args[1],
    )


def _nothing_to_cover(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} has nothing to turn face down", seat=st.seat_name(args[0]))


def _voted(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} has decided", seat=st.seat_name(args[0]))


def _plebs(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} gives to the plebs: +{n} prestige", seat=st.seat_name(args[0]), n=args[1])


def _work_prestige(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{seat} builds: +{n} prestige", seat=st.seat_name(args[0]), n=args[1])


def _christians(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat}: {n} Christian card",
        "{seat}: {n} Christian cards",
        args[1],
        seat=st.seat_name(args[0]),
        n=args[1],
    )


def _freed(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return n_(
        "{seat} frees {n} Slave",
        "{seat} frees {n} Slaves",
        args[1],
        seat=st.seat_name(args[0]),
        n=args[1],
    )


def _data(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    (sections,) = args
    return reconstructed_notice(sections, wording.section_title)


def _recruit(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, what = args
    return _(
        "{seat} recruits {character}",
        seat=st.seat_name(seat),
        character=wording.a(wording.character(what)),
    )


def _tilt(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, what = args
    return _(
        "{seat} tilts {character}",
        seat=st.seat_name(seat),
        character=wording.a(wording.character(what)),
    )


def _uncover(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, what = args
    return _("{seat}'s {thing} is face up again", seat=st.seat_name(seat), thing=_thing(what))


def _setup(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    tiles, removed = args
    set_names = st.data.set_names
    dealt = ", ".join(
        _("{seat} {tile}", seat=st.seat_name(s), tile=set_names[t]) for s, t in enumerate(tiles)
    )
    return _(
        "Revenue tiles: {dealt}. Great work removed from the game: {work}",
        dealt=dealt,
        work=wording.work(st, removed),
    )


def _picked(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, card = args
    if viewer != seat:
        return None
    return _(
        "{seat} keeps the {character}", seat=st.seat_name(seat), character=wording.character(card)
    )


def _reveal(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, kinds, money = args
    shown = ", ".join(wording.character(k) for k in kinds)
    return _(
        "{seat} reveals {characters} and takes {n} denarii",
        seat=st.seat_name(seat),
        characters=shown,
        n=money,
    )


def _display(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    shown = ", ".join(wording.character(k) for k in args[0]) or _("none")
    return _("Characters shown: {characters}", characters=shown)


def _token(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, t, secret = args
    if secret and viewer != seat:
        return _("{seat} takes a Res Publica token behind the screen", seat=st.seat_name(seat))
    return _("{seat} takes a {track} token", seat=st.seat_name(seat), track=wording.track(st, t))


def _offer(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, tile, hexes = args
    return _(
        "{seat} offers {building} ({colour} sale)",
        seat=st.seat_name(seat),
        building=wording.a(wording.building(st.data.tiles[tile].type)),
        colour=wording.colour(COLOURS[hexes]),
    )


def _discarded(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _(
        "Nobody bids: the {building} is discarded",
        building=wording.building(st.data.tiles[args[0]].type),
    )


def _unsold(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _(
        "The {building} is not offered this round and is discarded",
        building=wording.building(st.data.tiles[args[0]].type),
    )


def _bought(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, tile, price = args
    return n_(
        "{seat} buys the {building} for {n} card",
        "{seat} buys the {building} for {n} cards",
        price,
        seat=st.seat_name(seat),
        building=wording.building(st.data.tiles[tile].type),
        n=price,
    )


def _unused(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    if args[1] == "temple":
        return _("{seat} does not use a Private Temple", seat=st.seat_name(args[0]))
    return _("{seat} does not use a Tavern", seat=st.seat_name(args[0]))


def _tavern(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, t, by, moved = args
    who, what = st.seat_name(seat), wording.track(st, t)
    if not moved:
        return _("{seat}'s Tavern locks {track}", seat=who, track=what)
    if by > 0:
        return _("{seat}'s Tavern raises {track}", seat=who, track=what)
    return _("{seat}'s Tavern lowers {track}", seat=who, track=what)


def _cube(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, what, e = args
    who, event = st.seat_name(seat), wording.event(st, e)
    if what == "vestal":
        return _("{seat} places a Vestal cube on {event}", seat=who, event=event)
    return _("{seat} places a Legionary cube on {event}", seat=who, event=event)


def _avert(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _(
        "{seat}, First Consul, averts {event}",
        seat=st.seat_name(args[0]),
        event=wording.event(st, args[1]),
    )


def _averted(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    names = [wording.event(st, e) for e in args[0]]
    if len(names) == 1:
        return _("Averted: {event}", event=names[0])
    return _("Averted: {event} and {other}", event=", ".join(names[:-1]), other=names[-1])


def _happens(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{event} happens", event=wording.event(st, args[0]))


def _marker(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    t, moved = args
    label = _("Famine") if t == FAMINE else wording.track(st, t)
    by = f"{moved:+d}"
    return _("{marker} moves {by}", marker=label, by=by)


def _cover(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, what, e = args
    return _(
        "{seat} turns {thing} face down ({event})",
        seat=st.seat_name(seat),
        thing=wording.a(_thing(what)),
        event=wording.event(st, e),
    )


def _removed(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("{event} leaves the game", event=wording.event(st, args[0]))


def _drawn(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    return _("New event: {event}", event=wording.event(st, args[0]))


def _work(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    current, nxt = args
    if nxt >= 0:
        return _(
            "Great work: {work}; next round: {next}",
            work=wording.work(st, current),
            next=wording.work(st, nxt),
        )
    return _("Great work: {work}", work=wording.work(st, current))


def _vote(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, up, money, votes = args
    if up:
        return _(
            "{seat}: thumb up, {money} denarii, {votes} votes",
            seat=st.seat_name(seat),
            money=money,
            votes=votes,
        )
    return _(
        "{seat}: thumb down, {money} denarii, {votes} votes",
        seat=st.seat_name(seat),
        money=money,
        votes=votes,
    )


def _famine_loss(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    if not args[1]:
        return None
    return _("{seat} loses {n} prestige to famine", seat=st.seat_name(args[0]), n=args[1])


def _crisis(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    t, counts = args
    shown = ", ".join(_("{seat} {n}", seat=st.seat_name(s), n=c) for s, c in enumerate(counts))
    return _("Crisis of {track}: {counts}", track=wording.track(st, t), counts=shown)


def _politics(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    seat, toks, gain = args
    shown = f"{toks[0]}/{toks[1]}/{toks[2]}"
    return _(
        "{seat} shows {tokens} tokens: +{n} prestige",
        seat=st.seat_name(seat),
        tokens=shown,
        n=gain,
    )


def _over(st: SyllaState, args: Event, viewer: int | None) -> str | None:
    scores = ", ".join(_("{seat} {n}", seat=st.seat_name(s), n=p) for s, p in enumerate(args[0]))
    return _("Final prestige: {scores}", scores=scores)


#: the narrator of each kind of event the rules log; a kind not here is not shown
NARRATORS: dict[str, Callable[[SyllaState, Event, int | None], str | None]] = {
    "round": _round,
    "famine": _famine,
    "to_bottom": _to_bottom,
    "ecclesia": _ecclesia,
    "consul": _consul,
    "pass": _pass,
    "bid": _bid,
    "crane": _crane,
    "income": _income_paid,
    "temple": _temple,
    "decadence": _decadence,
    "nothing_to_cover": _nothing_to_cover,
    "voted": _voted,
    "plebs": _plebs,
    "work_prestige": _work_prestige,
    "christians": _christians,
    "freed": _freed,
    "data": _data,
    "recruit": _recruit,
    "tilt": _tilt,
    "uncover": _uncover,
    "setup": _setup,
    "picked": _picked,
    "reveal": _reveal,
    "display": _display,
    "token": _token,
    "offer": _offer,
    "discarded": _discarded,
    "unsold": _unsold,
    "bought": _bought,
    "unused": _unused,
    "tavern": _tavern,
    "cube": _cube,
    "avert": _avert,
    "averted": _averted,
    "happens": _happens,
    "marker": _marker,
    "cover": _cover,
    "removed": _removed,
    "drawn": _drawn,
    "work": _work,
    "vote": _vote,
    "famine_loss": _famine_loss,
    "crisis": _crisis,
    "politics": _politics,
    "over": _over,
}

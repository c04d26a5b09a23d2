"""Phase V, Wydarzenia: cube placement (1), Res Publica tokens and Decadence prestige (2),
averted and happening events (3), the removed event and the end of its covers (4); the
effects of the events themselves (event aid)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.games.sylla.actions import Move
from ludi.games.sylla.data import CRANE
from ludi.games.sylla.rules.common import (
    AVERT,
    COVER,
    CUBE,
    REMOVE,
    STAGE_V,
    add_prestige,
    count_active,
    gain_token,
    move_marker,
    seats_from,
)

if TYPE_CHECKING:
    from ludi.games.sylla.state import SyllaState


def start_events(st: SyllaState) -> None:
    """Each face-up untilted Legionary and Vestal takes a cube of its owner (V 1)."""
    cap = st.data.cubes_per_player
    for seat in range(st.players):
        legion = min(cap, count_active(st, seat, "legionary"))
        vestal = min(cap - legion, count_active(st, seat, "vestal"))
        st.cubes_left[2 * seat] = legion
        st.cubes_left[2 * seat + 1] = vestal
    st.cubes = [0] * (4 * st.players)
    st.phase = CUBE
    st.cursor = st.consul
    next_placer(st)


def can_place(st: SyllaState, seat: int) -> bool:
    """Whether ``seat`` has a cube and an event showing its symbol (V 1)."""
    events = st.data.events
    if st.cubes_left[2 * seat] and any(events[e].legionary for e in st.row):
        return True
    return bool(st.cubes_left[2 * seat + 1] and any(events[e].vestal for e in st.row))


def next_placer(st: SyllaState) -> None:
    """Give the turn to the next player clockwise who can still place a cube (V 1).

    A player whose cubes are all placed is skipped, so one with more cubes places several in
    a row at the end (the rulebook's note).
    """
    for i in range(st.players):
        seat = (st.cursor + i) % st.players
        if can_place(st, seat):
            st.cursor = seat
            st.acting = [seat]
            return
    resolve_cubes(st)


def cube_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the cube placements of ``seat``: a Legionary cube on an event showing the
    Legionary symbol, a Vestal cube on one showing the Vestal (V 1)."""
    events = st.data.events
    cube = st.table.cube
    out: list[Move] = []
    if st.cubes_left[2 * seat]:
        out.extend(cube[e][0] for e in st.row if events[e].legionary)
    if st.cubes_left[2 * seat + 1]:
        out.extend(cube[e][1] for e in st.row if events[e].vestal)
    return out


def place_cube(st: SyllaState, seat: int, action: Move) -> None:
    """Place one cube on an event (V 1)."""
    slot = st.row.index(action.n)
    st.cubes[4 * seat + slot] += 1
    st.cubes_left[2 * seat + (action.what == "vestal")] -= 1
    st.log("cube", seat, action.what, action.n)
    st.cursor = (seat + 1) % st.players
    next_placer(st)


def event_totals(st: SyllaState) -> list[int]:
    """Return the cubes on each event slot, all colours together."""
    n = st.players
    return [sum(st.cubes[4 * s + slot] for s in range(n)) for slot in range(4)]


def resolve_cubes(st: SyllaState) -> None:
    """Award the majorities, then settle which events are averted (V 2-3).

    On each event other than Decadence the player(s) with the most cubes take a token of its
    colour (ties: each one; no cubes: nobody). On Decadence the player(s) with the most cubes
    gain 1 prestige: the rule, not the rulebook's example, which also pays the minority.
    The two events with the most cubes are averted; when a tie leaves the choice open the
    First Consul chooses.
    """
    data = st.data
    n = st.players
    for slot, e in enumerate(st.row):
        event = data.events[e]
        counts = [st.cubes[4 * s + slot] for s in range(n)]
        most = max(counts)
        if most == 0:
            continue
        for seat in range(n):
            if counts[seat] == most:
                if event.token >= 0:
                    gain_token(st, seat, event.token, secret=False)
                if event.decadence:
                    add_prestige(st, seat, data.decadence_prestige)
                    st.log("decadence", seat, data.decadence_prestige)
    totals = event_totals(st)
    second = sorted(totals, reverse=True)[1]
    st.averted = [slot for slot in range(4) if totals[slot] > second]
    tied = [slot for slot in range(4) if totals[slot] == second]
    if len(st.averted) + len(tied) == 2:
        st.averted += tied
        events_happen(st)
        return
    st.queue = tied
    st.phase = AVERT
    st.acting = [st.consul]


def avert_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the tied events the First Consul may avert (V 3)."""
    return [st.table.avert[st.row[slot]] for slot in st.queue]


def avert(st: SyllaState, seat: int, event: int) -> None:
    """The First Consul averts one of the tied events (V 3)."""
    slot = st.row.index(event)
    st.averted.append(slot)
    st.queue.remove(slot)
    st.log("avert", seat, event)
    if len(st.averted) == 2:
        st.queue = []
        events_happen(st)


def events_happen(st: SyllaState) -> None:
    """The two events not averted happen, the upper one first (V 3; Wydarzenia aid)."""
    st.log("averted", tuple(st.row[slot] for slot in sorted(st.averted)))
    st.happening = [slot for slot in range(4) if slot not in st.averted]
    st.order = []
    next_happening(st)


def next_happening(st: SyllaState) -> None:
    """Carry out the happening events in order; covering ones ask each player (Wydarzenia)."""
    data = st.data
    while st.happening:
        if st.order:
            if next_cover(st):
                return
            st.happening.pop(0)
            continue
        event = data.events[st.row[st.happening[0]]]
        st.log("happens", event.index)
        if event.covers:
            st.order = seats_from(st, st.consul)
            st.cover_event = event.index
            continue
        if event.decadence:
            decadence(st)
        elif event.move >= 0:
            moved = move_marker(st, event.move, event.by)
            st.log("marker", event.move, moved)
        st.happening.pop(0)
    removal(st)


def decadence(st: SyllaState) -> None:
    """Decadence: the rightmost Res Publica marker(s), never famine, move one space left
    (Wydarzenia: Dekadencja)."""
    top = max(st.ladder)
    for track in range(3):
        if st.ladder[track] == top:
            moved = move_marker(st, track, -1)
            st.log("marker", track, moved)


def coverable(st: SyllaState, seat: int, covers: str) -> list[tuple[bool, int]]:
    """Return what an event would make ``seat`` turn face down: (is a card, index), face up only.

    christian: a fish character; senator / slave: a character of that type; building: a kept
    building or a Crane card (never the revenue tile); stall: a Stall (Wydarzenia aid).
    """
    cards, tiles = st.data.cards, st.data.tiles
    out: list[tuple[bool, int]] = []
    if covers in ("building", "stall"):
        out.extend(
            (False, t)
            for t in st.builds[seat]
            if not st.tile_cover[t] and (covers == "building" or tiles[t].type == "stall")
        )
        if covers == "building":
            out.extend(
                (True, c) for c in st.hand[seat] if not st.card_cover[c] and cards[c].type == CRANE
            )
        return out
    for c in st.hand[seat]:
        card = cards[c]
        if st.card_cover[c]:
            continue
        if (covers == "christian" and card.christian) or card.type == covers:
            out.append((True, c))
    return out


def cover_label(st: SyllaState, item: tuple[bool, int]) -> str:
    """Return the notation name of a thing to cover: a card's kind or a building's type."""
    is_card, i = item
    return st.data.cards[i].kind if is_card else st.data.tiles[i].type


def next_cover(st: SyllaState) -> bool:
    """Ask the next player to cover one thing; skip one with nothing to cover (Ludi's reading)
    and cover at once when there is one kind only. Return whether a player must choose."""
    covers = st.data.events[st.cover_event].covers
    while st.order:
        seat = st.order[0]
        items = coverable(st, seat, covers)
        if not items:
            st.log("nothing_to_cover", seat, st.cover_event)
            st.order.pop(0)
            continue
        if len({cover_label(st, item) for item in items}) == 1:
            cover_item(st, seat, items[0])
            st.order.pop(0)
            continue
        st.phase = COVER
        st.acting = [seat]
        return True
    return False


def cover_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the kinds of thing ``seat`` may turn face down for the event (Wydarzenia)."""
    items = coverable(st, seat, st.data.events[st.cover_event].covers)
    return [st.table.cover[k] for k in dict.fromkeys(cover_label(st, item) for item in items)]


def cover_item(st: SyllaState, seat: int, item: tuple[bool, int]) -> None:
    """Turn a card or building face down for as long as the event stays in play (Wydarzenia)."""
    is_card, i = item
    bit = 1 << st.cover_event
    if is_card:
        st.card_cover[i] |= bit
    else:
        st.tile_cover[i] |= bit
    st.log("cover", seat, cover_label(st, item), st.cover_event)


def cover(st: SyllaState, seat: int, kind: str) -> None:
    """Cover the chosen kind of card or building (Wydarzenia)."""
    items = coverable(st, seat, st.data.events[st.cover_event].covers)
    cover_item(st, seat, next(item for item in items if cover_label(st, item) == kind))
    st.order.pop(0)
    if not st.order:
        st.happening.pop(0)
    next_happening(st)


def removal(st: SyllaState) -> None:
    """Remove the averted event with more cubes, never Decadence (V 4).

    If Decadence is one of the two averted events, the other one leaves; on a tie the First
    Consul chooses.
    """
    data = st.data
    a, b = sorted(st.averted)
    ea, eb = data.events[st.row[a]], data.events[st.row[b]]
    totals = event_totals(st)
    if st.row[a] == data.fixed_event or ea.decadence:
        remove_event(st, b)
    elif st.row[b] == data.fixed_event or eb.decadence:
        remove_event(st, a)
    elif totals[a] != totals[b]:
        remove_event(st, a if totals[a] > totals[b] else b)
    else:
        st.phase = REMOVE
        st.acting = [st.consul]


def remove_choices(st: SyllaState, seat: int) -> list[Move]:
    """Return the two averted events tied for removal (V 4)."""
    return [st.table.remove[st.row[slot]] for slot in sorted(st.averted)]


def remove_event(st: SyllaState, slot: int) -> None:
    """Take an event out of the game, end its covers, and draw a new one in its place (V 4).

    A card or building it covered turns face up, unless another covering event still in play
    applies to it too: a Christian Senator under Persecution and Senate Purge, a Christian
    Slave under Persecution and Slave Revolt, a Stall under Flood and Plunder stay face down
    until both cards are gone (Wydarzenia, exceptions). Those covers end before the new
    event is drawn (V 4 lists the removal, then the draw), so the card drawn never keeps
    anything face down. Players take back their cubes.
    """
    event = st.row[slot]
    if st.event_deck:  # (the data check guarantees a card to draw every round)
        st.events_out.append(event)
        st.log("removed", event)
        uncover(st, event)  # before the draw: a card drawn now was not in play (V 4)
        st.row[slot] = st.event_deck.pop()
        st.log("drawn", st.row[slot])
    st.cubes = [0] * (4 * st.players)
    st.averted = []
    st.end_stage(STAGE_V)


def uncover(st: SyllaState, event: int) -> None:
    """End the covers of a removed event, keeping the double-cover exceptions (Wydarzenia)."""
    data = st.data
    bit = 1 << event
    still = [e for e in st.row if data.events[e].covers and e != event]
    for seat in range(st.players):
        for c in st.hand[seat]:
            if st.card_cover[c] & bit:
                st.card_cover[c] &= ~bit
                if not st.card_cover[c]:
                    for e in still:
                        if still_covers(st, True, c, data.events[e].covers):
                            st.card_cover[c] |= 1 << e
                            break
                if not st.card_cover[c]:
                    st.log("uncover", seat, data.cards[c].kind)
        for t in st.builds[seat]:
            if st.tile_cover[t] & bit:
                st.tile_cover[t] &= ~bit
                if not st.tile_cover[t]:
                    for e in still:
                        if still_covers(st, False, t, data.events[e].covers):
                            st.tile_cover[t] |= 1 << e
                            break
                if not st.tile_cover[t]:
                    st.log("uncover", seat, data.tiles[t].type)


def still_covers(st: SyllaState, is_card: bool, i: int, covers: str) -> bool:
    """Return whether an event that covers ``covers`` applies to a card (``is_card``) or a
    building ``i`` (Wydarzenia aid, the double-cover exceptions)."""
    if not is_card:
        return covers == "building" or (covers == "stall" and st.data.tiles[i].type == "stall")
    card = st.data.cards[i]
    if card.type == CRANE:
        return covers == "building"
    return (covers == "christian" and card.christian) or card.type == covers

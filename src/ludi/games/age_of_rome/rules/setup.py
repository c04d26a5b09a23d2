"""Подготовка к игре (стр. 8), Планшеты игроков (стр. 9), Карты заданий (стр. 10): the layout,
each player's board, the decks, and the secret choice of the two tasks to keep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.engine import IllegalAction
from ludi.games.age_of_rome.rules.common import (
    KEEP,
    TASK_CHOICE,
    TASKS,
    province_of,
)
from ludi.i18n import catalog

_, n_ = catalog(__name__)

if TYPE_CHECKING:
    from ludi.games.age_of_rome.actions import Move
    from ludi.games.age_of_rome.state import AgeOfRomeState


def two_player_box(st: AgeOfRomeState) -> bool:
    """Whether the 2-player removals apply: in a 2-player game, and in the Emperor solo, which
    is set up «как будто вы играете партию на 2-х игроков» (Соло Императора)."""
    return st.players <= 2


def set_up(st: AgeOfRomeState) -> None:
    """Подготовка к игре: lay out the boards, deal the characters, shuffle the decks, choose
    the first player and deal three tasks to each player."""
    t = st.tables
    rng = st.rng
    n = st.players
    two = two_player_box(st)
    st.log("data")
    set_up_supply(st, two)
    st.mpos = list(t.milestone_markers)
    st.found_pile = list(t.foundation_common[n])
    st.temple_pile = list(t.temple_common[n])
    if st.options["pantheon_removal"] == "bronze":
        # reading A-04 (b): the removals' "silver" is a slip for bronze, so each level keeps
        # gold, silver, then bronze; as many pieces are removed as the text says
        st.found_pile = list(t.foundation_common[4][: len(st.found_pile)])
        st.temple_pile = list(t.temple_common[4][: len(st.temple_pile)])
    chars = list(range(len(t.characters)))
    rng.shuffle(chars)
    for seat in range(n):
        set_up_board(st, seat, chars[seat])
    st.enmity_supply = t.enmity_tokens - sum(st.enmity)
    set_up_decks(st, two)
    first = rng.randrange(n)
    st.first_prov = province_of(st, first)
    st.log("setup", first)
    deal_tasks(st)


def set_up_supply(st: AgeOfRomeState, two: bool) -> None:
    """Four level-I, three level-II and two level-III buildings of each type; with 2 players
    one level II and one level III of each type go back in the box."""
    counts = st.tables.supply[st.players]
    for b in range(5):
        for lv in range(3):
            st.supply[3 * b + lv] = counts[lv]


def set_up_board(st: AgeOfRomeState, seat: int, char: int) -> None:
    """Планшеты игроков: the board's cells are filled right to left as the character shows:
    legions, votes, one supporter, three intrigue tokens, the enmity tokens over the rightmost
    boost cells; the character's denarii and glory; an anchor card for the boards showing one."""
    c = st.tables.characters[char]
    st.char[seat] = char
    st.legions_home[seat] = st.legions_total[seat] = c.legions
    st.votes_home[seat] = st.votes_total[seat] = c.votes
    st.supporters[seat] = st.tables.supporters_start
    st.intr_home[seat] = st.tables.intrigue_tokens
    st.enmity[seat] = c.enmity
    st.denarii[seat] = c.denarii
    st.glory[seat] = c.glory
    st.anchor[seat] = c.anchor


def set_up_decks(st: AgeOfRomeState, two: bool) -> None:
    """Shuffle the events (with the six harsh ones in Суровые времена) and the goods (without
    the 2-player-marked cards in a 2-player game); the tasks are dealt by ``deal_tasks``."""
    t = st.tables
    rng = st.rng
    harsh = bool(st.options["harsh_times"])
    st.event_deck = [i for i, e in enumerate(t.events) if harsh or not e.harsh]
    rng.shuffle(st.event_deck)
    deck = []
    for card, kind in enumerate(t.goods_of):
        if two and t.goods[kind].two_player_removed:
            st.goods_out.append(card)
        else:
            deck.append(card)
    rng.shuffle(deck)
    st.goods_deck = deck


def task_in_play(st: AgeOfRomeState, task: int) -> bool:
    """Whether a task card is used: not the 2-player-marked ones with 2 players (or solo), not
    Разжигание вражды and Неусыпная вражда in Перемирие, not the six medal tasks in Герои."""
    k = st.tables.tasks[task]
    if two_player_box(st) and "two_players" in k.removed_in:
        return False
    if st.options["truce"] and "truce" in k.removed_in:
        return False
    return not (st.options["heroes"] and "heroes" in k.removed_in)


def deal_tasks(st: AgeOfRomeState) -> None:
    """Карты заданий: shuffle the tasks in play and deal three face down to each player, who
    keep two; the rest are the task deck."""
    deck = [i for i in range(len(st.tables.tasks)) if task_in_play(st, i)]
    st.rng.shuffle(deck)
    dealt = st.tables.tasks_dealt
    for seat in range(st.players):
        st.tasks[seat] = sorted(deck[:dealt])
        del deck[:dealt]
    st.task_deck = deck
    st.task_bottom = [-1] * st.players
    st.phase = KEEP
    st.acting = list(range(st.players))


def keep_choices(st: AgeOfRomeState, seat: int) -> list[Move]:
    """Every task of the three a player may return."""
    if st.task_pick[seat] >= 0:
        return []
    return [st.table.ret[k] for k in st.tasks[seat]]


def keep(st: AgeOfRomeState, seat: int, action: Move) -> None:
    """Подготовка к игре: the player returns one dealt task under the task deck and keeps the
    others secret until the final scoring. All choose at once; the returns happen when the
    last has chosen (in seat order)."""
    task = action.idx[0]
    if task not in st.tasks[seat] or st.task_pick[seat] >= 0:
        raise IllegalAction(_("you may return only one of the tasks dealt to you"), _(TASKS))
    st.task_pick[seat] = task
    st.acting.remove(seat)
    st.log("keep", seat)
    if st.acting:
        return
    for s in range(st.players):
        k = st.task_pick[s]
        st.tasks[s].remove(k)
        st.task_deck.append(k)  # the bottom of the deck
        st.task_bottom[s] = k
        st.task_pick[s] = -1
    from ludi.games.age_of_rome.rules.rounds import end_phase

    end_phase(st, TASK_CHOICE)

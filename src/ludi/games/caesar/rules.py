"""Caesar!'s rules, one function per rule, each citing the section of the Russian rulebook
(GaGa Games 2022, ``rulebooks/003_1a9d5b5b2d283b55.txt``) it implements.

The functions take the state and change it; the checks that may refuse an action come first
in each, so a refused action changes nothing. Section names are the rulebook's own headings:
ПОДГОТОВКА К ИГРЕ (setup), ИГРОВОЙ ПРОЦЕСС (the turn, steps 1-3), ЗАВЕРШЕНИЕ ИГРЫ (the end),
ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ (the bonuses), НАБОР ДОПОЛНЕНИЙ «РИМ» (the expansions).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ludi.engine import IllegalAction
from ludi.games.caesar import solo, wording
from ludi.games.caesar.actions import DiscardBonus, Place, UseBonus
from ludi.i18n import N_, catalog

if TYPE_CHECKING:
    from ludi.games.caesar.state import CaesarState

_, n_ = catalog(__name__)

# The rule references a refusal names, read through ``_`` where it is made: in English the
# Russian rulebook's heading with Ludi's name of it in brackets (the browser shows the English
# first); in Russian, the heading as the rulebook prints it.
SETUP = N_("ПОДГОТОВКА К ИГРЕ (setup)")
PLACE = N_("ИГРОВОЙ ПРОЦЕСС, шаг 1 (place an influence token)")
CLOSE = N_("ИГРОВОЙ ПРОЦЕСС, шаг 2 (closed provinces)")
DRAW = N_("ИГРОВОЙ ПРОЦЕСС, шаг 3 (draw a token)")
END = N_("ЗАВЕРШЕНИЕ ИГРЫ И ОПРЕДЕЛЕНИЕ ПОБЕДИТЕЛЯ (end of the game)")
BONUS = N_("ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ (bonus tokens)")
MIGHT = N_("ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ: Могущество (Might)")
CENTURION = N_(
    "ЖЕТОНЫ БОНУСОВ ПРОВИНЦИЙ: Центурион; НАБОР ДОПОЛНЕНИЙ «РИМ»: ЦЕНТУРИОНЫ (Centurion)"
)
POISON = N_("НАБОР ДОПОЛНЕНИЙ «РИМ»: ЯДЫ (Poison)")
BORDER_CONTROL = N_("НАБОР ДОПОЛНЕНИЙ «РИМ»: КОНТРОЛЬ ГРАНИЦ (Border Control)")

# Phases of a turn.
PLACING: Final = "place"
BONUSES: Final = "bonus"
OVER: Final = "over"


# -- setup -----------------------------------------------------------------------------------


def set_up(st: CaesarState) -> None:
    """Lay out the board and the hands (ПОДГОТОВКА К ИГРЕ; «Рим» setup steps 3-4; solo setup).

    The Senate token goes on Italy's solid cell; the others are shuffled and dealt face up, one
    per province cell. Each module used (Poison, Centurions) adds its three bonus tokens to that
    pool and, after shuffling, three random tokens go back unseen: to the box, or face down
    beside the board under Border Control. Each player draws 2 tokens (3 with Poison); with
    Centurions each player keeps 3 centurion tokens in front of the screen.
    """
    data, opts, rng = st.data, st.options, st.rng
    in_use = tuple(
        notice.section
        for notice in data.info.reconstructed()
        if (opts["solo"] != "off" or not notice.section.startswith("solo."))
        and (
            (opts["poison"] and opts["centurions"])
            or notice.section != "bonus_tokens.returned_per_module"
        )
    )
    if in_use:
        st.log("reconstructed", in_use)
    pool = [b for b, n in data.bonus_base.items() for _i in range(n)]
    pool.remove("senate")  # the one fixed on Italy
    modules = [m for m in ("poison", "centurion") if opts[_module_option(m)]]
    for module in modules:
        pool.extend([module] * data.bonus_module[module])
    rng.shuffle(pool)
    returned = [pool.pop() for _i in range(data.returned_per_module * len(modules))]
    if opts["border_control"]:
        st.set_aside = returned
    for province in data.provinces:
        st.bonus[province.index] = "senate" if province.index == data.italy else pool.pop()
    start = data.hand_start_poison if opts["poison"] else data.hand_start
    for seat in (0, 1):
        st.bags[seat] = list(data.base_set)
        if opts["centurions"]:
            st.centurions[seat] = list(data.centurion_set)
        if seat == st.crassus:
            solo.set_up_crassus(st)
        else:
            for _i in range(start):
                draw(st, seat)
    st.log("setup", tuple(st.bonus))
    begin_turn(st, st.crassus if st.crassus >= 0 else 0)


def _module_option(module: str) -> str:
    return "poison" if module == "poison" else "centurions"


# -- the turn --------------------------------------------------------------------------------


def begin_turn(st: CaesarState, seat: int) -> None:
    """Start ``seat``'s turn; a player who cannot place loses at once (ЗАВЕРШЕНИЕ ИГРЫ).

    With Poison, a player who starts a turn with nothing behind the screen loses (ЯДЫ); so does
    Crassus with an empty row, his row standing for the screen (the solo rules keep Poison
    as in the base game; see docs/rules-notes.md). Crassus then carries out his order token.
    """
    st.current = seat
    st.phase = PLACING
    st.turn += 1
    if not st.hands[seat] and st.options["poison"]:
        lose(st, seat, "empty_row" if seat == st.crassus else "empty_screen", POISON)
    elif seat == st.crassus:
        solo.begin_crassus_turn(st)
    elif not can_place(st, seat):
        lose(st, seat, "cannot_place", END)


def can_place(st: CaesarState, seat: int) -> bool:
    """Whether ``seat`` has a token that fits a free cell (face down counts under Border Control)."""
    owner = st.cell_owner
    table = st.table
    for kind in st.hands[seat]:
        for cell, _places in table.fits[kind]:
            if owner[cell] < 0:
                return True
    if st.hands[seat] and st.options["border_control"] and seat != st.crassus:
        return any(owner[c] < 0 for c in st.border_control_cells)
    return False


def placements(st: CaesarState, seat: int) -> list[Place]:
    """Return every placement open to ``seat`` (ИГРОВОЙ ПРОЦЕСС, шаг 1; КОНТРОЛЬ ГРАНИЦ).

    A token goes on a free cell whose icon it carries (a laurel token on any cell), facing
    either way; under Border Control any token may also go face down on a free double-bordered
    cell (Crassus never does this).
    """
    owner = st.cell_owner
    table = st.table
    fits = table.fits
    kinds = dict.fromkeys(st.hands[seat])
    # one comprehension: this is the hottest line of a random playout
    out = [
        place
        for kind in kinds
        for cell, places in fits[kind]
        if owner[cell] < 0
        for place in places
    ]
    if st.options["border_control"] and seat != st.crassus:
        for cell in st.border_control_cells:
            if owner[cell] < 0:
                out.extend(table.down[kind][cell] for kind in kinds)
    return out


def check_place(st: CaesarState, seat: int, action: Place) -> None:
    """Refuse a placement the rules forbid (ИГРОВОЙ ПРОЦЕСС, шаг 1; КОНТРОЛЬ ГРАНИЦ)."""
    if st.phase != PLACING:
        raise IllegalAction(
            _(
                "first decide on the {bonus} bonus just taken",
                bonus=wording.bonus_name(str(st.pending[0][0])),
            ),
            _(BONUS),
        )
    data = st.data
    kind = data.kinds[action.kind]
    cell = data.cells[action.cell]
    # the words of a refusal are looked up only when one is made: this check runs on every move
    if action.kind not in st.hands[seat]:
        token = wording.token_name(kind.label)
        if seat == st.crassus:
            raise IllegalAction(
                _("there is no {token} token in Crassus's row", token=token), _(PLACE)
            )
        raise IllegalAction(
            _("there is no {token} token behind your screen", token=token), _(PLACE)
        )
    if st.cell_owner[action.cell] >= 0:
        raise IllegalAction(
            _("the border cell {where} is already taken", where=wording.between(st, action.cell)),
            _(PLACE),
        )
    if action.face_down:
        if not st.options["border_control"]:
            raise IllegalAction(
                _("tokens go face down only with the Border Control module"), _(BORDER_CONTROL)
            )
        if seat == st.crassus:
            raise IllegalAction(_("Crassus never places a token face down"), _(solo.SOLO_BORDER))
    elif not kind.fits(cell):
        raise IllegalAction(
            _(
                "{token} cannot go on the border cell {where}: it shows a {icon}",
                token=wording.token_name(kind.label),
                where=wording.between(st, action.cell),
                icon=wording.icon_name(cell.icon),
            ),
            _(PLACE),
        )
    if seat == st.crassus:
        allowed = solo.crassus_placements(st)
        if action not in allowed:
            raise IllegalAction(
                _(
                    "Crassus must follow his placement priority; his choices now are {moves}",
                    moves=", ".join(str(a) for a in allowed),
                ),
                _(solo.SOLO_PRIORITY),
            )


def place(st: CaesarState, seat: int, action: Place) -> None:
    """Place an influence token and resolve what it closes (ИГРОВОЙ ПРОЦЕСС, шаги 1-2).

    Each half of the token adds its value to the province on its side; a face-down token adds
    nothing. Under Border Control a face-down placement draws a random set-aside bonus token at
    once (КОНТРОЛЬ ГРАНИЦ).
    """
    st.hands[seat].remove(action.kind)
    if not action.face_down and action.kind in st.loose[seat]:
        st.loose[seat].remove(action.kind)  # seen on the map: no longer possibly in the bag
    st.log("place", seat, action.kind, action.cell, action.facing, action.face_down)
    if action.face_down and st.set_aside:
        bonus = st.set_aside.pop(st.rng.randrange(len(st.set_aside)))
        st.pending.append([bonus, -1, False])
        st.log("take", seat, bonus, -1)
    closed = lay_token(st, seat, action)
    if closed:
        close_provinces(st, seat, closed)
    if st.phase == OVER:
        return
    if seat == st.crassus:
        solo.crassus_bonuses(st)
        if st.phase != OVER:
            solo.continue_crassus_turn(st)
    elif st.pending:
        st.phase = BONUSES
    else:
        end_turn(st)


def lay_token(st: CaesarState, seat: int, action: Place) -> list[int]:
    """Put the token on its cell and add its values to the provinces on either side (a face-down
    token adds nothing); return the provinces that have no free cell left (ИГРОВОЙ ПРОЦЕСС,
    шаги 1-2). Checks nothing and resolves nothing."""
    data = st.data
    c = action.cell
    st.cell_owner[c] = seat
    st.cell_kind[c] = action.kind
    st.cell_facing[c] = action.facing
    st.cell_down[c] = action.face_down
    st.cell_hidden[c] = action.face_down
    a, b = data.cells[c].provinces
    if not action.face_down:
        values = data.kinds[action.kind].values
        other = b if action.facing == a else a
        st.influence[2 * action.facing + seat] += values[0]
        st.influence[2 * other + seat] += values[1]
    open_cells = st.open_cells
    open_cells[a] -= 1
    open_cells[b] -= 1
    return [p for p in (a, b) if open_cells[p] == 0]


def close_provinces(st: CaesarState, active: int, closed: list[int]) -> None:
    """Resolve the provinces a placement closed (ИГРОВОЙ ПРОЦЕСС, шаг 2).

    The placer takes their bonus tokens. In each, the higher total of influence places a
    control token (a tie places none; Crassus wins ties in the solo game); whoever takes Italy
    also fills its dashed cell. Then each winner lays a control token on the border cell between
    the new province and every neighbour they already hold with a face-up control token, on top
    of whatever lies there, the active player first. The order of the captures themselves is not
    printed; Ludi lets the active player go first there too (see docs/rules-notes.md).
    """
    for p in closed:
        if st.bonus[p]:
            st.pending.append([st.bonus[p], p, False])
            st.log("take", active, st.bonus[p], p)
            st.bonus[p] = ""
    winners = {p: province_winner(st, p) for p in closed}
    for p in closed:
        if winners[p] < 0:
            st.log("tie", p, st.influence[2 * p], st.influence[2 * p + 1])
    order = [p for p in closed if winners[p] == active]
    order += [p for p in closed if winners[p] == 1 - active]
    for p in order:
        seat = winners[p]
        st.control[p] = seat
        st.log("capture", seat, p, st.influence[2 * p + seat], st.influence[2 * p + 1 - seat])
        if seat == active:
            for entry in st.pending:
                if entry[1] == p:
                    entry[2] = True
        put_control(st, seat)
        if st.phase == OVER:
            return
        if p == st.data.italy:
            st.dashed = seat
            put_control(st, seat)
            if st.phase == OVER:
                return
    for p in order:
        seat = winners[p]
        for q in st.data.provinces[p].neighbours:
            if st.control[q] == seat and not st.control_down[q]:
                cell = st.data.cell_between[frozenset((p, q))]
                if st.cover[cell] < 0:
                    st.cover[cell] = seat
                    st.log("border", seat, cell)
                    put_control(st, seat)
                    if st.phase == OVER:
                        return


def province_winner(st: CaesarState, p: int) -> int:
    """Return the seat with more influence in a closed province, -1 on a tie (шаг 2).

    In the solo game Crassus wins every tie (ПРАВИЛА ОДИНОЧНОЙ ИГРЫ).
    """
    first, second = st.influence[2 * p], st.influence[2 * p + 1]
    if first > second:
        return 0
    if second > first:
        return 1
    return st.crassus


def put_control(st: CaesarState, seat: int) -> None:
    """Lay one control token from ``seat``'s supply; the last one wins at once (ЗАВЕРШЕНИЕ ИГРЫ)."""
    st.supply[seat] -= 1
    if st.supply[seat] == 0:
        win(st, seat, "last_control")


# -- bonuses ---------------------------------------------------------------------------------


def bonus_choices(st: CaesarState, seat: int) -> list[UseBonus | DiscardBonus]:
    """Return the ways to settle the bonus at the head of the pending ones (ЖЕТОНЫ БОНУСОВ)."""
    bonus = str(st.pending[0][0])
    table = st.table
    out: list[UseBonus | DiscardBonus] = []
    if bonus == "might":
        out.extend(table.might[t] for t in might_targets(st, seat))
    elif bonus == "centurion":
        out.extend(table.centurion[k] for k in dict.fromkeys(st.centurions[seat]))
    else:
        out.append(table.use[bonus])
    out.append(table.discard[bonus])
    return out


def might_targets(st: CaesarState, seat: int) -> list[str]:
    """Return what Might may flip: the opponent's face-up tokens on the map (Могущество).

    An influence token may be flipped only while no control token covers it; a control token in
    a province or on a border cell may be flipped. Control tokens under Senate tokens are not on
    the map and cannot be (Ludi's reading; see docs/rules-notes.md).
    """
    opp = 1 - seat
    data = st.data
    out = []
    for c in range(len(data.cells)):
        if st.cover[c] >= 0:
            if st.cover[c] == opp and not st.cover_down[c]:
                out.append(data.cells[c].id)
        elif st.cell_owner[c] == opp and not st.cell_down[c]:
            out.append(data.cells[c].id)
    out.extend(
        p.code
        for p in data.provinces
        if st.control[p.index] == opp and not st.control_down[p.index]
    )
    return out


def check_bonus(st: CaesarState, seat: int, action: UseBonus | DiscardBonus) -> None:
    """Refuse a bonus decision that does not settle the bonus at hand (ЖЕТОНЫ БОНУСОВ)."""
    if st.phase != BONUSES:
        raise IllegalAction(_("there is no bonus token to decide on: place a token"), _(PLACE))
    bonus = str(st.pending[0][0])
    if action.bonus != bonus:
        raise IllegalAction(
            _(
                "the bonus to decide on now is {bonus}, not {other}",
                bonus=wording.bonus_name(bonus),
                other=wording.bonus_name(action.bonus),
            ),
            _(BONUS),
        )
    if isinstance(action, UseBonus):
        if bonus == "might" and action.target not in might_targets(st, seat):
            raise IllegalAction(
                _(
                    "Might flips a face-up token of the opponent on the map; {target} holds none",
                    target=wording.target_name(st, action.target),
                ),
                _(MIGHT),
            )
        if bonus == "centurion" and action not in bonus_choices(st, seat):
            raise IllegalAction(
                _(
                    "the centurion {token} is not available to you",
                    token=wording.token_name("centurion" + action.target),
                ),
                _(CENTURION),
            )


def settle_bonus(st: CaesarState, seat: int, action: UseBonus | DiscardBonus) -> None:
    """Use or discard the bonus at the head of the pending ones; a discarded one is gone."""
    bonus, _province, captured = st.pending.pop(0)
    if isinstance(action, DiscardBonus):
        st.log("discard", seat, bonus)
    elif bonus == "tactics":
        use_tactics(st, seat)
    elif bonus == "wealth":
        use_wealth(st, seat)
    elif bonus == "might":
        use_might(st, seat, action.target)
    elif bonus == "senate":
        use_senate(st, seat, bool(captured))
    elif bonus == "poison":
        use_poison(st, seat)
    elif bonus == "centurion":
        use_centurion(st, seat, st.data.kind_by_label["centurion" + action.target])
    if st.phase != OVER and not st.pending:
        end_turn(st)


def use_tactics(st: CaesarState, seat: int) -> None:
    """Tactics: one more turn after this one, however many Tactics were taken (Тактика)."""
    st.extra_turn = True
    st.log("use", seat, "tactics", "")


def use_wealth(st: CaesarState, seat: int) -> None:
    """Wealth: draw a token now, on top of the usual draw at the end of the turn (Богатство).

    The hand grows by one for good: every turn still places one token and draws one.
    """
    st.log("use", seat, "wealth", "")
    draw(st, seat)


def use_might(st: CaesarState, seat: int, target: str) -> None:
    """Might: flip an opponent's token face down (Могущество).

    A flipped influence token counts 0/0 from now on (a province already closed keeps its
    owner); a flipped control token gives no border tokens to provinces captured next to it.
    """
    data = st.data
    if target in data.cell_by_id:
        c = data.cell_by_id[target]
        if st.cover[c] >= 0:
            st.cover_down[c] = True
        else:
            st.cell_down[c] = True
            kind = data.kinds[st.cell_kind[c]]
            a, b = data.cells[c].provinces
            facing = st.cell_facing[c]
            other = b if facing == a else a
            owner = st.cell_owner[c]
            st.influence[2 * facing + owner] -= kind.values[0]
            st.influence[2 * other + owner] -= kind.values[1]
    else:
        st.control_down[data.province_by_code[target]] = True
    st.log("use", seat, "might", target)


def use_senate(st: CaesarState, seat: int, captured: bool) -> None:
    """Senate: the token goes to the player's Senate area (Сенат).

    If the player also placed a control token in the province it came from, they lay under it
    as many control tokens as Senate tokens they now hold; otherwise none. Laying the last
    control token there wins at once.
    """
    count = len(st.senate[seat]) + 1 if captured else 0
    count = min(count, st.supply[seat])
    st.senate[seat].append(count)
    st.log("use", seat, "senate", str(count))
    if count:
        st.supply[seat] -= count
        if st.supply[seat] == 0:
            win(st, seat, "last_control_senate")


def use_poison(st: CaesarState, seat: int) -> None:
    """Poison: the opponent returns a random token from behind the screen to the bag (ЯДЫ).

    Both players see it go. Against Crassus it comes from his face-up row (Ludi's reading).
    """
    victim = 1 - seat
    hand = st.hands[victim]
    if not hand:
        st.log("use", seat, "poison", "")
        return
    kind = hand.pop(st.rng.randrange(len(hand)))
    st.bags[victim].append(kind)
    st.revealed[victim].append(kind)
    st.log("poisoned", victim, kind)


def use_centurion(st: CaesarState, seat: int, kind: int) -> None:
    """Centurion: at the end of this turn take that centurion instead of drawing (Центурион).

    It does not raise the hand limit: it stands in for the turn's draw.
    """
    st.centurions[seat].remove(kind)
    st.centurion_taken.append(kind)
    st.log("use", seat, "centurion", st.data.kinds[kind].label)


# -- end of turn and of the game -------------------------------------------------------------


def end_turn(st: CaesarState) -> None:
    """Draw a token (or take the chosen centurion), then pass the turn (ИГРОВОЙ ПРОЦЕСС, шаг 3).

    After a Tactics the same player goes again.
    """
    seat = st.current
    if st.centurion_taken:
        st.hands[seat].extend(st.centurion_taken)
        st.centurion_taken = []
    else:
        draw(st, seat)
    nxt = seat if st.extra_turn else 1 - seat
    if st.extra_turn:
        st.log("extra_turn", seat)
    st.extra_turn = False
    begin_turn(st, nxt)


def draw(st: CaesarState, seat: int) -> None:
    """Draw a random token from the bag into the hand; an empty bag gives nothing (Ludi's reading)."""
    bag = st.bags[seat]
    if not bag:
        st.log("empty_bag", seat)
        return
    i = st.rng.randrange(len(bag))
    bag[i], bag[-1] = bag[-1], bag[i]
    kind = bag.pop()
    st.hands[seat].append(kind)
    if st.revealed[seat]:
        kinds = st.data.kinds
        st.loose[seat].extend(k for k in st.revealed[seat] if kinds[k].centurion)
        st.revealed[seat] = []  # a poisoned token may be back in hand: no longer known in the bag
    st.log("draw", seat, kind)


def win(st: CaesarState, seat: int, why: str) -> None:
    """End the match with ``seat`` the winner (ЗАВЕРШЕНИЕ ИГРЫ); ``why`` is a key of
    ``view.REASONS`` (the state and the log hold no words: they are read in each reader's
    language)."""
    st.winner = seat
    st.end_reason = f"win:{why}"
    st.phase = OVER
    st.log("win", seat, why)


def lose(st: CaesarState, seat: int, why: str, rule: str) -> None:
    """End the match with ``seat`` the loser (ЗАВЕРШЕНИЕ ИГРЫ, or ЯДЫ for an empty hand)."""
    win_seat = 1 - seat
    st.winner = win_seat
    st.end_reason = f"lose:{why}"
    st.phase = OVER
    st.log("lose", seat, why, rule)

"""The card vocabulary: each effect op does what docs/aeterna.md says, read from the card data
(B.1 instant, permanent, activated and end-game abilities; AZIONI GRATUITE 2). The cards used
are RECONSTRUCTED defaults: these tests pin the interpreter, not the printed cards."""

from __future__ import annotations

import pytest
from aeterna_helpers import (
    BLUE,
    RED,
    give_hand,
    give_played,
    hill,
    in_actions,
    lay_stacks,
    res,
    set_res,
    turn_to,
)

from ludi.engine import IllegalAction
from ludi.games.aeterna import rules


def test_on_pass_gives_its_bundle_when_the_owner_passes() -> None:
    st = in_actions(4)
    give_played(st, RED, "regia")  # on_pass: +1 PP
    set_res(st, RED, pp=0)
    turn_to(st, RED)
    st.apply(RED, "pass")
    assert res(st, RED, "pp") == 4 + 1  # the first pass space with 4 players, and Regia


def test_on_reward_token_gives_its_bundle_with_each_token() -> None:
    st = in_actions(4)
    give_played(st, RED, "castra_peregrina")  # on_reward_token: +1 aureus
    h = hill(st, 2)
    slot = next(
        i for i in range(3) if not st.data.reward_tokens[st.hill_tokens[h * 3 + i]].play_board_card
    )
    token = st.data.reward_tokens[st.hill_tokens[h * 3 + slot]]
    set_res(st, RED, aurei=0, grain=5, citizens=1)
    turn_to(st, RED)
    st.apply(RED, f"influence:2+{slot + 1}")
    assert res(st, RED, "aurei") == token.gain[0] + 1


def test_on_play_province_gives_its_bundle_for_provinces_only() -> None:
    st = in_actions(4)
    give_played(st, RED, "regina_viarum")  # on_play_province: +2 aurei
    give_hand(st, RED, "latii")  # 1 citizen: 3 aurei, 1 grain, +1 unrest
    set_res(st, RED, aurei=0, citizens=1)
    turn_to(st, RED)
    st.apply(RED, "play:latii")
    assert res(st, RED, "aurei") == 3 + 2


def test_influence_discount_lowers_the_grain() -> None:
    st = in_actions(4)
    give_played(st, RED, "pons_sublicius")  # influence: 1 grain less
    set_res(st, RED, grain=1, citizens=2)
    turn_to(st, RED)
    st.apply(RED, "influence:3")  # the first citizen there: 2 - 1
    assert res(st, RED, "grain") == 0


def test_scoring_bonus_per_prefect_hill_adds_in_phase_c() -> None:
    st = in_actions(4)
    give_played(st, BLUE, "curia_hostilia")  # +1 PP per hill where prefect, in C
    for p in range(4):
        set_res(st, p, pp=0)
    lay_stacks(st, 1, [(BLUE, 2), (RED, 1)])
    lay_stacks(st, 2, [(BLUE, 1)])
    rules.score_hills(st)
    assert res(st, BLUE, "pp") == 5 + 5 + 2 and res(st, RED, "pp") == 4


def test_convert_pays_then_gains_and_is_refused_without_the_payment() -> None:
    st = in_actions(4)
    give_played(st, RED, "comitium")  # activated: pay 1 grain, lose 2 unrest
    set_res(st, RED, grain=0, unrest=4)
    turn_to(st, RED)
    assert "activate:comitium" not in [str(m) for m in st.legal_actions(RED)]
    before = st.position()
    with pytest.raises(IllegalAction, match="needs 1 grain"):
        st.apply(RED, "activate:comitium")
    assert st.position() == before
    set_res(st, RED, grain=1)
    st.apply(RED, "activate:comitium")
    assert (res(st, RED, "grain"), res(st, RED, "unrest")) == (0, 2)


def test_a_convert_may_pay_a_citizen_who_goes_back_to_the_supply() -> None:
    st = in_actions(4)
    give_played(st, RED, "columna_bellica")  # pay 1 citizen: 3 aurei, 1 stone
    set_res(st, RED, citizens=1, supply=6, aurei=0, stone=0)
    turn_to(st, RED)
    st.apply(RED, "activate:columna_bellica")
    assert (res(st, RED, "citizens"), res(st, RED, "supply")) == (0, 7)
    assert (res(st, RED, "aurei"), res(st, RED, "stone")) == (3, 1)


def test_gain_per_is_capped_by_max_times_and_counts_the_card_itself() -> None:
    st = in_actions(4)
    st.epoch = 2
    give_played(st, RED, "aedes_iani", "moenia_servii_tulli")  # two military cards
    give_hand(st, RED, "castra_praetoria")  # 1 citizen per military card, max 2
    set_res(st, RED, aurei=2, stone=2, citizens=0, supply=7)
    turn_to(st, RED)
    st.apply(RED, "play:castra_praetoria")
    assert res(st, RED, "citizens") == 2


def test_this_epoch_counters_ignore_earlier_epochs() -> None:
    st = in_actions(4)
    st.epoch = 2
    give_played(st, RED, "latii", "siciliae")  # a province of epoch I and one of epoch II
    give_hand(st, RED, "porta_triumphalis")  # 2 PP per province played this epoch
    set_res(st, RED, aurei=3, stone=2, pp=0)
    turn_to(st, RED)
    st.apply(RED, "play:porta_triumphalis")
    assert res(st, RED, "pp") == 2


def test_a_gain_per_is_one_effect_for_the_below_zero_pp() -> None:
    st = in_actions(4)
    st.epoch = 2
    lay_stacks(st, 1, [(RED, 1)])
    lay_stacks(st, 2, [(RED, 1)])
    lay_stacks(st, 3, [(RED, 1)])
    give_hand(st, RED, "thermae_agrippae")  # lose 1 unrest per citizen on the board
    set_res(st, RED, aurei=3, stone=1, unrest=1, pp=0)
    turn_to(st, RED)
    st.apply(RED, "play:thermae_agrippae")
    assert (res(st, RED, "unrest"), res(st, RED, "pp")) == (0, 1)


def test_endgame_pp_per_counts_at_the_end() -> None:
    st = in_actions(2)
    for p in range(2):
        set_res(st, p, pp=0, stone=0, grain=0, aurei=0, unrest=0, ruin=0)
    st.played = [[], []]
    give_played(st, RED, "palatium_domitiani", "romulus", "spartacus")  # 2 PP per personality
    rules.end_game(st)
    assert res(st, RED, "pp") == 3 + 2 * 2  # its printed 3 PP and the ability

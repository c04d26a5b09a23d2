"""The research encodings: fixed action spaces built from the data, observations of a fixed
size from a seat's view only, and masks that name exactly the legal actions."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import yaml

import ludi
from ludi.engine import Rng, State
from ludi.research import spec
from ludi.research.core import Spec, has_encoding

ALL_ON = {
    "caesar": {"poison": True, "centurions": True, "border_control": True},
    # the readings that add actions (allowed at every player count)
    "age_of_rome": {
        "apostasy_swap": "anywhere",
        "forged_from": "board_too",
        "full_hand": "make_room",
        "chain": "identical",
    },
}
CONFIGS = [(game.id, n) for game in ludi.games() if has_encoding(game) for n in game.players]


def random_states(config: Spec, seeds: range, every: int = 1) -> list[State]:
    """Return copies of every ``every``-th state of random matches (to act: someone)."""
    out = []
    for seed in seeds:
        state = config.new_state(seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over:
            if step % every == 0:
                out.append(state.clone())
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
            step += 1
    return out


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_every_legal_action_has_an_id_and_every_observation_the_layout(
    game_id: str, players: int
) -> None:
    config = spec(game_id, players, ALL_ON.get(game_id))
    encoder = config.encoder
    assert len(set(encoder.actions.notations)) == len(encoder.actions)
    assert sum(s.size for s in encoder.layout) == encoder.size
    for state in random_states(config, range(3)):
        for seat in state.to_act:
            legal = [str(a) for a in state.legal_actions(seat)]
            mask = config.action_mask(state, seat)
            assert mask.sum() == len(legal)
            assert sorted(encoder.actions.notations[i] for i in np.flatnonzero(mask)) == sorted(
                legal
            )
            assert config.observation(state, seat).shape == (encoder.size,)


def test_the_spaces_depend_on_the_options_not_on_play() -> None:
    plain = spec("caesar").encoder.actions
    modules = spec("caesar", options=ALL_ON["caesar"]).encoder.actions
    assert "use:poison" not in plain.index and "use:poison" in modules.index
    assert not any(t.endswith(":down") for t in plain.notations)
    assert "centurion:7/0" in modules.index
    # the families, not play: a token placement on a cell it fits, both facings
    assert {"ship5/1@b07>SD", "ship5/1@b07>SC", "ship3/3@b07"} <= set(plain.notations)
    assert "ship3/3@b07>SC" not in plain.index  # a symmetric token has one id


def test_a_data_file_with_other_cards_gives_a_valid_space(tmp_path: Path) -> None:
    shipped = Path(ludi.__file__).parent / "games" / "aeterna" / "data" / "aeterna.yaml"
    monuments = yaml.safe_load(shipped.read_text(encoding="utf-8"))["monuments"]
    for card in monuments["cards"]:
        card["id"] = f"{card['id']}_nova"
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump({"monuments": monuments}), encoding="utf-8")
    config = spec("aeterna", 2, data=path)
    index = config.encoder.actions.index
    assert "play:comitium_nova" in index and "play:comitium" not in index
    assert "influence:3+2>comitium_nova" in index
    for state in random_states(config, range(2)):
        for seat in state.to_act:
            config.action_mask(state, seat)  # raises KeyError for an action without an id


def test_the_board_card_influence_has_a_factored_form() -> None:
    actions = spec("aeterna", 3).encoder.actions
    family_names = [f.name for f in actions.families]
    f = family_names.index("influence_board")
    family = actions.families[f]
    assert [name for name, _ in family.axes] == ["hill", "slot", "card"]
    ids = [i for i, (fam, _) in enumerate(actions.factors) if fam == f]
    for i in ids[:: len(ids) // 50]:
        _, (hill, slot, card) = actions.factors[i]
        h, s, c = (family.axes[k][1][v] for k, v in enumerate((hill, slot, card)))
        assert actions.notations[i] == f"influence:{h}+{s}>{c}"
    table = spec("aeterna", 3).factor_table()
    assert table.shape == (len(actions), 4)
    assert list(table[ids[0]]) == [f, 0, 0, 0]
    assert table[actions.id("pass")].tolist() == [family_names.index("pass"), -1, -1, -1]


@pytest.mark.parametrize(("game_id", "players"), CONFIGS)
def test_what_a_seat_cannot_see_never_changes_its_tensor_or_mask(
    game_id: str, players: int
) -> None:
    """Re-draw all a seat cannot see (``sample_hidden``): its tensor and mask stay the same,
    while the other seats' hidden parts (their hands, the decks) do change."""
    config = spec(game_id, players, ALL_ON.get(game_id))
    changed = 0
    for k, state in enumerate(random_states(config, range(2), every=7)):
        for seat in range(players):
            sample = state.sample_hidden(seat, Rng(k * 31 + seat))
            assert np.array_equal(config.observation(sample, seat), config.observation(state, seat))
            assert np.array_equal(config.action_mask(sample, seat), config.action_mask(state, seat))
            changed += sample.position()["state"] != state.position()["state"]
    assert changed, "the re-draws never changed anything hidden: the test proves nothing"


def test_the_core_and_the_encoders_import_no_research_library() -> None:
    """A plain ``pip install .`` keeps working: the engine, the games and their encoders load
    without numpy, PettingZoo, Gymnasium or OpenSpiel."""
    import subprocess
    import sys

    code = (
        "import sys, ludi\n"
        "for g in ludi.games():\n"
        "    g.research.encoder(g.players[0], g.resolve_options({}, g.players[0]), g.load_data(None))\n"
        "heavy = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_caesar_senate_segment_counts_the_senate_tokens_held() -> None:
    """A seat that took Senate tokens shows how many, and the control tokens laid under them
    (Сенат), in its own ``senate`` segment and in its opponent's ``opponent.senate``."""
    config = spec("caesar")
    encoder = config.encoder
    held = [s for s in random_states(config, range(6)) if s.senate[0]]  # type: ignore[attr-defined]
    assert held, "no random match took a Senate token: the test proves nothing"
    for state in held:
        senate = state.senate[0]  # type: ignore[attr-defined]
        mine = encoder.offsets["me.senate"]
        theirs = encoder.offsets["opponent.senate"]
        expected = [len(senate) / 6.0, sum(senate) / 12.0]
        assert config.observation(state, 0)[mine : mine + 2] == pytest.approx(expected)
        assert config.observation(state, 1)[theirs : theirs + 2] == pytest.approx(expected)

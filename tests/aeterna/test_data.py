"""Æterna's card data: the vocabulary, the printed cards, RECONSTRUCTED labels, user files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from aeterna_helpers import res

import ludi
from ludi.engine import DataError
from ludi.games.aeterna import data as aeterna_data
from ludi.games.aeterna.rules import change_unrest

SHIPPED = Path(aeterna_data.__file__).parent / "data" / "aeterna.yaml"


@pytest.fixture(scope="module")
def data() -> aeterna_data.AeternaData:
    return aeterna_data.load()


def test_every_card_of_the_box_is_data(data: aeterna_data.AeternaData) -> None:
    """36 monuments (12 per epoch), 24 provinces (8), 12 personalities (4) (COMPONENTI)."""
    for deck, per_epoch in (("monument", 12), ("province", 8), ("personality", 4)):
        for e in range(3):
            assert len(data.by_epoch[e][deck]) == per_epoch
    assert len(data.cards) == 72


def test_the_four_printed_cards_match_the_print(data: aeterna_data.AeternaData) -> None:
    ecclesia = data.cards[data.card_by_id["ecclesia_sancti_petri"]]
    assert (ecclesia.epoch, ecclesia.cost[0], ecclesia.end_pp) == (3, 9, 1)
    assert (ecclesia.ability, ecclesia.op, ecclesia.amount) == (
        "permanent",
        "province_cost_reduction",
        1,
    )
    assert ecclesia.resources == (0, 1, 0, 1, -1, 0)  # digits 1, 1, -1 and PP 1
    thraciae = data.cards[data.card_by_id["thraciae"]]
    assert (thraciae.deck, thraciae.epoch, thraciae.cost[3], thraciae.end_pp) == (
        "province",
        3,
        3,
        3,
    )
    assert thraciae.resources == (8, 1, 2, 0, 4, 0)  # 2 stone, 8 aurei, 1 grain, 4 unrest
    romulus = data.cards[data.card_by_id["romulus"]]
    assert (romulus.epoch, romulus.cost[0], romulus.per) == (1, 6, ("hills_with_own_citizen",))
    assert romulus.reward == (0, 0, 0, 0, -2, 1)
    spartacus = data.cards[data.card_by_id["spartacus"]]
    assert spartacus.cost[0] == 6 and spartacus.reward == (0, 0, 0, 0, -3, 1)
    assert set(data.printed_cards) == {"ecclesia_sancti_petri", "thraciae", "romulus", "spartacus"}


def test_reconstructed_data_is_labelled_in_listings_and_at_the_start() -> None:
    described = ludi.get_game("aeterna").describe()
    sections = {n["section"] for n in described["data"]["reconstructed"]}
    assert {"monuments", "provinces", "personalities", "hills.prestige", "doom_track"} <= sections
    st = ludi.new_match("aeterna", players=2, seed=3)
    first = st.events(0)[0]
    assert "RECONSTRUCTED" in first and "Thraciae" in first


def _write(tmp_path: Path, mutate) -> Path:  # type: ignore[no-untyped-def]
    raw = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    mine = {"monuments": raw["monuments"]}
    mutate(mine["monuments"]["cards"])
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(mine, allow_unicode=True), encoding="utf-8")
    return path


def test_a_bad_card_is_refused_naming_the_card_the_field_and_the_reason(tmp_path: Path) -> None:
    def bad_cost(cards: list[dict]) -> None:  # type: ignore[type-arg]
        cards[3]["cost"]["aurei"] = -1

    with pytest.raises(DataError) as err:
        ludi.new_match("aeterna", players=2, data=_write(tmp_path, bad_cost))
    text = str(err.value)
    assert "pons_sublicius" in text and "cost.aurei" in text and "greater than or equal" in text


def test_an_ability_that_does_not_fit_its_type_is_refused(tmp_path: Path) -> None:
    def bad_op(cards: list[dict]) -> None:  # type: ignore[type-arg]
        cards[0]["ability"]["type"] = "permanent"  # Comitium's convert is not a modifier

    with pytest.raises(DataError) as err:
        aeterna_data.load(_write(tmp_path, bad_op))
    assert "comitium" in str(err.value) and "cannot use op 'convert'" in str(err.value)


def test_an_unknown_counter_is_refused_naming_the_card(tmp_path: Path) -> None:
    def bad_counter(cards: list[dict]) -> None:  # type: ignore[type-arg]
        cards[1]["ability"]["effect"]["per"] = "hills_with_temples"

    with pytest.raises(DataError) as err:
        aeterna_data.load(_write(tmp_path, bad_counter))
    assert "casa_romuli" in str(err.value) and "unknown counter 'hills_with_temples'" in str(
        err.value
    )


def test_a_players_card_file_is_played(tmp_path: Path) -> None:
    def cheaper(cards: list[dict]) -> None:  # type: ignore[type-arg]
        for c in cards:
            c["cost"] = {"aurei": 1}

    path = _write(tmp_path, cheaper)
    st = ludi.new_match("aeterna", players=2, seed=1, data=path)
    assert all(c.cost == (1, 0, 0, 0, 0, 0) for c in st.data.cards if c.deck == "monument")
    assert st.data.info.source == str(path)
    assert st.data.info.sha256 != aeterna_data.load().info.sha256


def test_a_shorter_unrest_track_from_a_data_file_is_the_one_narrated(tmp_path: Path) -> None:
    """The track's top comes from the data (B, the unrest track): a file with a track to 8
    caps the marker at 8 and the log names 8, not the printed 10."""
    raw = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    track = raw["unrest_track"]
    track["max"] = 8
    track["damage_spaces"] = [2, 4, 6, 7]
    path = tmp_path / "track.yaml"
    path.write_text(yaml.safe_dump({"unrest_track": track}), encoding="utf-8")
    st = ludi.new_match("aeterna", players=2, seed=1, data=path)
    before = len(st.events(0))
    change_unrest(st, 0, 9 - res(st, 0, "unrest"))
    assert res(st, 0, "unrest") == 8
    told = st.events(0)[before:]
    assert any("would go above 8: -1 PP" in t for t in told), told

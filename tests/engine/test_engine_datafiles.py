"""Component data files (games/datafile.py, with Caesar!'s data as the example): a user's
``--data`` file that does not validate is refused naming the field; a valid one replaces whole
sections, changes the data fingerprint, and records and positions then name that data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import ludi
from ludi import DataError, RecordError
from ludi.games.caesar import data as caesar_data


def shipped() -> dict[str, Any]:
    path = Path(caesar_data.__file__).parent / "data" / "caesar.yaml"
    loaded: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    return loaded


def write(tmp_path: Path, content: object, name: str = "mine.yaml") -> Path:
    path = tmp_path / name
    text = content if isinstance(content, str) else yaml.safe_dump(content, allow_unicode=True)
    path.write_text(text, encoding="utf-8")
    return path


def map_with(**changes: Any) -> dict[str, Any]:
    """Return the shipped map section with the first cell changed."""
    section = shipped()["map"]
    section["cells"][0].update(changes)
    return {"map": section}


def test_a_cell_with_an_unknown_icon_is_refused_naming_the_cell(tmp_path: Path) -> None:
    path = write(tmp_path, map_with(icon="spear"))
    with pytest.raises(DataError, match=r"mine\.yaml.*map.*cells\[0\] \(b01\): icon 'spear'"):
        ludi.new_match("caesar", seed=1, data=path)


def test_a_cell_next_to_an_unknown_province_is_refused_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path, map_with(provinces=["HU", "XX"]))
    with pytest.raises(DataError, match=r"cells\[0\] \(b01\): unknown province 'XX'"):
        caesar_data.load(path)


def test_a_value_of_the_wrong_type_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = write(tmp_path, {"control_tokens": {"provenance": {"source": "mine", "confidence": "LIKELY"}, "per_player": "many"}})  # fmt: skip
    with pytest.raises(DataError, match=r"control_tokens\.per_player"):
        caesar_data.load(path)


def test_a_missing_field_is_refused_naming_it(tmp_path: Path) -> None:
    path = write(tmp_path, {"hand": {"start": 2, "start_with_poison": 3}})
    with pytest.raises(DataError, match=r"hand\.provenance"):
        caesar_data.load(path)


def test_an_unknown_field_is_refused_naming_it(tmp_path: Path) -> None:
    section = shipped()["hand"]
    section["start_with_wine"] = 4
    path = write(tmp_path, {"hand": section})
    with pytest.raises(DataError, match=r"hand\.start_with_wine"):
        caesar_data.load(path)


def test_a_file_that_is_not_a_mapping_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "- map\n- hand\n")
    with pytest.raises(DataError, match="a mapping of sections"):
        caesar_data.load(path)


def test_an_unknown_section_is_refused_naming_it_and_the_known_ones(tmp_path: Path) -> None:
    path = write(tmp_path, {"weather": {"rain": True}})
    with pytest.raises(DataError, match=r"unknown section.*weather.*the sections are .*map"):
        caesar_data.load(path)


def test_a_file_that_is_not_yaml_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "map: [unclosed\n")
    with pytest.raises(DataError, match="not valid YAML"):
        caesar_data.load(path)


def test_a_file_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read"):
        caesar_data.load(tmp_path / "nowhere.yaml")


def test_a_refused_file_leaves_the_shipped_data_alone(tmp_path: Path) -> None:
    before = caesar_data.load(None).info.sha256
    with pytest.raises(DataError):
        caesar_data.load(write(tmp_path, map_with(icon="spear")))
    assert caesar_data.load(None).info.sha256 == before


def test_a_valid_override_replaces_its_section_and_changes_the_fingerprint(
    tmp_path: Path,
) -> None:
    section = shipped()["control_tokens"]
    section["per_player"] = 10
    path = write(tmp_path, {"control_tokens": section})
    mine = caesar_data.load(path)
    default = caesar_data.load(None)
    assert mine.control_per_player == 10
    assert mine.info.sha256 != default.info.sha256
    assert mine.info.source == str(path)
    # the rest is the shipped data
    assert [c.id for c in mine.cells] == [c.id for c in default.cells]
    state = ludi.new_match("caesar", seed=3, data=path)
    assert state.view(0)["seats"][0]["control_left"] == 10


def test_the_same_content_gives_the_same_fingerprint(tmp_path: Path) -> None:
    section = shipped()["hand"]
    a = caesar_data.load(write(tmp_path, {"hand": section}, "a.yaml"))
    b = caesar_data.load(write(tmp_path, {"hand": section}, "b.yaml"))
    assert a.info.sha256 == b.info.sha256 == caesar_data.load(None).info.sha256


def test_a_record_made_with_other_data_replays_only_with_that_data(tmp_path: Path) -> None:
    section = shipped()["control_tokens"]
    section["per_player"] = 9
    path = write(tmp_path, {"control_tokens": section})
    state = ludi.new_match("caesar", seed=3, data=path)
    seat = state.to_act[0]
    state.apply(seat, state.legal_actions(seat)[0])
    record = ludi.record_of(state)
    with pytest.raises(RecordError, match="other component data"):
        ludi.replay(record)
    assert ludi.replay(record, data=path).position() == state.position()
    with pytest.raises(RecordError, match="other component data"):
        ludi.load_position(state.position())
    assert ludi.load_position(state.position(), data=path).position() == state.position()


def test_provenance_notices_list_the_reconstructed_sections() -> None:
    info = caesar_data.load(None).info
    reconstructed = {n.section for n in info.reconstructed()}
    assert "solo.order_faces" in reconstructed
    assert all(n.confidence == "RECONSTRUCTED" for n in info.reconstructed())

"""Golden playthroughs: fixed matches stored as text, so that any change of behaviour shows.

For a few seeds and option sets per game, a seeded random player plays a whole match; each
step is written as the seat, its action in notation, how many legal actions it had, and the
public (spectator) narration the action caused. The test plays the same match again and
compares it line by line with the file under ``tests/golden/data/``.

A deliberate change of the rules (or of the narration) changes these files: regenerate them
with ``LUDI_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/golden`` and read the diff before
committing it (see docs/testing.md). Regenerating still compares first: a file that changed is
written anew and its test fails, naming it, so a run never passes without a comparison.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import ludi
from ludi import Rng
from ludi.engine import Game, OptionError

DATA = Path(__file__).parent / "data"
REGENERATE = os.environ.get("LUDI_REGENERATE_GOLDEN", "") not in ("", "0")
MAX_STEPS = 5_000


@dataclass(frozen=True)
class Golden:
    """One stored match: the game, the player count, the options and the seed."""

    game: str
    players: int
    seed: int
    label: str = "defaults"
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def path(self) -> Path:
        return DATA / f"{self.game}-{self.players}p-{self.label}-s{self.seed}.txt"

    @property
    def id(self) -> str:
        return self.path.stem


def variant(game: Game, players: int) -> dict[str, Any] | None:
    """Return the options with each one moved off its default (None if the game refuses it)."""
    values: dict[str, Any] = {}
    for opt in game.options:
        if opt.kind is bool:
            values[opt.name] = not opt.default
        elif opt.choices:
            values[opt.name] = next(c for c in opt.choices if c != opt.default)
    if not values:
        return None
    try:
        game.resolve_options(values, players)
    except OptionError:
        return None
    return values


def goldens() -> list[Golden]:
    """Every game at every player count with its defaults, and once with every option moved;
    Caesar! also with its modules and its solo game."""
    out = []
    for game in ludi.games():
        for n in game.players:
            out.append(Golden(game.id, n, seed=1))
        moved = variant(game, game.players[-1])
        if moved is not None:
            out.append(Golden(game.id, game.players[-1], seed=2, label="variant", options=moved))
    rome = {"poison": True, "centurions": True, "border_control": True}
    out += [
        Golden("caesar", 2, seed=3),
        Golden("caesar", 2, seed=4, label="rome", options=rome),
        Golden(
            "caesar", 2, seed=5, label="solo-hard", options={"solo": "hard", "centurions": True}
        ),
        Golden(
            "caesar",
            2,
            seed=6,
            label="solo-normal",
            options={"solo": "normal", "poison": True, "crassus_plays": "caesar"},
        ),
    ]
    return out


GOLDENS = goldens()


def playthrough(golden: Golden) -> str:
    """Return the text of the match: a header, then every step with its public narration."""
    state = ludi.new_match(
        golden.game, players=golden.players, seed=golden.seed, options=golden.options
    )
    rng = Rng(golden.seed)
    lines = [
        "# Ludi golden playthrough (tests/golden/test_golden.py); regenerate deliberately with",
        "# LUDI_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/golden",
        f"game: {golden.game} (rules {state.game.rules_version})",
        f"players: {golden.players}",
        f"seed: {golden.seed}",
        f"options: {json.dumps(dict(state.options), sort_keys=True)}",
        f"data: {state.data.info.sha256}",
        "player: uniformly random legal action, Rng(seed)",
        "",
    ]
    seen = len(state.raw_events())
    lines += [f"  | {text}" for text in state.events(None)]
    step = 0
    while not state.is_over:
        step += 1
        if step > MAX_STEPS:
            raise AssertionError(f"{golden.id}: no end after {MAX_STEPS} actions")
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        state.apply(seat, action)
        lines.append(f"{step}. {state.seat_name(seat)} [{seat}] {action}   ({len(legal)} legal)")
        lines += [f"  | {text}" for text in state.events(None, since=seen)]
        seen = len(state.raw_events())
    result = state.result
    assert result is not None
    lines += ["", f"result: {json.dumps(result.to_json(), sort_keys=True)}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("golden", GOLDENS, ids=[g.id for g in GOLDENS])
def test_the_match_plays_exactly_as_stored(golden: Golden) -> None:
    text = playthrough(golden)
    stored_text = golden.path.read_text(encoding="utf-8") if golden.path.exists() else None
    if REGENERATE and stored_text != text:
        DATA.mkdir(exist_ok=True)
        golden.path.write_text(text, encoding="utf-8")
        pytest.fail(
            f"{golden.path.name} written anew (it {'differed' if stored_text else 'was missing'}):"
            " review `git diff tests/golden` before committing it; the next run compares it"
        )
    assert stored_text is not None, (
        f"no golden file {golden.path.name}: run LUDI_REGENERATE_GOLDEN=1 .venv/bin/pytest "
        "tests/golden and commit it"
    )
    stored = stored_text.splitlines()
    now = text.splitlines()
    for i, (old, new) in enumerate(zip(stored, now, strict=False)):
        assert old == new, (
            f"{golden.path.name} line {i + 1} changed:\n  stored: {old}\n  now:    {new}\n"
            "if the change is meant, regenerate (docs/testing.md) and review the diff"
        )
    assert len(stored) == len(now), f"{golden.path.name}: {len(stored)} lines, now {len(now)}"


def test_regenerating_compares_before_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    golden = next(g for g in GOLDENS if g.game == "caesar")
    monkeypatch.setattr(sys.modules[__name__], "DATA", tmp_path)
    golden.path.write_text("an old playthrough\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="line 1 changed"):
        test_the_match_plays_exactly_as_stored(golden)
    monkeypatch.setattr(sys.modules[__name__], "REGENERATE", True)
    with pytest.raises(pytest.fail.Exception, match="written anew"):
        test_the_match_plays_exactly_as_stored(golden)
    assert golden.path.read_text(encoding="utf-8") == playthrough(golden)
    test_the_match_plays_exactly_as_stored(golden)  # now it matches, in either mode


def test_the_stored_actions_replay_through_a_record() -> None:
    """The notation in the files is the one records use: the actions of each file replay."""
    for golden in GOLDENS:
        if not golden.path.exists():
            continue
        actions = []
        for line in golden.path.read_text(encoding="utf-8").splitlines():
            if line[:1].isdigit():
                head, _, _count = line.partition("   (")
                seat = int(head.split("] ")[0].rsplit("[", 1)[1])
                actions.append([seat, head.split("] ", 1)[1]])
        state = ludi.new_match(
            golden.game, players=golden.players, seed=golden.seed, options=golden.options
        )
        record = ludi.record_of(state).to_json()
        record["actions"] = actions
        assert ludi.replay(record).is_over, golden.id


def test_no_stray_golden_files() -> None:
    """Every file in the folder belongs to a playthrough the suite plays."""
    expected = {g.path.name for g in GOLDENS}
    stray = sorted(p.name for p in DATA.glob("*.txt") if p.name not in expected)
    assert not stray, f"golden files no test plays (delete them or add them back): {stray}"

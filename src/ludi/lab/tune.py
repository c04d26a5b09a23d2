"""Tuning: an Optuna search over bot settings or data values toward a target.

A parameter is either a ``{name}`` in a seat spec (``ismcts:iterations={iterations}``) or, with
``path``, a value in the game's data (``monuments.cards.comitium.cost.aurei``; list items are
found by their ``id``), written per trial as a data file laid over the shipped one. Each trial
plays the experiment's matches on the same seeds (common random numbers, so trials differ by
their parameters, not their luck) and scores the target:

- ``equal_seats``: the gap between the best and the worst turn position's win rate (0 is fair),
  the worst over the player counts;
- ``length``: how far the mean length (in ``unit``: decisions or one of the game's units) is
  from ``length``, the mean over the player counts.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

import ludi
from ludi.lab import runner
from ludi.lab.experiment import Arm, Experiment, LabError


def set_value(raw: dict[str, Any], path: str, value: float) -> str:
    """Set the value at a dotted ``path`` in raw data (list items by ``id`` or index); return
    the top-level section it is in. Raises ``LabError`` naming the part that is not there."""
    parts = path.split(".")
    node: Any = raw
    for k, part in enumerate(parts[:-1]):
        node = _child(node, part, ".".join(parts[: k + 1]))
    last = parts[-1]
    if not isinstance(node, dict):
        raise LabError(f"tune.params: {path}: {'.'.join(parts[:-1])} holds no named values")
    node[last] = value
    return parts[0]


def _child(node: Any, part: str, where: str) -> Any:
    if isinstance(node, dict) and part in node:
        return node[part]
    if isinstance(node, list):
        for item in node:
            if isinstance(item, dict) and item.get("id") == part:
                return item
        if part.isdigit() and int(part) < len(node):
            return node[int(part)]
    raise LabError(f"tune.params: the game's data has nothing at {where}")


def tune(
    exp: Experiment,
    out: Path,
    where: runner.Workers,
    progress: runner.Callable[[int], None] | None,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the search on ``where``; return its trials (in order) and the best one, and every
    match's row (each with its trial's number as its arm)."""
    try:
        import optuna
    except ImportError:
        raise LabError("tuning needs Optuna: pip install 'ludi[lab]'") from None
    assert exp.tune is not None
    spec = exp.tune
    game = ludi.get_game(exp.game)
    base_arm = next(iter(exp.arms.values()))
    base_raw: dict[str, Any] = {}
    if any(p.path for p in spec.params.values()):
        raw = (
            game.lab.raw_data(Path(base_arm.data) if base_arm.data else None) if game.lab else None
        )
        if raw is None:
            raise LabError(f"{game.title} does not offer its data as sections to tune")
        base_raw = raw
    folder = out / "trials"
    trials: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []

    def objective(trial: optuna.Trial) -> float:
        values: dict[str, float] = {}
        for name, p in spec.params.items():
            if p.integer:
                values[name] = trial.suggest_int(name, int(p.low), int(p.high))
            else:
                values[name] = trial.suggest_float(name, p.low, p.high)
        seats = list(exp.seats)
        for name, v in values.items():
            seats = [s.replace("{" + name + "}", str(v)) for s in seats]
        data = base_arm.data
        touched = {}
        raw = copy.deepcopy(base_raw)
        for name, p in spec.params.items():
            if p.path:
                section = set_value(raw, p.path, values[name])
                touched[section] = raw[section]
        if touched:
            folder.mkdir(parents=True, exist_ok=True)
            file = folder / f"trial-{trial.number + 1:03d}.yaml"
            file.write_text(yaml.safe_dump(touched, sort_keys=False, allow_unicode=True))
            data = str(file)
            game.load_data(file)  # a value the data refuses stops here, naming the field
        trial_exp = exp.model_copy(
            update={
                "seats": seats,
                "arms": {"trial": Arm(options=base_arm.options, data=data)},
                "tune": None,
                "records": False,
            }
        )
        rows = runner.run(runner.jobs_of(trial_exp), progress=progress, where=where)
        for row in rows:
            row["arm"] = f"trial {trial.number + 1}"
        played.extend(rows)
        score, detail = _score(exp, rows)
        trials.append({"trial": trial.number + 1, "params": values, "value": score, **detail})
        return score

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        direction="minimize", sampler=optuna.samplers.TPESampler(seed=exp.seed)
    )
    study.optimize(objective, n_trials=spec.trials)
    best = min(trials, key=lambda t: (t["value"], t["trial"]))
    target = spec.model_dump(mode="json", exclude_none=True)
    return {"target": target, "trials": trials, "best": best}, played


def _score(exp: Experiment, rows: list[dict[str, Any]]) -> tuple[float, dict[str, Any]]:
    assert exp.tune is not None
    per: dict[str, float] = {}
    for n in exp.players:
        group = [r for r in rows if r["players"] == n]
        if exp.tune.target == "equal_seats":
            wins = [0] * n
            for r in group:
                if len(r["winners"]) == 1:
                    wins[r["order"].index(r["winners"][0])] += 1
            rates = [w / len(group) for w in wins]
            per[f"{n} players"] = max(rates) - min(rates)
        else:
            unit = exp.tune.unit
            if unit == "decisions":
                values = [r["decisions"] for r in group]
            else:
                if unit not in group[0]["length"]:
                    known = ", ".join(["decisions", *group[0]["length"]])
                    raise LabError(f"tune.unit: the game measures length in {known}, not {unit!r}")
                values = [r["length"][unit] for r in group]
            per[f"{n} players"] = sum(values) / len(values)
    if exp.tune.target == "equal_seats":
        return max(per.values()), {"seat_gap": per}
    assert exp.tune.length is not None
    target = exp.tune.length
    return sum(abs(v - target) for v in per.values()) / len(per), {"mean_length": per}

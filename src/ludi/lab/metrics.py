"""The statistics of a set of matches (one arm at one player count), and paired differences
between arms.

Wins are counted as a designer reads them: a *win* is a first place alone; a first place
shared by several seats is a *tie* and is reported as such, never as a fraction of a win.
Rates carry 95% Wilson intervals; the first player's edge is tested against "every turn
position wins equally often" (exact binomial test for the first position, chi-square over all
positions). Paired differences between arms use the same matches (seed and seating) in both
arms: a bootstrap over matches (with a fixed seed, so a report is reproducible) for the
interval, and an exact sign test (McNemar) or the Wilcoxon signed-rank test for the p-value.
Two identical arms give every difference exactly zero.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
from scipy import stats

from ludi.cli.simulate import wilson  # one Wilson interval for simulate and the lab

Row = Mapping[str, Any]
QUANTILES = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)
#: the least number of seat-games an item must be used in for its link with winning to show
MIN_USES = 20


def newcombe(a: int, n: int, b: int, m: int) -> tuple[float, float]:
    """Return the 95% interval of the difference of two independent proportions a/n - b/m
    (Newcombe's hybrid score method, from the two Wilson intervals)."""
    if n == 0 or m == 0:
        return (-1.0, 1.0)
    p, q = a / n, b / m
    lp, up = wilson(a, n)
    lq, uq = wilson(b, m)
    d = p - q
    return (d - math.hypot(p - lp, uq - q), d + math.hypot(up - p, q - lq))


def describe(values: Sequence[float]) -> dict[str, Any]:
    """Return mean, standard deviation and quantiles of ``values``."""
    if not values:
        return {"n": 0}
    arr = np.asarray(values, dtype=float)
    return {
        "n": int(arr.size),
        "mean": float(arr.mean()),
        "sd": float(arr.std(ddof=1)) if arr.size > 1 else 0.0,
        "quantiles": {f"{q:g}": float(np.quantile(arr, q)) for q in QUANTILES},
    }


def sole_winner(row: Row) -> int | None:
    """Return the seat that won alone, or None for a tie or no winner."""
    return row["winners"][0] if len(row["winners"]) == 1 else None


def rate(wins: int, n: int) -> dict[str, Any]:
    """Return a count of wins out of ``n`` with its rate and 95% interval."""
    low, high = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0, "interval": [low, high]}


def summarize(rows: Sequence[Row], seat_names: Sequence[str]) -> dict[str, Any]:
    """Return every figure of one arm at one player count."""
    n = len(seat_names)
    games = len(rows)
    sole = [sole_winner(r) for r in rows]
    ties = sum(1 for r in rows if len(r["winners"]) > 1)
    nobody = sum(1 for r in rows if not r["winners"])
    seats = []
    for s in range(n):
        shared = sum(1 for r in rows if len(r["winners"]) > 1 and s in r["winners"])
        seats.append(
            {"seat": seat_names[s], **rate(sum(1 for w in sole if w == s), games), "ties": shared}
        )
    return {
        "games": games,
        "ties": ties,
        "no_winner": nobody,
        "seats": seats,
        "turn_order": turn_order(rows, n),
        "bots": bots(rows),
        "scores": scores(rows),
        "length": lengths(rows),
        "endings": dict(Counter(r["ending"] for r in rows).most_common()),
        "usage": usage(rows),
        "figures": {k: describe(v) for k, v in _collect(rows, "figures").items()},
        "seat_figures": seat_figures(rows),
    }


def turn_order(rows: Sequence[Row], n: int) -> dict[str, Any]:
    """Return the win rate of each turn position (1st to play ...) and the tests of "no edge"."""
    decided = [r for r in rows if len(r["winners"]) == 1]
    wins = [0] * n
    for r in decided:
        wins[r["order"].index(r["winners"][0])] += 1
    positions = [rate(wins[k], len(rows)) for k in range(n)]
    out: dict[str, Any] = {"positions": positions, "decided": len(decided)}
    if decided:
        first = stats.binomtest(wins[0], len(decided), 1 / n)
        low, high = first.proportion_ci(confidence_level=0.95, method="wilson")
        out["first_among_decided"] = {
            "rate": wins[0] / len(decided),
            "fair": 1 / n,
            "interval": [float(low), float(high)],
            "edge": wins[0] / len(decided) - 1 / n,
            "p_value": float(first.pvalue),
        }
        chi = stats.chisquare(wins)
        out["all_positions_p_value"] = float(chi.pvalue) if not math.isnan(chi.pvalue) else 1.0
    return out


def bots(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Return each bot spec's sole wins over the seats it held, and its time per decision."""
    held: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seconds: defaultdict[str, float] = defaultdict(float)
    decisions: Counter[str] = Counter()
    for r in rows:
        w = sole_winner(r)
        for s, spec in enumerate(r["specs"]):
            held[spec] += 1
            won[spec] += w == s
            seconds[spec] += r["bot_seconds"][s]
            decisions[spec] += r["bot_decisions"][s]
    return [
        {
            "bot": spec,
            **rate(won[spec], held[spec]),
            "us_per_decision": 1e6 * seconds[spec] / decisions[spec] if decisions[spec] else 0.0,
        }
        for spec in sorted(held)
    ]


def scores(rows: Sequence[Row]) -> dict[str, Any]:
    """Return the points of every seat, of the winners, and the margin of victory (the
    winner's points minus the runner-up's; 0 in a tie)."""
    every = [p for r in rows for p in r["points"]]
    best = []
    margins = []
    for r in rows:
        pts = sorted(r["points"], reverse=True)
        best.append(pts[0])
        margins.append(pts[0] - pts[1] if len(r["winners"]) == 1 and len(pts) > 1 else 0.0)
    low, high = (min(every), max(every)) if every else (0.0, 0.0)
    edges = (
        np.histogram_bin_edges(every, bins=min(30, max(1, int(high - low) + 1))) if every else []
    )
    counts = np.histogram(every, bins=edges)[0].tolist() if every else []
    return {
        "all": describe(every),
        "best": describe(best),
        "margin": describe(margins),
        "histogram": {"edges": [float(e) for e in edges], "counts": counts},
    }


def lengths(rows: Sequence[Row]) -> dict[str, Any]:
    """Return the length in decisions and in each of the game's own units."""
    out = {"decisions": describe([r["decisions"] for r in rows])}
    for unit, values in _collect(rows, "length").items():
        out[unit] = describe(values)
    return out


def usage(rows: Sequence[Row]) -> list[dict[str, Any]]:
    """Return, per item used (card, building, action...), how often seats that used it won
    alone against seats that did not, with the difference's interval (TAG's "win rate when
    used"); items used in fewer than ``MIN_USES`` seat-games are left out of the ranking."""
    seat_games = 0
    wins_total = 0
    used_by: Counter[str] = Counter()
    used_wins: Counter[str] = Counter()
    times: Counter[str] = Counter()
    for r in rows:
        w = sole_winner(r)
        for s, items in enumerate(r["usage"]):
            seat_games += 1
            wins_total += w == s
            for item, count in items.items():
                used_by[item] += 1
                used_wins[item] += w == s
                times[item] += count
    out = []
    for item, n_used in used_by.items():
        if n_used < MIN_USES:
            continue
        n_not = seat_games - n_used
        w_not = wins_total - used_wins[item]
        low, high = newcombe(used_wins[item], n_used, w_not, n_not)
        r_used = used_wins[item] / n_used
        r_not = w_not / n_not if n_not else 0.0
        out.append(
            {
                "item": item,
                "seat_games": n_used,
                "times": times[item],
                "win_rate_used": r_used,
                "win_rate_used_interval": list(wilson(used_wins[item], n_used)),
                "win_rate_not_used": r_not,
                "difference": r_used - r_not,
                "difference_interval": [low, high],
            }
        )
    out.sort(key=lambda d: (-d["difference"], d["item"]))
    return out


def seat_figures(rows: Sequence[Row]) -> dict[str, Any]:
    """Return each per-seat figure's mean for the sole winners and for the others."""
    won: defaultdict[str, list[float]] = defaultdict(list)
    lost: defaultdict[str, list[float]] = defaultdict(list)
    for r in rows:
        w = sole_winner(r)
        for s, figs in enumerate(r["seat_figures"]):
            for name, value in figs.items():
                (won if w == s else lost)[name].append(value)
    names = sorted(set(won) | set(lost))
    return {
        name: {
            "winners": float(np.mean(won[name])) if won[name] else None,
            "others": float(np.mean(lost[name])) if lost[name] else None,
        }
        for name in names
    }


def _collect(rows: Sequence[Row], key: str) -> dict[str, list[float]]:
    out: defaultdict[str, list[float]] = defaultdict(list)
    for r in rows:
        for name, value in r[key].items():
            out[name].append(value)
    return dict(out)


# -- paired differences between arms ----------------------------------------------------------


def bootstrap_mean(diffs: np.ndarray, seed: int, resamples: int = 2000) -> tuple[float, float]:
    """Return the 95% percentile bootstrap interval of the mean of paired differences."""
    if diffs.size == 0 or not diffs.any():
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    means = diffs[rng.integers(0, diffs.size, size=(resamples, diffs.size))].mean(axis=1)
    return (float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975)))


def paired(
    base: Sequence[Row], other: Sequence[Row], seat_names: Sequence[str], seed: int
) -> dict[str, Any]:
    """Return the differences ``other - base`` over matches played on the same seeds and
    seatings (rows in the same match order), each with its paired interval and p-value."""
    if [r["match"] for r in base] != [r["match"] for r in other]:
        raise ValueError("paired arms must hold the same matches in the same order")
    n = len(seat_names)
    changed = sum(1 for a, b in zip(base, other, strict=True) if a["winners"] != b["winners"])
    measures: dict[str, Callable[[Row], float]] = {
        "first player wins alone": lambda r: float(
            len(r["winners"]) == 1 and r["winners"][0] == r["order"][0]
        ),
        "a tie for first place": lambda r: float(len(r["winners"]) > 1),
        "decisions": lambda r: float(r["decisions"]),
        "points (mean of the seats)": lambda r: float(np.mean(r["points"])),
        "winner's points": lambda r: float(max(r["points"])),
        "margin of victory": lambda r: _margin(r),
    }
    for s in range(n):
        measures[f"{seat_names[s]} wins alone"] = lambda r, s=s: float(r["winners"] == [s])
    units = sorted({u for r in base for u in r["length"]})
    for unit in units:
        measures[unit] = lambda r, unit=unit: float(r["length"].get(unit, 0))
    for fig in sorted({f for r in base for f in r["figures"]}):
        measures[fig] = lambda r, fig=fig: float(r["figures"].get(fig, 0))
    rows = []
    for k, (label, f) in enumerate(measures.items()):
        a = np.array([f(r) for r in base])
        b = np.array([f(r) for r in other])
        d = b - a
        binary = set(np.unique(a)) | set(np.unique(b)) <= {0.0, 1.0}
        rows.append(
            {
                "measure": label,
                "base": float(a.mean()),
                "other": float(b.mean()),
                "difference": float(d.mean()),
                "interval": list(bootstrap_mean(d, seed + k)),
                "p_value": _p_value(d, binary),
                "test": "McNemar exact" if binary else "Wilcoxon signed-rank",
            }
        )
    low, high = wilson(changed, len(base))
    return {
        "matches": len(base),
        "winners_changed": {
            "count": changed,
            "rate": changed / len(base) if base else 0.0,
            "interval": [low, high],
        },
        "differences": rows,
    }


def _margin(r: Row) -> float:
    pts = sorted(r["points"], reverse=True)
    return pts[0] - pts[1] if len(r["winners"]) == 1 and len(pts) > 1 else 0.0


def _p_value(d: np.ndarray, binary: bool) -> float:
    if not d.any():
        return 1.0
    if binary:
        up, down = int((d > 0).sum()), int((d < 0).sum())
        return float(stats.binomtest(up, up + down, 0.5).pvalue)
    return float(stats.wilcoxon(d, zero_method="wilcox").pvalue)

"""The lab's figures on hand-built rows whose answers are known."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ludi.lab import metrics


def row(match, winners, points, order=(0, 1, 2), usage=None, decisions=10, specs=None, **kw):
    n = len(points)
    return {
        "arm": kw.get("arm", "a"),
        "players": n,
        "match": match,
        "seed": match,
        "specs": list(specs or ["random"] * n),
        "points": list(points),
        "ranking": [1 + sum(q > p for q in points) for p in points],
        "winners": list(winners),
        "ending": kw.get("ending", "the most prestige"),
        "order": list(order),
        "decisions": decisions,
        "length": {"rounds": kw.get("rounds", 5)},
        "figures": {"crises": kw.get("crises", 0)},
        "seat_figures": [{"money": s} for s in range(n)],
        "usage": usage or [{} for _ in range(n)],
        "bot_decisions": [decisions // n] * n,
        "bot_seconds": [0.001] * n,
    }


NAMES = ["Blue", "Red", "White"]


def test_wilson_matches_the_published_value():
    # 81 of 263 (Newcombe 1998, example): 95% Wilson interval 0.2553 to 0.3662
    low, high = metrics.wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)


def test_newcombe_difference_matches_the_published_value():
    # Newcombe 1998 method 10, example (56/70 - 48/80): 0.0524 to 0.3339
    low, high = metrics.newcombe(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=1e-3)
    assert high == pytest.approx(0.3339, abs=1e-3)


def test_ties_are_counted_as_ties_not_as_fractions_of_wins():
    rows = [
        row(0, [0], [10, 5, 3]),
        row(1, [0, 1], [8, 8, 2]),  # Blue and Red share first place
        row(2, [2], [1, 2, 9]),
        row(3, [0], [7, 1, 1]),
    ]
    s = metrics.summarize(rows, NAMES)
    assert s["ties"] == 1
    blue, red, white = s["seats"]
    assert (blue["wins"], blue["ties"], blue["rate"]) == (2, 1, 0.5)
    assert (red["wins"], red["ties"], red["rate"]) == (0, 1, 0.0)
    assert (white["wins"], white["ties"]) == (1, 0)


def test_first_player_is_read_from_the_turn_order_not_the_seat():
    # White starts in every match and wins 3 of 4; seat 0 never starts
    rows = [row(i, [2], [1, 2, 9], order=(2, 0, 1)) for i in range(3)]
    rows.append(row(3, [0], [9, 2, 1], order=(2, 0, 1)))
    to = metrics.summarize(rows, NAMES)["turn_order"]
    assert [p["wins"] for p in to["positions"]] == [3, 1, 0]
    first = to["first_among_decided"]
    assert first["rate"] == 0.75
    assert first["edge"] == pytest.approx(0.75 - 1 / 3)
    # exact binomial: P(X>=3 | n=4, p=1/3) two-sided
    assert 0 < first["p_value"] <= 1


def test_scores_margin_and_lengths():
    rows = [
        row(0, [0], [10, 6, 3], decisions=10, rounds=5),
        row(1, [1, 2], [1, 7, 7], decisions=20, rounds=4),  # a tie: margin 0
        row(2, [2], [2, 3, 9], decisions=30, rounds=5),
    ]
    s = metrics.summarize(rows, NAMES)
    assert s["scores"]["margin"]["mean"] == pytest.approx((4 + 0 + 6) / 3)
    assert s["scores"]["best"]["mean"] == pytest.approx((10 + 7 + 9) / 3)
    assert s["length"]["decisions"]["mean"] == 20
    assert s["length"]["decisions"]["sd"] == 10
    assert s["length"]["rounds"]["quantiles"]["0.5"] == 5
    assert sum(s["scores"]["histogram"]["counts"]) == 9


def test_endings_are_counted_by_kind():
    rows = [row(i, [0], [3, 2, 1], ending="a" if i % 3 else "b") for i in range(6)]
    assert metrics.summarize(rows, NAMES)["endings"] == {"a": 4, "b": 2}


def test_usage_win_rate_when_used_against_not_used():
    # card X: used by the winner in 20 matches and by a loser in 20 others
    rows = []
    for i in range(40):
        usage = [{}, {}, {}]
        usage[0 if i < 20 else 1]["card: X"] = 2
        rows.append(row(i, [0], [9, 1, 1], usage=usage))
    (item,) = metrics.summarize(rows, NAMES)["usage"]
    assert item["item"] == "card: X"
    assert item["seat_games"] == 40 and item["times"] == 80
    assert item["win_rate_used"] == 0.5
    # not used: 80 seat-games, of which 20 won (seat 0 in matches 20-39)
    assert item["win_rate_not_used"] == 0.25
    assert item["difference"] == 0.25
    low, high = item["difference_interval"]
    assert low < 0.25 < high


def test_identical_arms_differ_by_exactly_zero():
    rows = [row(i, [i % 3], [i % 3 == s for s in range(3)], decisions=10 + i) for i in range(30)]
    d = metrics.paired(rows, [dict(r) for r in rows], NAMES, seed=1)
    assert d["winners_changed"]["count"] == 0
    for x in d["differences"]:
        assert x["difference"] == 0.0, x["measure"]
        assert x["interval"] == [0.0, 0.0], x["measure"]
        assert x["p_value"] == 1.0


def test_paired_difference_sees_a_change_in_every_match():
    a = [row(i, [0], [9, 1, 1], decisions=10) for i in range(50)]
    b = [row(i, [1], [1, 9, 1], decisions=12) for i in range(50)]
    d = metrics.paired(a, b, NAMES, seed=1)
    assert d["winners_changed"]["rate"] == 1.0
    by = {x["measure"]: x for x in d["differences"]}
    assert by["decisions"]["difference"] == 2.0
    assert by["decisions"]["interval"] == [2.0, 2.0]
    assert by["Blue wins alone"]["difference"] == -1.0
    assert by["Blue wins alone"]["p_value"] < 1e-10


def test_bootstrap_interval_covers_the_mean():
    d = np.array([1.0, -1.0, 2.0, 0.0, 3.0] * 20)
    low, high = metrics.bootstrap_mean(d, seed=3)
    assert low < d.mean() < high
    assert not math.isnan(low)

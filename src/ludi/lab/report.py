"""The report: one self-contained HTML page (plots embedded as PNG), written from a summary.

It opens with the answers (does the variant change the winners, how big is the first player's
edge, how long do games last), then per player count the paired differences, then each arm's
figures, and ends with the experiment as run, the versions and the timing.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

import ludi

STYLE = """
body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{border-bottom:2px solid #a33;padding-bottom:.2em;margin-top:2em}
h3{margin-top:1.5em}table{border-collapse:collapse;margin:.5em 0 1em}
td,th{padding:.25em .7em;border-bottom:1px solid #ddd;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#f4efe6}
.answer{background:#f8f5ee;border-left:4px solid #a33;padding:.6em 1em;margin:.4em 0}
.clear{color:#a33;font-weight:600}.note{color:#666;font-size:.9em}
img{max-width:100%}pre{background:#f6f6f6;padding:1em;overflow:auto}
.grid{display:flex;flex-wrap:wrap;gap:1em}.grid>div{flex:1 1 480px}
"""


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(iv: Sequence[float], as_pct: bool = True) -> str:
    f = pct if as_pct else (lambda v: f"{v:+.2f}")
    return f"{f(iv[0])} to {f(iv[1])}"


def excludes_zero(iv: Sequence[float]) -> bool:
    return iv[0] > 0 or iv[1] < 0


def table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """Return an HTML table (cells escaped)."""
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{th}</tr>{body}</table>"


def png(fig: Any) -> str:
    """Return a matplotlib figure as an embedded image, and close it."""
    import matplotlib.pyplot as plt

    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return (
        f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode()}">'
    )


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_report(summary: dict[str, Any], path: Path) -> None:
    """Write the HTML report of a summary to ``path``."""
    exp = summary["experiment"]
    game = ludi.get_game(exp["game"])
    title = exp.get("title") or f"{game.title}: {', '.join(exp['arms'])}"
    parts = [f"<h1>{html.escape(title)}</h1>", _who_played(exp), _headline(summary, game.title)]
    if "ladder" in summary:
        parts.append(_ladder(summary["ladder"]))
    if "tune" in summary:
        parts.append(_tune(summary["tune"]))
    for n in exp["players"]:
        groups = [g for g in summary.get("groups", []) if g["players"] == n]
        diffs = [d for d in summary.get("differences", []) if d["players"] == n]
        if groups:
            parts.append(f"<h2>{n} players</h2>")
            parts.append(_plots(groups))
            for d in diffs:
                parts.append(_difference(d))
            for g in groups:
                parts.append(_group(g))
    parts.append("<h2>The experiment as run</h2>")
    parts.append(
        f"<pre>{html.escape(yaml.safe_dump(exp, sort_keys=False, allow_unicode=True))}</pre>"
    )
    t = summary["timing"]
    parts.append(
        table(["version of", "version"], list(summary["versions"].items()))
        + f'<p class="note">{t["matches"]} matches in {t["wall_seconds"]:.1f} s '
        f"({t['matches_per_second']:.1f} matches/s, {t['matches_per_cpu_second']:.1f} per CPU "
        f"second, {t['workers']} worker(s)"
        + (f", Ray at {html.escape(str(t['ray']))}" if t["ray"] else "")
        + "). A win is a first place alone; a shared first place is a tie, counted apart. "
        "Intervals are 95%.</p>"
    )
    page = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}'
        f"</title><style>{STYLE}</style></head><body>{''.join(parts)}</body></html>"
    )
    path.write_text(page, encoding="utf-8")


def _who_played(exp: dict[str, Any]) -> str:
    """Which bots held the seats, and a warning where random players measured the balance."""
    bots = list(exp.get("ladder", {}).get("bots", [])) or list(exp["seats"])
    out = f'<p class="note">The bots that played: {html.escape(", ".join(bots))}.'
    # a ladder rates the bots themselves, random among them as the floor: no balance is read
    if "ladder" not in exp and any(spec.partition(":")[0] == "random" for spec in bots):
        out += (
            " <b>Random players took part.</b> Balance measured between random players says "
            "little about balance between good ones: a rule that only a skilled player exploits "
            "goes unseen, and luck weighs more than it would. Check a finding with the "
            "heuristic bot or a search bot before acting on it."
        )
    return out + "</p>"


def _headline(summary: dict[str, Any], game_title: str) -> str:
    out = ["<h2>The answers</h2>"]
    for d in summary.get("differences", []):
        wc = d["winners_changed"]
        first = next(x for x in d["differences"] if x["measure"] == "first player wins alone")
        length = next(x for x in d["differences"] if x["measure"] == "decisions")
        out.append(
            f'<p class="answer">At <b>{d["players"]} players</b>, <b>{html.escape(d["other"])}</b> '
            f"instead of <b>{html.escape(d['base'])}</b> changes who wins in "
            f"<b>{pct(wc['rate'])}</b> of the {d['matches']} paired matches "
            f"(95%: {interval(wc['interval'])}). The first player's share of wins moves by "
            f"{_signed_pct(first['difference'])} (percentage points; 95%: "
            f"{_signed_interval(first['interval'])}, p = {first['p_value']:.3g}); "
            + (
                "the length in decisions is the same in every match"
                if length["interval"] == [0.0, 0.0] and length["difference"] == 0
                else f"the length by {length['difference']:+.1f} decisions (95%: "
                f"{length['interval'][0]:+.1f} to {length['interval'][1]:+.1f})"
            )
            + ".</p>"
        )
    for g in summary.get("groups", []):
        to = g["turn_order"].get("first_among_decided")
        length = g["length"]
        units = [u for u in length if u != "decisions"]
        unit_text = "; ".join(f"{length[u]['mean']:.1f} {u}" for u in units)
        first = (
            f"the first player wins {pct(to['rate'])} of decided games against a fair "
            f"{pct(to['fair'])} (95%: {interval(to['interval'])}, p = {to['p_value']:.3g})"
            if to
            else "no game had a single winner"
        )
        top = [u for u in g["usage"] if excludes_zero(u["difference_interval"])][:3]
        cards = (
            "; what goes with winning most (win rate when used minus when not): "
            + ", ".join(f"{u['item']} {_signed_pct(u['difference'])}" for u in top)
            if top
            else ""
        )
        out.append(
            f'<p class="answer"><b>{html.escape(g["arm"])}, {g["players"]} players</b>: '
            f"{first}; ties {pct(g['ties'] / g['games'])}; games last "
            f"{length['decisions']['mean']:.0f} decisions"
            + (f" ({unit_text})" if unit_text else "")
            + f"{html.escape(cards)}.</p>"
        )
    return "".join(out)


def _signed_pct(x: float) -> str:
    return f"{100 * x:+.1f}%"


def _signed_interval(iv: Sequence[float]) -> str:
    return f"{100 * iv[0]:+.1f}% to {100 * iv[1]:+.1f}%"


def _difference(d: dict[str, Any]) -> str:
    rows = []
    same = [
        x["measure"]
        for x in d["differences"]
        if x["difference"] == 0
        and x["interval"] == [0.0, 0.0]
        and x["base"] == x["other"]
        and x["p_value"] == 1.0
    ]
    for x in d["differences"]:
        if x["measure"] in same:
            continue
        clear = excludes_zero(x["interval"])
        rate = x["test"].startswith("McNemar")  # a yes/no per match: shown as rates
        value = pct if rate else (lambda v: f"{v:.3g}")
        signed = _signed_pct if rate else (lambda v: f"{v:+.3g}")
        rows.append(
            [
                x["measure"],
                value(x["base"]),
                value(x["other"]),
                signed(x["difference"]) + (" *" if clear else ""),
                f"{signed(x['interval'][0])} to {signed(x['interval'][1])}",
                f"{x['p_value']:.3g}",
                x["test"],
            ]
        )
    wc = d["winners_changed"]
    return (
        f"<h3>{html.escape(d['other'])} against {html.escape(d['base'])} (paired, "
        f"{d['matches']} matches)</h3><p>The winner changes in {wc['count']} matches: "
        f"{pct(wc['rate'])} (95%: {interval(wc['interval'])}).</p>"
        + table(
            [
                "per match",
                html.escape(d["base"]),
                html.escape(d["other"]),
                "difference",
                "95% interval (bootstrap)",
                "p",
                "test",
            ],
            rows,
        )
        + '<p class="note">* the interval leaves out 0. A difference of two rates is in '
        "percentage points. Means are per match.</p>"
        + (
            f"<p>The same in every one of the {d['matches']} matches in both: "
            f"{html.escape(', '.join(same))}.</p>"
            if same
            else ""
        )
    )


def _group(g: dict[str, Any]) -> str:
    games = g["games"]
    parts = [f"<h3>{html.escape(g['arm'])}: {games} matches at {g['players']} players</h3>"]
    parts.append(
        f"<p>Ties for first place: {g['ties']} ({pct(g['ties'] / games)}); "
        f"no winner: {g['no_winner']}.</p>"
    )
    parts.append(
        table(
            ["seat", "wins alone", "win rate", "95% interval", "shared first places"],
            [
                [s["seat"], s["wins"], pct(s["rate"]), interval(s["interval"]), s["ties"]]
                for s in g["seats"]
            ],
        )
    )
    to = g["turn_order"]
    parts.append(
        table(
            ["turn position", "wins alone", "win rate", "95% interval"],
            [
                [_ordinal(k + 1), p["wins"], pct(p["rate"]), interval(p["interval"])]
                for k, p in enumerate(to["positions"])
            ],
        )
    )
    if "first_among_decided" in to:
        f = to["first_among_decided"]
        parts.append(
            f"<p>Among the {to['decided']} games with one winner the first player won "
            f"{pct(f['rate'])} (fair: {pct(f['fair'])}; 95%: {interval(f['interval'])}; exact "
            f"binomial p = {f['p_value']:.3g}). All positions equal: chi-square p = "
            f"{to['all_positions_p_value']:.3g}.</p>"
        )
    parts.append(
        table(
            ["bot", "seats held", "wins alone", "win rate", "95% interval", "µs per decision"],
            [
                [
                    b["bot"],
                    b["games"],
                    b["wins"],
                    pct(b["rate"]),
                    interval(b["interval"]),
                    f"{b['us_per_decision']:.0f}",
                ]
                for b in g["bots"]
            ],
        )
    )
    sc = g["scores"]
    parts.append("<h4>Points and lengths</h4>")
    parts.append(
        table(
            ["", "mean", "sd", "min", "10%", "25%", "median", "75%", "90%", "max"],
            [
                _describe_row(label, d)
                for label, d in (
                    ("points, every seat", sc["all"]),
                    ("points, the best", sc["best"]),
                    ("margin of victory", sc["margin"]),
                    *((f"length in {u}", d) for u, d in g["length"].items()),
                    *((u, d) for u, d in g["figures"].items()),
                )
            ],
        )
    )
    if g["seat_figures"]:
        parts.append(
            table(
                ["per seat, mean", "winners alone", "the others"],
                [[k, _num(v["winners"]), _num(v["others"])] for k, v in g["seat_figures"].items()],
            )
        )
    parts.append("<h4>How the games ended</h4>")
    parts.append(
        table(
            ["ending", "games", "share"], [[k, v, pct(v / games)] for k, v in g["endings"].items()]
        )
    )
    usage = g["usage"]
    if usage:
        shown = usage[:12] + [u for u in usage[-8:] if u not in usage[:12]]
        parts.append(
            '<h4>What goes with winning</h4><p class="note">Seats that used an item against '
            "seats that did not (a link, not a cause: a seat that is ahead may simply have the "
            "means to play more). Best 12 and worst 8 of "
            f"{len(usage)} items used in at least 20 seat-games.</p>"
        )
        parts.append(
            table(
                [
                    "item",
                    "seat-games",
                    "times",
                    "win rate when used",
                    "when not",
                    "difference",
                    "95% interval",
                ],
                [
                    [
                        u["item"],
                        u["seat_games"],
                        u["times"],
                        pct(u["win_rate_used"]),
                        pct(u["win_rate_not_used"]),
                        _signed_pct(u["difference"])
                        + (" *" if excludes_zero(u["difference_interval"]) else ""),
                        _signed_interval(u["difference_interval"]),
                    ]
                    for u in shown
                ],
            )
        )
    return "".join(parts)


def _num(v: float | None) -> str:
    return "" if v is None else f"{v:.2f}"


def _describe_row(label: str, d: dict[str, Any]) -> list[str]:
    if not d.get("n"):
        return [label] + [""] * 9
    q = d["quantiles"]
    return [label, f"{d['mean']:.2f}", f"{d['sd']:.2f}"] + [
        f"{q[k]:g}" for k in ("0", "0.1", "0.25", "0.5", "0.75", "0.9", "1")
    ]


def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th") + " to play"


def _plots(groups: list[dict[str, Any]]) -> str:
    plt = _plt()
    arms = [g["arm"] for g in groups]
    n = groups[0]["players"]
    fig, ax = plt.subplots(figsize=(6, 3.4))
    width = 0.8 / len(groups)
    for k, g in enumerate(groups):
        pos = g["turn_order"]["positions"]
        xs = [i + (k - (len(groups) - 1) / 2) * width for i in range(n)]
        ys = [p["rate"] for p in pos]
        err = [
            [p["rate"] - p["interval"][0] for p in pos],
            [p["interval"][1] - p["rate"] for p in pos],
        ]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=g["arm"])
    ax.axhline(1 / n, color="grey", ls="--", lw=1, label="fair share")
    ax.set_xticks(range(n), [_ordinal(i + 1) for i in range(n)])
    ax.set_ylabel("wins alone (95% interval)")
    ax.set_title(f"Who wins by turn position, {n} players")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3)
    first = png(fig)
    fig, ax = plt.subplots(figsize=(6, 3.4))
    for g in groups:
        h = g["scores"]["histogram"]
        if h["counts"]:
            ax.stairs(h["counts"], h["edges"], label=g["arm"], lw=1.5)
    ax.set_xlabel("points at the end (every seat)")
    ax.set_ylabel("seats")
    ax.set_title("Points")
    ax.legend(fontsize=8)
    second = png(fig)
    third = _length_plot(plt, groups)
    g = groups[0]
    top = g["usage"][:10] + g["usage"][-10:] if len(g["usage"]) > 20 else g["usage"]
    fourth = ""
    if top:
        fig, ax = plt.subplots(figsize=(6, 0.25 * len(top) + 1))
        for i, u in enumerate(top):
            lo, hi = u["difference_interval"]
            ax.plot([lo, hi], [i, i], color="#555", lw=1)
            ax.plot(
                [u["difference"]], [i], "o", color="#a33" if excludes_zero((lo, hi)) else "#999"
            )
        ax.axvline(0, color="grey", lw=1)
        ax.set_yticks(range(len(top)), [u["item"] for u in top], fontsize=7)
        ax.invert_yaxis()
        ax.set_xlabel("win rate when used minus when not (95%)")
        ax.set_title(f"What goes with winning ({g['arm']})")
        fourth = png(fig)
    del arms
    return f'<div class="grid"><div>{first}</div><div>{second}</div><div>{third}</div><div>{fourth}</div></div>'


def _length_plot(plt: Any, groups: list[dict[str, Any]]) -> str:
    """Return the lengths per arm as ranges (median, 25-75%, 10-90%), one panel per unit that
    varies (decisions, and the game's own units)."""
    units = [u for u, d in groups[0]["length"].items() if d.get("n") and d["sd"] > 0]
    fig, axes = plt.subplots(
        len(units), 1, figsize=(6, 0.55 * len(groups) * len(units) + 1.2), squeeze=False
    )
    for ax, unit in zip(axes[:, 0], units, strict=True):
        for i, g in enumerate(groups):
            q = g["length"][unit]["quantiles"]
            ax.plot([q["0.1"], q["0.9"]], [i, i], color="#a33", lw=1)
            ax.plot([q["0.25"], q["0.75"]], [i, i], color="#a33", lw=6)
            ax.plot([q["0.5"]], [i], "o", color="white", mec="#a33")
        ax.set_yticks(range(len(groups)), [g["arm"] for g in groups])
        ax.set_ylim(-0.6, len(groups) - 0.4)
        ax.set_xlabel(unit)
    axes[0, 0].set_title("How long games last (median, 25-75%, 10-90%)")
    fig.tight_layout()
    return png(fig)


def _ladder(ladder: list[dict[str, Any]]) -> str:
    return "<h2>Ladder (OpenSkill, Plackett-Luce)</h2>" + table(
        ["bot", "rating (mu - 3 sigma)", "mu", "sigma", "games", "wins alone", "win rate"],
        [
            [
                r["bot"],
                f"{r['ordinal']:.2f}",
                f"{r['mu']:.2f}",
                f"{r['sigma']:.2f}",
                r["games"],
                r["wins"],
                pct(r["win_rate"]),
            ]
            for r in ladder
        ],
    )


def _tune(t: dict[str, Any]) -> str:
    plt = _plt()
    trials = t["trials"]
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.plot([x["trial"] for x in trials], [x["value"] for x in trials], "o-", color="#a33")
    ax.set_xlabel("trial")
    ax.set_ylabel("distance from the target")
    names = list(trials[0]["params"]) if trials else []
    best = t["best"]
    return (
        f"<h2>Tuning toward {html.escape(t['target']['target'])}</h2>"
        f'<p class="answer">Best: trial {best["trial"]} with '
        + html.escape(", ".join(f"{k} = {v:g}" for k, v in best["params"].items()))
        + f" (distance {best['value']:.4g}).</p>"
        + png(fig)
        + table(
            ["trial", *names, "distance"],
            [
                [x["trial"], *(f"{x['params'][k]:g}" for k in names), f"{x['value']:.4g}"]
                for x in trials
            ],
        )
    )

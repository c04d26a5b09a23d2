"""The bot levels' fixed ratings, calibrated from their measured matches.

    python tools/level_ratings.py           # write src/ludi/server/data/level_ratings.json
    python tools/level_ratings.py --check   # exit 1 if the file is not what the results make

A rated match against ``easy``, ``normal`` or ``hard`` places a new player (``ludi.server.ratings``),
so each level's rating should say how strong it is. This tool reads the sequential strength
results at two players (``benchmarks/strength/*.jsonl``, ``tools/strength.py``): ``normal``
against ``easy`` and ``hard`` against ``normal``, each level as its game plays it (its search
budget). Two players of OpenSkill's Plackett-Luce model, mu ``a`` and ``b``, each with the
levels' narrow sigma, have the first winning with probability ``1 / (1 + exp((b - a) / c))``,
``c`` the model's spread for the two of them; so a measured rate ``p`` puts the stronger level
``c * logit(p)`` above the other. ``normal`` sits at a new player's 25 (shown 1,500); ``easy``
below it and ``hard`` above by the measured gaps. A rate is smoothed by a match each way
(Laplace's rule: no 100% becomes an infinite gap) and the gap kept within [-MAX_GAP, MAX_GAP]. A game or gap not
measured yet keeps the default (``ratings.BOT_LEVELS``), and the file says which are measured.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from ludi.bots import fixed_budget  # noqa: E402
from ludi.engine import games  # noqa: E402
from ludi.sequential import read_lines  # noqa: E402

RESULTS = ROOT / "benchmarks" / "strength"
OUT = ROOT / "src" / "ludi" / "server" / "data" / "level_ratings.json"
#: the levels' mu where nothing is measured (``ludi.server.ratings.BOT_LEVELS``)
DEFAULT = {"easy": 20.0, "normal": 25.0, "hard": 30.0}
#: OpenSkill's beta (25/6) and the levels' sigma: the two players' spread ``c``
BETA, SIGMA = 25.0 / 6.0, 1.0
SPREAD = math.sqrt(2 * BETA**2 + 2 * SIGMA**2)
#: the largest gap one measured pair may set, in mu (a rate of about 97%)
MAX_GAP = 3.5 * SPREAD


def gap(wins: float, matches: int) -> float:
    """The mu the winner stands above the loser, from ``wins`` of ``matches``."""
    p = (wins + 1) / (matches + 2)
    return max(-MAX_GAP, min(MAX_GAP, SPREAD * math.log(p / (1 - p))))


def measured(game: Any, stronger: str, weaker: str) -> tuple[float, int] | None:
    """The wins and matches of ``stronger`` against ``weaker`` at two players, if played."""
    bot, opponent = fixed_budget(stronger, game, 2), "vs:" + fixed_budget(weaker, game, 2)
    for path in sorted(RESULTS.glob(f"{game.id}-2p-*.jsonl")):
        lines = read_lines(path)
        if lines and lines[-1]["bot"] == bot and lines[-1]["opponent"] == opponent:
            return sum(float(m["reward"]) for m in lines), len(lines)
    return None


def calibrate() -> dict[str, Any]:
    """Each game's levels' mu, with what they rest on."""
    out: dict[str, Any] = {}
    for game in games():
        mu = dict(DEFAULT)
        basis: dict[str, str] = {}
        below = measured(game, "normal", "easy")
        if below is not None:
            mu["easy"] = 25.0 - gap(*below)
            basis["easy"] = f"normal won {below[0]:g} of {below[1]} against easy"
        above = measured(game, "hard", "normal")
        if above is not None:
            mu["hard"] = 25.0 + gap(*above)
            basis["hard"] = f"hard won {above[0]:g} of {above[1]} against normal"
        out[game.id] = {"mu": {k: round(v, 3) for k, v in mu.items()}, "measured": basis}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = parser.parse_args(argv)
    text = json.dumps(calibrate(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python tools/level_ratings.py", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Sequential strength tests: stop a matchup as soon as its question is answered.

The question is always "does the bot under test reach the bar?" (say, 97% of the matches
against ``random``). Matches are played one by one and after each the record so far is put to
two tests; the first to answer ends the matchup:

- Wald's sequential probability ratio test between H0: p = bar - delta and H1: p = bar, with
  error rates alpha and beta. The bar is *met* when the log-likelihood ratio reaches
  log((1 - beta) / alpha), *missed* when it falls to log(beta / (1 - alpha)). A match is a
  Bernoulli trial; a tie or a shared place counts as the share of a win the result gives (a
  reward r adds r log(p1/p0) + (1 - r) log((1 - p1)/(1 - p0)), the usual fractional form).
- The 95% Wilson score interval of the rate so far: wholly above the bar, *met*; wholly
  below, *missed*. This answers early when the bot is far from the bar on either side.

Neither answers before ``minimum`` matches, nor between two seat arrangements (``step``), so a
matchup never stops with one seat played more often than another; at ``maximum`` matches with
no answer the matchup is *undecided*. Each match is one JSON line of a results file
(``benchmarks/strength/<matchup>.jsonl``): whole lines appended with ``O_APPEND`` so two runs
may add to one file, and a torn last line (a run killed while writing) is skipped when read.
See docs/strength.md.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Z95 = 1.959964

MET = "met"
MISSED = "missed"
RUNNING = "running"
UNDECIDED = "undecided"


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion ``wins / n`` (0..1 bounds)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Rule:
    """When a matchup stops: its bar and the tests' parameters."""

    bar: float
    delta: float = 0.05
    alpha: float = 0.05
    beta: float = 0.05
    minimum: int = 10
    maximum: int = 400
    step: int = 1

    def __post_init__(self) -> None:
        if not 0 < self.bar < 1:
            raise ValueError(f"a bar is a rate between 0 and 1, not {self.bar}")
        if not 0 < self.delta < self.bar:
            raise ValueError(f"delta must be above 0 and below the bar, not {self.delta}")

    @property
    def p0(self) -> float:
        return self.bar - self.delta

    def llr(self, rewards: Iterable[float]) -> float:
        """The log-likelihood ratio of H1 (p = bar) to H0 (p = bar - delta)."""
        win = math.log(self.bar / self.p0)
        loss = math.log((1 - self.bar) / (1 - self.p0))
        return sum(r * win + (1 - r) * loss for r in rewards)

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    def verdict(self, rewards: list[float]) -> str:
        """``met``, ``missed``, ``running`` or (at the maximum) ``undecided``."""
        n = len(rewards)
        if n >= self.minimum and n % self.step == 0:
            llr = self.llr(rewards)
            low, high = wilson(sum(rewards), n)
            if llr >= self.upper or low > self.bar:
                return MET
            if llr <= self.lower or high < self.bar:
                return MISSED
        return UNDECIDED if n >= self.maximum else RUNNING

    def expected_matches(self, p: float) -> float:
        """Wald's approximation of the matches the SPRT needs when the true rate is ``p``,
        capped at the maximum (the basis of ``--estimate``)."""
        win = math.log(self.bar / self.p0)
        loss = math.log((1 - self.bar) / (1 - self.p0))
        drift = p * win + (1 - p) * loss
        if abs(drift) < 1e-9:
            return float(self.maximum)
        boundary = self.upper if drift > 0 else self.lower
        return float(min(self.maximum, max(self.minimum, math.ceil(boundary / drift))))

    def as_dict(self) -> dict[str, Any]:
        return {
            "bar": self.bar,
            "delta": self.delta,
            "alpha": self.alpha,
            "beta": self.beta,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "step": self.step,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rule:
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})


def read_lines(path: str | Path) -> list[dict[str, Any]]:
    """Return the matches of a results file, one per seed (the first line of a seed wins,
    should two runs have played it), skipping a torn or garbled line."""
    path = Path(path)
    if not path.exists():
        return []
    out: dict[int, dict[str, Any]] = {}
    with path.open(encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.endswith("\n"):
                break  # a run is writing it now, or was killed while writing it
            try:
                match = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(match, dict) and isinstance(match.get("seed"), int):
                out.setdefault(match["seed"], match)
    return list(out.values())


def append_line(path: str | Path, match: Mapping[str, Any]) -> None:
    """Append ``match`` as one JSON line, in one ``write`` on a file opened ``O_APPEND``: the
    kernel puts each whole line at the end, so concurrent runs never interleave theirs."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = (json.dumps(match, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        # a torn line from a killed run would swallow this one: start on a fresh line
        if os.fstat(fd).st_size and not _ends_with_newline(path):
            data = b"\n" + data
        os.write(fd, data)
    finally:
        os.close(fd)


def _ends_with_newline(path: Path) -> bool:
    with path.open("rb") as f:
        f.seek(-1, os.SEEK_END)
        return f.read(1) == b"\n"

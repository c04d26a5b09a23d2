"""A match reviewed decision by decision: the search's view of each, classed and summed up.

See the package's docstring and docs/review.md. Everything a decision's review reads goes
through ``Seat(state, seat)``: its legal actions (which depend only on what the seat sees, as
the conformance suite checks) and its samples, ``State.sample_hidden``. The true hidden parts
of the match are never read, so a seat's review is the same whatever they were.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import ludi
from ludi.bots import ISMCTSBot, Seat
from ludi.bots.heuristics import DEFAULT_EPSILON, PlayoutPolicy, playout_policy
from ludi.bots.ismcts import DEFAULT_HORIZON
from ludi.engine import Action, Evaluation, GameData, MatchRecord, Rng, State

FORMAT: Final = "ludi-review/1"
#: search iterations per decision (docs/benchmarks.md: a Caesar! match in under 30 s, a
#: 4-player Age of Rome match in under 3 minutes, compiled)
DEFAULT_BUDGET: Final = 500
#: a move that cost at least this share of the win is a slip...
SLIP: Final = 0.05
#: ...and at least this much, a mistake
MISTAKE: Final = 0.15
#: the least rise of the winner's chance between two of its decisions that is a turning point
TURNING_POINT: Final = 0.15
#: the most turning points a review names (the largest rises)
MOST_TURNING_POINTS: Final = 3
#: a move the search tried fewer times than this is judged by paired playouts instead
FEW_VISITS: Final = 10

#: the kinds of row: a decision judged, a move with no choice, an automaton's move
DECISION: Final = "decision"
FORCED: Final = "forced"
AUTOMATON: Final = "automaton"


@dataclass(frozen=True)
class Decision:
    """One move of the match as the review saw it. For a ``decision``: the seat's chance
    (its expected share of the win, 0..1) before it and the iterations behind it; its expected
    rank (three players or more) and the playouts behind it; the search's move and its
    figures; the move played, its figures and its cost against the search's (in share of the
    win), where that came from and the 95% margin of error; the verdict."""

    step: int
    seat: int
    kind: str
    move: str
    chance: float | None = None
    iterations: int = 0
    rank: float | None = None
    rank_playouts: int = 0
    best: str | None = None
    best_visits: int = 0
    best_value: float | None = None
    move_visits: int = 0
    move_value: float | None = None
    cost: float | None = None
    #: ``search`` (the two moves' figures at the root) or ``playouts`` (paired playouts after
    #: each, for a move the search hardly tried)
    cost_from: str | None = None
    cost_samples: int = 0
    error: float | None = None
    verdict: str | None = None

    @property
    def doubtful(self) -> bool:
        """Whether a slip or a mistake is within its margin of error."""
        return (
            self.verdict in ("slip", "mistake")
            and self.cost is not None
            and self.error is not None
            and self.cost <= self.error
        )

    def to_json(self) -> dict[str, Any]:
        """Return the row as JSON (figures rounded to 4 places)."""
        out: dict[str, Any] = {
            "step": self.step,
            "move_number": self.step + 1,
            "seat": self.seat,
            "kind": self.kind,
            "move": self.move,
        }
        if self.kind != DECISION:
            return out
        out.update(
            chance=_round(self.chance),
            iterations=self.iterations,
            rank=_round(self.rank),
            rank_playouts=self.rank_playouts,
            best=self.best,
            best_visits=self.best_visits,
            best_value=_round(self.best_value),
            move_visits=self.move_visits,
            move_value=_round(self.move_value),
            cost=_round(self.cost),
            cost_from=self.cost_from,
            cost_samples=self.cost_samples,
            error=_round(self.error),
            verdict=self.verdict,
            doubtful=self.doubtful,
        )
        return out


@dataclass(frozen=True)
class TurningPoint:
    """A rise of the winner's chance between two of its decisions: at the decision of step
    ``since`` it was ``before``, at the one of step ``step`` it was ``after``."""

    seat: int
    since: int
    step: int
    before: float
    after: float

    @property
    def rise(self) -> float:
        return self.after - self.before

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "since_step": self.since,
            "step": self.step,
            "before": _round(self.before),
            "after": _round(self.after),
            "rise": _round(self.rise),
        }


@dataclass(frozen=True)
class Review:
    """A whole match reviewed: its header, a row per move of the seats reviewed, the turning
    points."""

    game: str
    title: str
    players: int
    seed: int
    budget: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    players_of_seats: tuple[str, ...]
    winners: tuple[int, ...]
    decisions: tuple[Decision, ...]
    turning_points: tuple[TurningPoint, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """Return the review as JSON, the form ``ludi review --json`` prints."""
        return {
            "format": FORMAT,
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "seed": self.seed,
            "budget": self.budget,
            "thresholds": {
                "slip": SLIP,
                "mistake": MISTAKE,
                "turning_point": TURNING_POINT,
                "few_visits": FEW_VISITS,
            },
            "seats_reviewed": list(self.seats),
            "seat_names": list(self.names),
            "seat_players": list(self.players_of_seats),
            "winners": list(self.winners),
            "decisions": [d.to_json() for d in self.decisions],
            "turning_points": [t.to_json() for t in self.turning_points],
        }


def search_seed(record_seed: int, step: int, seat: int) -> int:
    """Return the search's seed for the decision of ``seat`` at ``step`` of a match seeded
    ``record_seed``: the same every time, different for every decision."""
    digest = hashlib.blake2b(f"{record_seed}/{step}/{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def review_decision(
    state: State, seat: int, step: int, move: str, seed: int, budget: int = DEFAULT_BUDGET
) -> Decision:
    """Return the review of ``seat`` playing ``move`` (notation) in ``state``, from what the
    seat sees: the search of ``budget`` iterations seeded ``seed``, and its samples. Does not
    check that ``move`` is legal (the record's replay has)."""
    view = Seat(state, seat)
    legal = view.legal_actions()
    played = state.parse_action(move).notation
    if len(legal) < 2:
        return Decision(step, seat, FORCED, played)
    bot = ISMCTSBot(seed=seed, iterations=budget, margin=0.0)
    iterations, chance, figures = bot.root_figures(view)
    best = _searched_best(legal, figures)
    best_visits, best_value = figures[best]
    move_visits, move_value = figures.get(played, (0, math.nan))
    rng = Rng(seed ^ 0x5EED)
    game = state.game
    policy = playout_policy(game, DEFAULT_EPSILON)
    evaluation = game.bots.evaluation() if game.bots is not None else None
    if played == best:
        cost, cost_from, samples, error = 0.0, "search", move_visits, 0.0
    elif move_visits >= FEW_VISITS:
        cost = best_value - move_value
        cost_from, samples = "search", move_visits
        error = 1.96 * math.sqrt(
            _variance(best_value) / best_visits + _variance(move_value) / move_visits
        )
    else:
        by_best = next(a for a in legal if a.notation == best)
        by_move = next(a for a in legal if a.notation == played)
        samples = max(FEW_VISITS, budget // 4)
        cost, error = _paired_cost(view, by_best, by_move, samples, rng, policy, evaluation)
        cost_from = "playouts"
    rank, rank_playouts = None, 0
    if state.players >= 3:
        rank_playouts = max(8, budget // 8)
        rank = _expected_rank(view, rank_playouts, rng, policy)
    return Decision(
        step,
        seat,
        DECISION,
        played,
        chance=chance,
        iterations=iterations,
        rank=rank,
        rank_playouts=rank_playouts,
        best=best,
        best_visits=best_visits,
        best_value=best_value,
        move_visits=move_visits,
        move_value=None if math.isnan(move_value) else move_value,
        cost=cost,
        cost_from=cost_from,
        cost_samples=samples,
        error=error,
        verdict=_verdict(played == best, cost),
    )


def review_record(
    record: MatchRecord,
    data: GameData | str | Path | None = None,
    seats: Sequence[int] | None = None,
    budget: int = DEFAULT_BUDGET,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Return the review of the match ``record`` holds, of ``seats`` (default: every seat).
    Raises ``RecordError`` if the record does not replay. A match that did not end by its
    rules (unfinished, or ended at the table) is reviewed all the same, with no winner and so
    no turning point. ``progress(done, total)`` is called after each move."""
    final = ludi.replay(record, data=data)
    state = start_state(record, data)
    reviewed = tuple(range(state.players)) if seats is None else tuple(seats)
    automata = automaton_seats(record, state)
    rows: list[Decision] = []
    total = len(record.actions)
    for step, (seat, move) in enumerate(record.actions):
        if seat in reviewed:
            if seat in automata:
                rows.append(Decision(step, seat, AUTOMATON, state.parse_action(move).notation))
            else:
                seed = search_seed(record.seed, step, seat)
                rows.append(review_decision(state, seat, step, move, seed, budget))
        state.apply(seat, move)
        if progress is not None:
            progress(step + 1, total)
    return assemble(record, final, reviewed, budget, rows)


def assemble(
    record: MatchRecord, final: State, seats: Sequence[int], budget: int, rows: Sequence[Decision]
) -> Review:
    """Return the review of ``record`` (whose match ends in ``final``) made of its reviewed
    ``seats``' rows, one per move of theirs in match order: its header and turning points."""
    result = final.result
    winners = tuple(result.winners) if result is not None else ()
    return Review(
        game=record.game,
        title=final.game.printed_title(),
        players=final.players,
        seed=record.seed,
        budget=budget,
        seats=tuple(seats),
        names=tuple(final.seat_name(s) for s in range(final.players)),
        players_of_seats=tuple(record.seats),
        winners=winners,
        decisions=tuple(rows),
        turning_points=turning_points(rows, winners),
    )


def turning_points(rows: Sequence[Decision], winners: Sequence[int]) -> tuple[TurningPoint, ...]:
    """Return the match's turning points: the largest rises (``TURNING_POINT`` or more, at
    most ``MOST_TURNING_POINTS``) of the winner's chance between two of its judged decisions,
    in the order they happened. None without a single winner among the rows reviewed."""
    if len(winners) != 1:
        return ()
    curve = [r for r in rows if r.seat == winners[0] and r.chance is not None]
    rises: list[TurningPoint] = []
    for before, after in itertools.pairwise(curve):
        assert before.chance is not None and after.chance is not None
        if after.chance - before.chance >= TURNING_POINT:
            rises.append(
                TurningPoint(winners[0], before.step, after.step, before.chance, after.chance)
            )
    rises.sort(key=lambda t: (-t.rise, t.step))
    return tuple(sorted(rises[:MOST_TURNING_POINTS], key=lambda t: t.step))


def _verdict(best: bool, cost: float) -> str:
    if best:
        return "best"
    if cost >= MISTAKE:
        return "mistake"
    if cost >= SLIP:
        return "slip"
    return "good"


def _searched_best(legal: Sequence[Action], figures: Mapping[str, tuple[int, float]]) -> str:
    """The move the search plays (``ISMCTSBot.choose``): the most visited, then the better
    mean, then the first legal one."""
    best = legal[0].notation
    key = (-1, 0.0)
    for action in legal:
        found = figures.get(action.notation)
        if found is not None and found > key:
            best, key = action.notation, found
    return best


def _variance(mean: float) -> float:
    # the most a value in 0..1 with this mean can vary: a bound, since nodes keep no squares
    return max(mean * (1 - mean), 1e-4)


def _paired_cost(
    view: Seat,
    best: Action,
    move: Action,
    samples: int,
    rng: Rng,
    policy: PlayoutPolicy | None,
    evaluation: Evaluation | None,
) -> tuple[float, float]:
    """Return the mean value lost by ``move`` against ``best`` over ``samples`` paired
    playouts (each pair from the same sample and the same generator), and its 95% margin."""
    diffs: list[float] = []
    for _ in range(samples):
        sample = view.sample(rng)
        seed = rng.next64() >> 1
        values = []
        for action in (best, move):
            copy = sample.clone()
            copy.apply_legal(view.seat, action)
            values.append(_play_out(copy, view.seat, Rng(seed), policy, evaluation)[0])
        diffs.append(values[0] - values[1])
    mean = sum(diffs) / len(diffs)
    spread = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
    return mean, 1.96 * math.sqrt(spread / len(diffs))


def _expected_rank(view: Seat, playouts: int, rng: Rng, policy: PlayoutPolicy | None) -> float:
    """Return the seat's mean rank over ``playouts`` played to the end from its samples."""
    total = 0.0
    for _ in range(playouts):
        total += _play_out(view.sample(rng), view.seat, rng, policy, None)[1]
    return total / playouts


def _play_out(
    state: State,
    seat: int,
    rng: Rng,
    policy: PlayoutPolicy | None,
    evaluation: Evaluation | None,
) -> tuple[float, int]:
    """Play ``state`` on as the search does (the game's policy; cut after the horizon where
    the game evaluates positions); return the seat's value and rank (0 if cut short)."""
    moves = 0
    while not state.is_over and (evaluation is None or moves != DEFAULT_HORIZON):
        who = state.to_act[0]
        legal = state.legal_actions(who)
        if policy is not None:
            action = policy.choose(state, who, legal, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_legal(who, action)
        moves += 1
    result = state.result
    if result is None:
        assert evaluation is not None
        return evaluation(state)[seat], 0
    return result.reward(seat), result.ranking[seat]


def start_state(record: MatchRecord, data: GameData | str | Path | None = None) -> State:
    """Return the state a record starts from (its position, or the seed's setup)."""
    return ludi.replay(record.setup_only(), data=data)


def automaton_seats(record: MatchRecord, state: State) -> set[int]:
    """The seats a game's own automaton played, by the record's seat specs."""
    bots = state.game.bots
    automata = bots.automata() if bots is not None else {}
    return {seat for seat, spec in enumerate(record.seats) if spec.partition(":")[0] in automata}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)

"""ISMCTS: information-set Monte Carlo tree search, for any game with the engine contract.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012). The bot searches one tree whose nodes are the action
sequences seen from its own seat. Every iteration:

1. draws a *determinization*: ``seat.sample(rng)``, a full match in which everything the seat
   cannot see (the opponent's hand, the bag, face-down tokens, the order of a stack, a pending
   secret choice) has been re-drawn consistently with what it has seen. The true match is never
   read; two iterations usually see different hidden parts;
2. *selects* down the tree, among the children whose action is legal in this determinization,
   the one maximizing UCB1 *adjusted for availability*: ``mean + c * sqrt(ln(a) / n)``, where
   ``n`` is how often the child was chosen and ``a`` how often it was available when its
   parent was visited (an action that is rarely legal is not penalised for it);
3. *expands* one untried legal action as a new child;
4. plays the rest of the match out at random;
5. *backs up* the result: every node on the path adds the playout's value for the seat that
   chose the action leading to it (``result.reward(seat)``, see ``margin`` below), so the
   search works for any number of players.

For a game with a heuristic (``Bots.heuristic``; every game so far) two steps follow it,
unless ``playout=random`` asks for the plain search above:

3. *progressive widening*: a node expands a new child only while fewer than
   ``widen * sqrt(visits)`` of its children are legal in this determinization (``widen`` 1;
   0 expands every action before deepening any, as the plain search does), and the child it
   expands is the untried action the heuristic scores best. A few promising moves are searched
   deeply instead of every legal move once;
4. the playout is epsilon-greedy on the heuristic: a random legal action with chance
   ``epsilon`` (0.1), otherwise the best-scored one. A seat whose heuristic has no opinion
   (auto-Crassus, whose legal actions his priority list has already chosen) plays at random.

For a game with an evaluation (``Bots.evaluation``; Sylla, Æterna and Age of Rome) a playout
stops after ``horizon`` moves (8) and the evaluation of the position reached, each seat's
estimated share of the win, is backed up instead of a finished match's result
(``horizon=end``: to the end).
The search applies the moves it takes from ``legal_actions`` with ``State.apply_legal``, which
does not check them again.

A decision taken in secret by several seats at once is searched without peeking: the bot
decides first (at the root and wherever such a decision comes up in its tree); the others'
pending choices, hidden from it, are re-drawn by ``sample_hidden`` like any other hidden part.
The other seats' choices in that decision are drawn from the playout policy, not searched as
replies to the bot's (they cannot see it), and stand in the tree as one edge (``SECRET``)
whatever they were, since the bot cannot see them either.

``workers=N`` searches on N processes (root parallelisation: each its own seed, drawn from the
bot's generator, and its own tree; the root's figures added up in a fixed order, so a bot with
a fixed seed, N and an iteration budget plays the same move every time). A server sets N
(``cap_workers``, ``use_workers``): its ``hard`` level searches on the cores it has free.

The budget is time (``seconds``, 1 by default) or iterations (``iterations``, which makes a
bot with a fixed seed reproducible), or both (whichever runs out first). The move played is the
root child visited most often (the better mean breaks a tie).

One departure from the paper, ``margin`` (0.25 by default; 0 is the paper's bot): a playout's
value for a seat is ``(1 - margin) * reward + margin * share``, where ``share`` is the seat's
part of all the points scored (``result.points``, when none is negative; otherwise the reward
alone). A win still always beats a loss, but a loss by little beats a loss by much. Against an
opponent that random playouts never beat (auto-Crassus in Caesar!'s solo game), every move
looks equally lost without it and the search has nothing to go on. Heuristic playouts make
that rarer; ``margin`` has not been re-tuned for them.
"""

from __future__ import annotations

import math
import os
import pickle
import time
from collections.abc import Sequence
from typing import Final, TypeGuard

from ludi.bots.base import Bot, Seat
from ludi.bots.heuristics import DEFAULT_EPSILON, PlayoutPolicy, playout_policy
from ludi.engine import Action, Evaluation, IllegalAction, OptionError, Rng, State
from ludi.engine.state import RULE_TURN

DEFAULT_SECONDS: Final = 1.0
#: the most a setting may ask for, anywhere (a typo such as ``seconds=1e9`` is refused, not run
#: for thirty years); a server bounds the time further (``Bot.cap_time``)
MAX_SECONDS: Final = 3600.0
MAX_ITERATIONS: Final = 1_000_000
DEFAULT_C: Final = 0.7
DEFAULT_MARGIN: Final = 0.25
DEFAULT_WIDEN: Final = 1.0
#: playout moves before a game's evaluation scores the position (for a game that has one)
DEFAULT_HORIZON: Final = 8
#: the key of the one edge standing for another seat's secret choice, whatever it was
SECRET: Final = "?"
PLAYOUTS = ("auto", "random")


class _Node:
    """A node of the tree: the action sequence that leads to it, seen from the bot's seat."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who chose the action leading here; rewards are theirs
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        # children by the seat deciding here, then by action notation: who decides at a node
        # may (in some games) depend on hidden parts, so the two are kept apart
        self.children: dict[int, dict[str, _Node]] = {}


class ISMCTSBot(Bot):
    """Search many re-drawn versions of the match and play the action that did best."""

    name = "ismcts"
    searches = True

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        c: float = DEFAULT_C,
        margin: float = DEFAULT_MARGIN,
        playout: str = "auto",
        epsilon: float = DEFAULT_EPSILON,
        widen: float = DEFAULT_WIDEN,
        horizon: int | str = DEFAULT_HORIZON,
        workers: int = 1,
    ) -> None:
        self.check_settings(
            seconds, iterations, c, margin, playout, epsilon, widen, horizon, workers
        )
        if seconds is None and iterations is None:
            seconds = DEFAULT_SECONDS
        self.workers = workers
        self.horizon = -1 if horizon == "end" else int(horizon)
        self.widen = float(widen)
        self.playout = playout
        self.epsilon = float(epsilon)
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        self.c = float(c)
        self.margin = float(margin)
        self.rng = Rng(seed)
        #: iterations run for the last choice (for measurements)
        self.last_iterations = 0

    @staticmethod
    def check_settings(
        seconds: object = None,
        iterations: object = None,
        c: object = DEFAULT_C,
        margin: object = DEFAULT_MARGIN,
        playout: object = "auto",
        epsilon: object = DEFAULT_EPSILON,
        widen: object = DEFAULT_WIDEN,
        horizon: object = DEFAULT_HORIZON,
        workers: object = 1,
    ) -> None:
        """Refuse a setting of the wrong kind or out of range, naming it (``OptionError``).
        ``make_bot`` calls it before the constructor: the compiled constructor checks its
        arguments' types first, and its ``TypeError`` would not say which setting is wrong."""
        if seconds is not None and (not _is_number(seconds) or not 0 < seconds <= MAX_SECONDS):
            raise OptionError(
                f"ismcts: seconds is a number of seconds above 0 and at most {MAX_SECONDS:g} "
                f"(an hour), not {seconds!r}"
            )
        if iterations is not None and (
            isinstance(iterations, bool)
            or not isinstance(iterations, int)
            or not 1 <= iterations <= MAX_ITERATIONS
        ):
            raise OptionError(
                f"ismcts: iterations is a whole number from 1 to {MAX_ITERATIONS:,}, "
                f"not {iterations!r}"
            )
        if not _is_number(c) or not c >= 0:
            raise OptionError(f"ismcts: the exploration constant c must be >= 0, not {c!r}")
        if not _is_number(margin) or not 0 <= margin <= 1:
            raise OptionError(f"ismcts: margin is a weight between 0 and 1, not {margin!r}")
        if playout not in PLAYOUTS:
            raise OptionError(
                f"ismcts: playout is auto (the game's heuristic if it has one, else random) "
                f"or random, not {playout!r}"
            )
        if not _is_number(epsilon):
            raise OptionError(f"ismcts: epsilon is a number between 0 and 1, not {epsilon!r}")
        if not 0 <= epsilon <= 1:
            raise OptionError(f"ismcts: epsilon is a weight between 0 and 1, not {epsilon!r}")
        if not _is_number(widen) or not widen >= 0:
            raise OptionError(f"ismcts: widen must be a number >= 0 (0: off), not {widen!r}")
        if horizon != "end" and (
            isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0
        ):
            raise OptionError(
                f"ismcts: horizon is a number of playout moves >= 0, or end, not {horizon!r}"
            )
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 64:
            raise OptionError(f"ismcts: workers is a whole number from 1 to 64, not {workers!r}")

    def describe(self) -> str:
        settings = []
        if self.seconds is not None:
            settings.append(f"seconds={self.seconds:g}")
        if self.iterations is not None:
            settings.append(f"iterations={self.iterations}")
        if self.c != DEFAULT_C:
            settings.append(f"c={self.c:g}")
        if self.margin != DEFAULT_MARGIN:
            settings.append(f"margin={self.margin:g}")
        if self.playout != "auto":
            settings.append(f"playout={self.playout}")
        if self.epsilon != DEFAULT_EPSILON:
            settings.append(f"epsilon={self.epsilon:g}")
        if self.widen != DEFAULT_WIDEN:
            settings.append(f"widen={self.widen:g}")
        if self.horizon != DEFAULT_HORIZON:
            settings.append(f"horizon={'end' if self.horizon < 0 else self.horizon}")
        if self.workers != 1:
            settings.append(f"workers={self.workers}")
        return f"{self.name}:{','.join(settings)}"

    def thinking_seconds(self) -> float | None:
        return self.seconds

    def cap_time(self, seconds: float) -> None:
        # with iterations alone the search counts no time: the cap adds a clock (whichever
        # runs out first, as with both settings given)
        self.seconds = seconds if self.seconds is None else min(self.seconds, seconds)

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        if not legal:
            raise IllegalAction(f"ismcts: seat {seat.seat} has nothing to decide now", RULE_TURN)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(seat)
        kids = root.children.get(seat.seat, {})
        best = legal[0]
        best_key = (-1, 0.0)
        for action in legal:  # the most visited; then the best mean; then the first legal one
            child = kids.get(action.notation)
            if child is not None:
                key = (child.visits, child.reward / child.visits)
                if key > best_key:
                    best, best_key = action, key
        return best

    def root_figures(self, seat: Seat) -> tuple[int, float, dict[str, tuple[int, float]]]:
        """Search from ``seat``'s view (the budget, as ``choose`` does) and return what the
        root learnt: the iterations behind it, the seat's mean value over them, and for each
        of the seat's actions searched (by notation) its visits and mean value. A value is
        what the search backs up for the seat (see ``margin`` and ``Bots.evaluation``: with
        ``margin=0``, its share of the win). For a review of a decision (``ludi.review``)."""
        root = self.search(seat)
        kids = root.children.get(seat.seat, {})
        visits = 0
        reward = 0.0
        figures: dict[str, tuple[int, float]] = {}
        for notation, child in kids.items():
            if child.visits:
                visits += child.visits
                reward += child.reward
                figures[notation] = (child.visits, child.reward / child.visits)
        return visits, (reward / visits if visits else 0.0), figures

    def cap_workers(self, workers: int) -> None:
        """Search on at most ``workers`` processes, whatever the settings say (a server
        decides how many a bot gets)."""
        self.workers = max(1, min(self.workers, workers))

    def use_workers(self, workers: int) -> None:
        """Search on ``workers`` processes, whatever the settings say (a server gives the
        ``hard`` level the cores it has free for bots)."""
        self.workers = max(1, min(workers, 64))

    def search(self, seat: Seat) -> _Node:
        """Run the budget's iterations from ``seat``'s point of view; return the root. With
        ``workers`` above 1, each of that many processes runs the budget on its own tree
        (root parallelisation) and the root's figures are added up."""
        if self.workers > 1 and _can_fork():
            return self._search_parallel(seat)
        return self._search_one(seat)

    def _search_parallel(self, seat: Seat) -> _Node:
        seeds = [self.rng.next64() >> 1 for _ in range(self.workers - 1)]
        helpers = [_fork_search(self, seat, seed) for seed in seeds]
        root = self._search_one(seat)
        total = self.last_iterations
        kids = root.children.setdefault(seat.seat, {})
        for pid, reply in helpers:  # in the order of their seeds: the sums are reproducible
            figures, count = _collect(pid, reply)
            total += count
            for notation, (visits, reward, avail) in figures.items():
                child = kids.get(notation)
                if child is None:
                    child = kids[notation] = _Node(seat.seat)
                child.visits += visits
                child.reward += reward
                child.avail += avail
        self.last_iterations = total
        return root

    def _search_one(self, seat: Seat) -> _Node:
        root = _Node(seat.seat)
        limit = self.iterations
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rng = self.rng
        policy = None if self.playout == "random" else playout_policy(seat.game, self.epsilon)
        bots = seat.game.bots
        evaluation = None if self.playout == "random" or bots is None else bots.evaluation()
        count = 0
        while True:
            if limit is not None and count >= limit:
                break
            # checking the clock costs little next to an iteration (hundreds of microseconds)
            if deadline is not None and count and time.perf_counter() >= deadline:
                break
            self._iterate(root, seat.seat, seat.sample(rng), rng, policy, evaluation)
            count += 1
        self.last_iterations = count
        return root

    def _iterate(
        self,
        root: _Node,
        me: int,
        state: State,
        rng: Rng,
        policy: PlayoutPolicy | None,
        evaluation: Evaluation | None,
    ) -> None:
        """One iteration on the determinization ``state``: select, expand, play out, back up."""
        c = self.c
        widen = self.widen if policy is not None else 0.0
        log = math.log
        sqrt = math.sqrt
        path = [root]
        node = root
        actor = me  # at the root the bot itself decides, even in a secret simultaneous choice
        # the seats still to choose in the secret simultaneous decision at hand (none: none)
        secret = set(state.to_act) if len(state.to_act) > 1 else set()
        # selection and expansion
        while not state.is_over:
            legal: Sequence[Action] = state.legal_actions(actor)
            kids = node.children.get(actor)
            if kids is None:
                kids = node.children[actor] = {}
            if actor != me and actor in secret:
                # another seat's secret choice: it cannot know what was chosen before it in
                # secret (the bot's own choice included), so it is not searched as a reply;
                # drawn from the playout policy, and merged into one edge, since the bot does
                # not see it either
                move = self._playout_move(state, actor, legal, rng, policy)
                child = kids.get(SECRET)
                if child is None:
                    child = kids[SECRET] = _Node(actor)
                child.avail += 1
                state.apply_legal(actor, move)
                path.append(child)
                node = child
                actor, secret = self._next_actor(state, me, actor, secret)
                continue
            untried: list[Action] = []
            best: _Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            for action in legal:
                child = kids.get(action.notation)
                if child is None:
                    untried.append(action)
                    continue
                child.avail += 1
                if untried and not widen:
                    continue  # this node expands; no need to score
                score = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best, best_action, best_score = child, action, score
            if untried and (
                best is None or not widen or len(legal) - len(untried) < widen * sqrt(node.visits)
            ):
                new = None if policy is None else policy.best(state, actor, untried, rng)
                if new is None:
                    new = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(actor)
                child.avail = 1
                kids[new.notation] = child
                state.apply_legal(actor, new)
                path.append(child)
                break
            if best is None or best_action is None:
                raise RuntimeError(f"ismcts: seat {actor} is to act but has no legal action")
            state.apply_legal(actor, best_action)
            path.append(best)
            node = best
            actor, secret = self._next_actor(state, me, actor, secret)
        # the playout: the game's policy, or random moves; cut short after ``horizon`` moves
        # where the game can evaluate a position
        horizon = self.horizon if evaluation is not None else -1
        moves = 0
        apply = state.apply_legal
        if policy is None:
            while not state.is_over and moves != horizon:
                who = state.to_act[0]
                legal = state.legal_actions(who)
                apply(who, legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
                moves += 1
        else:
            choose = policy.choose
            while not state.is_over and moves != horizon:
                who = state.to_act[0]
                apply(who, choose(state, who, state.legal_actions(who), rng))
                moves += 1
        if not state.is_over:
            assert evaluation is not None
            rewards = evaluation(state)
        else:
            result = state.result
            assert result is not None
            rewards = [result.reward(s) for s in range(state.players)]
            points = result.points
            total = sum(points)
            if self.margin and total > 0 and min(points) >= 0:
                w = self.margin
                rewards = [
                    (1 - w) * r + w * p / total for r, p in zip(rewards, points, strict=True)
                ]
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]

    @staticmethod
    def _playout_move(
        state: State, seat: int, legal: Sequence[Action], rng: Rng, policy: PlayoutPolicy | None
    ) -> Action:
        if policy is not None:
            return policy.choose(state, seat, legal, rng)
        return legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    @staticmethod
    def _next_actor(state: State, me: int, actor: int, secret: set[int]) -> tuple[int, set[int]]:
        """Return who decides next in the tree, and the seats still to choose in the secret
        simultaneous decision at hand. In such a decision the bot chooses first (it cannot
        know the others' pending choices, so deciding first loses it nothing)."""
        if state.is_over:
            return actor, set()
        to_act = state.to_act
        secret = secret - {actor}
        if not secret or not secret.issuperset(to_act):
            # a new decision: secret and simultaneous if several seats take it at once
            secret = set(to_act) if len(to_act) > 1 else set()
        if me in secret:
            return me, secret
        return to_act[0], secret


def _is_number(value: object) -> TypeGuard[float]:
    """Whether a setting is a number (an int or a float, not a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _can_fork() -> bool:
    """Whether this process may start helper processes: where ``os.fork`` exists (POSIX).
    A daemonic process (a server's bot worker) may too: its helpers are forked directly, not
    through ``multiprocessing``, and each ends by itself when its budget runs out."""
    return hasattr(os, "fork")


#: what a helper sends back: the root's figures for the bot's seat and its iteration count
Figures = tuple[dict[str, tuple[int, float, int]], int]


def _fork_search(bot: ISMCTSBot, seat: Seat, seed: int) -> tuple[int, int]:
    """Start a helper process searching with its own generator (``seed``) and its own tree;
    return its process id and the pipe its figures come back on (``_collect``)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the helper: search, send the figures, and leave without any clean-up
        try:
            os.close(read)
            bot.rng = Rng(seed)
            root = bot._search_one(seat)
            kids = root.children.get(seat.seat, {})
            figures: Figures = (
                {k: (n.visits, n.reward, n.avail) for k, n in kids.items()},
                bot.last_iterations,
            )
            with os.fdopen(write, "wb") as out:
                out.write(pickle.dumps(figures))
        finally:
            os._exit(0)
    os.close(write)
    return pid, read


def _collect(pid: int, reply: int) -> Figures:
    """Return a helper's figures once it has finished (none from a helper that died)."""
    with os.fdopen(reply, "rb") as source:
        data = source.read()
    os.waitpid(pid, 0)
    try:
        figures: Figures = pickle.loads(data)
    except (EOFError, ValueError, pickle.UnpicklingError):
        return {}, 0
    return figures

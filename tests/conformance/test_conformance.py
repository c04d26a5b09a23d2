"""The one conformance suite: every registered game, every player count, every option set.

Each test plays seeded random matches (hypothesis picks the seeds; the actions come from a
generator seeded by them) and checks one part of the engine contract at every step. A game
added to the registry inherits the whole suite with no code of its own. When a check fails,
the message carries the game, the options, the seed and the actions so far in notation, so
the failure replays with ``ludi.new_match`` and ``state.apply``.

What is checked (see docs/testing.md):

- the match runs: invariants after every action, someone to act with a legal action until
  the end, then a result whose winners and ranking agree;
- every legal action applies, its notation parses back to it, notations are unique;
- ``clone`` is deep, records replay and positions reload to the identical state; a position
  is a snapshot: editing it never changes the state that gave it;
- refused actions (malformed text, a seat out of turn, an action legal elsewhere but not now)
  raise ``IllegalAction`` with a reason and a rule and change nothing;
- hidden information: re-drawing what one seat cannot see never changes what it or a
  spectator sees; a secret simultaneous choice never shows in the others' views or logs;
  who decides what depends only on what a seat sees (the same actions in a sample keep it
  the same while the seat's view is); what the log showed a seat stays where the log put it
  in every sample;
- views are JSON, and the narrated logs only grow.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import re
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludi
from ludi.engine import Game, MatchRecord, OptionError, Rng, State
from ludi.i18n import using

#: past this many option sets at one player count, reading options are no longer crossed with
#: each other: every combination of the other options is still played, and each reading value
#: once (see ``option_sets``)
MAX_OPTION_SETS = 128
#: past this many combinations of option values, they are not all tried (see ``option_sets``)
MAX_COMBINATIONS_TRIED = 4096
#: a match longer than this is taken as one that never ends
MAX_STEPS = 5_000
#: states of each match a check looks at (chosen at random; a long match is not checked at
#: every state, which keeps the suite's time nearly linear in the number of matches)
STATES_CHECKED = 30
#: the same, for an option set that changes two options or more: every combination is played
#: to its end by every test, each looked at more briefly (the defaults and each single change
#: carry the depth; a combination adds the interactions)
STATES_CHECKED_COMBINED = 10
#: legal actions applied (on copies) at each step, chosen at random
APPLIED_PER_STEP = 12
#: refused actions of each kind offered at each step
REFUSED_PER_STEP = 3


# -- the matrix: game x player count x option set -------------------------------------------


@dataclass(frozen=True)
class Case:
    """One game, played by ``players`` with these options."""

    game: Game
    players: int
    options: Mapping[str, Any]

    @property
    def changed(self) -> list[str]:
        """The options set off their defaults, as ``name`` or ``name=value``."""
        return [
            name if value is True else f"{name}={value}"
            for name, value in self.options.items()
            if value != self.game.option(name).default
        ]

    @property
    def id(self) -> str:
        return f"{self.game.id}-{self.players}p-{','.join(self.changed) or 'defaults'}"

    @property
    def states(self) -> int:
        """How many states of a match each check looks at."""
        return STATES_CHECKED if len(self.changed) <= 1 else STATES_CHECKED_COMBINED

    def new(self, seed: int) -> State:
        return ludi.new_match(self.game.id, players=self.players, seed=seed, options=self.options)


def _domain(game: Game, name: str) -> list[Any]:
    """Return the values tried for an option: both for a switch, every choice, else the default."""
    opt = game.option(name)
    if opt.kind is bool:
        return [False, True]
    if opt.choices:
        return list(opt.choices)
    return [opt.default]


def accepted(game: Game, players: int, names: list[str]) -> list[dict[str, Any]]:
    """Return every option set the game accepts that differs from its defaults only in
    ``names`` (each in all its values), without repeats."""
    found: dict[str, dict[str, Any]] = {}
    for values in itertools.product(*(_domain(game, n) for n in names)):
        try:
            resolved = game.resolve_options(dict(zip(names, values, strict=True)), players)
        except OptionError:
            continue
        found.setdefault(json.dumps(resolved, sort_keys=True), resolved)
    return list(found.values())


def option_sets(game: Game, players: int) -> list[dict[str, Any]]:
    """Return the option sets to play at this player count: every combination the game
    accepts, never a sample.

    Only if that comes to more than ``MAX_OPTION_SETS`` are the reading options (two readings
    of an ambiguous rule, ``Option.reading``) not crossed with each other: then every
    combination of the other options (variants, expansions, modes) is played with the default
    readings, plus each value of each reading with the defaults and with the largest
    combination of the others that accepts it.
    """
    names = [o.name for o in game.options]
    # trying every combination costs one resolve_options each: past a few thousand (Age of
    # Rome has twenty options) they are certainly more than MAX_OPTION_SETS, so skip the count
    if math.prod(len(_domain(game, n)) for n in names) <= MAX_COMBINATIONS_TRIED:
        everything = accepted(game, players, names)
        if len(everything) <= MAX_OPTION_SETS:
            return everything
    variants = accepted(game, players, [o.name for o in game.options if not o.reading])
    defaults = game.resolve_options({}, players)
    fullest = max(variants, key=lambda o: sum(o[n] != defaults[n] for n in o))
    out = {json.dumps(o, sort_keys=True): o for o in variants}
    for opt in (o for o in game.options if o.reading):
        for value in _domain(game, opt.name):
            for base in (defaults, fullest):
                try:
                    o = game.resolve_options({**base, opt.name: value}, players)
                except OptionError:
                    continue
                out.setdefault(json.dumps(o, sort_keys=True), o)
    return list(out.values())


CASES = [
    Case(game, n, options)
    for game in ludi.games()
    for n in game.players
    for options in option_sets(game, n)
]
cases = pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
#: each test plays this many matches per case (hypothesis picks their seeds; each test and
#: case mixes its own name in, so the tests of one case play different matches); set
#: LUDI_CONFORMANCE_MATCHES for a deeper run
MATCHES = int(os.environ.get("LUDI_CONFORMANCE_MATCHES", "1"))
matches = settings(max_examples=MATCHES)
seeds = given(seed=st.integers(min_value=0, max_value=2**63 - 1))


def match_seed(case: Case, seed: int, what: str) -> int:
    """Return the seed of the match ``what`` plays for ``case``."""
    return seed ^ zlib.crc32(f"{what} {case.id}".encode())


# -- playing --------------------------------------------------------------------------------


def walk(case: Case, seed: int) -> Iterator[State]:
    """Yield the states of a random match from its start to its end (the same object, moved
    on between yields; copy it to keep it)."""
    state = case.new(seed)
    rng = Rng(seed)
    yield state
    for _ in range(MAX_STEPS):
        if state.is_over:
            return
        seat = state.to_act[rng.randrange(len(state.to_act))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state
    raise AssertionError(f"no end after {MAX_STEPS} actions: {where(case, seed, state)}")


def where(case: Case, seed: int, state: State) -> str:
    """Return how to reproduce a failure: the case, the seed and the actions so far."""
    actions = " ".join(f"{seat}:{action}" for seat, action in state.history())
    return f"{case.id} seed={seed} after [{actions}]"


def length(case: Case, seed: int) -> int:
    """Return the number of states of the random match ``walk`` plays."""
    return sum(1 for _ in walk(case, seed))


def check_all(
    case: Case, seed: int, check: Callable[[State, Rng], None], states: int | None = None
) -> int:
    """Run ``check`` on about ``states`` states of a random match (default: ``case.states``),
    always the first and the last; return the number of states checked."""
    states = case.states if states is None else states
    seed = match_seed(case, seed, check.__qualname__)
    rng = Rng(seed ^ 0x5EED)
    total = length(case, seed)
    n = 0
    for i, state in enumerate(walk(case, seed)):
        if 0 < i < total - 1 and rng.randrange(total) >= states:
            continue
        try:
            check(state, rng)
        except Exception as exc:
            raise AssertionError(f"{exc!r} at {where(case, seed, state)}") from exc
        n += 1
    return n


def random_move(state: State, rng: Rng) -> tuple[int, ludi.Action]:
    seat = state.to_act[rng.randrange(len(state.to_act))]
    return seat, rng.choice(state.legal_actions(seat))


def as_json(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def notations(actions: Any) -> list[str]:
    return [str(a) for a in actions]


# -- the match runs to a consistent end -------------------------------------------------------


def check_turn_and_result(state: State, rng: Rng) -> None:
    state.check_invariants()
    seats = range(state.players)
    if not state.is_over:
        assert state.result is None, "a result before the end"
        assert state.to_act, "nobody to act, yet the match is not over"
        assert len(set(state.to_act)) == len(state.to_act), f"to_act repeats: {state.to_act}"
        for seat in [-1, state.players]:
            assert not state.legal_actions(seat), f"{seat} is no seat but has legal actions"
        for seat in seats:
            actions = state.legal_actions(seat)
            if seat in state.to_act:
                assert actions, f"seat {seat} is to act with no legal action"
            else:
                assert not actions, f"seat {seat} is not to act but has legal actions"
        return
    assert state.to_act == (), "the match is over but someone is to act"
    assert all(not state.legal_actions(s) for s in seats), "legal actions after the end"
    result = state.result
    assert result is not None, "the match is over without a result"
    assert len(result.points) == len(result.ranking) == state.players
    assert result.reason, "a result needs a reason"
    assert set(result.winners) <= set(seats), f"winners {result.winners} are not seats"
    assert len(set(result.winners)) == len(result.winners)
    if result.winners:  # a match may also end with nobody winning (all lose together)
        assert set(result.winners) == {s for s in seats if result.ranking[s] == 1}, (
            f"winners {result.winners} are not the seats ranked first in {result.ranking}"
        )
    for s in seats:  # competition ranking: a rank is one more than the seats ranked above
        better = sum(1 for r in result.ranking if r < result.ranking[s])
        assert result.ranking[s] == better + 1, f"ranking {result.ranking} skips or repeats"
    total = sum(result.reward(s) for s in seats)
    assert abs(total - (1.0 if result.winners else 0.0)) < 1e-9, "rewards do not share one win"
    assert as_json(result.to_json()) == result.to_json()


@cases
@matches
@seeds
def test_matches_run_to_a_consistent_end(case: Case, seed: int) -> None:
    assert check_all(case, seed, check_turn_and_result, states=MAX_STEPS) > 1


# -- actions: every legal one applies, notation round-trips ---------------------------------


def check_actions(state: State, rng: Rng) -> None:
    for seat in state.to_act:
        actions = state.legal_actions(seat)
        texts = notations(actions)
        assert len(set(texts)) == len(texts), f"legal actions repeat a notation: {texts}"
        for action, text in zip(actions, texts, strict=True):
            assert state.parse_action(text) == action, f"{text!r} does not parse back"
            assert str(state.parse_action(text)) == text
        # applying them all at every step of every match would be slow: a random dozen each
        some = list(actions)
        rng.shuffle(some)
        for action in some[:APPLIED_PER_STEP]:
            copy = state.clone()
            copy.apply(seat, action)
            copy.check_invariants()
        # the text form applies exactly as the value does
        pick = rng.randrange(len(actions))
        by_value, by_text = state.clone(), state.clone()
        by_value.apply(seat, actions[pick])
        by_text.apply(seat, texts[pick])
        assert by_value.position() == by_text.position(), f"{texts[pick]} as text differs"


@cases
@matches
@seeds
def test_every_legal_action_applies_and_its_notation_round_trips(case: Case, seed: int) -> None:
    check_all(case, seed, check_actions)


# -- clone, record, position ----------------------------------------------------------------


def shared_lists(a: State, b: State) -> list[str]:
    """Return the slots where two states hold the very same list object, at any depth."""

    def lists(value: Any) -> Iterator[Any]:
        if type(value) is list:
            yield value
            for item in value:
                yield from lists(item)

    out = []
    for name in a._all_slots:
        if name in a.SHARED:
            continue
        mine = {id(v) for v in lists(getattr(a, name))}
        if any(id(v) in mine for v in lists(getattr(b, name))):
            out.append(name)
    return out


def check_clone(state: State, rng: Rng) -> None:
    before = state.position()
    copy = state.clone()
    assert copy.position() == before, "a clone differs from its original"
    # a game writes its clone out slot by slot: none may be forgotten, the shared ones included
    missing = [name for name in state._all_slots if not hasattr(copy, name)]
    assert not missing, f"a clone lacks {missing}"
    for name in state.SHARED:  # (equal: compiled, a number is boxed again on each read)
        assert getattr(copy, name) == getattr(state, name), f"a clone lacks the same {name}"
    shared = shared_lists(state, copy)
    assert not shared, f"a clone shares lists with its original: {shared}"
    if state.is_over:
        return
    seat, action = random_move(copy, rng)
    copy.apply(seat, action)
    assert state.position() == before, f"moving a clone ({action}) changed the original"
    after = copy.position()
    # and the other way: moving the original leaves the clone alone
    other = state.clone()
    seat, action = random_move(state, rng)
    state.apply(seat, action)
    assert copy.position() == after, f"moving the original ({action}) changed a clone"
    # the walk goes on from the moved original: the same action on a copy gives the same state
    other.apply(seat, action)
    assert other.position() == state.position(), "the same action gives different states"


@cases
@matches
@seeds
def test_clones_are_independent(case: Case, seed: int) -> None:
    seed = match_seed(case, seed, "clones")
    total = length(case, seed)  # another match of the same case: its length is a fair guess
    state = case.new(seed)
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        if rng.randrange(total) < case.states:
            try:
                check_clone(state, rng)  # moves ``state`` one action on
            except Exception as exc:
                raise AssertionError(f"{exc!r} at {where(case, seed, state)}") from exc
        elif not state.is_over:
            state.apply(*random_move(state, rng))
        if state.is_over:
            return
    raise AssertionError(f"no end after {MAX_STEPS} actions: {where(case, seed, state)}")


def check_replay(state: State, rng: Rng) -> None:
    expected = state.position()
    record = ludi.record_of(state, seats=tuple(f"p{s}" for s in range(state.players)))
    assert ludi.replay(record).position() == expected, "the record does not replay"
    again = MatchRecord.from_json(as_json(record.to_json()))
    assert again == record, "the record does not survive JSON"
    assert ludi.replay(again).position() == expected, "the JSON record does not replay"


@cases
@matches
@seeds
def test_records_replay_to_the_identical_state(case: Case, seed: int) -> None:
    # replaying is linear in the match length, so check after the first action, at the end,
    # and at one state in five between
    def sometimes(state: State, rng: Rng) -> None:
        if state.is_over or len(state.history()) == 1 or rng.randrange(5) == 0:
            check_replay(state, rng)

    check_all(case, seed, sometimes)


def check_position(state: State, rng: Rng) -> None:
    saved = state.position()
    assert as_json(saved) == saved, "a position is not plain JSON"
    through_json = ludi.load_position(json.loads(json.dumps(saved)))
    assert through_json.position() == saved, "a position does not survive JSON"
    if state.is_over or rng.randrange(4):
        return  # the rest, at one state in four
    loaded = ludi.load_position(saved)
    assert loaded.position() == saved, "a loaded position differs"
    for s in [*range(state.players), None]:
        assert loaded.view(s) == state.view(s), f"the loaded view of seat {s} differs"
        assert loaded.events(s) == state.events(s), f"the loaded log of seat {s} differs"
    # the loaded state has the same future: the generator travels with the position
    seat, action = random_move(state, rng)
    mine, theirs = state.clone(), through_json
    mine.apply(seat, action)
    theirs.apply(seat, action)
    assert theirs.position()["state"] == mine.position()["state"], f"{action} differs after load"
    # and a record of a match continued from a position replays
    record = ludi.record_of(theirs)
    assert record.start is not None, "a match from a position records that position"
    replayed = ludi.replay(MatchRecord.from_json(as_json(record.to_json())))
    assert replayed.position() == theirs.position(), "a record from a position does not replay"


@cases
@matches
@seeds
def test_positions_save_and_load_to_the_identical_state(case: Case, seed: int) -> None:
    check_all(case, seed, check_position)


def deface(value: Any) -> None:
    """Change every list and dict inside ``value`` in place, at any depth: each scalar item
    replaced, each list grown by one item, each dict by one key."""
    if type(value) is list:
        for i, item in enumerate(value):
            if type(item) in (list, dict):
                deface(item)
            else:
                value[i] = "defaced" if type(item) is str else 9_999
        value.append(-1)
    elif type(value) is dict:
        for key, item in value.items():
            if type(item) in (list, dict):
                deface(item)
            else:
                value[key] = "defaced" if type(item) is str else 9_999
        value["defaced"] = [-1]


def check_position_is_a_snapshot(state: State, rng: Rng) -> None:
    seats = [*range(state.players), None]
    expected = as_json(state.position())
    views = {s: as_json(state.view(s)) for s in seats}
    legal = {s: notations(state.legal_actions(s)) for s in seats if s is not None}
    twin = state.clone()
    deface(state.position())
    assert state.position() == expected, "editing a position it gave out changed the state"
    for s in seats:
        assert as_json(state.view(s)) == views[s], f"editing a position changed seat {s}'s view"
        if s is not None:
            assert notations(state.legal_actions(s)) == legal[s], f"seat {s}'s actions changed"
    if not state.is_over:
        seat, action = random_move(twin, rng)
        mine = state.clone()
        mine.apply(seat, action)
        twin.apply(seat, action)
        assert mine.position() == twin.position(), f"{action} differs after a position's edit"


@cases
@matches
@seeds
def test_positions_are_snapshots_the_caller_may_edit(case: Case, seed: int) -> None:
    check_all(case, seed, check_position_is_a_snapshot)


# -- refused actions change nothing -----------------------------------------------------------

NOT_ACTIONS = (None, 42, 3.5, ("place",), b"place")
MALFORMED = ("", "   ", "?", "no such action", "\x00", "@@>>", "0" * 200)


def assert_refused(state: State, seat: Any, action: Any, before: dict[str, Any]) -> None:
    """Check that ``apply(seat, action)`` raises ``IllegalAction`` and leaves the position
    ``before``."""
    with pytest.raises(ludi.IllegalAction) as caught:
        state.apply(seat, action)
    assert caught.value.reason and caught.value.rule, f"{action!r}: refusal without reason/rule"
    assert isinstance(caught.value.reason, str) and isinstance(caught.value.rule, str)
    assert state.position() == before, f"refusing {action!r} for seat {seat!r} changed the state"


def refusals(pool: dict[str, ludi.Action]) -> Callable[[State, Rng], None]:
    """Return a check that offers refused actions; ``pool`` collects actions seen legal."""

    def check(state: State, rng: Rng) -> None:
        seats = range(state.players)
        legal = {s: {str(a): a for a in state.legal_actions(s)} for s in seats}
        for s in seats:
            pool.update(legal[s])
        acting = list(state.to_act)
        some = next((a for s in acting for a in legal[s].values()), None)
        probe = some if some is not None else next(iter(pool.values()))
        before = state.position()
        for _ in range(REFUSED_PER_STEP):
            for seat in acting or [0]:
                assert_refused(state, seat, rng.choice(MALFORMED), before)
        for seat in acting:  # values that are neither an action nor its text
            assert_refused(state, seat, rng.choice(NOT_ACTIONS), before)
        # seats out of turn, and numbers that are no seat at all
        for seat in [*(s for s in seats if s not in acting), -1, state.players]:
            assert_refused(state, seat, probe if rng.randrange(2) else str(probe), before)
        # actions legal elsewhere (earlier in the match, or for another seat) but not now
        for seat in acting:
            elsewhere = [t for t in pool if t not in legal[seat]]
            rng.shuffle(elsewhere)
            for text in elsewhere[:REFUSED_PER_STEP]:
                assert_refused(state, seat, pool[text] if rng.randrange(2) else text, before)

    return check


@cases
@matches
@seeds
def test_refused_actions_raise_and_change_nothing(case: Case, seed: int) -> None:
    pool: dict[str, ludi.Action] = {}
    check_all(case, seed, refusals(pool))


# -- hidden information -------------------------------------------------------------------------


def check_hidden(state: State, rng: Rng) -> None:
    seats = list(range(state.players))
    before = state.position()
    views = {s: state.view(s) for s in [*seats, None]}
    for t in [rng.randrange(state.players)]:  # one seat per state: all seats over a match
        sample = state.sample_hidden(t, rng.fork())
        assert state.position() == before, f"sample_hidden({t}) changed the match"
        sample.check_invariants()
        assert sample.view(t) == views[t], f"sample_hidden({t}) changed what seat {t} sees"
        assert sample.events(t) == state.events(t), f"sample_hidden({t}) changed seat {t}'s log"
        assert sample.view(None) == views[None], (
            f"re-drawing what seat {t} cannot see changed what a spectator sees"
        )
        assert sample.events(None) == state.events(None), (
            f"re-drawing what seat {t} cannot see changed the spectator's log"
        )
        assert sample.to_act == state.to_act and sample.is_over == state.is_over
        for seat in sample.to_act:  # the match went on, so whoever is to act can act
            assert sample.legal_actions(seat), (
                f"sample_hidden({t}) leaves seat {seat} to act with no legal action"
            )
        if t in state.to_act:
            assert notations(sample.legal_actions(t)) == notations(state.legal_actions(t)), (
                f"sample_hidden({t}) changed seat {t}'s legal actions"
            )
        # a sample is a match that goes on
        if not sample.is_over:
            seat, action = random_move(sample, rng)
            sample.apply(seat, action)
            sample.check_invariants()
    for s, seen in views.items():
        assert as_json(seen) == seen, f"the view of {s} is not plain JSON"


def check_simultaneous(state: State, rng: Rng) -> None:
    """When several seats decide in secret, one's choice shows in nobody else's view or log."""
    if len(state.to_act) < 2:
        return
    for seat in state.to_act:
        actions = state.legal_actions(seat)
        others = [s for s in [*range(state.players), None] if s != seat]
        seen = set()
        for action in actions[:4]:
            after = state.clone()
            after.apply(seat, action)
            seen.add(json.dumps([[after.view(o), after.events(o)] for o in others]))
        assert len(seen) == 1, f"seat {seat}'s secret choice shows to the other seats"


def check_hidden_and_simultaneous(state: State, rng: Rng) -> None:
    check_hidden(state, rng)
    check_simultaneous(state, rng)


@cases
@matches
@seeds
def test_hidden_information_stays_hidden(case: Case, seed: int) -> None:
    check_all(case, seed, check_hidden_and_simultaneous)


# -- the decision structure is a function of what a seat sees ---------------------------------

#: the parts of a view that say who decides what; the rest is what the seat sees of the match
DECISION_KEYS = ("to_act", "phase", "phase_name", "phase_letter", "decision", "current")
#: states of a match looked at, samples drawn at each, actions followed in each sample
STRUCTURE_STATES = 8
STRUCTURE_SAMPLES = 2
STRUCTURE_STEPS = 6


def decision_structure(state: State, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Return what ``seat`` sees of who decides what (who is to act, the kind of decision),
    and the rest of its view."""
    view = state.view(seat)
    structure = {k: view.pop(k) for k in DECISION_KEYS if k in view}
    structure["seats to act"] = list(state.to_act)
    return structure, view


def check_decisions_follow_views(state: State, rng: Rng) -> None:
    """Re-draw what one seat cannot see, then play the same actions in the match and in the
    sample: as long as the seat sees the same match in both (the rules showed it nothing that
    differs: a card it drew, an event turned up), it must see the same seats deciding the same
    kind of decision, and be offered the same actions itself. Otherwise the question put, or
    who is asked, tells the table a hidden fact (a window opened only for a player holding a
    matching card)."""
    follow_samples(state, rng.randrange(state.players), rng)


def follow_samples(state: State, t: int, rng: Rng) -> None:
    """``check_decisions_follow_views`` for seat ``t``."""
    for _ in range(STRUCTURE_SAMPLES):
        real, sample = state.clone(), state.sample_hidden(t, rng.fork())
        for _step in range(STRUCTURE_STEPS + 1):
            (real_structure, real_rest), (sample_structure, sample_rest) = (
                decision_structure(real, t),
                decision_structure(sample, t),
            )
            if real_rest != sample_rest:
                break  # the rules showed seat t something that differs: two matches to it now
            after = " ".join(str(a) for _, a in real.history()[len(state.history()) :])
            assert real_structure == sample_structure, (
                f"seat {t} sees the same match but a different decision after [{after}]: "
                f"{real_structure} in the match, {sample_structure} where what it cannot see "
                "was re-drawn"
            )
            if t in real.to_act:
                assert notations(real.legal_actions(t)) == notations(sample.legal_actions(t)), (
                    f"seat {t} sees the same match but is offered other actions after [{after}]"
                )
            if real.is_over:
                break
            seat, action = random_move(real, rng)
            if str(action) not in notations(sample.legal_actions(seat)):
                break  # another seat's hidden hand: a move the sample's does not hold
            real.apply(seat, action)
            sample.apply(seat, action)


@cases
@matches
@seeds
def test_who_decides_what_depends_only_on_what_a_seat_sees(case: Case, seed: int) -> None:
    check_all(case, seed, check_decisions_follow_views, states=STRUCTURE_STATES)


# -- what the log showed a seat stays where the log put it ------------------------------------


def aor_ledger(state: Any, seat: int) -> tuple[dict[int, int], set[int] | None]:
    """Age of Rome: read ``seat``'s log for where it saw goods cards go. Return the cards it
    knows to be in another's hand (card -> holder: taken from the face-up discard pile by
    Браслеты-змейки, or taken by Таможенные сборы when the seat is the taker or the victim),
    and, after the discard pile was shuffled into a new deck (reading A-40), the cards the
    seat saw in the pile then (the deck holds no other), else None."""
    held: dict[int, int] = {}
    pile: set[int] = set()
    deck: set[int] | None = None
    for event in state.raw_events():
        kind, args = event[0], event[1:]
        if kind == "take_discard":
            pile.discard(args[1])
            if args[0] != seat:
                held[args[1]] = args[0]
        elif kind == "customs":
            taker, victim, card = args
            for c in [c for c, h in held.items() if h == victim]:
                del held[c]  # a third seat does not see which card changed hands
            if seat == victim:
                held[card] = taker
            held.pop(card, None) if seat == taker else None
        elif kind in ("play", "sell", "discard", "discarded"):
            held.pop(args[1], None)
            pile.add(args[1])
        elif kind == "sold":
            held.pop(args[2], None)
            pile.add(args[2])
        elif kind == "set":
            for card in args[2]:
                held.pop(card, None)
        elif kind == "reshuffle":
            deck, pile = pile, set()
    return held, deck


def check_aor_ledger(state: Any, seat: int, sample: Any) -> None:
    held, deck = aor_ledger(state, seat)
    goods = state.tables.goods
    goods_of = state.tables.goods_of
    view = state.view(seat)
    for card, holder in held.items():
        assert card in sample.hands[holder], (
            f"seat {seat} saw {goods[goods_of[card]].id} go into seat {holder}'s hand, but a "
            "sample re-dealt it"
        )
        listed = [c["id"] for c in view["seats"][holder].get("known_cards", [])]
        assert goods[goods_of[card]].id in listed, (
            f"seat {seat} saw {goods[goods_of[card]].id} go into seat {holder}'s hand, but its "
            "view does not list it"
        )
    if deck is not None:
        strays = [goods[goods_of[c]].id for c in sample.goods_deck if c not in deck]
        assert not strays, (
            f"the goods deck was made from a discard pile seat {seat} saw, but a sample puts "
            f"{strays} in it"
        )
        listed = {c["id"] for c in view["goods_deck_made_from"]}
        assert {goods[goods_of[c]].id for c in state.goods_deck} <= listed, (
            f"seat {seat}'s view does not list the cards the reshuffled deck was made of"
        )


def check_caesar_ledger(state: Any, seat: int, sample: Any) -> None:
    """Caesar!: a token Poison sent from a hand into the bag (the log names it) is in that bag
    until its owner draws again, and the view lists it."""
    in_bag: list[Counter[int]] = [Counter(), Counter()]
    for event in state.raw_events():
        if event[0] == "poisoned":
            in_bag[event[1]][event[2]] += 1
        elif event[0] == "draw":
            in_bag[event[1]].clear()  # the poisoned token may be back in the hand
    view = state.view(seat)
    for owner, kinds in enumerate(in_bag):
        missing = kinds - Counter(sample.bags[owner])
        assert not missing, f"seat {seat} saw Poison put {missing} in a bag, a sample moved it"
        listed = len(view["seats"][owner]["known_in_bag"])
        assert listed >= kinds.total(), f"seat {seat}'s view forgets a poisoned token"


def check_sylla_ledger(state: Any, seat: int, sample: Any) -> None:
    """Sylla: the recruits nobody took went under the deck face up (the log's ``to_bottom``);
    they stay at its bottom, in their order, in every sample."""
    if not any(event[0] == "to_bottom" for event in state.raw_events()):
        return
    cards = state.data.cards
    known = state.deck_known
    assert [cards[c].kind for c in sample.deck[:known]] == [
        cards[c].kind for c in state.deck[:known]
    ], f"seat {seat} saw recruits go under the deck, a sample moved them"


#: per game, the check that what a seat's log showed of a hidden thing's whereabouts holds in
#: a sample of that seat. Æterna's logs name no card going into a hidden place (what a seat
#: saw in a packet it passed is in its sampler's groups, checked in tests/aeterna), so the view
#: equality is its check.
LEDGERS: dict[str, Callable[[Any, int, Any], None]] = {
    "age_of_rome": check_aor_ledger,
    "caesar": check_caesar_ledger,
    "sylla": check_sylla_ledger,
}
#: samples drawn at each state checked
LEDGER_SAMPLES = 3


def check_shown_stays_shown(state: State, rng: Rng) -> None:
    """Every card the log showed a seat is where the log put it in each of that seat's
    samples, and the seat's view lists it; the view itself is the same in each sample."""
    ledger = LEDGERS.get(state.game.id)
    for seat in range(state.players):
        for _ in range(LEDGER_SAMPLES):
            sample = state.sample_hidden(seat, rng.fork())
            assert sample.view(seat) == state.view(seat), (
                f"sample_hidden({seat}) changed what seat {seat} sees"
            )
            if ledger is not None:
                ledger(state, seat, sample)


#: per game, the events after which a ledger has something to check: the states right after
#: them are checked too (random play reaches them rarely: Браслеты-змейки in about one Age of
#: Rome match in twenty), up to ``LEDGER_MOMENTS`` a match
LEDGER_EVENTS: dict[str, tuple[str, ...]] = {
    "age_of_rome": ("take_discard", "customs", "reshuffle"),
    "caesar": ("poisoned",),
    "sylla": ("to_bottom",),
}
LEDGER_MOMENTS = 6


def check_after_ledger_events(case: Case, seed: int) -> None:
    """Run ``check_shown_stays_shown`` on the states right after a ledger's events."""
    kinds = LEDGER_EVENTS.get(case.game.id, ())
    if not kinds:
        return
    seed = match_seed(case, seed, "ledger moments")
    rng = Rng(seed ^ 0x5EED)
    checked = 0
    mark: object = None
    for state in walk(case, seed):
        new = state.events_after(mark) or []
        mark = state.log_mark()
        if not any(event[0] in kinds for event in new):
            continue
        try:
            check_shown_stays_shown(state, rng)
        except Exception as exc:
            raise AssertionError(f"{exc!r} at {where(case, seed, state)}") from exc
        checked += 1
        if checked >= LEDGER_MOMENTS:
            return


@cases
@matches
@seeds
def test_what_the_log_showed_stays_in_every_sample(case: Case, seed: int) -> None:
    check_all(case, seed, check_shown_stays_shown, states=STRUCTURE_STATES)
    check_after_ledger_events(case, seed)


# -- the narrated logs only grow ----------------------------------------------------------------


@cases
@matches
@seeds
def test_logs_only_grow(case: Case, seed: int) -> None:
    previous: dict[int | None, list[str]] = {}
    # each language the game declares besides English: the events new since the last state
    # checked, the move labels, the result and a refusal, read in it (see ``check_language``)
    languages = [lang for lang in case.game.languages if lang != "en"]
    narrated = {lang: 0 for lang in languages}
    pool: dict[str, ludi.Action] = {}

    def check(state: State, rng: Rng) -> None:
        for viewer in [*range(state.players), None]:
            now = state.events(viewer)
            assert all(isinstance(text, str) and text for text in now), "an event is not text"
            old = previous.get(viewer, [])
            assert now[: len(old)] == old, f"the log of {viewer} was rewritten, not extended"
            previous[viewer] = now
        for lang in languages:
            narrated[lang] = check_language(state, lang, narrated[lang], pool, rng)

    # narrating the whole log at each state is quadratic: a combination of options is looked
    # at on a sample of states (the log still has to extend the one seen before)
    check_all(case, seed, check, states=MAX_STEPS if case.states == STATES_CHECKED else None)


#: a word of the language, where its letters tell it from English
SCRIPTS = {"ru": re.compile("[а-яё]", re.IGNORECASE)}
#: a placeholder left unfilled: ``{name}``
UNFILLED = re.compile(r"\{\w*\}")


def in_language(lang: str, what: str, text: str, english: str) -> None:
    """Check that ``text`` is ``english`` put in ``lang``: every placeholder filled, and the words
    in that language (its letters where it has its own, else at least not the English)."""
    assert not UNFILLED.search(text), f"{lang}: a placeholder left in {what}: {text!r}"
    script = SCRIPTS.get(lang)
    if script is not None:
        assert script.search(text), f"{lang}: {what} is not in {lang}: {text!r}"
    else:
        assert text != english or not re.search(r"[a-z]{3}", english), (
            f"{lang}: {what} is the English words: {text!r}"
        )


def check_language(
    state: State, lang: str, since: int, pool: dict[str, ludi.Action], rng: Rng
) -> int:
    """Read what is new in the match in ``lang``, against English: the events since event
    ``since`` for every viewer, the labels of the moves, the result, one refusal (an action
    seen legal before, not now); return the number of events read."""
    events = len(state.raw_events())
    for viewer in [*range(state.players), None]:
        english = state.events(viewer, since)
        with using(lang):
            texts = state.events(viewer, since)
        for text, words in zip(texts, english, strict=True):
            in_language(lang, "a narrated event", text, words)
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        pool.update((str(a), a) for a in legal)
        labels = state.game.presentation.move_labels(state, seat, legal)
        with using(lang):
            translated = state.game.presentation.move_labels(state, seat, legal)
        for text, words in zip(translated, labels, strict=True):
            in_language(lang, "a move's label", text, words)
        now = {str(a) for a in legal}
        elsewhere = sorted(t for t in pool if t not in now)
        if elsewhere:
            action = pool[rng.choice(elsewhere)]
            with using(lang), pytest.raises(ludi.IllegalAction) as refused:
                state.apply(seat, action)
            with pytest.raises(ludi.IllegalAction) as english:
                state.apply(seat, action)
            in_language(lang, "a refusal", refused.value.reason, english.value.reason)
            in_language(lang, "a refusal's rule", refused.value.rule, english.value.rule)
    if state.result is not None:
        reason = state.result.reason
        with using(lang):
            in_language(lang, "the result", state.result.reason, reason)
    with using(lang):
        views = [state.view(s) for s in [*range(state.players), None]]
    for text in strings(views):
        assert not UNFILLED.search(text), f"{lang}: a placeholder left in a view: {text!r}"
    return events


#: the cases of the games that say a move's label depends on the action alone
#: (``Presentation.labels_depend_only_on_action``): the server keeps their labels
LABELLED = [
    c for c in CASES if c.game.presentation and c.game.presentation.labels_depend_only_on_action
]


@pytest.mark.parametrize("case", LABELLED, ids=[c.id for c in LABELLED])
@matches
@seeds
def test_labels_said_to_depend_on_the_action_alone_do(case: Case, seed: int) -> None:
    # each action's label in each of the game's languages, as first met: the same in every
    # later position and for any list it is asked in (the server asks for the actions it has
    # not met, in its own order)
    met: dict[tuple[str, ludi.Action], str] = {}

    def check(state: State, rng: Rng) -> None:
        for seat in state.to_act:
            legal = list(state.legal_actions(seat))
            for lang in case.game.languages:
                with using(lang):
                    labels = state.game.presentation.move_labels(state, seat, legal)
                    backwards = state.game.presentation.move_labels(state, seat, legal[::-1])
                assert backwards == labels[::-1], f"{lang}: a label depends on the others asked"
                for action, label in zip(legal, labels, strict=True):
                    first = met.setdefault((lang, action), label)
                    assert label == first, (
                        f"{lang}: {action} was labelled {first!r}, now {label!r}: its label "
                        "depends on the position, yet the game sets labels_depend_only_on_action"
                    )

    check_all(case, seed, check)


def strings(obj: Any) -> Iterator[str]:
    """Yield every string in a JSON value."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for value in obj.values():
            yield from strings(value)
    elif isinstance(obj, list | tuple):
        for value in obj:
            yield from strings(value)


def test_the_matrix_covers_every_game_count_and_option() -> None:
    for game in ludi.games():
        for n in game.players:
            sets = [c.options for c in CASES if c.game is game and c.players == n]
            defaults = game.resolve_options({}, n)
            assert defaults in sets, f"{game.id} {n}p: defaults not covered"
            for opt in game.options:
                for value in _domain(game, opt.name):
                    single = {**defaults, opt.name: value}
                    try:
                        game.resolve_options(single, n)
                    except OptionError:
                        continue
                    assert single in sets, f"{game.id} {n}p: {opt.name}={value} not covered"
    caesar = [c for c in CASES if c.game.id == "caesar"]
    assert len(caesar) == 98, "every option set Caesar! accepts: 7 module sets x 14 solo ones"
    for n in (2, 3, 4):
        aeterna = [c for c in CASES if c.game.id == "aeterna" and c.players == n]
        assert len(aeterna) == 32, f"every option set of Æterna at {n} players: 2^5"


def test_past_the_limit_every_variant_combination_and_reading_is_still_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a game with many reading options (Age of Rome has dozens) cannot cross them all
    monkeypatch.setattr(sys.modules[__name__], "MAX_OPTION_SETS", 4)
    game = ludi.get_game("aeterna")
    sets = option_sets(game, 3)
    variants = [o for o in game.options if not o.reading]
    for values in itertools.product(*(_domain(game, o.name) for o in variants)):
        chosen = dict(zip((o.name for o in variants), values, strict=True))
        assert any(all(s[k] == v for k, v in chosen.items()) for s in sets), chosen
    for opt in (o for o in game.options if o.reading):
        for value in _domain(game, opt.name):
            assert any(s[opt.name] == value for s in sets), f"{opt.name}={value}"
    assert len(sets) < 32

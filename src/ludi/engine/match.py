"""Starting, saving and replaying matches of any registered game.

The registry maps game ids to games; the game packages register themselves when ``ludi`` is
imported, so the engine never imports a game.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ludi.engine.errors import IllegalAction, OptionError, RecordError
from ludi.engine.game import Game, GameData
from ludi.engine.record import MAX_NESTING, MatchRecord, too_deep
from ludi.engine.state import State
from ludi.i18n import catalog, using

_, n_ = catalog(__name__)

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (done once by each game package)."""
    _REGISTRY[game.id] = game
    return game


def games() -> list[Game]:
    """Return every registered game."""
    return list(_REGISTRY.values())


def get_game(game_id: str) -> Game:
    """Return the registered game with this id; raises ``OptionError`` naming the known ones."""
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or _("none")
        raise OptionError(
            _("no game {game} (Ludi has: {known})", game=repr(game_id), known=known)
        ) from None


def _resolve_data(game: Game, data: GameData | str | Path | None) -> GameData:
    if isinstance(data, GameData):
        return data
    return game.load_data(Path(data) if data is not None else None)


def new_match(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    data: GameData | str | Path | None = None,
) -> State:
    """Start a match: the game's setup done with a generator seeded by ``seed``.

    ``players`` defaults to the game's smallest count, ``seed`` to a random one, ``data`` to the
    shipped component data (a path lays a user's data file over it). Raises ``OptionError`` for
    an unknown game, player count or option, ``DataError`` for a data file that does not validate.
    """
    game = get_game(game_id)
    count = game.players[0] if players is None else players
    values = game.resolve_options(options, count)
    if seed is None:
        seed = secrets.randbits(63)
    return game.new_state(count, seed, values, _resolve_data(game, data))


def load_position(payload: Mapping[str, Any], data: GameData | str | Path | None = None) -> State:
    """Return the state a saved position (``State.position()``) describes.

    Raises ``RecordError`` if it is not a position, names a game this Ludi does not have, or
    is corrupt.
    """
    if not isinstance(payload, Mapping):
        raise RecordError(_("not a Ludi position: a position is a JSON object"))
    if too_deep(payload):
        raise RecordError(
            _("not a Ludi position: it nests lists or objects over {most} deep", most=MAX_NESTING)
        )
    if payload.get("format") != "ludi-position/1":
        raise RecordError(
            _(
                "not a Ludi position (its format is {found})",
                found=repr(payload.get("format"))[:80],
            )
        )
    game = _recorded_game(payload.get("game"))
    gdata = _resolve_data(game, data)
    _check_data(payload.get("data"), gdata)
    return game.state_from_position(payload, gdata)


def _recorded_game(game_id: object) -> Game:
    try:
        return get_game(str(game_id))
    except OptionError as exc:
        raise RecordError(
            _("this was played in a game Ludi does not have: {problem}", problem=exc)
        ) from None


def _check_data(recorded: object, data: GameData) -> None:
    if isinstance(recorded, Mapping) and recorded.get("sha256") not in (None, data.info.sha256):
        raise RecordError(
            _(
                "this was played with other component data ({source}); pass that data file "
                "with --data to replay it",
                source=recorded.get("source"),
            )
        )


def record_of(state: State, seats: Sequence[str] = ()) -> MatchRecord:
    """Return the record of a match so far: header and every action since its start."""
    # a record holds no reader's words (docs/i18n.md): the result's reason is written in
    # English, whatever the language the match was played in
    with using("en"):
        result = state.result
    # a match from a saved position records that position and the actions since it
    done = len(state.start.get("history", ())) if state.start is not None else 0
    return MatchRecord(
        game=state.game.id,
        rules_version=state.game.rules_version,
        players=state.players,
        seed=state.seed,
        options=dict(state.options),
        actions=tuple((seat, str(action)) for seat, action in state.history()[done:]),
        seats=tuple(seats),
        data={"source": state.data.info.source, "sha256": state.data.info.sha256},
        start=state.start,
        result=result.to_json() if result is not None else None,
    )


def _outcome(result: Mapping[str, Any]) -> dict[str, Any]:
    """Return a result as JSON without its words (the points, ranking and winners)."""
    return {key: value for key, value in result.items() if key != "reason"}


def replay(
    record: MatchRecord | Mapping[str, Any], data: GameData | str | Path | None = None
) -> State:
    """Return the state a record reaches, applying its actions one by one.

    Raises ``RecordError`` naming the first action that does not apply, or a result that differs
    from the one recorded.
    """
    rec = record if isinstance(record, MatchRecord) else MatchRecord.from_json(record)
    game = _recorded_game(rec.game)
    if rec.rules_version != game.rules_version:
        raise RecordError(
            _(
                "the record was made with {game} rules {version}; this Ludi has {ours}",
                game=game.printed_title(),
                version=rec.rules_version,
                ours=game.rules_version,
            )
        )
    gdata = _resolve_data(game, data)
    _check_data(rec.data, gdata)
    if rec.start is not None:
        state = game.state_from_position(rec.start, gdata)
    else:
        try:
            values = game.resolve_options(rec.options, rec.players)
        except OptionError as exc:
            raise RecordError(_("record options are not valid: {problem}", problem=exc)) from exc
        state = game.new_state(rec.players, rec.seed, values, gdata)
    for i, (seat, text) in enumerate(rec.actions):
        try:
            state.apply(seat, text)
        except IllegalAction as exc:
            raise RecordError(
                _(
                    "the record's action {n} ({move} by seat {seat}) does not apply: {problem}",
                    n=i + 1,
                    move=repr(text)[:80],
                    seat=seat,
                    problem=exc,
                )
            ) from exc
    if rec.result is not None:
        got = state.result
        # the outcome, not its words: the reason is told in the reader's language, and a record
        # written before its words were English may hold another
        if got is None or _outcome(got.to_json()) != _outcome(dict(rec.result)):
            raise RecordError(_("the replayed match does not end as the record says"))
    return state

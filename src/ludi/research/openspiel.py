"""Ludi's games in OpenSpiel: ``register("caesar")``, then ``pyspiel.load_game("ludi_caesar")``.

Each game is registered as a sequential game with sampled stochasticity (the match's seeded
generator draws the tokens and cards; there are no explicit chance nodes) and imperfect
information. A decision that the rulebook takes in secret at the same time is taken one seat
after another, the choices made so far hidden from the others until all have chosen.

- Parameters: ``players``, ``seed`` (of the first match; each new initial state draws the next),
  ``reward`` (``win``, ``margin``) and every option of the game, with its default.
- Utility: ``win`` is constant-sum (the share of the win sums to 1) for a game that always has
  a winner, general-sum otherwise and for ``margin``.
- Observations: the observation string is the seat's view as JSON, the tensor its encoding
  (``Game.research``); the information state string adds everything the seat has read in the
  log, so it has perfect recall. A spectator's view serves the public observation.
- ``resample_from_infostate`` is ``State.sample_hidden``: the hidden parts re-drawn
  consistently with what the seat has seen; clones go through ``State.clone()``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ludi.engine import Game, Rng, State, games, get_game
from ludi.research.core import Spec, has_encoding, spec

#: OpenSpiel wants a bound on a match's length; no Ludi game comes near it
MAX_GAME_LENGTH = 5000


def short_name(game: Game) -> str:
    """Return the OpenSpiel name of a Ludi game (``ludi_caesar``)."""
    return f"ludi_{game.id}"


def register(game_id: str) -> str:
    """Register a Ludi game with OpenSpiel (once); return its OpenSpiel short name."""
    game = get_game(game_id)
    name = short_name(game)
    if name in pyspiel.registered_names():
        return name
    params: dict[str, Any] = {"players": game.players[0], "seed": 0, "reward": "win"}
    params.update({opt.name: opt.default for opt in game.options})
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Ludi: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility(game, "win", game.players[0])[0],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )
    # a class per game, not a closure: OpenSpiel keeps the creator until the interpreter is
    # gone, and a closure released then crashes it
    creator = type(
        f"Ludi{game.id.capitalize()}SpielGame",
        (LudiSpielGame,),
        {"ludi_game": game, "game_type": game_type},
    )
    pyspiel.register_game(game_type, creator)
    return name


def register_all() -> list[str]:
    """Register every game that has a research encoding; return their OpenSpiel names."""
    return [register(g.id) for g in games() if has_encoding(g)]


def _utility(game: Game, reward: str, players: int) -> tuple[Any, float | None]:
    """Return OpenSpiel's utility type of a reward, with the sum it keeps (if any)."""
    utility = pyspiel.GameType.Utility
    if reward == "win" and game.always_won(players):
        return utility.CONSTANT_SUM, 1.0
    if reward == "margin" and players == 2:
        return utility.ZERO_SUM, 0.0  # my points minus yours, and yours minus mine
    return utility.GENERAL_SUM, None


def _with_utility(game_type: Any, utility: Any) -> Any:
    """Return a copy of a game type with another utility (the reward is a parameter)."""
    fields = [
        "short_name",
        "long_name",
        "dynamics",
        "chance_mode",
        "information",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
        "parameter_specification",
    ]
    return pyspiel.GameType(utility=utility, **{f: getattr(game_type, f) for f in fields})


class LudiSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A Ludi game with its parameters, as an OpenSpiel game (subclassed per game by
    ``register``)."""

    ludi_game: Game
    game_type: Any

    def __init__(self, params: Mapping[str, Any]) -> None:
        game, game_type = self.ludi_game, self.game_type
        options = {o.name: params[o.name] for o in game.options if o.name in params}
        self.config: Spec = spec(game, int(params["players"]), options, reward=params["reward"])
        win = params["reward"] == "win"
        utility, utility_sum = _utility(game, params["reward"], self.config.players)
        bound = self.config.encoder.max_points
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.num_actions,
            max_chance_outcomes=0,
            num_players=self.config.players,
            min_utility=0.0 if win else -bound,
            max_utility=1.0 if win else bound,
            utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_with_utility(game_type, utility), info, dict(params))
        self._seeds = random.Random(int(params["seed"]))

    def new_initial_state(self) -> LudiSpielState:
        return LudiSpielState(self)

    def next_seed(self) -> int:
        return self._seeds.getrandbits(62)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> LudiObserver:
        return LudiObserver(self.config, iig_obs_type)


class LudiSpielState(pyspiel.State):  # type: ignore[misc]
    """A Ludi match as an OpenSpiel state. The match is set up on first use, so that a clone
    (OpenSpiel makes a fresh initial state, then deep-copies the attributes) costs one
    ``State.clone()`` and no setup."""

    def __init__(self, game: LudiSpielGame, match: State | None = None) -> None:
        super().__init__(game)
        # only the match is an attribute: OpenSpiel's clone deep-copies every attribute
        self._match = match

    @property
    def _spiel_game(self) -> LudiSpielGame:
        return self.get_game()  # type: ignore[no-any-return]

    @property
    def match(self) -> State:
        if self._match is None:
            game = self._spiel_game
            self._match = game.config.new_state(game.next_seed())
        return self._match

    def current_player(self) -> int:
        to_act = self.match.to_act
        return int(to_act[0]) if to_act else pyspiel.PlayerId.TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        config = self._spiel_game.config
        return sorted(config.encoder.mask(self.match.legal_actions(player)))

    def _apply_action(self, action: int) -> None:
        self._spiel_game.config.apply(self.match, self.current_player(), int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._spiel_game.config.encoder.actions.notations[action]

    def is_terminal(self) -> bool:
        return self.match.is_over

    def returns(self) -> list[float]:
        result = self.match.result if self.match.is_over else None
        if result is None:
            return [0.0] * self._spiel_game.config.players
        return self._spiel_game.config.rewards(result)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudiSpielState:
        """Return a state the seat cannot tell from this one (``State.sample_hidden``)."""
        seed = int(probability_sampler() * 2**62)
        sample = self.match.sample_hidden(player_id, Rng(seed))
        return LudiSpielState(self._spiel_game, sample)

    def __str__(self) -> str:
        return json.dumps(self.match.view(None), ensure_ascii=False, sort_keys=True)


class LudiObserver:
    """OpenSpiel's observer of a Ludi match: a seat's view, as the encoder's tensor and as JSON
    (the information state adds the log the seat has read)."""

    def __init__(self, config: Spec, iig_obs_type: Any) -> None:
        self.config = config
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        self.private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        self.tensor = np.zeros(config.encoder.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.start + s.size] for s in config.encoder.layout}

    def _viewer(self, player: int) -> int | None:
        return player if self.private else None

    def set_from(self, state: LudiSpielState, player: int) -> None:
        view = state.match.view(self._viewer(player))
        self.tensor[:] = self.config.encoder.encode(view)

    def string_from(self, state: LudiSpielState, player: int) -> str:
        viewer = self._viewer(player)
        text = json.dumps(state.match.view(viewer), ensure_ascii=False, sort_keys=True)
        if self.perfect_recall:
            text += "\n" + "\n".join(state.match.events(viewer))
        return text

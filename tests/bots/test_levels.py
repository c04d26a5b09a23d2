"""Named levels: ``easy``, ``normal``, ``hard`` stand for bot specs each game calibrates."""

from __future__ import annotations

import pytest

import ludi
from ludi.bots import LEVELS, HeuristicBot, ISMCTSBot, Seat, bots_for, levels_for, make_bot
from ludi.engine import OptionError

GAMES = ["caesar", "sylla", "aeterna"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_the_three_levels_first(game_id: str) -> None:
    game = ludi.get_game(game_id)
    assert bots_for(game)[:3] == ["easy", "normal", "hard"]
    assert list(levels_for(game)) == list(LEVELS)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_level_is_a_bot_of_the_games_calibration(game_id: str) -> None:
    game = ludi.get_game(game_id)
    specs = levels_for(game)
    easy = make_bot("easy", seed=1, game=game)
    assert isinstance(easy, HeuristicBot)
    normal, hard = make_bot("normal", game=game), make_bot("hard", game=game)
    assert isinstance(normal, ISMCTSBot) and isinstance(hard, ISMCTSBot)
    assert normal.describe() == make_bot(specs["normal"]).describe()
    # the stronger level searches more, with a fixed budget (the same opponent on any machine)
    assert normal.iterations is not None and hard.iterations is not None
    assert hard.iterations > normal.iterations


def test_a_level_takes_no_settings() -> None:
    with pytest.raises(OptionError, match="takes no settings"):
        make_bot("hard:seconds=9", game=ludi.get_game("sylla"))


def test_a_level_plays_a_match() -> None:
    state = ludi.new_match("sylla", players=4, seed=2)
    bots = [make_bot(level, seed=i, game=state.game) for i, level in enumerate(LEVELS)]
    bots.append(make_bot("random", seed=9))
    moves = 0
    while not state.is_over and moves < 40:
        seat = state.to_act[0]
        bot = bots[seat]
        if isinstance(bot, ISMCTSBot):
            bot.iterations = 20  # a quick check of legality, not of strength
        state.apply(seat, bot.choose(Seat(state, seat)))
        moves += 1
    assert moves == 40 or state.is_over


def test_a_level_is_the_one_calibrated_for_the_tables_player_count() -> None:
    """Sylla's short guided search is no better than its heuristic at three and four players,
    so ``normal`` there searches with random playouts (decision record 0019)."""
    sylla = ludi.get_game("sylla")
    at_two = make_bot("normal", game=sylla, players=2).describe()
    at_four = make_bot("normal", game=sylla, players=4).describe()
    assert "playout=random" not in at_two and "playout=random" in at_four
    # without a count, the two-player levels stand for the game
    assert levels_for(sylla) == levels_for(sylla, 2)
    assert make_bot("normal", game=sylla).describe() == at_two


def test_a_seat_of_a_four_player_match_gets_the_four_player_level() -> None:
    from ludi.cli.common import SeatSpec

    state = ludi.new_match("age_of_rome", players=4, seed=1)
    bot = SeatSpec("normal").bot(0, state.game, state.players)
    assert bot.describe() == make_bot(levels_for(state.game, 4)["normal"]).describe()
    assert bot.describe() != make_bot(levels_for(state.game, 2)["normal"]).describe()


def test_aeternas_hard_reads_its_playouts_further_at_three_and_four_players() -> None:
    """Cut at 8 moves, Æterna's playouts misled ``hard`` once three rivals move in between;
    at three and four players they run 16 (decision record 0019)."""
    aeterna = ludi.get_game("aeterna")
    horizons = {n: make_bot("hard", game=aeterna, players=n).horizon for n in aeterna.players}
    assert horizons == {2: 8, 3: 16, 4: 16}

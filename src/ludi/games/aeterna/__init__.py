"""Æterna (Martin Wallace; Ergo Ludo Editions / MS Edizioni 2024), for 2 to 4 players.

Rules summary (Italian and Russian rulebooks). Three epochs of nine phases. A: the draft: each
player picks one of 3 monuments + 2 provinces at the same time in secret and passes the rest
left, until of the last two one is kept and the other laid face up on the board. B: in turn
order, each turn one main action (play a card, ask a personality's favour, build an edifice,
influence a hill, or pass for the best free pass-track space) with free actions before and
after (discard a card for a reward, activate a monument). C: hills score by position. D: the
most crowded hills are devastated and their prefects gain unrest. E: edifices pay their
prefects. F: citizens come home. G: each damage token the unrest reached is paid or costs a
ruin token. H: every citizen eats 1 grain or brings 2 unrest. I: the next turn order is chosen
from the first to pass. At the end: leftovers, card PP, diversity sets and the doom track.

Cards are data (``data/aeterna.yaml``): only 4 of 72 cards are printed in the rulebooks; the
rest are RECONSTRUCTED defaults a player replaces with ``--data``. Options: ``below_zero``,
``doom``, ``personalities``, ``pp_floor``, ``hills``. Notation: see
``ludi.games.aeterna.actions``.
"""

from ludi.engine import register
from ludi.games.aeterna.game import GAME

register(GAME)

__all__ = ["GAME"]

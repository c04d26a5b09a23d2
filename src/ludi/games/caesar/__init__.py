"""Caesar! Seize Rome in 20 Minutes (Paolo Mori; Rome expansions by David Turczi).

Rules summary (Russian rulebook, GaGa Games 2022). Caesar (red, seat 0) and Pompey (blue,
seat 1) take turns. A turn: place one influence token from behind your screen on a free border
cell whose icon it carries (laurel tokens go anywhere), facing as you choose: each half adds
its value to the province on its side. A province whose border cells are all taken closes:
the placer takes its bonus token; the higher total lays a control token there (none on a tie;
two in Italy), plus one on the border with each neighbouring province the same player already
holds. Use or give up each bonus, then draw a token. Whoever lays their last control token
wins at once; a player who cannot place loses.

Options: ``poison``, ``centurions``, ``border_control`` (the Rome expansion modules),
``solo`` (off/easy/normal/hard: play against auto-Crassus), ``crassus_plays``,
``solo_harder``. Notation: see ``ludi.games.caesar.actions``.
"""

from ludi.engine import register
from ludi.games.caesar.game import GAME

register(GAME)

__all__ = ["GAME"]

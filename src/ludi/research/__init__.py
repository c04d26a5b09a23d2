"""The researchers' way in: PettingZoo, Gymnasium and OpenSpiel over every Ludi game.

An optional extra (``pip install ludi[research]``: numpy, PettingZoo, Gymnasium, OpenSpiel).
The adapters are generic: a game supplies only its encoding (``Game.research``: its fixed
action space and its observation of a seat's view, ``ludi.engine.encoding``), found through
the Game object, so a new game joins every adapter by declaring it.

- ``ludi.research.pettingzoo.env("sylla", players=4)``: a PettingZoo AEC environment;
- ``gymnasium.make("ludi/Caesar-v1", opponents="heuristic")``: one seat learns, Ludi's bots
  play the others (registered on ``import ludi.research.gymnasium``);
- ``ludi.research.openspiel.register("caesar")``: the game in OpenSpiel (``pyspiel``).

docs/research.md describes the spaces, the layouts, the rewards and the versions.
"""

from __future__ import annotations

from ludi.research.core import REWARDS, Spec, spec

__all__ = ["REWARDS", "Spec", "spec"]

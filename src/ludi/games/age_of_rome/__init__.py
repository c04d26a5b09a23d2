"""Age of Rome (Vangelis Eftimiou, Antonios Giannopoulos; Teetotum Game Studios 2022; Russian
edition «Во славу Рима», Фабрика Игр).

Rules summary (Russian rulebook). Each player takes a random character board (legions, votes,
denarii, glory, enmity, sometimes an anchor card), keeps 2 of 3 secret tasks, and faces one
province of a provinces board that turns at the end of every round. Nine rounds of four phases:

I. Intrigue: the event card rewards the players with the most / least of something and its
   arrow sets this round's direction of play and the board's turn at the round's end. From
   round 2, in turn order, each may activate their face-down intrigues in other players'
   provinces, paying an enmity token to the target (enmity covers boosts), for one of the
   three effects on their board; goods cards may answer.
II. Building: in turn order, build levels I, II, III in the province in front of you (glory at
   once, +1 population; the first level III of a type takes its medal).
III. Actions: in turn order, one supporter at a time on a building in front of you (its
   action: legions, a vote on the 5-high Senate column, goods cards, a Pantheon piece,
   denarii), an intrigue cell or the Colosseum (+1 glory); boosts double military, politics
   and trade once a round; goods cards are played when their trigger happens.
IV. Income: 1 denarius per inhabitant, or 2 at a glory penalty; then the board turns.
The end: track glory + battlefields (by place) + Senate positions + goods sets + Pantheon +
tasks + 1 glory per 4 denarii. Most glory wins; then most denarii; then the win is shared.
Milestones on the fame track (5 and three moving markers) recruit supporters.

Variants as options: ``truce``, ``clockwise``, ``heroes``, ``harsh_times``, ``spies_allies``;
the Emperor solo with 1 player. Each reading of an ambiguous rule is an option too (``game.py``;
the table in docs/age_of_rome.md). Notation: see ``ludi.games.age_of_rome.actions``.
"""

from ludi.engine import register
from ludi.games.age_of_rome.game import GAME

register(GAME)

__all__ = ["GAME"]

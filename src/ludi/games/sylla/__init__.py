"""Sylla (Dominique Ehrhard; Ystari Games 2008; Polish edition Rebel.pl).

Rules summary (Polish rulebook). Each player secretly keeps 4 characters of their set (3
players: 6; 2 players: 8, RECONSTRUCTED), revealed together; 3 denarii + 1 per Merchant,
prestige 10. Five rounds of seven phases:

I. First Consul: the sitting Consul bids votes (Senators + denarii), then once around each
   player passes or bids higher; the best bid wins and pays its denarii. The Consul takes a
   Res Publica token (colour shown) and raises famine by the famine symbols of the events.
II. Recruitment: from the Consul clockwise, each takes one shown character.
III. Buildings: the Consul offers one of six buildings; the slot's colour decides which cards
   can pay; bids (cards with that colour) go once around, the offerer last; the buyer tilts
   the cards and offers the next. Five offers (4 with 3 players, 3 with 2).
IV. Income: 3, +1 per untilted Merchant, +2 per Stall; Private Temples and Taverns.
V. Events: untilted Legionaries and Vestals give cubes, placed one at a time on events with
   their symbol; majorities take tokens (Decadence: prestige); the two events with most cubes
   are averted, the other two happen; the most averted leaves the game (never Decadence).
VI. Great work: all at once, thumb up (build) or down (plebs) with secret denarii in hand.
VII. Famine costs prestige (Fields help); a marker in the crisis zone opens a crisis.
The end (Ecclesia): Christians 2 prestige, freed Slaves 3 (for 2 denarii), tokens at their
marker's value. Most prestige wins; ties share.

Options: ``unused_sets``, ``temple_votes``. Notation: see ``ludi.games.sylla.actions``.
"""

from ludi.engine import register
from ludi.games.sylla.game import GAME

register(GAME)

__all__ = ["GAME"]

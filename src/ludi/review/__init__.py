"""The review of a finished match: for each decision, what the search thought of it.

``review_record(record)`` goes through a match record decision by decision. At each, from the
deciding seat's view only (the search starts from ``State.sample_hidden``, never from the true
hidden parts), the game's information-set search (``ludi.bots.ismcts``) runs a fixed number of
iterations with a seed made from the record's seed, the step and the seat, so the same review
comes out every time. It gives the seat's winning chance before the decision (its expected
share of the win, 0..1), its expected rank with three players or more, the move the search
would have chosen, and what the move played cost against it, each with the simulations behind
it. Each decision is then called what players call it (``SLIP``, ``MISTAKE``), and the match's
turning points are where the winner's chance rose most (``TURNING_POINT``). An automaton's
moves are listed, not judged; a move with no choice is listed as forced.

``Review.to_json()`` is what ``ludi review --json`` prints and what a page shows as is.
docs/review.md says how to read it and what it does not claim.
"""

from __future__ import annotations

from ludi.review.review import (
    DEFAULT_BUDGET,
    FEW_VISITS,
    FORMAT,
    MISTAKE,
    SLIP,
    TURNING_POINT,
    Decision,
    Review,
    TurningPoint,
    assemble,
    automaton_seats,
    review_decision,
    review_record,
    search_seed,
    start_state,
)

__all__ = [
    "DEFAULT_BUDGET",
    "FEW_VISITS",
    "FORMAT",
    "MISTAKE",
    "SLIP",
    "TURNING_POINT",
    "Decision",
    "Review",
    "TurningPoint",
    "assemble",
    "automaton_seats",
    "review_decision",
    "review_record",
    "search_seed",
    "start_state",
]

"""Age of Rome's rules, one function per rule, each citing the section of the Russian rulebook
(«Во славу Рима», Фабрика Игр 2022; ``rulebooks/001_21056be5114fb7eb.txt``) it implements.

The functions take the state and change it. A decision is checked in full by
``dispatch.check`` before anything changes; then the rule it belongs to runs and the match
advances through every automatic step until the next decision. A phase module ends its
phase with ``rounds.end_phase``; only ``rounds.PHASES`` knows which phase follows. Where the
rulebook is silent or ambiguous, the reading Ludi takes is named in the docstring (A-nn: the
entry of the reference checklist's §7) and listed in ``docs/age_of_rome.md``.

One module per part of the rulebook, in the order of play:

======================  ==================================================================
``common``              rule references, phases, the rotating board, fame and milestones
``rounds``              Об игре: the phases in order (``PHASES``), Вращение поля провинций
``setup``               Подготовка к игре, Планшеты игроков, Карты заданий
``intrigue_phase``      Фаза интриг: Карты событий, Активация интриг, Эффекты интриг
``diplomacy``           Шпионы и союзники (variant), before the activations
``building_phase``      Фаза строительства, Здания, Медали
``action_phase``        Фаза действий: supporters, farming, Колизей, Действие интриги,
                        Об усилениях
``building_actions``    Военное дело, Политика, Религия: whoever takes the action
``goods``               Торговля, Карты товаров: drawing, playing, sets, selling
``effects``             the interpreter of the data's effect vocabulary (cards, events)
``income_phase``        Фаза дохода
``end_of_game``         Итоговый подсчет очков, the Emperor solo's goals
``dispatch``            the legal decisions now, the check that refuses others, the call
======================  ==================================================================
"""

from __future__ import annotations

from ludi.games.age_of_rome.rules.common import (
    KEEP,
    OVER,
    PHASE_RULES,
    seat_facing,
    seat_sides,
)
from ludi.games.age_of_rome.rules.dispatch import carry_out, check, choices
from ludi.games.age_of_rome.rules.end_of_game import result
from ludi.games.age_of_rome.rules.setup import set_up

__all__ = [
    "KEEP",
    "OVER",
    "PHASE_RULES",
    "carry_out",
    "check",
    "choices",
    "result",
    "seat_facing",
    "seat_sides",
    "set_up",
]

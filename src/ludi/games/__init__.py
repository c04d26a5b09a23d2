"""The games Ludi plays, one package each, every package with the same parts in the same order:

``data.py`` (component data, loaded once into frozen records, validated), ``actions.py``
(actions and their notation), ``rules.py`` / ``state.py`` (the rules, one named function per
rule citing its rulebook section), ``view.py`` (what each seat may see), ``game.py`` (options,
registration, and its capabilities: presentation, bots, research, lab),
``render.py`` (the terminal board), ``data/`` (the data files with their provenance).
docs/adding-a-game.md is the checklist.
"""

from ludi.games import aeterna, age_of_rome, caesar, sylla

__all__ = ["aeterna", "age_of_rome", "caesar", "sylla"]

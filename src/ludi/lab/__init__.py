"""The designers' balance lab (``ludi lab``): experiments on exact rulebook play.

``experiment`` reads and checks an experiment; ``runner`` plays its matches (here, on local
processes or on Ray) with seeds shared by the arms; ``metrics`` turns the rows into figures and
paired differences; ``ladder`` and ``tune`` rate bots and search settings; ``report`` writes the
HTML page; ``study`` ties them together. What a game measures of its own (its units of length,
its kinds of ending, its usage categories, its figures) comes from ``Lab.measures``: the lab
knows no game by its id.
"""

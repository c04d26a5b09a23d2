"""``ludi``, the command line: list the games, play in the terminal, simulate bot matches,
replay records, and measure speed. Built on argparse and Rich (the ``cli`` extra).

Each command lives in its own module (``listing``, ``play``, ``simulate``, ``replay``,
``bench``); ``main`` parses the arguments and turns every error a user can cause into one
clear line and a non-zero exit code.
"""

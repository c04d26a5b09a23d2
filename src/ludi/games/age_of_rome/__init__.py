"""Age of Rome («Во славу Рима», Teetotum Game Studios 2022): the game package.

The rules summary, notation and registration come with the rules (game.py); ``data.py`` holds
the component data.
"""

"""The web server: ``ludi serve``, a lobby, live matches between people and bots.

``app`` (FastAPI routes and the websocket), ``hub`` (the match runner), ``protocol`` (what a
client may send), ``bots`` (the worker pool), ``persist`` (group commit to ``ludi.store.sql``),
``cli`` (the ``serve`` command). The pages themselves are static files in ``ludi.web``.
"""

"""The web server: ``ludi serve``, a lobby, live matches between people and bots.

The web app (``app.create_app``) is its routers (``routes``: ``pages``, ``lobby``, ``replay``,
``play`` the websocket, ``relay`` between server processes) over one ``context.ServerContext``;
``sockets`` is a websocket's plumbing. The match runner is ``hub.Hub``, which keeps the live
matches (``room``) and talks to its store, writer, table log, bots, broadcaster and cluster
through the protocols of ``ports`` (``broadcast``, ``persist``, ``bots``, ``cluster`` implement
them). What happens at the table has a module each: ``turn_clocks`` (clocks, stand-ins),
``ending`` (a concession, the votes to end), ``chat``, and ``handover`` (a match passed between
processes); ``table`` and ``clocks`` keep their state and rules. ``protocol`` says what a client
may send, ``patch`` how states travel as patches, ``moves`` and ``games`` what the server reads
of a game, ``host_data`` the data files a host offers beside the shipped data, ``cli`` is the
``serve`` command. The pages are static files in ``ludi.web``.
"""

"""The web app's routes, one ``APIRouter`` a part: the pages (``pages``), the lobby and its
matches (``lobby``), finished matches replayed (``replay``), live play over a websocket
(``play``), and the clients relayed between server processes (``relay``). Each reaches the
server's shared objects through ``ludi.server.context.Context``."""

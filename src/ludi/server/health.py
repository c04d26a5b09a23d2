"""``GET /healthz``: whether the server can serve, for a load balancer, systemd or a monitor.

200 ``{"status": "ok"}`` when the store answers a query (within ``STORE_SECONDS``) and the
moves' writer (thread or process, ``ludi.server.persist``) runs; otherwise 503
``{"status": "failing", "reasons": [...]}`` saying what is wrong. It reads nothing of the
matches and takes no lock a move takes, so a busy server answers it as fast as it answers anyone.
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy import Engine, text

from ludi.server.context import Context

router = APIRouter()

#: how long the store may take to answer before the server is said to be failing (seconds)
STORE_SECONDS = 3.0


def _ask(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


async def problems(ctx: Context) -> list[str]:
    """Return what keeps the server from serving (nothing: it is healthy)."""
    found = []
    try:
        await asyncio.wait_for(asyncio.to_thread(_ask, ctx.store.engine), STORE_SECONDS)
    except TimeoutError:
        found.append(f"the store did not answer within {STORE_SECONDS:g} s")
    except Exception as exc:
        found.append(f"the store does not answer: {type(exc).__name__}: {exc}")
    alive = getattr(ctx.hub.committer, "alive", None)
    if alive is not None and not alive():
        found.append("the moves' writer has stopped (the next move starts another)")
    return found


@router.get("/healthz", include_in_schema=False)
async def healthz(ctx: Context) -> JSONResponse:
    """200 if the server can serve, else 503 with the reasons."""
    found = await problems(ctx)
    headers = {"Cache-Control": "no-store"}
    if found:
        return JSONResponse({"status": "failing", "reasons": found}, 503, headers=headers)
    return JSONResponse({"status": "ok"}, headers=headers)

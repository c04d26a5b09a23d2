"""The addresses the operator banned (``ludi admin ban``): one row of ``ludi_bans`` each, an
address (``203.0.113.7``) or a network (``203.0.113.0/24``), with the reason the server gives
when it refuses a request or a websocket from there (``ludi.server.bans``).
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

from sqlalchemy import Engine, delete, select

from ludi.engine import LudiError
from ludi.store.sql import bans

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Ban:
    """One banned address or network."""

    address: str
    reason: str
    at: float


def network(text: str) -> Network:
    """Return an address or a network as a network (an address is one of a single address);
    raise ``LudiError`` for anything else."""
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise LudiError(f"not an address or a network (CIDR): {text!r}") from None


class BanList:
    """The banned addresses, over the match store's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, address: str, reason: str = "") -> Ban:
        """Ban ``address`` (or a network) for ``reason``; ban it again with the new reason if
        it already was."""
        ban = Ban(
            str(network(address)).removesuffix("/32").removesuffix("/128"), reason, time.time()
        )
        with self.engine.begin() as conn:
            conn.execute(delete(bans).where(bans.c.address == ban.address))
            conn.execute(bans.insert().values(address=ban.address, reason=reason, at=ban.at))
        return ban

    def remove(self, address: str) -> bool:
        """Lift the ban of ``address``; return whether there was one."""
        text = str(network(address)).removesuffix("/32").removesuffix("/128")
        with self.engine.begin() as conn:
            return conn.execute(delete(bans).where(bans.c.address == text)).rowcount > 0

    def all(self) -> list[Ban]:
        """Return every ban, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(bans.c.address, bans.c.reason, bans.c.at).order_by(bans.c.at)
            ).all()
        return [Ban(row[0], row[1], row[2]) for row in rows]


class Banned:
    """What a server checks each new client's address against: the bans as last read."""

    def __init__(self, found: list[Ban]) -> None:
        self.addresses = {ban.address: ban.reason for ban in found if "/" not in ban.address}
        self.networks = [(network(ban.address), ban.reason) for ban in found if "/" in ban.address]

    def reason(self, address: str) -> str | None:
        """Return why ``address`` is banned, or None if it is not."""
        if not self.addresses and not self.networks:
            return None
        found = self.addresses.get(address)
        if found is not None or not self.networks:
            return found
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return None
        for net, reason in self.networks:
            if ip.version == net.version and ip in net:
                return reason
        return None

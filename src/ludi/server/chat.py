"""The table's chat: a line a seat says is stored, then sent to everyone in the room
(``ludi.server.table`` says what a line may hold and how fast a seat may talk).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludi.i18n import catalog
from ludi.server.protocol import ProtocolError
from ludi.server.room import Room
from ludi.server.table import CHAT_KEEP, RULE_TABLE, ChatLine, clean_chat
from ludi.store.sql import Fact

if TYPE_CHECKING:
    from ludi.server.hub import Hub

_, n_ = catalog(__name__)


async def chat(hub: Hub, room: Room, seat: int, text: str) -> None:
    """Say a line at the table: stored, then sent to everyone in the room."""
    line = clean_chat(text)
    if not room.table.may_chat(seat):
        raise ProtocolError(_("you are talking too fast: wait a moment"), rule=RULE_TABLE)
    said = ChatLine(seat, line, room.raw_count)
    await hub.committer.append(
        Fact(room.id, "chat", seat, {"text": line, "raw_at": said.raw_at, "n": room.n})
    )
    room.table.chat.append(said)
    del room.table.chat[:-CHAT_KEEP]  # a newcomer gets the newest lines; all are stored
    for client in room.clients:
        client.send({"type": "chat", "seat": seat, "text": line})

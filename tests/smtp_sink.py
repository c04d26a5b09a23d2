"""The SMTP sink of the e-mail notices' tests, server and browser alike: an aiosmtpd handler
that keeps every mail it is given."""

from __future__ import annotations

import email
import email.policy
import threading
from email.message import EmailMessage
from typing import Any


class Sink:
    """An SMTP server's handler that keeps every mail it is given."""

    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.mails.append(message)  # type: ignore[arg-type]
        return "250 OK"

"""Sending e-mail: the operator's SMTP server (``ludi serve --smtp URL --mail-from ADDR``) and
the mails Ludi writes, each in its reader's language.

``--smtp`` takes ``smtp://[user:password@]host[:port]`` (plain, upgraded with STARTTLS when the
server offers it), ``smtp+starttls://...`` (STARTTLS required) or ``smtps://...`` (TLS from the
first byte). Sending blocks, so it runs in the notifier's own thread (``ludi.server.notify``),
never on the event loop.

A mail carries one seat link only: the recipient's own (each notice row holds the link of the
seat that left the address); the unsubscribe link is signed, not a seat token.
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Sequence
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit

import ludi
from ludi.i18n import catalog, using

_, n_ = catalog(__name__)

#: how long one SMTP conversation may take, seconds
SMTP_TIMEOUT = 30.0


class MailConfigError(ValueError):
    """The ``--smtp`` URL or the sender's address cannot be used."""


@dataclass(frozen=True)
class SmtpServer:
    """Where mail goes: the host, its port, how the connection is secured, who logs in."""

    host: str
    port: int
    security: str  # "plain" (STARTTLS if offered), "starttls" or "tls"
    user: str | None = None
    password: str | None = None

    @classmethod
    def parse(cls, url: str) -> SmtpServer:
        parts = urlsplit(url)
        security = {"smtp": "plain", "smtp+starttls": "starttls", "smtps": "tls"}.get(parts.scheme)
        if security is None or not parts.hostname:
            raise MailConfigError(
                f"--smtp takes smtp://, smtp+starttls:// or smtps://HOST[:PORT], not {url!r}"
            )
        port = parts.port or (465 if security == "tls" else 587 if security == "starttls" else 25)
        user = unquote(parts.username) if parts.username else None
        password = unquote(parts.password) if parts.password else None
        return cls(parts.hostname, port, security, user, password)

    def send(self, message: EmailMessage) -> None:
        """Send ``message`` (blocking: call it from a thread of its own)."""
        context = ssl.create_default_context()
        smtp: smtplib.SMTP
        if self.security == "tls":
            smtp = smtplib.SMTP_SSL(self.host, self.port, timeout=SMTP_TIMEOUT, context=context)
        else:
            smtp = smtplib.SMTP(self.host, self.port, timeout=SMTP_TIMEOUT)
        with smtp:
            smtp.ehlo()
            if self.security == "starttls" or (
                self.security == "plain" and smtp.has_extn("starttls")
            ):
                smtp.starttls(context=context)
                smtp.ehlo()
            if self.user is not None:
                smtp.login(self.user, self.password or "")
            smtp.send_message(message)


@dataclass(frozen=True)
class Waiting:
    """One match a mail tells its reader about: the game, the reader's seat's name, its own
    link, and for a finished match why it ended."""

    game: str
    seat: str
    link: str
    over: str | None = None


def game_title(game: str) -> str:
    """Return a game's title in the current language (its id if the server lost the game)."""
    try:
        return ludi.get_game(game).printed_title()
    except Exception:
        return game


def compose(
    sender: str, to: str, lang: str, waiting: Sequence[Waiting], unsubscribe: str
) -> EmailMessage:
    """Return the mail that tells ``to`` of ``waiting``: one match (its turn, or its end), or
    a digest of several, in ``lang``, with the unsubscribe link in its footer and headers
    (RFC 8058: a mail client's one-click unsubscribe posts to it)."""
    with using(lang):
        if len(waiting) == 1:
            subject, lines = _single(waiting[0])
        else:
            subject = n_(
                "{n} Ludi match waits for you",
                "{n} Ludi matches wait for you",
                len(waiting),
                n=len(waiting),
            )
            ended = any(w.over is not None for w in waiting)
            lines = [_("News from your matches:") if ended else _("Your move in these matches:")]
            lines.append("")
            for w in waiting:
                title = game_title(w.game)
                if w.over is not None:
                    lines.append(_("{game} is over: {reason}", game=title, reason=w.over))
                else:
                    lines.append(_("{game}, as {seat}", game=title, seat=w.seat))
                lines += [w.link, ""]
        footer = [
            "-- ",
            _("You get these e-mails because you left this address at a Ludi match."),
            _("Stop them: {link}", link=unsubscribe),
        ]
    message = EmailMessage()
    message["Subject"] = subject
    message["From"] = sender
    message["To"] = to
    message["Date"] = formatdate(localtime=False)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message["Content-Language"] = lang
    message.set_content("\n".join([*lines, *footer]) + "\n")
    return message


def _single(w: Waiting) -> tuple[str, list[str]]:
    title = game_title(w.game)
    if w.over is not None:
        return _("{game} is over", game=title), [
            _("{game} is over: {reason}", game=title, reason=w.over),
            "",
            _("See how it ended: {link}", link=w.link),
            "",
        ]
    return _("Your turn in {game}", game=title), [
        _("It is your turn in {game}, as {seat}.", game=title, seat=w.seat),
        "",
        _("Play: {link}", link=w.link),
        "",
    ]

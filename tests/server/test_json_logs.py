"""``ludi serve --log-format json`` (issue 27): the log is JSON lines, each line of a request
about a match tagged with the match, and no seat token ever reaches it, even one a player
pastes into a URL's query."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from server_helpers import free_port
from websockets.sync.client import connect

import programs
from ludi.server.logs import JsonLines, current_account, current_match, scrub


def test_a_played_match_logs_json_lines_with_its_id_and_never_a_token(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "server.log"
    command = [sys.executable, "-m", "ludi", "serve", "--no-browser", "--port", str(port)]
    command += ["--db", str(tmp_path / "club.db"), "--bot-delay", "0", "--bot-processes", "0"]
    with log.open("wb") as stderr:
        server = subprocess.Popen(
            [*command, "--log-format", "json"], stdout=subprocess.DEVNULL, stderr=stderr
        )
        try:

            def answers() -> bool:
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=5).read()
                except OSError:
                    return False
                return True

            programs.wait_until_up(server, answers, "ludi serve --log-format json")
            body = {"game": "caesar", "seats": [{"name": "Ann"}, {"name": "Bot", "bot": "random"}]}
            request = urllib.request.Request(
                f"{base}/api/matches",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=30) as response:
                created = json.load(response)
            match_id, token = created["id"], created["seats"][0]["token"]
            # a player pasting the seat link's secret into a query, where a log would see it
            for path in (
                f"/match/{match_id}?seat={token}",
                f"/api/matches/{match_id}?token={token}",
            ):
                urllib.request.urlopen(base + path, timeout=30).read()
            with connect(f"ws://127.0.0.1:{port}/ws/{match_id}", open_timeout=30) as ws:
                ws.send(json.dumps({"type": "hello", "token": token}))
                state = json.loads(ws.recv(timeout=30))
                ws.send(json.dumps({"type": "act", "action": state["legal"][0]}))
                while json.loads(ws.recv(timeout=30))["type"] != "ack":
                    pass
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = log.read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert lines and all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    tagged = [line for line in lines if line.get("match") == match_id]
    assert any("/ws/" in line["message"] for line in tagged), tagged
    assert any("?token=***" in line["message"] for line in tagged), tagged
    assert token not in text


def test_a_line_carries_the_account_and_scrubs_secrets() -> None:
    import logging

    record = logging.LogRecord(
        "ludi.server", logging.WARNING, __file__, 1, "signed in: password=%s", ("hunter2",), None
    )
    match, account = current_match.set("abc123"), current_account.set("ann")
    try:
        line = json.loads(JsonLines().format(record))
    finally:
        current_match.reset(match)
        current_account.reset(account)
    assert line["match"] == "abc123" and line["account"] == "ann"
    assert line["message"] == "signed in: password=***" and line["level"] == "warning"
    assert scrub('{"token": "s3cr3t"}') == '{"token": "***"}'
    assert scrub("/match/x#hot=0.aa,1.bb") == "/match/x#hot=***"

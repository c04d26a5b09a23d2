"""Accounts (``ludi serve --accounts``): signing up and in, sessions, seats held, the
security a club's server needs (no enumeration, throttling, CSRF, headers), and ratings."""

from __future__ import annotations

import random
import re
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from server_helpers import concede, hello

from ludi.server import accounts as accounts_module
from ludi.server.accounts import COOKIE, CSRF_HEADER, Passwords, Throttle
from ludi.server.app import create_app
from ludi.server.ratings import level_ratings
from ludi.server.routes.pages import WEB
from ludi.store.accounts import AccountStore
from ludi.store.sql import SqlStore

#: Argon2 with a small cost: the tests hash hundreds of passwords (the server's is the default)
CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)


def server(db: Path | str, mode: str = "open", hasher: PasswordHasher = CHEAP) -> TestClient:
    return TestClient(
        create_app(
            db,
            bot_delay=0.0,
            bot_processes=0,
            message_rate=1000.0,
            connections_per_address=10_000,
            accounts=mode,
            passwords=Passwords(hasher),
        )
    )


def sign_up(client: TestClient, name: str, password: str = "correct horse", **more: Any) -> str:
    """Sign up (and so in); return the session's CSRF token."""
    response = client.post("/api/account/signup", json={"name": name, "password": password, **more})
    assert response.status_code == 200, response.text
    csrf: str = response.json()["csrf"]
    return csrf


def as_player(client: TestClient, cookie: str | None) -> TestClient:
    """Make the client the browser holding session ``cookie`` (None: signed out)."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(COOKIE, cookie)
    return client


def player(client: TestClient, name: str) -> tuple[str, str]:
    """Sign up ``name`` on a fresh browser; return its session cookie and CSRF token."""
    client.cookies.clear()
    csrf = sign_up(client, name)
    cookie = client.cookies.get(COOKIE)
    assert cookie is not None
    return cookie, csrf


@pytest.fixture
def app(db: Path | str) -> TestClient:
    with server(db) as client:
        yield client


def test_sign_up_in_out_and_change_the_password(app: TestClient) -> None:
    csrf = sign_up(app, "Livia")
    cookie = app.cookies.get(COOKIE)
    assert cookie and app.get("/api/account").json()["account"] == {"name": "Livia"}
    set_cookie = app.post(
        "/api/account/signin", json={"name": "livia", "password": "correct horse"}
    ).headers["set-cookie"]
    assert "HttpOnly" in set_cookie and "SameSite=lax" in set_cookie
    assert "Secure" not in set_cookie  # (plain HTTP here; over HTTPS the cookie is Secure)
    csrf = app.get("/api/account").json()["csrf"]
    changed = app.post(
        "/api/account/password",
        json={"old": "correct horse", "new": "battery staple"},
        headers={CSRF_HEADER: csrf},
    )
    assert changed.status_code == 200, changed.text
    assert app.post("/api/account/signout", headers={CSRF_HEADER: csrf}).status_code == 200
    assert app.get("/api/account").json()["account"] is None
    wrong = app.post("/api/account/signin", json={"name": "Livia", "password": "correct horse"})
    assert wrong.status_code == 401
    right = app.post("/api/account/signin", json={"name": "Livia", "password": "battery staple"})
    assert right.status_code == 200


def test_a_session_cookie_is_secure_over_https(db: Path | str) -> None:
    with TestClient(
        create_app(db, bot_processes=0, accounts="open", passwords=Passwords(CHEAP)),
        base_url="https://testserver",
    ) as client:
        response = client.post("/api/account/signup", json={"name": "Tullia", "password": "x" * 8})
        assert "Secure" in response.headers["set-cookie"]


def test_signing_in_says_the_same_for_an_unknown_name_and_a_wrong_password(
    db: Path | str,
) -> None:
    # the server's own Argon2 parameters: the time an answer takes is the hashing's
    with server(db, hasher=PasswordHasher()) as client:
        sign_up(client, "Marcus")
        client.cookies.clear()
        # (unthrottled here: the answers compared are the hashing's)
        accounts = client.app.state.context.accounts
        accounts.throttle = Throttle(per_name=(1000, 0.001), per_address=(1000, 0.001))
        times: dict[str, list[float]] = {"unknown": [], "wrong": []}
        answers = set()
        for i in range(12):
            for kind, name in (("unknown", f"Nobody{i}"), ("wrong", "Marcus")):
                start = time.perf_counter()
                r = client.post("/api/account/signin", json={"name": name, "password": "guess me"})
                times[kind].append(time.perf_counter() - start)
                answers.add((r.status_code, r.text))
    assert len(answers) == 1, answers
    unknown, wrong = statistics.median(times["unknown"]), statistics.median(times["wrong"])
    assert 0.5 < unknown / wrong < 2.0, (unknown, wrong)


def test_sign_in_is_throttled_per_name_and_per_address(app: TestClient) -> None:
    sign_up(app, "Gaius")
    app.cookies.clear()
    # (the guesser is not where Gaius signed up: the test client has one address)
    app.app.state.context.accounts.throttle.known.clear()  # type: ignore[attr-defined]
    codes = [
        app.post("/api/account/signin", json={"name": "Gaius", "password": "wrong one"}).status_code
        for _ in range(8)
    ]
    assert codes[:5] == [401] * 5 and set(codes[5:]) == {429}
    # the right password is refused too while the name is throttled: a guesser cannot tell
    right = app.post("/api/account/signin", json={"name": "Gaius", "password": "correct horse"})
    assert right.status_code == 429
    # a name nobody has is throttled alike (no way to tell which names exist)
    ghost = [
        app.post("/api/account/signin", json={"name": "Ghost", "password": "wrong one"})
        for _ in range(7)
    ]
    assert [r.status_code for r in ghost][-1] == 429
    assert (
        ghost[-1].json()
        == app.post("/api/account/signin", json={"name": "Gaius", "password": "x" * 9}).json()
    )
    # and the address, whatever names it tries
    codes = [
        app.post("/api/account/signin", json={"name": f"N{i}", "password": "wrong one"}).status_code
        for i in range(30)
    ]
    assert codes[-1] == 429


def test_sign_up_of_a_taken_name_says_so_and_nothing_more(app: TestClient) -> None:
    sign_up(app, "Octavia")
    app.cookies.clear()
    taken = app.post("/api/account/signup", json={"name": "OCTAVIA", "password": "another one"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    # the account is unchanged: its own password still signs in
    ok = app.post("/api/account/signin", json={"name": "Octavia", "password": "correct horse"})
    assert ok.status_code == 200


def test_an_invite_server_asks_for_a_good_code(db: Path | str) -> None:
    with server(db, mode="invite") as client:
        store = AccountStore(SqlStore(db).engine)
        refused = client.post("/api/account/signup", json={"name": "Ann", "password": "x" * 8})
        assert refused.status_code == 403
        [code] = accounts_module.create_invites(store)
        sign_up(client, "Ann", invite=code)
        client.cookies.clear()
        again = client.post(
            "/api/account/signup", json={"name": "Bea", "password": "x" * 8, "invite": code}
        )
        assert again.status_code == 403  # (a code for one sign-up)
        assert accounts_module.list_invites(store)[0]["uses"] == 0


def test_an_off_server_has_no_accounts(db: Path | str) -> None:
    with server(db, mode="off") as client:
        assert client.get("/api/account").json()["mode"] == "off"
        r = client.post("/api/account/signup", json={"name": "Ann", "password": "x" * 8})
        assert r.status_code == 404


def test_changes_need_the_csrf_token_and_another_sites_page_is_refused(app: TestClient) -> None:
    csrf = sign_up(app, "Cassia")
    assert app.post("/api/account/signout").status_code == 403  # no token
    assert app.post("/api/account/signout", headers={CSRF_HEADER: "x" + csrf}).status_code == 403
    # a page of another site, even with the token (it cannot read it anyway)
    cross = app.post(
        "/api/account/signout",
        headers={CSRF_HEADER: csrf, "Origin": "https://evil.example"},
    )
    assert cross.status_code == 403
    login = app.post(
        "/api/account/signin",
        json={"name": "Cassia", "password": "correct horse"},
        headers={"Origin": "https://evil.example"},
    )
    assert login.status_code == 403
    # Ludi's own page, behind a proxy that passes another Host
    proxied = app.post(
        "/api/account/signin",
        json={"name": "Cassia", "password": "correct horse"},
        headers={
            "Origin": "https://club.example",
            "Host": "127.0.0.1:8000",
            "X-Forwarded-Host": "club.example",
        },
    )
    assert proxied.status_code == 200
    csrf = proxied.json()["csrf"]
    # Ludi's own page
    own = app.post(
        "/api/account/signout", headers={CSRF_HEADER: csrf, "Origin": "http://testserver"}
    )
    assert own.status_code == 200


def test_a_session_is_listed_and_can_be_ended_from_another(app: TestClient) -> None:
    phone, _csrf = player(app, "Flavia")
    app.cookies.clear()
    app.post("/api/account/signin", json={"name": "Flavia", "password": "correct horse"})
    desk = app.cookies.get(COOKIE)
    csrf = app.get("/api/account").json()["csrf"]
    listed = app.get("/api/account/sessions").json()["sessions"]
    assert len(listed) == 2 and sum(s["current"] for s in listed) == 1
    other = next(s for s in listed if not s["current"])
    ended = app.post(
        "/api/account/sessions/end", json={"id": other["id"]}, headers={CSRF_HEADER: csrf}
    )
    assert ended.status_code == 200
    assert as_player(app, phone).get("/api/account").json()["account"] is None
    assert as_player(app, desk).get("/api/account").json()["account"] == {"name": "Flavia"}


def test_every_answer_carries_the_security_headers(app: TestClient) -> None:
    for path in (
        "/",
        "/match/abc",
        "/account",
        "/ratings/caesar",
        "/static/lobby.js",
        "/api/games",
        "/api/matches/nope",
        "/api/account",
    ):
        headers = app.get(path).headers
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy, path
        assert (
            "script-src 'self'" in policy
            and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        ), path
        assert headers["referrer-policy"] == "no-referrer", path
        assert headers["x-content-type-options"] == "nosniff", path
    assert app.get("/api/account").headers["cache-control"] == "no-store"
    refused = app.post("/api/matches", json={}, headers={"Origin": "https://evil.example"})
    assert (
        refused.status_code == 403
        and "frame-ancestors" in refused.headers["content-security-policy"]
    )


def test_the_pages_have_no_inline_script() -> None:
    pages = sorted(WEB.glob("*.html"))
    assert {p.name for p in pages} >= {"index.html", "match.html", "account.html", "ratings.html"}
    for page in pages:
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name  # no onclick="..."
        assert "javascript:" not in html, page.name
    # nor does a script make code of text (CSP has no 'unsafe-eval')
    scripts = list(WEB.glob("*.js")) + list(WEB.parent.glob("games/*/board/*.js"))
    for script in scripts:
        text = script.read_text()
        assert "new Function" not in text and not re.search(r"\beval\(", text), script.name


# -- seats held ------------------------------------------------------------------------------


def create(client: TestClient, csrf: str | None = None, **body: Any) -> dict[str, Any]:
    body.setdefault("game", "caesar")
    body.setdefault("seats", [{"name": "Ann"}, {"bot": "easy"}])
    body.setdefault("seed", 7)
    headers = {CSRF_HEADER: csrf} if csrf else {}
    response = client.post("/api/matches", json=body, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def claim(client: TestClient, csrf: str, match: str, token: str) -> Any:
    return client.post(
        "/api/account/claim", json={"match": match, "token": token}, headers={CSRF_HEADER: csrf}
    )


def test_a_guest_match_is_claimed_and_opens_on_any_device(app: TestClient) -> None:
    created = create(app)  # as a guest
    token = created["seats"][0]["token"]
    _julia, csrf = player(app, "Julia")
    # the token proves the seat; another account cannot take it after
    assert claim(app, csrf, created["id"], "not-the-token").status_code == 403
    assert claim(app, csrf, created["id"], token).json()["seat"] == 0
    _thief, thief = player(app, "Thief")
    assert claim(app, thief, created["id"], token).status_code == 409
    # Julia on another device, signed in, without the link: the websocket opens her seat
    app.cookies.clear()
    app.post("/api/account/signin", json={"name": "Julia", "password": "correct horse"})
    with app.websocket_connect(f"/ws/{created['id']}") as ws:
        assert hello(ws, None)["seat"] == 0
    profile = app.get("/api/account/profile").json()
    assert [m["id"] for m in profile["matches"]] == [created["id"]]
    # and a spectator is one
    with as_player(app, None).websocket_connect(f"/ws/{created['id']}") as ws:
        assert hello(ws, None)["seat"] is None


def test_a_seat_token_does_not_act_as_an_account(app: TestClient) -> None:
    created = create(app)
    token = created["seats"][0]["token"]
    app.cookies.set(COOKIE, token)
    assert app.get("/api/account").json()["account"] is None
    assert app.get("/api/account/profile").status_code == 401
    assert (
        app.post(
            "/api/account/claim",
            json={"match": created["id"], "token": token},
            headers={CSRF_HEADER: token},
        ).status_code
        == 401
    )
    app.cookies.clear()
    # and it still opens its seat for a guest
    with app.websocket_connect(f"/ws/{created['id']}") as ws:
        assert hello(ws, token)["seat"] == 0


# -- ratings ---------------------------------------------------------------------------------


def test_a_rated_match_needs_an_account_levels_and_no_hot_seat(app: TestClient) -> None:
    r = app.post(
        "/api/matches", json={"game": "caesar", "seats": [{}, {"bot": "easy"}], "rated": True}
    )
    assert r.status_code == 401
    csrf = sign_up(app, "Ann")
    r = app.post(
        "/api/matches",
        json={"game": "caesar", "seats": [{}, {"bot": "random"}], "rated": True},
        headers={CSRF_HEADER: csrf},
    )
    assert r.status_code == 422
    two = create(app, csrf, seats=[{}, {}], rated=True)
    assert two["rated"] and two["hotseat_link"] is None
    assert claim(app, csrf, two["id"], two["seats"][0]["token"]).status_code == 200
    assert claim(app, csrf, two["id"], two["seats"][1]["token"]).status_code == 409


def play_out(client: TestClient, match: str, token: str, seed: int = 1) -> dict[str, Any]:
    """Play a seat's legal moves at random until the match ends; return the last state."""
    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/{match}") as ws:
        msg = hello(ws, token)
        ref = 0
        while not msg.get("over"):
            if msg.get("legal"):
                ref += 1
                ws.send_json({"type": "act", "action": rng.choice(msg["legal"]), "ref": ref})
            while True:
                msg = ws.receive_json()
                if msg["type"] == "state" and (msg.get("over") or msg.get("legal")):
                    break
        return msg


def test_a_rated_match_against_a_level_moves_the_rating(app: TestClient) -> None:
    csrf = sign_up(app, "Ann")
    created = create(app, csrf, seats=[{}, {"bot": "hard"}], rated=True)
    assert claim(app, csrf, created["id"], created["seats"][0]["token"]).status_code == 200
    with app.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, created["seats"][0]["token"])
        ws.send_json({"type": "bot", "spec": "hard", "ref": 1})
        refusal = ws.receive_json()
        assert refusal["type"] == "error" and "rated" in refusal["reason"]
        ws.send_json({"type": "concede", "ref": 2})
        while True:
            msg = ws.receive_json()
            if msg["type"] == "state" and msg.get("over"):
                break
    outcome = app.get(f"/api/matches/{created['id']}/ratings").json()
    assert outcome["rated"] and outcome["status"] == "applied"
    mine = outcome["seats"]["0"]
    assert mine["before"] == 1500 and mine["after"] < 1500 and mine["provisional"]
    assert mine["change"] == mine["after"] - mine["before"]
    assert outcome["bots"] == {"1": level_ratings("caesar")["hard"]}
    # read again: the same, applied once
    assert app.get(f"/api/matches/{created['id']}/ratings").json() == outcome
    board = app.get("/api/ratings/caesar").json()
    assert [(r["name"], r["rating"], r["provisional"]) for r in board["ratings"]] == [
        ("Ann", mine["after"], True)
    ]
    profile = app.get("/api/account/profile").json()
    assert profile["bots"] == {"hard": {"played": 1, "won": 0}}
    assert profile["ratings"][0]["rating"] == mine["after"]


def test_a_rated_match_against_a_level_played_to_its_end(app: TestClient) -> None:
    _cookie, csrf = player(app, "Ann")
    created = create(app, csrf, seats=[{}, {"bot": "easy"}], rated=True)
    claim(app, csrf, created["id"], created["seats"][0]["token"])
    final = play_out(app, created["id"], created["seats"][0]["token"])
    outcome = app.get(f"/api/matches/{created['id']}/ratings").json()
    assert outcome["status"] == "applied"
    change = outcome["seats"]["0"]["change"]
    assert (change > 0) == (0 in final["result"]["winners"]), (final["result"], outcome)


def test_a_rated_match_between_two_accounts(app: TestClient) -> None:
    ann, a = player(app, "Ann")
    bob, b = player(app, "Bob")
    created = as_player(app, ann) and create(app, a, seats=[{}, {}], rated=True)
    tokens = [s["token"] for s in created["seats"]]
    assert claim(app, a, created["id"], tokens[0]).status_code == 200
    assert claim(as_player(app, bob), b, created["id"], tokens[1]).status_code == 200
    with app.websocket_connect(f"/ws/{created['id']}") as ws:
        assert hello(ws, None)["seat"] == 1  # (Bob's, opened by his session)
        ws.send_json({"type": "concede", "ref": 1})
        while not ws.receive_json().get("over"):
            pass
    outcome = app.get(f"/api/matches/{created['id']}/ratings").json()
    assert outcome["status"] == "applied"
    changes = {s["account"]: s["change"] for s in outcome["seats"].values()}
    assert changes["Ann"] > 0 > changes["Bob"] and changes["Ann"] == -changes["Bob"]
    board = app.get("/api/ratings/caesar?players=2").json()["ratings"]
    assert [r["name"] for r in board] == ["Ann", "Bob"]


def test_the_rematch_of_a_rated_match_is_rated_and_held_by_the_same_accounts(
    app: TestClient,
) -> None:
    ann, a = player(app, "Ann")
    bob, b = player(app, "Bob")
    created = as_player(app, ann) and create(app, a, seats=[{}, {}], rated=True)
    tokens = [s["token"] for s in created["seats"]]
    claim(app, a, created["id"], tokens[0])
    claim(as_player(app, bob), b, created["id"], tokens[1])
    concede(app, created["id"], None)  # (Bob's seat, his session's)
    again = app.post(f"/api/matches/{created['id']}/rematch", json={"token": tokens[1]}).json()
    assert app.get(f"/api/matches/{again['id']}/ratings").json()["rated"]
    with app.websocket_connect(f"/ws/{again['id']}") as ws:
        state = hello(ws, None)  # Bob's seat again: the same tokens, the same accounts
        assert state["seat"] == 1
        assert state["table"]["no_hints"]  # no hints in a rated match, its rematch included
        ws.send_json({"type": "concede", "ref": 1})
        while not ws.receive_json().get("over"):
            pass
    outcome = app.get(f"/api/matches/{again['id']}/ratings").json()
    assert outcome["status"] == "applied"
    assert {s["account"] for s in outcome["seats"].values()} == {"Ann", "Bob"}
    board = {r["name"]: r["matches"] for r in app.get("/api/ratings/caesar").json()["ratings"]}
    assert board == {"Ann": 2, "Bob": 2}


def test_an_unrated_rematch_stays_unrated(app: TestClient) -> None:
    created = create(app, seats=[{}, {}])
    token = created["seats"][0]["token"]
    concede(app, created["id"], token)
    again = app.post(f"/api/matches/{created['id']}/rematch", json={"token": token}).json()
    assert not app.get(f"/api/matches/{again['id']}/ratings").json()["rated"]


def test_a_rated_match_with_a_guest_is_void(app: TestClient) -> None:
    ann, a = player(app, "Ann")
    created = create(app, a, seats=[{}, {}], rated=True)
    claim(app, a, created["id"], created["seats"][0]["token"])
    with as_player(app, None).websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, created["seats"][1]["token"])
        ws.send_json({"type": "concede", "ref": 1})
        while not ws.receive_json().get("over"):
            pass
    outcome = as_player(app, ann).get(f"/api/matches/{created['id']}/ratings").json()
    assert outcome["status"] == "void" and "account" in outcome["reason"]
    assert app.get("/api/ratings/caesar").json()["ratings"] == []


def test_the_operators_tools(app: TestClient, db: Path | str) -> None:
    sign_up(app, "Ann")
    store = AccountStore(SqlStore(db).engine)
    [listed] = accounts_module.list_accounts(store)
    assert listed["name"] == "Ann" and listed["sessions"] == 1
    _account, password = accounts_module.reset_password(store, "ann", Passwords(CHEAP))
    assert app.get("/api/account").json()["account"] is None  # its sessions ended
    app.cookies.clear()
    ok = app.post("/api/account/signin", json={"name": "Ann", "password": password})
    assert ok.status_code == 200
    accounts_module.disable_account(store, "Ann")
    assert app.get("/api/account").json()["account"] is None
    refused = app.post("/api/account/signin", json={"name": "Ann", "password": password})
    assert refused.status_code == 401


def test_ludi_admins_account_commands(db: Path | str, capsys: pytest.CaptureFixture[str]) -> None:
    from ludi.cli import admin_accounts

    db = str(db)
    assert admin_accounts.main(["--db", db, "invite", "--count", "2", "--note", "club"]) == 0
    codes = capsys.readouterr().out.split()
    assert len(codes) == 2
    assert admin_accounts.main(["invites", "--db", db]) == 0
    listed = capsys.readouterr().out
    assert all(code in listed for code in codes) and "club" in listed
    with server(db, mode="invite") as client:
        sign_up(client, "Ann", invite=codes[0])
    assert admin_accounts.main(["--db", db, "accounts"]) == 0
    assert "Ann" in capsys.readouterr().out
    assert admin_accounts.main(["--db", db, "disable", "nobody"]) == 1
    assert admin_accounts.main(["--db", db, "reset-password", "ann"]) == 0
    password = capsys.readouterr().out.splitlines()[-1]
    with server(db, mode="invite") as client:
        ok = client.post("/api/account/signin", json={"name": "Ann", "password": password})
        assert ok.status_code == 200


def test_a_guesser_does_not_lock_the_player_out_where_they_play() -> None:
    throttle = Throttle()
    throttle.succeeded("10.0.0.1", "Gaius")  # where Gaius plays
    guesses = [throttle.allow("10.6.6.6", "gaius") for _ in range(10)]
    assert guesses[:5] == [True] * 5 and not any(guesses[5:])
    assert throttle.allow("10.0.0.1", "Gaius")
    assert not throttle.allow("10.0.0.2", "Gaius")  # (any other address waits)

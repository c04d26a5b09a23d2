"""Views sent as changes (issue 14): a client that asks for patches gets its first state whole
and each later one as the JSON Patch (RFC 6902) from the state before; the patches rebuild
exactly the messages the rules allow that viewer, and carry nothing else."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonpatch
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import Patched, create, hello
from test_api import check_conformance, play_out, states_of

import ludi
from ludi.server import patch as patch_module
from ludi.server.patch import _strict_diff, apply, diff

# -- the patches themselves --------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.sampled_from(["", "a", "b"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f", "~1", ""]), inner, max_size=4)
    ),
    max_leaves=25,
)


def exact(value: Any) -> str:
    """The JSON text of a value: tells True from 1 and 1 from 1.0, as a client would."""
    return json.dumps(value, sort_keys=True)


@settings(max_examples=200, deadline=None)
@given(json_values, json_values)
def test_a_patch_turns_the_old_value_into_the_new_one(old: Any, new: Any) -> None:
    kept = exact(old)
    wanted = exact(new)
    ops = diff(old, new)
    assert exact(new) == wanted  # (what it keeps of ``old`` in ``new`` is the same JSON)
    assert exact(apply(old, ops)) == exact(new)
    # and it is RFC 6902 JSON Patch: a library made for it reads it the same way
    assert exact(jsonpatch.apply_patch(old, ops)) == exact(new)
    assert exact(old) == kept  # applying copies what it changes
    if exact(old) == exact(new):
        assert ops == []


@settings(max_examples=200, deadline=None)
@given(json_values, json_values)
def test_both_ways_of_comparing_give_the_same_patch(old: Any, new: Any) -> None:
    """Pure, ``diff`` compares with ``==`` and confirms as JSON; compiled, it walks the values
    with ``_equal``: the same operations either way (whichever build runs this, the other
    way is reached through ``_strict_diff``)."""
    assert diff(old, new) == _strict_diff(old, new)


@pytest.mark.parametrize(
    ("old", "new", "ops"),
    [
        # differences ``==`` does not see, deep inside parts that are otherwise the same
        ({"a": [1, {"b": 0.0}]}, {"a": [1, {"b": -0.0}]}, [("replace", "/a/1/b", -0.0)]),
        ({"a": [1, 2, 3, 4]}, {"a": [1, 2.0, 3, 4]}, [("replace", "/a/1", 2.0)]),
        ({"a": {"x": True, "y": "s"}}, {"a": {"x": 1, "y": "s"}}, [("replace", "/a/x", 1)]),
        ({"a": [[False]]}, {"a": [[0]]}, [("replace", "/a/0/0", 0)]),
        # as many keys, not the same ones
        ({"a": 1, "b": 2}, {"a": 1, "c": 2}, [("add", "/c", 2), ("remove", "/b", None)]),
    ],
)
def test_a_patch_tells_apart_what_python_calls_equal(old: Any, new: Any, ops: Any) -> None:
    for way in (diff, _strict_diff):
        got = way(old, new)
        assert [(o["op"], o["path"], o.get("value")) for o in got] == ops
        assert exact(apply(old, got)) == exact(new)


def test_the_new_message_keeps_the_unchanged_parts_of_the_old_one() -> None:
    """The server keeps each viewer's last message for the next patch: what did not change
    is the old message's own objects, so the collector has only the changes to examine."""
    old = {"view": {"cells": [{"a": [1]}, {"b": [2]}], "score": 4}, "moves": [{"l": "x"}]}
    ways = [_strict_diff, *([diff] if patch_module._COMPILED else [])]
    for way in ways:
        new = {"view": {"cells": [{"a": [1]}, {"b": [3]}], "score": 4}, "moves": [{"l": "x"}]}
        assert way(old, new) == [{"op": "replace", "path": "/view/cells/1/b/0", "value": 3}]
        assert new["moves"] is old["moves"] and new["view"]["cells"][0] is old["view"]["cells"][0]
        assert new["view"]["cells"][1]["b"] == [3] and old["view"]["cells"][1]["b"] == [2]


def test_a_patch_names_only_what_changed() -> None:
    old = {"view": {"hand": [1, 2, 3], "score": 4, "deck": 30}, "legal": ["a"], "n": 3}
    new = {"view": {"hand": [1, 2, 3], "score": 6, "deck": 30}, "legal": [], "n": 4}
    assert diff(old, new) == [
        {"op": "replace", "path": "/view/score", "value": 6},
        {"op": "replace", "path": "/legal", "value": []},
        {"op": "replace", "path": "/n", "value": 4},
    ]
    # a list that gains or loses at its end loses or gains only that
    assert diff({"l": [1, 2, 3, 4]}, {"l": [1, 2, 3, 4, 5]}) == [
        {"op": "add", "path": "/l/4", "value": 5}
    ]
    assert diff({"l": [1, 2, 3, 4]}, {"l": [1, 2, 3]}) == [{"op": "remove", "path": "/l/3"}]
    # a value that changes type is replaced, even where Python calls it equal
    assert diff({"x": 1}, {"x": True}) == [{"op": "replace", "path": "/x", "value": True}]


def test_a_patch_against_a_part_that_is_not_there_is_refused() -> None:
    with pytest.raises((KeyError, ValueError, IndexError)):
        apply({"a": 1}, [{"op": "replace", "path": "/b/c", "value": 2}])
    with pytest.raises(ValueError, match="unknown patch operation"):
        apply({"a": 1}, [{"op": "move", "path": "/a", "from": "/b"}])


# -- what the server sends -----------------------------------------------------------------


def at(doc: Any, path: str) -> Any:
    """Return the value at a JSON Pointer."""
    for step in path.split("/")[1:]:
        step = step.replace("~1", "/").replace("~0", "~")
        doc = doc[int(step)] if isinstance(doc, list) else doc[step]
    return doc


def check_patches(socket: Patched) -> None:
    """Every patch the socket read carries only values of the state it made, at their place:
    nothing that viewer's whole message would not carry."""
    assert socket.patches, "no patch was sent"
    for _before, patch, after in socket.patches:
        assert set(patch) == {"type", "v", "ops"}
        for op in patch["ops"]:
            assert op["op"] in ("add", "replace", "remove")
            if op["op"] == "remove":
                assert set(op) == {"op", "path"}
            else:
                assert exact(op["value"]) == exact(at(after, op["path"]))


@pytest.mark.parametrize("game", sorted(g.id for g in ludi.games()))
def test_every_game_patches_each_viewer_from_its_own_view_only(
    client: TestClient, db: Path | str, game: str
) -> None:
    """A whole match against a bot, the player and a spectator asking for patches: the
    states the patches make are, message by message, what the rules let each see (the same
    check as for whole states), and no patch holds a value its viewer's state does not."""
    created = create(client, game=game, players=2, seats=[{"name": "Ann"}, {"bot": "random"}])
    match_id = created["id"]
    with (
        client.websocket_connect(f"/ws/{match_id}") as spectator_ws,
        client.websocket_connect(f"/ws/{match_id}") as player_ws,
    ):
        spectator, player = Patched(spectator_ws), Patched(player_ws)
        spectator_messages = [hello(spectator, None)]
        assert spectator_messages[0]["v"] == 1
        player_messages = play_out(player, hello(player, created["seats"][0]["token"]), seed=3)
        while not (spectator_messages[-1]["type"] == "state" and spectator_messages[-1]["over"]):
            spectator_messages.append(spectator.receive_json())
    states = states_of(db, match_id)
    check_conformance(player_messages, states, 0, bots={1})
    check_conformance(spectator_messages, states, None, bots={1})
    check_patches(player)
    check_patches(spectator)


def test_caesar_screens_stay_behind_the_screen_in_patches(client: TestClient) -> None:
    """Spelled out for Caesar!: a patch to the spectator or to the other seat never holds a
    token of Ann's screen, though each move of hers changes it."""
    created = create(client)
    ann, bob = (s["token"] for s in created["seats"])
    with (
        client.websocket_connect(f"/ws/{created['id']}") as ann_ws,
        client.websocket_connect(f"/ws/{created['id']}") as bob_ws,
        client.websocket_connect(f"/ws/{created['id']}") as spectator_ws,
    ):
        sockets = [Patched(ann_ws), Patched(bob_ws), Patched(spectator_ws)]
        first = [hello(ws, token) for ws, token in zip(sockets, (ann, bob, None), strict=True)]
        assert first[0]["view"]["seats"][0]["hand"]  # Ann sees her screen
        for _ in range(6):  # Ann and Bob move in turn; everyone reads each state
            mover = next(ws for ws in sockets[:2] if ws.state and ws.state["legal"])
            mover.send_json({"type": "act", "action": mover.state["legal"][0]})  # type: ignore[index]
            for ws in sockets:
                while ws.receive_json()["type"] != "state":
                    pass
        for ws, seat in ((sockets[1], 0), (sockets[2], 0), (sockets[0], 1)):
            check_patches(ws)  # every value in a patch is in the state it makes...
            for _before, _patch, after in ws.patches:
                assert after["view"]["seats"][seat]["hand"] is None  # ...which hides the screen
        assert any(
            before["view"]["seats"][0]["hand"] != after["view"]["seats"][0]["hand"]
            for before, _patch, after in sockets[0].patches
        ), "Ann's own patches show her screen changing"


def under(path: str, part: str) -> bool:
    """Whether a JSON Pointer is ``part`` or inside it (``/hand`` is not ``/hand_size``)."""
    return path == part or path.startswith(part + "/")


def test_sync_sends_the_whole_state_again_and_the_patches_follow_it(client: TestClient) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"bot": "random"}])
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        socket = Patched(ws)
        first = hello(socket, created["seats"][0]["token"])
        socket.send_json({"type": "act", "action": first["legal"][0]})
        # the move's state and the bot's come as patches; then Ann is to act, and nothing
        # happens until she does
        while not (socket.patches and socket.state["legal"]):  # type: ignore[index]
            socket.receive_json()
        version = socket.state["v"]  # type: ignore[index]
        ws.send_json({"type": "sync"})  # what a page does when it finds a version missing
        while (raw := ws.receive_json())["type"] != "state":
            assert raw["type"] in ("ack", "patch")
            version = raw.get("v", version)
        assert raw["full"] and raw["v"] == version + 1
        # the same whole state a fresh connection of the seat gets
        with client.websocket_connect(f"/ws/{created['id']}") as again:
            fresh = hello(again, created["seats"][0]["token"])
        assert raw["view"] == fresh["view"] and raw["n"] == fresh["n"]


def test_a_client_that_does_not_ask_gets_whole_states(client: TestClient) -> None:
    created = create(client, seats=[{"name": "Ann"}, {"bot": "random"}])
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        first = hello(ws, created["seats"][0]["token"])
        assert "v" not in first
        ws.send_json({"type": "act", "action": first["legal"][0]})
        kinds = set()
        for _ in range(3):  # the ack, the state after the move, the state after the bot's
            kinds.add(ws.receive_json()["type"])
        assert kinds == {"ack", "state"}


def test_a_hello_with_a_malformed_patch_flag_is_refused(client: TestClient) -> None:
    created = create(client)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        ws.send_json({"type": "hello", "token": None, "patch": "yes"})
        error = ws.receive_json()
        assert error["type"] == "error" and "'patch' is true" in error["reason"]

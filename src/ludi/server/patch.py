"""Views sent as changes: a state message given as a JSON Patch against the viewer's last one.

A client that says so in its hello (``"patch": true``; the browser and Ludi's tools do) gets
its first state whole, with a version ``v``; after that, each new state comes as
``{"type": "patch", "v": v, "ops": [...]}``: the operations (RFC 6902 JSON Patch: ``add``,
``replace``, ``remove``) that turn the state message of version ``v - 1`` into the state
message the server would otherwise have sent whole. A client that finds a version missing
(it holds another than ``v - 1``) asks for the whole state again with ``sync``; one that
reconnects starts from a whole state.

The patch for a viewer is worked out from that viewer's own two messages, each made from its
seat's view alone, so it carries only what that viewer's whole message would: every value in
it is the value at its path in the new message.

``diff`` is written for the server's case rather than taken from a general library: the two
messages mostly share their parts, so it descends only into the parts that differ (the
``jsonpatch`` library, which the tests use to check that these patches are RFC 6902, walks both
documents whole in Python). How it finds the parts that are the same depends on the build
(docs/compiled.md): compiled by mypyc, it walks both values comparing types as it goes
(``_equal``); pure, walking them in Python would cost three times as much, so it compares with
Python's ``==`` (in C) and confirms the equal parts as JSON all at once. Both give the same
operations. ``apply`` is for Ludi's Python clients (the load benchmark, the tests); the browser
has its own (``web/patch.js``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, cast

_dumps: Callable[[Any], bytes]
try:  # (the server extra installs orjson)
    from orjson import dumps as _dumps
except ImportError:  # pragma: no cover - the same, slower

    def _dumps(value: Any) -> bytes:
        return json.dumps(value).encode()


#: a list more than this share of whose items changed (one more for a short list) is sent
#: whole: a list shifted or reshuffled costs fewer bytes whole than item by item
WHOLE_LIST = 0.5

#: whether this module runs compiled by mypyc (then its ``__file__`` is the extension module)
_COMPILED = not __file__.endswith(".py")


def diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """Return the JSON Patch operations that turn the JSON value ``old`` into ``new``.

    Compiled, it also puts into ``new``, in place of each part found the same JSON as
    ``old``'s, ``old``'s own (``new`` stays the same JSON): the server keeps each viewer's last
    message until the next, and so keeps of each new message only what changed. Otherwise
    every part of it, a hundred-odd fresh objects a message, would live a second or more, and
    Python's collector, which examines every such survivor, spent a tenth of the server's time
    under load, in pauses of up to a quarter of a second (issue 14)."""
    if _COMPILED:
        return _strict_diff(old, new)
    # Python compares dicts and lists in C, but takes True for 1 and 1 for 1.0 (which a
    # client reads apart): every part found equal is set aside, and all of them are written
    # out at the end in two calls (in C too) to confirm it. Where that finds a difference
    # Python hid (in practice never), the values are compared again part by part.
    ops: list[dict[str, Any]] = []
    was: list[Any] = []
    now: list[Any] = []
    if not _same(old, new, was, now):
        _diff(old, new, "", ops, was, now)
    if was and _dumps(was) != _dumps(now):
        return _strict_diff(old, new)
    return ops


def _strict_diff(old: Any, new: Any) -> list[dict[str, Any]]:
    """``diff`` comparing the values part by part with ``_equal``."""
    ops: list[dict[str, Any]] = []
    if not _equal(old, new):
        _diff(old, new, "", ops, None, None)
    return ops


def _equal(a: object, b: object) -> bool:
    """Whether two JSON values are the same JSON: equal, and of the same type all through
    (``True`` is not ``1``, nor ``1`` ``1.0``, nor ``0.0`` ``-0.0``). Written for mypyc,
    which makes it about half again as costly as Python's ``==`` (and a third of ``==`` then
    two ``orjson.dumps``); interpreted it costs many times that."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        x = cast(dict[object, object], a)
        y = cast(dict[object, object], b)
        if len(x) != len(y):
            return False
        try:
            for key, value in x.items():
                other = y[key]
                if value is not other and not _equal(value, other):
                    return False
        except KeyError:
            return False
        return True
    if kind is list:
        xs = cast(list[object], a)
        ys = cast(list[object], b)
        if len(xs) != len(ys):
            return False
        for i, value in enumerate(xs):
            other = ys[i]
            if value is not other and not _equal(value, other):
                return False
        return True
    if kind is float:
        return a == b and math.copysign(1.0, cast(float, a)) == math.copysign(1.0, cast(float, b))
    return a == b


def _same(a: Any, b: Any, was: list[Any], now: list[Any]) -> bool:
    """Whether two JSON values are the same type and equal as Python compares them (in C).
    An object or a list found equal is set aside (in ``was`` and ``now``) for ``diff`` to
    confirm as JSON."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b) or a != b:
        return False
    if kind is dict or kind is list:
        was.append(a)
        now.append(b)
    return True


def _diff(
    old: Any,
    new: Any,
    path: str,
    ops: list[dict[str, Any]],
    was: list[Any] | None,
    now: list[Any] | None,
) -> None:
    """Append the operations turning ``old`` into ``new`` (known to differ) at ``path``:
    comparing with ``_equal``, or, given ``was`` and ``now``, with ``==``, setting the equal
    parts aside in them (``_same`` is written out in the two loops below: they run for every
    key of every changed object and every item of every changed list)."""
    careful = was is None or now is None
    # (``type(...) is`` tells mypy, and so mypyc, the types: no ``cast`` calls, which cost
    # when interpreted)
    if type(new) is dict and type(old) is dict:
        olds: dict[str, Any] = old
        news: dict[str, Any] = new
        for key, value in news.items():
            before = olds.get(key, _MISSING)
            if before is value:
                continue
            if before is _MISSING:
                ops.append({"op": "add", "path": f"{path}/{escape(key)}", "value": value})
                continue
            if careful:
                if _equal(before, value):
                    news[key] = before  # (kept instead: see ``diff``)
                    continue
            elif type(before) is type(value) and before == value:
                if type(value) is dict or type(value) is list:
                    was.append(before)  # type: ignore[union-attr]
                    now.append(value)  # type: ignore[union-attr]
                continue
            _diff(before, value, f"{path}/{escape(key)}", ops, was, now)
        if len(olds) > len(news) or any(key not in news for key in olds):
            for key in olds:
                if key not in news:
                    ops.append({"op": "remove", "path": f"{path}/{escape(key)}"})
    elif type(new) is list and type(old) is list and old and new:
        olist: list[Any] = old
        nlist: list[Any] = new
        common = min(len(olist), len(nlist))
        # the items that differ are found first: a list most of whose items changed goes
        # whole, without descending into any of them
        changed = []
        for i in range(common):
            before, value = olist[i], nlist[i]
            if before is value:
                continue
            if careful:
                if _equal(before, value):
                    nlist[i] = before  # (kept instead: see ``diff``)
                    continue
            elif type(before) is type(value) and before == value:
                if type(value) is dict or type(value) is list:
                    was.append(before)  # type: ignore[union-attr]
                    now.append(value)  # type: ignore[union-attr]
                continue
            changed.append(i)
        if len(changed) + abs(len(olist) - len(nlist)) > WHOLE_LIST * len(nlist) + 1:
            ops.append({"op": "replace", "path": path, "value": new})  # (a list reshuffled)
            return
        for i in changed:
            _diff(olist[i], nlist[i], f"{path}/{i}", ops, was, now)
        # a longer list gains its tail, a shorter one loses it (from the end, so each index
        # still means what it meant)
        for i in range(common, len(nlist)):
            ops.append({"op": "add", "path": f"{path}/{i}", "value": nlist[i]})
        for i in range(len(olist) - 1, common - 1, -1):
            ops.append({"op": "remove", "path": f"{path}/{i}"})
    else:
        ops.append({"op": "replace", "path": path, "value": new})


_MISSING = object()


def escape(key: str) -> str:
    """Return a key as a JSON Pointer step (RFC 6901: ``~`` and ``/`` escaped)."""
    return key.replace("~", "~0").replace("/", "~1") if "~" in key or "/" in key else key


def apply(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """Return ``doc`` with the operations of ``diff`` applied (``doc`` itself is not changed:
    the parts on each operation's path are copied)."""
    for op in ops:
        steps = [s.replace("~1", "/").replace("~0", "~") for s in op["path"].split("/")[1:]]
        if not steps:
            if op["op"] == "remove":
                raise ValueError("a patch cannot remove the whole document")
            doc = op["value"]
            continue
        doc = _copy(doc)
        parent = doc
        for step in steps[:-1]:
            key: Any = int(step) if type(parent) is list else step
            parent[key] = _copy(parent[key])
            parent = parent[key]
        last = steps[-1]
        kind = op["op"]
        if type(parent) is list:
            index = len(parent) if last == "-" else int(last)
            if kind == "add":
                parent.insert(index, op["value"])
            elif kind == "replace":
                parent[index] = op["value"]
            elif kind == "remove":
                del parent[index]
            else:
                raise ValueError(f"unknown patch operation {kind!r}")
        elif kind in ("add", "replace"):
            if kind == "replace" and last not in parent:
                raise ValueError(f"nothing to replace at {op['path']}")
            parent[last] = op["value"]
        elif kind == "remove":
            del parent[last]
        else:
            raise ValueError(f"unknown patch operation {kind!r}")
    return doc


def _copy(value: Any) -> Any:
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    raise ValueError("a patch's path runs through a value that is neither object nor list")

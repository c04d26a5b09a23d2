// Unit tests of the browser's JSON Patch (src/ludi/web/patch.js), on the server's patches.
import assert from "node:assert/strict";
import {test} from "node:test";

import {applyPatch, patched} from "../../src/ludi/web/patch.js";

test("add, replace and remove, in objects and lists, leave the old document as it was", () => {
  const old = {view: {hand: [1, 2, 3], score: 4, "a/b": 1, "c~d": 2}, legal: ["x"], n: 3};
  const kept = JSON.stringify(old);
  const ops = [
    {op: "replace", path: "/view/score", value: 6},
    {op: "add", path: "/view/hand/3", value: 9},
    {op: "remove", path: "/view/hand/0"},
    {op: "replace", path: "/view/a~1b", value: 5},
    {op: "remove", path: "/view/c~0d"},
    {op: "add", path: "/chat", value: []},
    {op: "replace", path: "/legal", value: []},
  ];
  const now = applyPatch(old, ops);
  assert.deepEqual(now, {view: {hand: [2, 3, 9], score: 6, "a/b": 5}, legal: [], n: 3, chat: []});
  assert.equal(JSON.stringify(old), kept);
  assert.equal(now.n, old.n);
});

test("a patch follows only the version before it", () => {
  const state = {type: "state", v: 4, n: 1};
  assert.deepEqual(patched(state, {type: "patch", v: 5, ops: [{op: "replace", path: "/n", value: 2}]}), {
    type: "state",
    v: 5,
    n: 2,
  });
  assert.equal(patched(state, {type: "patch", v: 6, ops: []}), null);
  assert.equal(patched(null, {type: "patch", v: 1, ops: []}), null);
});

test("an operation the server never sends, or a path that is not there, is refused", () => {
  assert.throws(() => applyPatch({a: 1}, [{op: "move", from: "/a", path: "/b"}]), /unknown patch operation/);
  assert.throws(() => applyPatch({a: 1}, [{op: "replace", path: "/b/c", value: 2}]), /no \/b\/c/);
  assert.throws(() => applyPatch({a: 1}, [{op: "replace", path: "/b", value: 2}]), /no \/b/);
});

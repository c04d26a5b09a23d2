// The states the server sends as changes (ludi.server.patch): after the first whole state,
// each later one comes as a JSON Patch (RFC 6902) against the one before. The server sends
// only the operations "add", "replace" and "remove" with JSON Pointer paths; this applies
// them without changing the old state (the page compares the two), copying only the objects
// and lists on each operation's path.

/** The steps of a JSON Pointer ("/view/a~1b/0" -> ["view", "a/b", "0"]). */
function steps(path) {
  return path
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function copy(value) {
  if (Array.isArray(value)) return value.slice();
  if (value !== null && typeof value === "object") return {...value};
  throw new Error("a patch's path runs through a value that is neither object nor list");
}

/** Return ``doc`` with the patch's operations applied; ``doc`` is left as it was. */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const path = steps(op.path);
    if (!path.length) {
      if (op.op === "remove") throw new Error("a patch cannot remove the whole document");
      doc = op.value;
      continue;
    }
    doc = copy(doc);
    let parent = doc;
    for (const step of path.slice(0, -1)) {
      const key = Array.isArray(parent) ? Number(step) : step;
      if (!(key in parent)) throw new Error(`no ${op.path} to patch`);
      parent[key] = copy(parent[key]);
      parent = parent[key];
    }
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const index = last === "-" ? parent.length : Number(last);
      if (op.op === "add") parent.splice(index, 0, op.value);
      else if (op.op === "replace") parent[index] = op.value;
      else if (op.op === "remove") parent.splice(index, 1);
      else throw new Error(`unknown patch operation ${op.op}`);
    } else if (op.op === "add" || op.op === "replace") {
      if (op.op === "replace" && !(last in parent)) throw new Error(`no ${op.path} to replace`);
      parent[last] = op.value;
    } else if (op.op === "remove") {
      delete parent[last];
    } else {
      throw new Error(`unknown patch operation ${op.op}`);
    }
  }
  return doc;
}

/** The state a patch message makes from ``state`` (the last whole or patched state, with its
 * version ``v``), or null when it does not follow it (a version missing: ask for the whole). */
export function patched(state, message) {
  if (!state || state.v !== message.v - 1) return null;
  return {...applyPatch(state, message.ops), v: message.v};
}

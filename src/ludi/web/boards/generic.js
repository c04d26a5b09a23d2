// The board of a game that has no drawing of its own yet: what the seat sees, laid out as
// readable lists and tables, and its moves as buttons grouped by kind (the part of the
// notation before ":"). A game gets a real board by adding /static/boards/<game id>.js.
import {_, el} from "../common.js";

function human(key) {
  return String(key).replaceAll("_", " ");
}

function scalar(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return _("yes");
  if (value === false) return _("no");
  return String(value);
}

function isScalar(value) {
  return value === null || typeof value !== "object";
}

/** Render any JSON value as HTML a player can read. */
function show(value, depth = 0) {
  if (isScalar(value)) return el("span", {}, scalar(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", {class: "muted"}, _("none"));
    if (value.every(isScalar)) return el("span", {}, value.map(scalar).join(", "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) {
      const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
      return el(
        "div",
        {class: "table-wrap"},
        el(
          "table",
          {class: "view-table"},
          el(
            "thead",
            {},
            el(
              "tr",
              {},
              keys.map((k) => el("th", {}, human(k))),
            ),
          ),
          el(
            "tbody",
            {},
            value.map((row) =>
              el(
                "tr",
                {},
                keys.map((k) => el("td", {}, isScalar(row[k]) ? scalar(row[k]) : show(row[k], depth + 1))),
              ),
            ),
          ),
        ),
      );
    }
    return el(
      "ol",
      {},
      value.map((v) => el("li", {}, show(v, depth + 1))),
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span", {class: "muted"}, _("none"));
  return el(
    "dl",
    {class: `view-dl depth-${Math.min(depth, 3)}`},
    entries.flatMap(([k, v]) => [el("dt", {}, human(k)), el("dd", {}, show(v, depth + 1))]),
  );
}

function moveGroups(legal) {
  const groups = new Map();
  for (const text of legal) {
    const kind = text.includes(":") ? text.split(":")[0] : _("move");
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(text);
  }
  return groups;
}

export function createBoard(root, host) {
  return {
    update(msg) {
      const views = msg.views && msg.views.length > 1 ? msg.views : [msg.view];
      const moves = msg.legal.length
        ? el(
            "div",
            {class: "card generic-moves"},
            el("h3", {}, _("Your moves")),
            [...moveGroups(msg.legal)].map(([kind, texts]) =>
              el(
                "div",
                {class: "move-group"},
                el("span", {class: "move-kind"}, human(kind)),
                texts.map((text) =>
                  el(
                    "button",
                    {class: "move small", "data-action": text, onclick: () => host.act(text)},
                    text.includes(":") ? text.slice(kind.length + 1) : text,
                  ),
                ),
              ),
            ),
          )
        : null;
      root.replaceChildren(
        el(
          "div",
          {class: "generic"},
          moves,
          views.map((view, i) =>
            el(
              "section",
              {class: "card"},
              el(
                "h3",
                {},
                views.length > 1
                  ? _("What seat {n} sees", {n: i + 1})
                  : msg.seat === null
                    ? _("What everyone sees")
                    : _("What you see"),
              ),
              show(view),
              el(
                "details",
                {},
                el("summary", {class: "muted small"}, _("the view as JSON")),
                el("pre", {class: "view-json"}, JSON.stringify(view, null, 2)),
              ),
            ),
          ),
        ),
      );
    },
  };
}

// Helpers shared by the lobby and the match page: DOM building, the REST API, messages.

/** Build an element: el("button", {class: "x", onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const SVGNS = "http://www.w3.org/2000/svg";

/** Build an SVG element the same way. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Call the server's REST API; throws an Error carrying the server's reason. */
export async function api(path, body) {
  const init =
    body === undefined
      ? {}
      : {
          method: "POST",
          headers: {"Content-Type": "application/json"},
          body: JSON.stringify(body),
        };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    let reason = data.error || data.detail || response.statusText;
    if (Array.isArray(reason)) reason = reason.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ");
    const error = new Error(reason);
    error.rule = data.rule;
    throw error;
  }
  return data;
}

/** Show a short message at the bottom of the page (kind: "error" or "info"). */
export function toast(text, kind = "info", rule = null) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", {id: "toasts", role: "status", "aria-live": "polite"});
    document.body.append(box);
  }
  const item = el(
    "div",
    {class: `toast ${kind}`},
    el("div", {}, text),
    rule ? el("div", {class: "rule"}, `Rulebook: ${ruleText(rule)}`) : null,
  );
  item.addEventListener("click", () => item.remove()); // a tap dismisses it
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 5000 : 3500);
}

/** Return a rule reference as a player reads it: the section in the player's words first, the
 * rulebook's own heading after it as a reference ("VI – Wielkie Dzieła (thumbs up or down)" ->
 * "thumbs up or down (VI – Wielkie Dzieła)"); no module paths. */
export function ruleText(rule) {
  if (!rule) return "";
  const text = String(rule)
    .replace(/\s*\(see ludi\.[\w.]+\)/g, "")
    .replace(/^Rule:\s*/, "");
  const glossed = /^(.+?)\s*\(([^()]+)\)$/.exec(text);
  return glossed ? `${glossed[2]} (${glossed[1]})` : text;
}

/** The parameters after "#" in the page's address: #seat=TOKEN&replay */
export function hashParams() {
  return new URLSearchParams(location.hash.replace(/^#/, ""));
}

export function statusLabel(status) {
  return {open: "waiting for players", running: "in play", finished: "finished"}[status] || status;
}

// The levels offered for a bot that has settings; any other bot is offered by its name.
const BOT_LEVELS = {
  easy: [["easy", "instant"]],
  normal: [["normal", "a short search"]],
  hard: [["hard", "about a second a move"]],
  ismcts: [
    ["ismcts:seconds=0.3", "quick"],
    ["ismcts", "normal, 1 s a move"],
    ["ismcts:seconds=3", "strong, 3 s a move"],
  ],
  crassus: [["crassus", "the solo automaton (Caesar! solo only)"]],
  heuristic: [["heuristic", "instant, no search"]],
};

/** Return [spec, label] for every bot (and level) a seat can be given to. */
export function botChoices(bots) {
  return bots.flatMap((name) =>
    (BOT_LEVELS[name] || [[name, ""]]).map(([spec, level]) => [
      spec,
      `Bot: ${name.charAt(0).toUpperCase()}${name.slice(1)}${level ? ` — ${level}` : ""}`,
    ]),
  );
}

// -- "My matches": every seat this browser opened, so a closed tab or a rematch never loses one

const MINE = "ludi-my-matches";

/** Return the seats this browser has opened, newest first: [{id, seat, title, game, link, at}]. */
export function myMatches() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Remember a seat this browser opened (at most 50 are kept). */
export function rememberSeat(entry) {
  const others = myMatches().filter((m) => !(m.id === entry.id && m.seat === entry.seat));
  const list = [{...entry, at: Date.now()}, ...others].slice(0, 50);
  try {
    localStorage.setItem(MINE, JSON.stringify(list));
  } catch {
    // private browsing or a full storage: the seat still works, it is only not remembered
  }
}

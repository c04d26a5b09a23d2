// Helpers shared by the lobby and the match page: DOM building, the REST API, messages, and the
// words of the page in the reader's language.

// -- words in the reader's language ------------------------------------------------------------
//
// The server gives the catalogs as JSON (GET /api/i18n/<lang>?game=<id>; ludi.i18n.catalog_json):
// the common one (the pages and the kit) and a game's own (its board script). A word is marked
// _("...") or n_("one", "many", n) in the code, so tools/i18n.py extracts it for translators;
// placeholders are named: _("{seat} to play", {seat: name}). The reader's choice of language is
// kept in the ludi_lang cookie, which the server reads too (its refusals, its errors); without
// one, the browser's preference decides (the server's Accept-Language negotiation).

/** The cookie the reader's chosen language is kept in (ludi.server.language.COOKIE). */
export const LANG_COOKIE = "ludi_lang";

const words = {
  lang: "en",
  messages: {},
  plural: (n) => (n !== 1 ? 1 : 0),
  languages: {en: "English"},
};

/** Put `{name}` placeholders' values into a text ("{{" and "}}" stand for braces). */
export function format(text, params = {}) {
  return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.hasOwn(params, name) ? String(params[name]) : whole;
  });
}

/** Return `message` in the reader's language, its placeholders filled from `params`. */
export function _(message, params = {}) {
  const text = words.messages[message];
  return format(typeof text === "string" && text ? text : message, params);
}

/** Return the form of a message with plural forms that fits the count `n` (gettext's plural
 * rule of the language: Russian and Polish have three forms); `{n}` is the count. */
export function n_(singular, plural, n, params = {}) {
  const forms = words.messages[singular];
  const all = {n, ...params};
  if (Array.isArray(forms) && forms.length) {
    const text = forms[Math.max(0, Math.min(forms.length - 1, words.plural(n)))];
    if (text) return format(text, all);
  }
  return format(n === 1 ? singular : plural, all);
}

/** Mark a message for extraction without translating it (a table of names read through _). */
export const N_ = (message) => message;

/** Return gettext's plural expression ("n%10==1 && n%100!=11 ? 0 : ...") as a function of n;
 * anything but arithmetic on n is refused (the English rule then). The expression is read by a
 * small parser of C's operators, never run as code: the pages' Content-Security-Policy allows
 * no eval (ludi.server.security). */
export function pluralRule(expression) {
  const english = (n) => (n !== 1 ? 1 : 0);
  const tokens = String(expression || "").match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>()?:!]|\S/g);
  if (!tokens) return english;
  let at = 0;
  const peek = () => tokens[at];
  const take = (t) => (tokens[at] === t ? (at++, true) : false);
  const BINARY = [
    ["||", (a, b) => +(a || b)],
    ["&&", (a, b) => +(a && b)],
    ["==", (a, b) => +(a === b)],
    ["!=", (a, b) => +(a !== b)],
    ["<", (a, b) => +(a < b)],
    [">", (a, b) => +(a > b)],
    ["<=", (a, b) => +(a <= b)],
    [">=", (a, b) => +(a >= b)],
    ["+", (a, b) => a + b],
    ["-", (a, b) => a - b],
    ["*", (a, b) => a * b],
    ["/", (a, b) => Math.trunc(a / b)],
    ["%", (a, b) => a % b],
  ];
  // C's precedence, loosest first: each level a list of operators
  const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const OPS = new Map(BINARY);
  function ternary() {
    const test = binary(0);
    if (!take("?")) return test;
    const yes = ternary();
    if (!take(":")) throw new Error("plural rule: ':' expected");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  function binary(level) {
    if (level === LEVELS.length) return unary();
    let left = binary(level + 1);
    while (LEVELS[level].includes(peek())) {
      const op = OPS.get(tokens[at++]);
      const a = left;
      const b = binary(level + 1);
      left = (n) => op(a(n), b(n));
    }
    return left;
  }
  function unary() {
    if (take("!")) {
      const inner = unary();
      return (n) => +!inner(n);
    }
    if (take("(")) {
      const inner = ternary();
      if (!take(")")) throw new Error("plural rule: ')' expected");
      return inner;
    }
    const token = tokens[at++];
    if (token === "n") return (n) => n;
    if (/^\d+$/.test(token || "")) return () => Number(token);
    throw new Error(`plural rule: unexpected ${token}`);
  }
  try {
    const rule = ternary();
    if (at !== tokens.length) return english;
    return (n) => Number(rule(n));
  } catch {
    return english;
  }
}

/** Take a catalog as the server gives it: {lang, plural, messages, languages}. */
export function useCatalog(data) {
  words.lang = data.lang;
  words.messages = data.messages || {};
  words.plural = pluralRule(data.plural);
  words.languages = data.languages || words.languages;
  if (typeof document !== "undefined") document.documentElement.lang = data.lang;
}

/** The language the page speaks now. */
export function language() {
  return words.lang;
}

/** The language this browser's reader chose (the cookie), or "" if they never did. */
export function chosenLanguage() {
  const found = /(?:^|;\s*)ludi_lang=([a-z]+)/.exec(typeof document === "undefined" ? "" : document.cookie);
  return found ? found[1] : "";
}

/** Load the words of the reader's language (and of `game`'s board, if given): the chosen one,
 * else the one the server finds in the browser's preference. */
export async function loadWords(game = null, lang = chosenLanguage()) {
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  try {
    const response = await fetch(`/api/i18n${lang ? `/${lang}` : ""}${query}`);
    if (response.ok) useCatalog(await response.json());
  } catch {
    // no catalog (the server is unreachable): the page speaks English
  }
  return words.lang;
}

/** Put the words of the page's HTML in the reader's language: an element's text marked
 * data-i18n="English text", its attributes marked data-i18n-title, -placeholder, -aria-label,
 * -label (an optgroup's). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = _(node.dataset.i18n);
  for (const attr of ["title", "placeholder", "aria-label", "label"]) {
    for (const node of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      node.setAttribute(attr, _(node.getAttribute(`data-i18n-${attr}`)));
    }
  }
}

/** A language picker: every language Ludi speaks, each by its own name; choosing one keeps it
 * for this browser (a cookie the server reads too) and calls `changed(lang)`. */
export function languagePicker(changed) {
  const picker = el(
    "select",
    {
      id: "lang",
      class: "lang-picker",
      "aria-label": _("Language"),
      title: _("Language"),
      onchange: () => {
        document.cookie = `${LANG_COOKIE}=${picker.value}; path=/; max-age=31536000; samesite=lax`;
        changed(picker.value);
      },
    },
    Object.entries(words.languages).map(([code, name]) => el("option", {value: code, lang: code}, name)),
  );
  picker.value = words.lang;
  return picker;
}

// -- the DOM -----------------------------------------------------------------------------------

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
export async function api(path, body, headers = {}) {
  const init =
    body === undefined
      ? {}
      : {
          method: "POST",
          headers: {"Content-Type": "application/json", ...headers},
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
    rule ? el("div", {class: "rule"}, _("Rulebook: {rule}", {rule: ruleText(rule)})) : null,
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
  const labels = {open: N_("waiting for players"), running: N_("in play"), finished: N_("finished")};
  return labels[status] ? _(labels[status]) : status;
}

// The levels offered for a bot that has settings; any other bot is offered by its name.
const BOT_LEVELS = {
  easy: [["easy", N_("instant")]],
  normal: [["normal", N_("a short search")]],
  hard: [["hard", N_("about a second a move")]],
  ismcts: [
    ["ismcts:seconds=0.3", N_("quick")],
    ["ismcts", N_("normal, 1 s a move")],
    ["ismcts:seconds=3", N_("strong, 3 s a move")],
  ],
  crassus: [["crassus", N_("the solo automaton (Caesar! solo only)")]],
  heuristic: [["heuristic", N_("instant, no search")]],
  // a trained network (ludi.bots.policy): the one shipped for the match's game at 2 players
  policy: [["policy", N_("instant, for two players")]],
};

/** The bots by the names players read (a bot Ludi does not know here goes by its own). */
export const BOT_NAMES = {
  easy: N_("Easy"),
  normal: N_("Normal"),
  hard: N_("Hard"),
  // the information-set search (ludi.bots.ismcts), by the name of its kind
  ismcts: N_("Monte Carlo"),
  random: N_("Random"),
  heuristic: N_("Heuristic"),
  crassus: N_("Crassus"),
  policy: N_("Trained network"),
};

/** Return a bot's name as a player reads it. */
export function botName(name) {
  return BOT_NAMES[name] ? _(BOT_NAMES[name]) : name.charAt(0).toUpperCase() + name.slice(1);
}

/** Return [spec, label] for every bot (and level) a seat can be given to. */
export function botChoices(bots) {
  return bots.flatMap((name) =>
    (BOT_LEVELS[name] || [[name, ""]]).map(([spec, level]) => [
      spec,
      level
        ? _("Bot: {name} — {level}", {name: botName(name), level: _(level)})
        : _("Bot: {name}", {name: botName(name)}),
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

// -- accounts (ludi.server.accounts): who is signed in, and a change asked for as them ----------

let who = null;

/** The server's accounts mode and the signed-in account: {mode, account: {name}|null, csrf}
 * (asked once a page; `fresh` asks again). */
export function whoAmI(fresh = false) {
  if (!who || fresh) {
    who = api("/api/account").catch(() => ({mode: "off", account: null, csrf: null}));
  }
  return who;
}

/** Ask for a change as the signed-in account: a POST carrying its CSRF token. */
export async function asAccount(path, body = {}) {
  const {csrf} = await whoAmI();
  return api(path, body, csrf ? {"X-Ludi-CSRF": csrf} : {});
}

/** The account's link in a page's top bar: its name (to the profile), or "Sign in"; nothing
 * on a server without accounts. */
export async function accountLink() {
  const me = await whoAmI();
  if (me.mode === "off") return null;
  return el(
    "a",
    {class: "pill account-link", id: "account-link", href: "/account"},
    me.account ? me.account.name : _("Sign in"),
  );
}

/** A rating as players read it, with its thousands grouped in the page's language. */
export function ratingText(value) {
  return new Intl.NumberFormat(language()).format(value);
}

// The board kit: what every game's match page has in common, drawn once. The seats, the turn
// bar, the move chooser, the log and the final scoring are drawn here; each game's board (in
// its own package, declared by its Game's board_assets) draws only its game.
//
// A board is an ES module exporting createBoard(root, kit) -> {update(msg), prompt?(msg),
// scoreLines?(msg), marks?(text)}. The state message's `moves` carry each legal move as
// {text, verb, args, label}: boards find moves by verb and args, never by reading notation.
//
// The functions before "drawing" touch no DOM, so node's test runner checks them (tests/web/).
//
// Words: a board marks its words _("...") and n_("one", "many", n) (imported from here), with
// named placeholders: _("{seat} takes {city}", {seat, city}). They are extracted into its game's
// catalog, which the match page loads before the board's script (docs/i18n.md).
import {_, BOT_NAMES, botName, el, N_, n_, ruleText} from "./common.js";

export {_, N_, n_, ruleText};

// -- moves ------------------------------------------------------------------------------------

/** Return the moves of one verb (or of any of several). */
export function movesOf(moves, ...verbs) {
  return (moves || []).filter((m) => verbs.includes(m.verb));
}

/** Return the first move of `verb` whose args include every given value, or null. */
export function findMove(moves, verb, args = {}) {
  return (
    (moves || []).find((m) => m.verb === verb && Object.entries(args).every(([k, v]) => m.args[k] === v)) ||
    null
  );
}

/** Return the moves grouped by verb, in the order they first appear. */
export function groupMoves(moves) {
  const groups = new Map();
  for (const move of moves || []) {
    if (!groups.has(move.verb)) groups.set(move.verb, []);
    groups.get(move.verb).push(move);
  }
  return groups;
}

// -- names ------------------------------------------------------------------------------------

const BOT_LEVELS = {
  "ismcts:seconds=0.3": N_("quick"),
  ismcts: N_("normal"),
  "ismcts:seconds=3": N_("strong"),
};

/** Return a bot as a player reads it: "ismcts:seconds=0.3" -> "Monte Carlo, quick". */
export function botLabel(spec) {
  if (!spec) return "";
  const name = spec.split(":")[0];
  const shown = BOT_NAMES[name] ? botName(name) : name.charAt(0).toUpperCase() + name.slice(1);
  if (BOT_LEVELS[spec]) return _("{bot}, {level}", {bot: shown, level: _(BOT_LEVELS[spec])});
  return spec.includes(":") ? _("{bot}, custom", {bot: shown}) : shown;
}

/** Return the one name a seat goes by on the page: the game's name for it (the one the log
 * uses, e.g. "Blue" or "Caesar"); `you` for the viewer's own seat when asked. */
export function seatTitle(match, seat, viewer = null, you = false) {
  const info = match.seats[seat];
  const title = info.title || info.name;
  return you && seat === viewer ? _("{seat} (you)", {seat: title}) : title;
}

/** Return who plays a seat, beside its name: the player's name or the bot, if it says more. */
export function seatPlayer(match, seat) {
  const info = match.seats[seat];
  if (info.bot) return _("bot: {bot}", {bot: botLabel(info.bot)});
  return info.name && info.name !== info.title ? info.name : "";
}

/** Split a log line into parts, marking the viewer's own seat name as "you": returns
 * [{text, you}] so the drawing can emphasise it without building HTML from text. */
export function markYou(line, myTitle) {
  if (!myTitle) return [{text: line, you: false}];
  const parts = [];
  // whole words in any alphabet (\b knows only Latin letters: a Russian name has no \b round it)
  const escaped = myTitle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu");
  let at = 0;
  for (const found of line.matchAll(pattern)) {
    if (found.index > at) parts.push({text: line.slice(at, found.index), you: false});
    parts.push({text: _("{seat} (you)", {seat: myTitle}), you: true});
    at = found.index + found[0].length;
  }
  if (at < line.length) parts.push({text: line.slice(at), you: false});
  return parts;
}

/** Return how a match ended, in a sentence: "Caesar (you) won (...)", or "no winner". */
export function outcomeText(msg) {
  const winners = msg.result.winners.map((w) => seatTitle(msg.match, w, msg.seat, true));
  const reason = msg.result.reason;
  if (!winners.length) return _("The match is over, with no winner ({reason}).", {reason});
  return n_(
    "The match is over: {winners} won ({reason}).",
    "The match is over: {winners} won ({reason}).",
    winners.length,
    {winners: winners.join(_(" and ")), reason},
  );
}

/** Return a clock's time as a player reads it: 0:09, 4:32, 1:05:03. */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (n) => String(n).padStart(2, "0");
  // a correspondence clock: days and hours, the minutes (the seconds matter little there)
  if (h >= 24) return n_("{n} day {h}:{m}", "{n} days {h}:{m}", Math.floor(h / 24), {h: h % 24, m: two(m)});
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
}

/** Return a seat's clock now: seconds left, whether it runs, whether it ran out (its stand-in
 * plays); null if the match has no clock. `elapsed`: seconds since the message came. */
export function clockOf(msg, seat, elapsed = 0) {
  const table = msg.table || {};
  const clocks = table.clocks;
  if (!clocks) return null;
  const out = (table.timed_out || []).includes(seat);
  // a seat its player gave to a bot has no clock (a bot is not timed)
  if (!out && msg.match && msg.match.seats[seat] && msg.match.seats[seat].bot) return null;
  const running = clocks.running.includes(seat);
  return {
    left: Math.max(0, clocks.left[seat] - (running ? elapsed : 0)),
    running,
    out,
  };
}

/** Return the text of the turn bar when the viewer is not to act. */
export function waitingText(msg) {
  if (msg.over) return outcomeText(msg);
  const waiting = msg.to_act.map((s) => {
    const info = msg.match.seats[s];
    const who = seatTitle(msg.match, s, msg.seat, true);
    if (info.bot) return _("{seat} (bot {bot} is thinking)", {seat: who, bot: botLabel(info.bot)});
    return info.connected ? who : _("{seat} (not connected)", {seat: who});
  });
  const text = _("Waiting for {seats}", {seats: waiting.join(", ")});
  return msg.seat === null ? _("You are watching. {waiting}", {waiting: text}) : text;
}

// -- drawing ----------------------------------------------------------------------------------

/** Draw the seat panels: each seat's name and colour, who plays it, whether it is connected,
 * whose turn it is, and the game's live figures for it (board.seatFacts). */
export function drawSeats(box, msg, facts = null) {
  const items = msg.match.seats.map((s) => {
    const playing = msg.to_act.includes(s.seat);
    const status = s.bot ? "bot" : s.connected ? "on" : "off";
    const player = seatPlayer(msg.match, s.seat);
    const figures = facts ? facts(s.seat) : null;
    const clock = msg.over ? null : clockOf(msg, s.seat);
    return el(
      "li",
      {class: `${playing ? "to-act" : ""} ${s.seat === msg.seat ? "me" : ""}`, "data-seat": s.seat},
      el("span", {
        class: `dot ${status}`,
        title: s.bot
          ? _("a bot plays this seat")
          : s.connected
            ? _("connected")
            : _("not connected (left the table)"),
      }),
      el("span", {class: "seat-title"}, seatTitle(msg.match, s.seat, msg.seat, true)),
      player ? el("span", {class: "muted small"}, ` · ${player}`) : null,
      !s.bot && !s.connected ? el("span", {class: "muted small"}, " · ", _("away")) : null,
      playing ? el("span", {class: "badge"}, _("to play")) : null,
      clock ? clockChip(s.seat, clock) : null,
      clock && clock.out
        ? el("div", {class: "small muted"}, _("clock ran out: a bot plays until the player is back"))
        : null,
      figures ? el("div", {class: "seat-figures small"}, figures) : null,
    );
  });
  box.replaceChildren(el("ul", {class: "seats"}, items));
}

/** A seat's clock, counted down by the page between messages (data-clock names the seat). */
function clockChip(seat, clock) {
  return el(
    "span",
    {
      class: `clock ${clock.running ? "running" : ""} ${clock.left < 10 ? "low" : ""}`,
      "data-clock": seat,
      title: clock.running ? _("this seat's clock is running") : _("this seat's clock (stopped)"),
    },
    formatClock(clock.left),
  );
}

/** Draw the seat strip under the turn bar (phones): every seat at a glance, whose turn, and a
 * button to the log, so nothing needs a scroll to the bottom of the page. */
export function drawStrip(box, msg, {facts = null, fresh = 0, openLog = null} = {}) {
  const chips = msg.match.seats.map((s) =>
    el(
      "span",
      {
        class: `chip-seat ${msg.to_act.includes(s.seat) ? "to-act" : ""} ${s.seat === msg.seat ? "me" : ""}`,
        title: facts ? facts(s.seat) || "" : "",
      },
      el("span", {class: `dot ${s.bot ? "bot" : s.connected ? "on" : "off"}`}),
      seatTitle(msg.match, s.seat, msg.seat, true),
      !msg.over && clockOf(msg, s.seat) ? [" ", clockChip(s.seat, clockOf(msg, s.seat))] : null,
    ),
  );
  const log = openLog
    ? el(
        "button",
        {type: "button", class: "small strip-log", id: "open-log", onclick: openLog},
        fresh > 0 ? n_("Log ({n} new)", "Log ({n} new)", fresh) : _("Log"),
      )
    : null;
  box.replaceChildren(...chips, log);
}

/** Draw the move chooser: a button per legal move, grouped by verb, with the game's labels;
 * more than `compactOver` moves (a phone's screen) are offered as one list to pick from and a
 * button that plays the move picked, so that the board stays on the first screen. */
export function drawChooser(box, moves, act, {skip = [], title = null, compactOver = Infinity} = {}) {
  const groups = [...groupMoves(moves)].filter(([verb]) => !skip.includes(verb));
  if (!groups.length) {
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const count = groups.reduce((n, [, list]) => n + list.length, 0);
  box.replaceChildren(
    title ? el("p", {class: "chooser-title"}, title) : "",
    ...(count > compactOver
      ? [compactChooser(groups, count, act)]
      : groups.map(([verb, list]) =>
          el(
            "div",
            {class: "move-group", "data-verb": verb},
            list.map((m) =>
              el(
                "button",
                {
                  type: "button",
                  class: "move small",
                  "data-action": m.text,
                  title: m.label,
                  onclick: () => act(m.text),
                },
                m.label,
              ),
            ),
          ),
        )),
  );
}

/** One list of every move (in the order of the buttons it replaces) and a button to play it. */
function compactChooser(groups, count, act) {
  const options = (list) => list.map((m) => el("option", {value: m.text}, m.label));
  const select = el(
    "select",
    {
      class: "move-select",
      "aria-label": n_("{n} move to choose from", "{n} moves to choose from", count, {n: count}),
    },
    groups.flatMap(([, list]) => options(list)),
  );
  const play = el(
    "button",
    {
      type: "button",
      class: "move primary small",
      "data-action": select.value,
      onclick: () => act(select.value),
    },
    _("Play this move"),
  );
  select.addEventListener("change", () => play.setAttribute("data-action", select.value));
  return el("div", {class: "move-group compact"}, select, play);
}

/** Draw the log: the newest line last; lines since the viewer last acted are marked new;
 * hovering or tapping a line asks the board to light up what it names (board.marks). A line
 * is the game's narration (a string), or {chat: text, who} said at the table, or {note: text}
 * (someone left or came back). Chat is drawn as text: whatever was typed, no HTML. */
export function drawLog(list, lines, {myTitle = null, fresh = 0, light = null} = {}) {
  const first = lines.length - fresh;
  list.replaceChildren(
    ...lines.map((line, i) => {
      if (typeof line !== "string") {
        const cls = `${line.chat !== undefined ? "chat" : "note"} ${i >= first ? "fresh" : ""}`;
        return line.chat !== undefined
          ? el("li", {class: cls}, el("span", {class: "chat-who"}, `${line.who}: `), line.chat)
          : el("li", {class: cls}, line.note);
      }
      const item = el(
        "li",
        {class: i >= first ? "fresh" : "", tabindex: light ? "0" : null},
        markYou(line, myTitle).map((p) => (p.you ? el("strong", {class: "you"}, p.text) : p.text)),
      );
      if (light) {
        item.addEventListener("mouseenter", () => light(line));
        item.addEventListener("mouseleave", () => light(null));
        item.addEventListener("focus", () => light(line));
        item.addEventListener("blur", () => light(null));
        item.addEventListener("click", () => light(line));
      }
      return item;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

/** Draw the final scoring: winners, the rank and points of each seat, the game's own lines. */
export function drawScoring(box, msg, lines, buttons) {
  const result = msg.result;
  const seats = msg.match.seats;
  const name = (s) => seatTitle(msg.match, s, msg.seat, true);
  const head = el(
    "tr",
    {},
    el("th", {}, ""),
    seats.map((s) => el("th", {}, name(s.seat))),
  );
  const rows = [
    el(
      "tr",
      {},
      el("th", {}, _("Rank")),
      result.ranking.map((r) => el("td", {}, r)),
    ),
    el(
      "tr",
      {},
      el("th", {}, _("Points")),
      result.points.map((p) => el("td", {}, p)),
    ),
    ...lines.map(([label, ...values]) =>
      el(
        "tr",
        {},
        el("th", {}, label),
        values.map((v) => el("td", {}, v)),
      ),
    ),
  ];
  box.replaceChildren(
    el("h3", {}, _("Final scoring")),
    el(
      "p",
      {},
      result.winners.length
        ? n_("{winners} won: {reason}.", "{winners} won: {reason}.", result.winners.length, {
            winners: result.winners.map(name).join(", "),
            reason: result.reason,
          })
        : _("No winner: {reason}.", {reason: result.reason}),
    ),
    el(
      "div",
      {class: "table-wrap"},
      el("table", {class: "score"}, el("thead", {}, head), el("tbody", {}, rows)),
    ),
    el("p", {class: "row-actions"}, buttons),
  );
}

// -- what the others just did, and what a log line names ----------------------------------------
//
// A board tags what a move can change with data-mark="key" (and, if its text is not the whole
// story, data-sig="what it shows"); the kit keeps what each key showed when you last acted and
// marks every tagged thing that differs now, until you act again. A board tags what a log line
// can name with data-name="its name in the game's words"; hovering or tapping a line lights
// those up. So no board needs its own bookkeeping, and the kit knows no game.

/** Return the keys whose signature differs between two pictures (or that are new). */
export function changedKeys(before, after) {
  const out = [];
  if (!before) return out;
  for (const [key, sig] of after) {
    if (before.get(key) !== sig) out.push(key);
  }
  return out;
}

/** Return which of `names` a log line mentions, as whole words. */
export function namesIn(line, names) {
  if (!line) return [];
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [...new Set(names)].filter(
    (name) => name && new RegExp(`(^|[^\\p{L}\\p{N}])${escape(name)}($|[^\\p{L}\\p{N}])`, "u").test(line),
  );
}

/** Return what every tagged thing of the board shows now: key -> signature. */
export function picture(root) {
  const out = new Map();
  for (const node of root.querySelectorAll("[data-mark]")) {
    const sig = node.getAttribute("data-sig");
    out.set(node.getAttribute("data-mark"), sig === null ? node.textContent : sig);
  }
  return out;
}

/** Mark what changed since `before` (class "changed"); return how many things are marked. */
export function markChanged(root, before) {
  const changed = new Set(changedKeys(before, picture(root)));
  for (const node of root.querySelectorAll("[data-mark]")) {
    node.classList.toggle("changed", changed.has(node.getAttribute("data-mark")));
  }
  return changed.size;
}

/** Light up (class "lit") what a log line names; `null` puts every light out. */
export function lightNamed(root, line) {
  const nodes = [...root.querySelectorAll("[data-name]")];
  const named = new Set(
    namesIn(
      line,
      nodes.map((n) => n.getAttribute("data-name")),
    ),
  );
  for (const node of nodes) node.classList.toggle("lit", named.has(node.getAttribute("data-name")));
}

// -- tooltips on a phone ------------------------------------------------------------------------

/** Return the tooltip of a node: its own title, or its SVG <title>, or its nearest parent's. */
function tipOf(node) {
  for (let n = node; n && n.nodeType === 1; n = n.parentNode) {
    if (n.getAttribute("title")) return n.getAttribute("title");
    const own = [...n.children].find((c) => c.tagName.toLowerCase() === "title");
    if (own && own.textContent) return own.textContent;
  }
  return "";
}

/** A long press (a touch screen's right click) on a card, a building or anything with a
 * tooltip shows it in a box, since a phone has no hover; a tap anywhere closes it. */
export function installTips(root) {
  const box = el("div", {class: "tip-box", role: "tooltip", hidden: true});
  document.body.append(box);
  root.addEventListener("contextmenu", (e) => {
    const text = tipOf(e.target);
    if (!text) return;
    e.preventDefault();
    box.textContent = text;
    box.hidden = false;
    const x = Math.min(e.clientX, innerWidth - box.offsetWidth - 8);
    box.style.left = `${Math.max(8, x)}px`;
    box.style.top = `${Math.max(8, e.clientY - box.offsetHeight - 12)}px`;
  });
  document.addEventListener("pointerdown", (e) => {
    if (!box.hidden && e.target !== box) box.hidden = true;
  });
  return box;
}

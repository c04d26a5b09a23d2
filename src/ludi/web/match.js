// The match page: live play over a websocket, hot seat, and the replay viewer.
//
// Each game draws its own board, a module its package declares (Presentation.board_assets, served at
// /games/<game>/board/<file>) exporting createBoard(root, host) (see kit.js); a game without
// one gets the generic board. What every game has in common is drawn by the kit.
import {
  _,
  accountLink,
  api,
  asAccount,
  botChoices,
  el,
  hashParams,
  language,
  languagePicker,
  loadWords,
  n_,
  rememberSeat,
  toast,
  ratingText,
  translatePage,
  whoAmI,
} from "./common.js";
import {
  botLabel,
  clockOf,
  drawLog,
  formatClock,
  drawScoring,
  drawSeats,
  drawStrip,
  installTips,
  lightNamed,
  markChanged,
  picture,
  ruleText,
  seatTitle,
  waitingText,
} from "./kit.js";
import {patched} from "./patch.js";
import {showNotices} from "./notices.js";
import {pageTurn, watchTurns} from "./turns.js";
import {createReview} from "./review.js";
import {hintControl, hintsNote} from "./hints.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const params = hashParams();

const page = {
  mode: params.has("replay") ? "replay" : "live",
  tokens: new Map(), // seat (or "?" before the server says which) -> token
  hot: false,
  token: null, // the token of the connection now open
  ws: null,
  retry: 0,
  ref: 0,
  msg: null, // the last state message
  log: [],
  board: null,
  boardLoading: null, // the promise of the board, while its script loads and after
  game: null,
  bots: [],
  curtainFor: null, // hot seat: the seat that must take the screen before anything is shown
  refusal: null,
  fatal: false,
  seenLog: null, // how many log lines there were when you last acted: the rest are new
  games: null, // a promise of the games' descriptions (their boards, their bots)
  lit: null, // the log line whose subject the board lights up
  pictures: new Map(), // per seat: what the board showed when it last acted (marks differences)
  shown: null, // what the board showed after the last drawing
  markN: null, // the move a watcher's marks were last measured at
};

if (params.get("seat")) page.tokens.set("?", params.get("seat"));
if (params.get("hot")) {
  page.hot = true;
  for (const item of params.get("hot").split(",")) {
    const [seat, token] = item.split(".");
    if (token) page.tokens.set(Number(seat), token);
  }
}

// -- boards ------------------------------------------------------------------------------------

/** The board of ``game``, created once: every render awaits the same promise, so two
 * messages that arrive while the board's script loads cannot create two boards. */
function loadBoard(game) {
  if (page.boardLoading && page.game === game) return page.boardLoading;
  page.game = game;
  page.boardLoading = createBoardOf(game);
  return page.boardLoading;
}

async function createBoardOf(game) {
  const host = {
    act,
    get seat() {
      return page.msg ? page.msg.seat : null;
    },
  };
  const games = await page.games.catch(() => ({games: []}));
  const about = games.games.find((g) => g.id === game);
  const files = about ? about.board : [];
  page.gameTitle = about ? about.title : "";
  page.gameSummary = about ? about.summary : "";
  const base = `/games/${encodeURIComponent(game)}/board/`;
  for (const file of files.filter((f) => f.endsWith(".css"))) {
    if (!document.querySelector(`link[data-board="${file}"]`)) {
      document.head.append(el("link", {rel: "stylesheet", href: base + file, "data-board": file}));
    }
  }
  const script = files.find((f) => f.endsWith(".js"));
  // the board's words (its game's catalog) before its script draws anything
  await loadWords(game, language());
  let module;
  try {
    module = await import(script ? base + script : "/static/boards/generic.js");
  } catch {
    module = await import("/static/boards/generic.js");
  }
  page.board = module.createBoard($("board"), host);
  return page.board;
}

// -- live play ---------------------------------------------------------------------------------

function setConnection(text, kind) {
  const pill = $("connection");
  pill.textContent = text;
  pill.className = `pill ${kind}`;
}

function connect(token) {
  if (page.ws) {
    page.ws.onclose = null;
    page.ws.close();
  }
  page.token = token;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(matchId)}`);
  page.ws = ws;
  setConnection(_("connecting…"), "wait");
  ws.onopen = () => {
    // the states after the first come as changes (ludi.server.patch)
    ws.send(JSON.stringify({type: "hello", token, lang: language(), patch: true}));
  };
  ws.onmessage = (event) => {
    // (a connection being replaced may still deliver: its states are not this one's)
    if (page.ws === ws) onMessage(JSON.parse(event.data));
  };
  ws.onclose = (event) => {
    if (page.ws !== ws) return;
    if (event.code === 4403 || event.code === 4404) {
      page.fatal = true;
      setConnection(_("not connected"), "bad");
      return;
    }
    // the server went away (a restart, a network hiccup): come back and resync by ourselves
    const delay = Math.min(5000, 300 * 2 ** page.retry++);
    setConnection(_("reconnecting in {n} s…", {n: Math.ceil(delay / 1000)}), "bad");
    setTimeout(() => {
      if (page.ws === ws) connect(token);
    }, delay);
  };
}

function send(message) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    toast(_("Not connected to the server yet; try again in a moment"), "error");
    return false;
  }
  page.ws.send(JSON.stringify(message));
  return true;
}

function act(text) {
  page.refusal = null;
  if (page.msg) page.pictures.set(String(page.msg.seat), picture($("board")));
  page.seenLog = page.log.length;
  send({type: "act", action: text, ref: ++page.ref});
}

function onMessage(msg) {
  if (msg.type === "patch") {
    const whole = patched(page.msg, msg);
    if (!whole) {
      // a version went missing (it should not, on one connection): ask for the whole state
      // once; the patches until it comes do not follow what the page holds
      if (!page.syncing) page.syncing = send({type: "sync"});
      return;
    }
    msg = whole;
  } else if (msg.type === "state") {
    page.syncing = false;
  }
  if (msg.type === "state") {
    page.retry = 0;
    setConnection(_("connected"), "ok");
    if (msg.full) page.log = withChat(msg);
    else page.log.push(...msg.events);
    if (page.msg && page.msg.match.id === msg.match.id) page.log.push(...tableNotes(page.msg, msg));
    page.clockAt = performance.now();
    if (page.seenLog === null || page.seenLog > page.log.length) page.seenLog = page.log.length;
    if (msg.seat !== null && page.token && msg.full) {
      rememberSeat({
        id: matchId,
        seat: msg.seat,
        title: seatTitle(msg.match, msg.seat),
        game: msg.match.game,
        link: `/match/${encodeURIComponent(matchId)}#seat=${page.token}`,
      });
      if (!page.notices && !msg.over) {
        page.notices = true; // (once: the card keeps its own state)
        showNotices(document.querySelector(".side"), matchId, page.token).catch(() => {});
      }
    }
    if (page.tokens.has("?") && msg.seat !== null) {
      page.tokens.set(msg.seat, page.tokens.get("?"));
      page.tokens.delete("?");
    }
    if (page.hot) sameScreen(msg.match.seats);
    page.msg = msg;
    if (page.hot) hotSeat(msg);
    render();
  } else if (msg.type === "error") {
    // a reason is a sentence to the player ("first decide on..." reads as "First decide on..."),
    // unless it starts with the notation the player typed ("pick:senator is not possible...")
    if (/^[a-z]+\s/.test(msg.reason || ""))
      msg.reason = msg.reason.charAt(0).toUpperCase() + msg.reason.slice(1);
    page.refusal = msg;
    toast(msg.reason, "error", msg.rule);
    if (!page.msg) {
      $("turn").textContent = msg.reason;
    }
    renderControls();
  } else if (msg.type === "presence") {
    // someone opened or closed a seat: only who is connected changed
    if (!page.msg) return;
    const seats = page.msg.match.seats;
    const prev = {...page.msg, match: {...page.msg.match, seats: seats.map((s) => ({...s}))}};
    for (const s of seats) s.connected = msg.connected.includes(s.seat);
    if (page.hot) sameScreen(seats);
    page.log.push(...tableNotes(prev, page.msg));
    render();
  } else if (msg.type === "chat") {
    if (page.msg)
      page.log.push({chat: msg.text, who: seatTitle(page.msg.match, msg.seat, page.msg.seat, true)});
    renderLog();
  } else if (msg.type === "rematch") {
    toast(_("A rematch starts: same seats"));
    goTo(msg.id);
  } else if (msg.type === "ratings") {
    showRatings(true);
  }
  if (msg.type === "state" && msg.over) showRatings(false);
}

// -- accounts and ratings (ludi.server.accounts, ludi.server.ratings) ----------------------------

/** Make the seat this page opened the signed-in player's (its token the proof): from then on
 * their profile lists it, and their session opens it on any device. */
async function claimSeat(token) {
  const me = await whoAmI();
  if (!me.account || !token) return;
  try {
    await asAccount("/api/account/claim", {match: matchId, token});
  } catch (error) {
    toast(error.message, "error");
  }
}

let ratingsShown = false;

/** Once a rated match is over: each player's rating change ("+23, now 1,612"), or why the
 * match did not count. `again`: the server said the ratings are settled now. */
async function showRatings(again) {
  if (ratingsShown && !again) return;
  ratingsShown = true;
  let data;
  try {
    data = await api(`/api/matches/${encodeURIComponent(matchId)}/ratings`);
  } catch {
    return;
  }
  const box = $("ratings");
  if (!data.rated || data.status === "pending") {
    box.hidden = true;
    ratingsShown = data.status === "pending" ? false : ratingsShown;
    return;
  }
  box.hidden = false;
  if (data.status === "void") {
    box.replaceChildren(
      el("h3", {}, _("Ratings")),
      el("p", {class: "muted"}, _("This match does not count: {reason}", {reason: data.reason})),
    );
    return;
  }
  const seats = page.msg ? page.msg.match.seats : [];
  const rows = Object.entries(data.seats).map(([seat, change]) => {
    const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
    const mine = page.msg && String(page.msg.seat) === seat;
    return el(
      "li",
      {class: mine ? "mine" : ""},
      el("strong", {}, change.account),
      seats[seat] ? ` (${seatTitle(page.msg.match, Number(seat))})` : "",
      ": ",
      el(
        "span",
        {class: "rating-change"},
        _("{change}, now {rating}", {
          change: `${sign}${ratingText(Math.abs(change.change))}`,
          rating: ratingText(change.after),
        }),
      ),
      change.provisional ? el("span", {class: "muted"}, " ", _("(provisional)")) : null,
    );
  });
  const game = page.msg ? page.msg.match.game : "";
  box.replaceChildren(
    el("h3", {}, _("Ratings")),
    el("ul", {class: "links", id: "rating-changes"}, rows),
    game ? el("p", {}, el("a", {href: `/ratings/${encodeURIComponent(game)}`}, _("Leaderboard"))) : null,
  );
}

/** The log of a newcomer: the game's lines with the table's chat where it was said. */
function withChat(msg) {
  const log = [...msg.events];
  const chat = msg.chat || [];
  for (let i = chat.length - 1; i >= 0; i--) {
    const line = chat[i];
    log.splice(line.after, 0, {chat: line.text, who: seatTitle(msg.match, line.seat, msg.seat, true)});
  }
  return log;
}

/** What changed at the table between two messages, as log notes: someone left or came back,
 * a clock ran out, a vote to end. */
function tableNotes(prev, msg) {
  const notes = [];
  const name = (s) => seatTitle(msg.match, s, msg.seat, true);
  msg.match.seats.forEach((s, i) => {
    const was = prev.match.seats[i];
    if (!was || s.bot || was.bot || s.seat === msg.seat) return;
    if (was.connected && !s.connected) notes.push({note: _("{seat} left the table", {seat: name(i)})});
    if (!was.connected && s.connected) notes.push({note: _("{seat} is back at the table", {seat: name(i)})});
  });
  const before = prev.table || {};
  const now = msg.table || {};
  for (const s of now.timed_out || []) {
    if ((before.timed_out || []).includes(s)) continue;
    notes.push({
      note:
        s === msg.seat
          ? _("Your clock ran out: a bot moves for you until you act again")
          : _("{seat}'s clock ran out: a bot plays for them until they are back", {seat: name(s)}),
    });
  }
  for (const s of now.votes || []) {
    if (!(before.votes || []).includes(s) && !msg.over)
      notes.push({note: _("{seat} proposes to end the match with no winner", {seat: name(s)})});
  }
  for (const n of notes) toast(n.note);
  return notes;
}

/** Count the running clocks down between messages. */
function tickClocks() {
  const msg = page.msg;
  if (!msg || !msg.table || !msg.table.clocks || msg.over) return;
  const elapsed = (performance.now() - (page.clockAt || performance.now())) / 1000;
  for (const chip of document.querySelectorAll("[data-clock]")) {
    const clock = clockOf(msg, Number(chip.dataset.clock), elapsed);
    if (!clock) continue;
    chip.textContent = formatClock(clock.left);
    chip.classList.toggle("low", clock.left < 10);
  }
}

function goTo(newId) {
  const hash = location.hash.replace(/(^#|&)replay\b/, "");
  location.href = `/match/${encodeURIComponent(newId)}${hash && hash !== "#" ? hash : ""}`;
}

// Hot seat: when another human seat of this screen is to act, hide everything until they take it.
function hotSeat(msg) {
  if (msg.over) return;
  const mine = msg.seat;
  const next = msg.to_act.find((s) => page.tokens.has(s));
  if (mine === null) {
    // the first look is as a spectator, to learn who must take the screen first
    page.curtainFor = next !== undefined ? next : [...page.tokens.keys()].sort()[0];
  } else if (next !== undefined && next !== mine && !msg.to_act.includes(mine)) {
    page.curtainFor = next;
  }
}

/** Hot seat: the human seats of this screen are all at the table while it is connected, though
 * it holds only one of them open at a time: none is "away", none "left the table". */
function sameScreen(seats) {
  for (const s of seats) if (page.tokens.has(s.seat)) s.connected = true;
}

function takeScreen() {
  const seat = page.curtainFor;
  page.curtainFor = null;
  page.log = [];
  page.msg = null;
  connect(page.tokens.get(seat));
  render();
}

// -- drawing -----------------------------------------------------------------------------------

function seatName(msg, seat) {
  return seatTitle(msg.match, seat, msg.seat, true);
}

function myTurn(msg) {
  return msg.seat !== null && msg.to_act.includes(msg.seat) && msg.legal.length > 0;
}

/** "Your turn" in the tab's title and icon, so a player in another tab sees it. */
function announceTurn(msg) {
  const mine = page.mode === "live" && !msg.over && myTurn(msg);
  const game = page.gameTitle || "Ludi";
  // (with the other matches waiting for this browser: turns.js)
  pageTurn(mine ? _("▶ Your turn — {game}", {game}) : `${game} — Ludi`, mine);
  // a turn that has just come: a chime and a notification, if the player asked for them
  if (mine && !page.wasMine && page.alerts && document.hidden) {
    chime();
    if ("Notification" in window && Notification.permission === "granted") {
      new Notification(_("Your turn — {game}", {game}), {
        body: $("turn").textContent,
        icon: "/static/favicon-turn.svg",
      });
    }
  }
  page.wasMine = mine;
}

/** A short two-note chime (Web Audio: nothing to download). */
function chime() {
  try {
    const audio = new AudioContext();
    [660, 880].forEach((hz, i) => {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = hz;
      gain.gain.setValueAtTime(0.15, audio.currentTime + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.3);
      tone.connect(gain).connect(audio.destination);
      tone.start(audio.currentTime + i * 0.18);
      tone.stop(audio.currentTime + i * 0.18 + 0.3);
    });
  } catch {
    // no sound on this browser: the title and the icon still say it
  }
}

function alertsToggle() {
  return el(
    "label",
    {
      class: "check small",
      title: _("a chime and a notification when your turn comes while this tab is hidden"),
    },
    el("input", {
      type: "checkbox",
      id: "alerts",
      checked: page.alerts,
      onchange: async (e) => {
        page.alerts = e.target.checked;
        localStorage.setItem("ludi-alerts", page.alerts ? "1" : "");
        if (page.alerts && "Notification" in window && Notification.permission === "default") {
          await Notification.requestPermission().catch(() => {});
        }
      },
    }),
    " ",
    _("Tell me when it is my turn (sound, notification)"),
  );
}

/** "How to play": the game's own short summary of its rules. */
function howToPlay() {
  if (!page.gameSummary) return null;
  return el(
    "details",
    {class: "how-to-play", open: page.howOpen, ontoggle: (e) => (page.howOpen = e.target.open)},
    el("summary", {}, _("How to play")),
    el("p", {}, page.gameSummary),
    el(
      "p",
      {class: "muted small"},
      _("Click what lights up to act; every choice is also a button above the board."),
    ),
  );
}

async function render() {
  const msg = page.msg;
  const curtain = $("curtain");
  if (page.curtainFor !== null) {
    // hot seat: the people at the table know each other by their names, so both are given
    const info = page.msg ? page.msg.match.seats[page.curtainFor] : null;
    const name = !info
      ? _("seat {n}", {n: page.curtainFor + 1})
      : info.name && info.name !== info.title
        ? `${info.title} (${info.name})`
        : info.title;
    curtain.hidden = false;
    document.body.classList.add("curtained");
    curtain.replaceChildren(
      el(
        "div",
        {class: "curtain-box"},
        el("h2", {}, _("Pass the screen to {seat}", {seat: name})),
        el("p", {}, _("Everyone else, look away: their private tokens are about to show.")),
        el(
          "button",
          {class: "primary", id: "take-screen", onclick: takeScreen},
          _("I am {seat}: show my screen", {seat: name}),
        ),
      ),
    );
    $("turn").textContent = _("Hot seat: {seat} to play", {seat: name});
    return;
  }
  curtain.hidden = true;
  document.body.classList.remove("curtained");
  if (!msg) return;
  const board = await loadBoard(msg.match.game);
  // a newer message may have come while the board loaded: draw the newest, and only once
  if (page.msg !== msg) return;
  $("title").textContent = page.gameTitle || "";
  announceTurn(msg);
  renderTurn(msg);
  // a board's own sticky parts (a chooser) sit just under the turn bar
  const top = document.querySelector(".sticky-top");
  document.documentElement.style.setProperty("--sticky-h", `${top ? top.offsetHeight : 0}px`);
  const previous = page.shown;
  board.update({...msg, mode: page.mode});
  markMoves(msg, previous);
  renderControls();
  renderResult(msg, board);
  renderLog();
}

/** Mark on the board what changed since the viewer last acted (a watcher, who never acts:
 * since the move before), and light up again what the hovered log line names. */
function markMoves(msg, previous) {
  const root = $("board");
  const key = String(msg.seat);
  if ((msg.seat === null || page.mode === "replay") && page.markN !== msg.n) {
    page.pictures.set(key, previous);
    page.markN = msg.n;
  }
  if (!page.pictures.get(key)) page.pictures.set(key, picture(root)); // a first look marks nothing
  markChanged(root, page.pictures.get(key));
  page.shown = picture(root);
  lightNamed(root, page.lit);
}

/** Light up on the board what a log line names (null: nothing). */
function light(line) {
  page.lit = line;
  lightNamed($("board"), line);
  if (page.board && page.board.marks) page.board.marks(line);
}

function renderTurn(msg) {
  const turn = $("turn");
  turn.dataset.n = msg.n; // how many moves this picture shows: lets tests and tools wait for it
  if (msg.over) {
    // the final scoring and the rematch sit below the board: one tap away on a phone
    turn.replaceChildren(
      waitingText(msg),
      " ",
      el(
        "button",
        {type: "button", class: "small", onclick: () => $("result").scrollIntoView({behavior: "smooth"})},
        _("Final scoring"),
      ),
    );
    turn.className = "turn over";
    return;
  }
  if (myTurn(msg)) {
    turn.textContent = page.board && page.board.prompt ? page.board.prompt(msg) : _("Your move");
    turn.className = "turn mine";
  } else {
    turn.textContent = waitingText(msg);
    turn.className = "turn";
  }
}

/** The bots that can take over a seat of this game (all the server has, until it said). */
function botsFor(game) {
  return (page.gameBots && page.gameBots[game]) || page.bots;
}

function renderControls() {
  const msg = page.msg;
  const box = $("controls");
  if (!msg) {
    box.replaceChildren(el("p", {class: "muted"}, _("Connecting…")));
    return;
  }
  const seats = el("div", {});
  drawSeats(seats, msg, page.board && page.board.seatFacts ? (s) => page.board.seatFacts(msg, s) : null);
  const parts = [el("h3", {}, _("Seats")), seats];
  const clocks = msg.table && msg.table.clocks;
  if (clocks && !msg.over) {
    parts.push(
      el(
        "p",
        {class: "muted small", id: "clock-rule"},
        clocks.on_timeout === "lose"
          ? _("Clock: {clock}; a player whose clock runs out loses.", {clock: clocks.label})
          : _("Clock: {clock}; when a clock runs out, a bot plays for that player until they are back.", {
              clock: clocks.label,
            }),
      ),
    );
  }
  if (page.refusal) {
    parts.push(
      el(
        "div",
        {class: "refusal", role: "alert"},
        el("strong", {}, _("Not allowed:")),
        " ",
        page.refusal.reason,
        page.refusal.rule
          ? el("div", {class: "rule"}, _("Rulebook: {rule}", {rule: ruleText(page.refusal.rule)}))
          : null,
      ),
    );
  }
  const hint = page.mode === "live" ? hintControl(msg, hintHost) : null;
  if (hint) parts.push(hint);
  const used = hintsNote(msg.table && msg.table.hints, msg);
  if (used) parts.push(used);
  if (msg.legal.length) {
    const input = el("input", {
      placeholder: msg.legal[0],
      "aria-label": _("a move in notation"),
      id: "notation",
      value: page.notation || "",
      oninput: (e) => {
        page.notation = e.target.value;
      },
    });
    parts.push(
      el(
        "details",
        {
          class: "notation",
          open: page.notationOpen,
          ontoggle: (e) => {
            page.notationOpen = e.target.open;
          },
        },
        el("summary", {}, _("Type a move in notation")),
        el(
          "form",
          {
            class: "manual",
            onsubmit: (e) => {
              e.preventDefault();
              if (input.value.trim()) act(input.value.trim());
              page.notation = "";
            },
          },
          input,
          el("button", {type: "submit", class: "small"}, _("Play")),
        ),
      ),
    );
  }
  if (msg.seat !== null && !msg.over) {
    const mine = msg.match.seats[msg.seat];
    if (mine.bot) {
      parts.push(
        el(
          "p",
          {},
          _("A bot ({bot}) is playing your seat.", {bot: botLabel(mine.bot)}),
          " ",
          el(
            "button",
            {class: "small", id: "take-back", onclick: () => send({type: "bot", spec: null})},
            _("Take my seat back"),
          ),
        ),
      );
    } else {
      const choice = el(
        "select",
        {"aria-label": _("bot to play for you")},
        botChoices(botsFor(msg.match.game).filter((b) => b !== "crassus")).map(([spec, label]) =>
          el("option", {value: spec}, label),
        ),
      );
      choice.value = page.bots.includes("ismcts") ? "ismcts" : "random";
      parts.push(
        el(
          "p",
          {class: "handover"},
          _("Leaving?"),
          " ",
          choice,
          " ",
          el(
            "button",
            {class: "small", onclick: () => send({type: "bot", spec: choice.value})},
            _("Let this bot play for me"),
          ),
        ),
      );
    }
  }
  if (page.hot && !msg.over) {
    parts.push(
      el(
        "p",
        {class: "muted small"},
        _("Hot seat: the screen hides itself whenever the next human must take it."),
      ),
    );
  }
  if (msg.seat !== null && !msg.over && standInControl(msg)) parts.push(standInControl(msg));
  if (msg.seat !== null && !msg.over) parts.push(endControls(msg));
  if (msg.seat !== null && !msg.over) parts.push(el("p", {}, alertsToggle()));
  parts.push(howToPlay());
  box.replaceChildren(...parts);
}

/** What the hint button needs of the page (hints.js). */
const hintHost = {
  matchId,
  myTurn: () => myTurn(page.msg),
  tokens: () => [...new Set(page.tokens.values())],
  seats: () => (page.hot ? [...page.tokens.keys()].filter((k) => k !== "?") : [page.msg.seat]),
  hint: () => page.hint,
  setHint: (hint) => {
    page.hint = hint;
    renderControls();
  },
  light,
};

/** With a clock that hands a seat to a bot when it runs out: which bot plays for you then. */
function standInControl(msg) {
  const table = msg.table || {};
  if (!table.clocks || table.clocks.on_timeout !== "bot" || !table.stand_in) return null;
  const current = table.stand_in[msg.seat];
  const choices = botChoices(botsFor(msg.match.game).filter((b) => b !== "crassus"));
  if (current && !choices.some(([spec]) => spec === current))
    choices.push([current, `Bot: ${botLabel(current)}`]);
  const choice = el(
    "select",
    {
      id: "stand-in",
      "aria-label": _("the bot that plays for you if your clock runs out"),
      onchange: () => send({type: "stand_in", spec: choice.value, ref: ++page.ref}),
    },
    choices.map(([spec, label]) => el("option", {value: spec}, label)),
  );
  if (current) choice.value = current;
  return el(
    "p",
    {class: "small stand-in"},
    _("If your clock runs out, this bot plays for you:"),
    " ",
    choice,
  );
}

/** Concede, or vote to end the match with no winner (every human seat must agree). */
function endControls(msg) {
  const votes = (msg.table && msg.table.votes) || [];
  const mine = votes.includes(msg.seat);
  const others = votes.filter((s) => s !== msg.seat).map((s) => seatTitle(msg.match, s, msg.seat, true));
  return el(
    "details",
    {
      class: "end-match",
      open: page.endOpen || votes.length > 0,
      ontoggle: (e) => (page.endOpen = e.target.open),
    },
    el("summary", {}, _("End the match")),
    others.length
      ? el(
          "p",
          {class: "small"},
          n_(
            "{seats} proposed to end it with no winner.",
            "{seats} proposed to end it with no winner.",
            others.length,
            {seats: others.join(", ")},
          ),
        )
      : null,
    el(
      "p",
      {class: "row-actions"},
      el(
        "button",
        {
          type: "button",
          class: "small",
          id: "vote-end",
          onclick: () => send({type: "vote", end: !mine, ref: ++page.ref}),
        },
        mine ? _("Withdraw my proposal") : _("Propose to end (no winner)"),
      ),
      el(
        "button",
        {
          type: "button",
          class: "small danger",
          id: "concede",
          onclick: () => {
            if (confirm(_("Concede? The match ends now and you are ranked last."))) {
              send({type: "concede", ref: ++page.ref});
            }
          },
        },
        _("Concede"),
      ),
    ),
    el(
      "p",
      {class: "muted small"},
      _("Ending needs every player's proposal; conceding ranks you last and the others share the win."),
    ),
  );
}

function renderResult(msg, board) {
  const box = $("result");
  if (!msg.over || !msg.result) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const buttons = [];
  if (page.mode === "live") {
    // the replay keeps your seat: its page offers the way back (and the Rematch)
    buttons.push(
      el(
        "button",
        {
          class: "small",
          onclick: () => {
            const token = page.token ? `&seat=${page.token}` : "";
            location.hash = `replay${token}`;
          },
        },
        _("Replay this match"),
      ),
      el(
        "button",
        {
          class: "small",
          id: "review-match",
          onclick: () => {
            const token = page.token ? `&seat=${page.token}` : "";
            location.hash = `replay&review${token}`;
          },
        },
        _("Review this match"),
      ),
    );
    if (msg.seat !== null) {
      buttons.push(
        el(
          "button",
          {class: "small primary", id: "rematch", onclick: () => send({type: "rematch"})},
          _("Rematch, same seats"),
        ),
      );
    }
  }
  buttons.push(el("a", {class: "button small", href: "/"}, _("Lobby")));
  drawScoring(box, msg, board.scoreLines ? board.scoreLines(msg) : [], buttons);
  const used = hintsNote(msg.table && msg.table.hints, msg);
  if (used) box.append(used);
}

/** In a replay opened from a seat: the way back to it, and the rematch with the same seats. */
function seatButtons() {
  if (!replay.seatToken) return [];
  return [
    el(
      "button",
      {
        class: "small primary",
        id: "back-to-seat",
        onclick: () => {
          location.hash = `seat=${replay.seatToken}`;
        },
      },
      _("Back to my seat"),
    ),
    el(
      "button",
      {
        class: "small primary",
        id: "rematch",
        onclick: async () => {
          try {
            const made = await api(`/api/matches/${encodeURIComponent(matchId)}/rematch`, {
              token: replay.seatToken,
            });
            location.href = `/match/${encodeURIComponent(made.id)}#seat=${replay.seatToken}`;
          } catch (error) {
            toast(error.message, "error");
          }
        },
      },
      _("Rematch, same seats"),
    ),
  ];
}

function renderLog() {
  const msg = page.msg;
  $("chat-form").hidden = !msg || msg.seat === null || page.mode !== "live";
  const mine = msg && msg.seat !== null ? seatTitle(msg.match, msg.seat) : null;
  const fresh = page.mode === "live" && page.seenLog !== null ? page.log.length - page.seenLog : 0;
  drawLog($("log"), page.log, {myTitle: mine, fresh, light});
  const facts = page.board && page.board.seatFacts ? (s) => page.board.seatFacts(msg, s) : null;
  if (msg) drawStrip($("strip"), msg, {facts, fresh, openLog: () => document.body.classList.add("log-open")});
}

// -- replay ------------------------------------------------------------------------------------

const replay = {step: 0, steps: 0, seat: "all", data: null, seatToken: params.get("seat"), review: null};

/** The match's review (review.js), drawn above the step slider. */
function reviewOf() {
  if (!replay.review) {
    replay.review = createReview(matchId, {
      step: () => replay.step,
      steps: () => replay.steps,
      go: (n) => showStep(Math.max(0, Math.min(replay.steps, n))),
      light,
      seatName: (seat) => (page.msg ? seatName(page.msg, seat) : String(seat + 1)),
      changed: () => {
        const box = $("review-panel");
        if (box) box.replaceChildren(...replay.review.parts());
        lightReviewed();
      },
    });
  }
  return replay.review;
}

/** At a judged decision, light up on the board what the search's move names. */
function lightReviewed() {
  const best = replay.review ? replay.review.bestHere() : null;
  if (best) light(best);
}

async function showStep(step) {
  const data = await api(`/api/matches/${encodeURIComponent(matchId)}/replay/${step}?seat=${replay.seat}`);
  replay.step = data.step;
  replay.steps = data.steps;
  replay.data = data;
  const seat = replay.seat === "all" ? null : replay.seat === "none" ? null : Number(replay.seat);
  const msg = {
    type: "state",
    n: data.step,
    seat,
    full: true,
    match: data.match,
    view: data.views[0],
    views: data.views,
    legal: [],
    to_act: data.to_act,
    waiting: data.waiting,
    events: data.events,
    over: !!data.result,
    result: data.result,
    revealed: replay.seat === "all",
    table: {hints: data.hints},
  };
  page.msg = msg;
  page.log = withChat({...data, seat}); // the table chat said by then, where it was said
  const board = await loadBoard(data.match.game);
  $("title").textContent = _("Replay: {game}", {game: page.gameTitle || data.match.game});
  setConnection(_("replay"), "ok");
  const previous = page.shown;
  board.update({...msg, mode: "replay"});
  markMoves(msg, previous);
  const last = data.last
    ? _("Move {n} of {total}: {seat} moved", {
        n: data.step,
        total: data.steps,
        seat: seatName(msg, data.last.seat),
      })
    : _("The start of the match");
  $("turn").textContent = last;
  $("turn").className = "turn";
  $("turn").dataset.n = data.step; // the step shown: lets tests and tools wait for it
  renderReplayControls(msg);
  renderResult(msg, board);
  renderLog();
  lightReviewed();
}

function renderReplayControls(msg) {
  const go = (n) => showStep(Math.max(0, Math.min(replay.steps, n)));
  const slider = el("input", {
    type: "range",
    min: 0,
    max: replay.steps,
    value: replay.step,
    "aria-label": _("move"),
    onchange: (e) => go(Number(e.target.value)),
  });
  const who = el(
    "select",
    {
      "aria-label": _("whose view"),
      onchange: (e) => {
        replay.seat = e.target.value;
        go(replay.step);
      },
    },
    el("option", {value: "all"}, _("Everything revealed")),
    msg.match.seats.map((s) =>
      el("option", {value: String(s.seat)}, _("As {seat} saw it", {seat: seatName(msg, s.seat)})),
    ),
    el("option", {value: "none"}, _("As a spectator saw it")),
  );
  who.value = replay.seat;
  $("controls").replaceChildren(
    el("h3", {}, _("Replay — move {n} of {total}", {n: replay.step, total: replay.steps})),
    el(
      "div",
      {class: "replay-buttons"},
      el("button", {onclick: () => go(0), title: _("start"), "aria-label": _("start")}, "|◀"),
      el("button", {onclick: () => go(replay.step - 1), title: _("previous move"), id: "prev"}, "◀"),
      el("button", {onclick: () => go(replay.step + 1), title: _("next move"), id: "next"}, "▶"),
      el("button", {onclick: () => go(replay.steps), title: _("end"), "aria-label": _("end")}, "▶|"),
    ),
    hintsNote(msg.table.hints, msg) || "",
    el("div", {id: "review-panel", class: "review-panel"}, reviewOf().parts()),
    slider,
    el("p", {}, who),
    el(
      "p",
      {class: "muted small"},
      _("Arrow keys step through the moves."),
      " ",
      el(
        "a",
        {href: `/api/matches/${encodeURIComponent(matchId)}/record`, download: `${matchId}.json`},
        _("Download the record"),
      ),
    ),
    el("p", {class: "row-actions"}, seatButtons()),
  );
}

// -- start -------------------------------------------------------------------------------------

/** The reader chose another language: every word of the page changes, nothing of the match.
 * The server sends the view and the log again in it; the board is drawn again with its game's
 * words (its script may have written some once, when it was created). */
async function changeLanguage(lang) {
  await loadWords(page.game, lang);
  translatePage();
  $("lang-slot").replaceChildren(languagePicker(changeLanguage));
  page.games = api("/api/games"); // the games' titles and summaries in the new language
  if (page.boardLoading) {
    page.boardLoading = null;
    $("board").replaceChildren();
  }
  if (page.mode === "replay") {
    await showStep(replay.step);
    return;
  }
  if (page.ws && page.ws.readyState === WebSocket.OPEN) page.ws.send(JSON.stringify({type: "lang", lang}));
  else render();
}

async function start() {
  await loadWords();
  translatePage();
  $("lang-slot").replaceChildren(languagePicker(changeLanguage));
  // a link to #replay (or to another seat) followed from this very page: start again from it
  window.addEventListener("hashchange", () => location.reload());
  $("log-close").addEventListener("click", () => document.body.classList.remove("log-open"));
  installTips($("board"));
  setInterval(tickClocks, 250);
  watchTurns(matchId);
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (text && send({type: "chat", text, ref: ++page.ref})) input.value = "";
  });
  page.games = api("/api/games");
  page.games
    .then((data) => {
      page.bots = data.bots;
      page.gameBots = Object.fromEntries(data.games.map((g) => [g.id, g.bots]));
      renderControls();
    })
    .catch(() => {});
  if (page.mode === "replay") {
    document.body.classList.add("replaying");
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") showStep(Math.min(replay.steps, replay.step + 1));
      if (e.key === "ArrowLeft") showStep(Math.max(0, replay.step - 1));
    });
    try {
      await showStep(0);
      await reviewOf().load();
      if (params.has("review") && reviewOf().status === "none") reviewOf().ask();
    } catch (error) {
      $("turn").textContent = _("No replay: {reason}", {reason: error.message});
    }
    return;
  }
  accountLink().then((link) => link && $("account-slot").replaceChildren(link));
  if (!page.hot) claimSeat(page.tokens.get("?"));
  connect(page.hot ? null : page.tokens.get("?") || null);
}

start();

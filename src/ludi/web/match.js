// The match page: live play over a websocket, hot seat, and the replay viewer.
//
// Each game draws its own board: the module /static/boards/<game>.js exports
// createBoard(root, host) returning {update(msg), scoreLines?(msg)}. A game without one gets the
// generic board (the view as JSON, the legal actions as buttons).
import {api, botChoices, el, hashParams, toast} from "./common.js";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const params = hashParams();

const page = {
  mode: params.has("replay") ? "replay" : "live",
  tokens: new Map(),   // seat (or "?" before the server says which) -> token
  hot: false,
  token: null,         // the token of the connection now open
  ws: null,
  retry: 0,
  ref: 0,
  msg: null,           // the last state message
  log: [],
  board: null,
  game: null,
  bots: [],
  curtainFor: null,    // hot seat: the seat that must take the screen before anything is shown
  refusal: null,
  fatal: false,
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

async function loadBoard(game) {
  if (page.board && page.game === game) return page.board;
  page.game = game;
  const host = {act, get seat() { return page.msg ? page.msg.seat : null; }};
  let module;
  try {
    module = await import(`/static/boards/${encodeURIComponent(game)}.js`);
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
  setConnection("connecting…", "wait");
  ws.onopen = () => {
    ws.send(JSON.stringify({type: "hello", token}));
  };
  ws.onmessage = (event) => onMessage(JSON.parse(event.data));
  ws.onclose = (event) => {
    if (page.ws !== ws) return;
    if (event.code === 4403 || event.code === 4404) {
      page.fatal = true;
      setConnection("not connected", "bad");
      return;
    }
    // the server went away (a restart, a network hiccup): come back and resync by ourselves
    const delay = Math.min(5000, 300 * 2 ** page.retry++);
    setConnection(`reconnecting in ${Math.ceil(delay / 1000)} s…`, "bad");
    setTimeout(() => { if (page.ws === ws) connect(token); }, delay);
  };
}

function send(message) {
  if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
    toast("Not connected to the server yet; try again in a moment", "error");
    return false;
  }
  page.ws.send(JSON.stringify(message));
  return true;
}

function act(text) {
  page.refusal = null;
  send({type: "act", action: text, ref: ++page.ref});
}

function onMessage(msg) {
  if (msg.type === "state") {
    page.retry = 0;
    setConnection("connected", "ok");
    if (msg.full) page.log = [];
    page.log.push(...msg.events);
    if (page.tokens.has("?") && msg.seat !== null) {
      page.tokens.set(msg.seat, page.tokens.get("?"));
      page.tokens.delete("?");
    }
    page.msg = msg;
    if (page.hot) hotSeat(msg);
    render();
  } else if (msg.type === "error") {
    page.refusal = msg;
    toast(msg.reason, "error", msg.rule);
    if (!page.msg) {
      $("turn").textContent = msg.reason;
    }
    renderControls();
  } else if (msg.type === "rematch") {
    toast("A rematch starts: same seats");
    goTo(msg.id);
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
  const info = msg.match.seats[seat];
  return info.name.includes(info.title) ? info.name : `${info.name} (${info.title})`;
}

async function render() {
  const msg = page.msg;
  const curtain = $("curtain");
  if (page.curtainFor !== null) {
    const name = page.msg ? seatName(page.msg, page.curtainFor) : `seat ${page.curtainFor + 1}`;
    curtain.hidden = false;
    document.body.classList.add("curtained");
    curtain.replaceChildren(el("div", {class: "curtain-box"},
      el("h2", {}, `Pass the screen to ${name}`),
      el("p", {}, "Everyone else, look away: their private tokens are about to show."),
      el("button", {class: "primary", id: "take-screen", onclick: takeScreen}, `I am ${name}: show my screen`)));
    $("turn").textContent = `Hot seat: ${name} to play`;
    return;
  }
  curtain.hidden = true;
  document.body.classList.remove("curtained");
  if (!msg) return;
  const board = await loadBoard(msg.match.game);
  $("title").textContent = `${msg.match.seats.map((s) => s.name).join(" vs ")}`;
  document.title = `Ludi — ${$("title").textContent}`;
  renderTurn(msg);
  board.update({...msg, mode: page.mode});
  renderControls();
  renderResult(msg, board);
  renderLog();
}

function renderTurn(msg) {
  const turn = $("turn");
  turn.dataset.n = msg.n; // how many moves this picture shows: lets tests and tools wait for it
  if (msg.over) {
    const winners = msg.result.winners.map((w) => seatName(msg, w)).join(" and ");
    turn.textContent = `The match is over: ${winners} won (${msg.result.reason}).`;
    turn.className = "turn over";
    return;
  }
  if (msg.seat !== null && msg.to_act.includes(msg.seat) && msg.legal.length) {
    turn.textContent = page.board && page.board.prompt ? page.board.prompt(msg) : "Your move";
    turn.className = "turn mine";
  } else {
    const waiting = msg.to_act.map((s) => {
      const info = msg.match.seats[s];
      return `${seatName(msg, s)}${info.bot ? ` — bot ${info.bot} is thinking` : info.connected ? "" : " — not connected"}`;
    });
    const who = msg.seat === null ? "You are watching. " : "";
    turn.textContent = `${who}Waiting for ${waiting.join(", ")}`;
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
  if (!msg) { box.replaceChildren(el("p", {class: "muted"}, "Connecting…")); return; }
  const seats = el("ul", {class: "seats"}, msg.match.seats.map((s) => el("li", {
    class: `${msg.to_act.includes(s.seat) ? "to-act" : ""} ${s.seat === msg.seat ? "me" : ""}`},
  el("span", {class: `dot ${s.bot ? "bot" : s.connected ? "on" : "off"}`,
    title: s.bot ? "a bot" : s.connected ? "connected" : "not connected"}),
  `${seatName(msg, s.seat)}${s.bot && !s.name.toLowerCase().includes(s.bot.split(":")[0]) ? ` · bot ${s.bot}` : ""}${s.seat === msg.seat ? " · you" : ""}`,
  msg.to_act.includes(s.seat) ? el("span", {class: "badge"}, "to play") : null)));
  const parts = [el("h3", {}, "Seats"), seats];
  if (page.refusal) {
    parts.push(el("div", {class: "refusal", role: "alert"},
      el("strong", {}, "Refused: "), page.refusal.reason,
      el("div", {class: "rule"}, `Rule: ${page.refusal.rule}`)));
  }
  if (msg.legal.length) {
    const input = el("input", {placeholder: msg.legal[0], "aria-label": "a move in notation", id: "notation",
      value: page.notation || "", oninput: (e) => { page.notation = e.target.value; }});
    parts.push(el("details", {class: "notation", open: page.notationOpen,
      ontoggle: (e) => { page.notationOpen = e.target.open; }},
    el("summary", {}, "Type a move in notation"),
      el("form", {class: "manual", onsubmit: (e) => {
        e.preventDefault();
        if (input.value.trim()) act(input.value.trim());
        page.notation = "";
      }}, input, el("button", {type: "submit", class: "small"}, "Play"))));
  }
  if (msg.seat !== null && !msg.over) {
    const mine = msg.match.seats[msg.seat];
    if (mine.bot) {
      parts.push(el("p", {}, `A bot (${mine.bot}) is playing your seat. `,
        el("button", {class: "small", id: "take-back", onclick: () => send({type: "bot", spec: null})},
          "Take my seat back")));
    } else {
      const choice = el("select", {"aria-label": "bot to play for you"},
        botChoices(botsFor(msg.match.game).filter((b) => b !== "crassus")).map(([spec, label]) => el("option", {value: spec}, label)));
      choice.value = page.bots.includes("ismcts") ? "ismcts" : "random";
      parts.push(el("p", {class: "handover"}, "Leaving? ", choice, " ",
        el("button", {class: "small", onclick: () => send({type: "bot", spec: choice.value})},
          "Let this bot play for me")));
    }
  }
  if (page.hot && !msg.over) {
    parts.push(el("p", {class: "muted small"}, "Hot seat: the screen hides itself whenever the next human must take it."));
  }
  box.replaceChildren(...parts);
}

function renderResult(msg, board) {
  const box = $("result");
  if (!msg.over || !msg.result) { box.hidden = true; return; }
  box.hidden = false;
  const result = msg.result;
  const seats = msg.match.seats;
  const head = el("tr", {}, el("th", {}, ""), seats.map((s) => el("th", {}, seatName(msg, s.seat))));
  const rows = [
    el("tr", {}, el("th", {}, "Rank"), result.ranking.map((r) => el("td", {}, r))),
    el("tr", {}, el("th", {}, "Points"), result.points.map((p) => el("td", {}, p))),
  ];
  if (board.scoreLines) {
    for (const [label, ...values] of board.scoreLines(msg)) {
      rows.push(el("tr", {}, el("th", {}, label), values.map((v) => el("td", {}, v))));
    }
  }
  const buttons = [];
  if (page.mode === "live") {
    buttons.push(el("button", {class: "small", onclick: () => { location.hash = "replay"; }}, "Replay this match"));
    if (msg.seat !== null) {
      buttons.push(el("button", {class: "small primary", id: "rematch", onclick: () => send({type: "rematch"})}, "Rematch, same seats"));
    }
  }
  buttons.push(el("a", {class: "button small", href: "/"}, "Lobby"));
  box.replaceChildren(
    el("h3", {}, "Final scoring"),
    el("p", {}, `${result.winners.map((w) => seatName(msg, w)).join(", ")} won: ${result.reason}.`),
    el("div", {class: "table-wrap"}, el("table", {class: "score"}, el("thead", {}, head), el("tbody", {}, rows))),
    el("p", {class: "row-actions"}, buttons));
}

function renderLog() {
  const list = $("log");
  list.replaceChildren(...page.log.map((text) => el("li", {}, text)));
  list.scrollTop = list.scrollHeight;
}

// -- replay ------------------------------------------------------------------------------------

const replay = {step: 0, steps: 0, seat: "all", data: null};

async function showStep(step) {
  const data = await api(`/api/matches/${encodeURIComponent(matchId)}/replay/${step}?seat=${replay.seat}`);
  replay.step = data.step;
  replay.steps = data.steps;
  replay.data = data;
  const seat = replay.seat === "all" ? null : replay.seat === "none" ? null : Number(replay.seat);
  const msg = {
    type: "state", n: data.step, seat, full: true, match: data.match, view: data.views[0], views: data.views,
    legal: [], to_act: data.to_act, waiting: data.waiting, events: data.events, over: !!data.result,
    result: data.result, revealed: replay.seat === "all",
  };
  page.msg = msg;
  page.log = data.events;
  const board = await loadBoard(data.match.game);
  $("title").textContent = `Replay: ${data.match.seats.map((s) => s.name).join(" vs ")}`;
  setConnection("replay", "ok");
  board.update({...msg, mode: "replay"});
  const last = data.last ? `Move ${data.step}: ${seatName(msg, data.last.seat)} played ${data.last.action}` : "The start of the match";
  $("turn").textContent = last;
  $("turn").className = "turn";
  renderReplayControls(msg);
  renderResult(msg, board);
  renderLog();
}

function renderReplayControls(msg) {
  const go = (n) => showStep(Math.max(0, Math.min(replay.steps, n)));
  const slider = el("input", {type: "range", min: 0, max: replay.steps, value: replay.step,
    "aria-label": "move", onchange: (e) => go(Number(e.target.value))});
  const who = el("select", {"aria-label": "whose view", onchange: (e) => { replay.seat = e.target.value; go(replay.step); }},
    el("option", {value: "all"}, "Everything revealed"),
    msg.match.seats.map((s) => el("option", {value: String(s.seat)}, `As ${seatName(msg, s.seat)} saw it`)),
    el("option", {value: "none"}, "As a spectator saw it"));
  who.value = replay.seat;
  $("controls").replaceChildren(
    el("h3", {}, `Replay — move ${replay.step} of ${replay.steps}`),
    el("div", {class: "replay-buttons"},
      el("button", {onclick: () => go(0), title: "start", "aria-label": "start"}, "|◀"),
      el("button", {onclick: () => go(replay.step - 1), title: "previous move", id: "prev"}, "◀"),
      el("button", {onclick: () => go(replay.step + 1), title: "next move", id: "next"}, "▶"),
      el("button", {onclick: () => go(replay.steps), title: "end", "aria-label": "end"}, "▶|")),
    slider, el("p", {}, who),
    el("p", {class: "muted small"}, "Arrow keys step through the moves. ",
      el("a", {href: `/api/matches/${encodeURIComponent(matchId)}/record`, download: `${matchId}.json`}, "Download the record")));
}

// -- start -------------------------------------------------------------------------------------

async function start() {
  // a link to #replay (or to another seat) followed from this very page: start again from it
  window.addEventListener("hashchange", () => location.reload());
  api("/api/games").then((data) => {
    page.bots = data.bots;
    page.gameBots = Object.fromEntries(data.games.map((g) => [g.id, g.bots]));
    renderControls();
  }).catch(() => {});
  if (page.mode === "replay") {
    document.body.classList.add("replaying");
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") showStep(Math.min(replay.steps, replay.step + 1));
      if (e.key === "ArrowLeft") showStep(Math.max(0, replay.step - 1));
    });
    try {
      await showStep(0);
    } catch (error) {
      $("turn").textContent = `No replay: ${error.message}`;
    }
    return;
  }
  connect(page.hot ? null : page.tokens.get("?") || null);
}

start();

// The lobby: create a match (game, players, seats, options), list open, running and finished ones.
import {
  _,
  accountLink,
  api,
  asAccount,
  botChoices,
  el,
  languagePicker,
  loadWords,
  myMatches,
  n_,
  rememberSeat,
  statusLabel,
  toast,
  translatePage,
  whoAmI,
} from "./common.js";
import {botLabel} from "./kit.js";
import {checkTurns} from "./turns.js";

let GAMES = [];
let BOTS = [];
// the agents connected to the server now (GET /api/agents), offered as "Agent: NAME"
let AGENTS = [];
// a seat choice naming an agent rather than a bot (no bot spec starts so)
const AGENT = "agent:";

const $ = (id) => document.getElementById(id);

function currentGame() {
  return GAMES.find((g) => g.id === $("game").value);
}

function fillGames() {
  $("game").replaceChildren(...GAMES.map((g) => el("option", {value: g.id}, g.title)));
  // the game this browser chose last; on a first visit, the one the server offers first
  const last = localStorage.getItem("ludi-game");
  const first = GAMES.find((g) => g.offered_first);
  if (GAMES.some((g) => g.id === last)) $("game").value = last;
  else if (first) $("game").value = first.id;
  fillGame();
}

function fillGame() {
  const game = currentGame();
  localStorage.setItem("ludi-game", game.id);
  $("game-summary").textContent = game.summary;
  $("players").replaceChildren(...game.players.map((n) => el("option", {value: n}, n)));
  $("players-label").hidden = game.players.length === 1;
  fillSeats();
  fillOptions();
  fillClock();
}

/** The turn clock: a preset, what happens when it runs out, and the bot that stands in. */
function fillClock() {
  const bots = botChoices(gameBots().filter((b) => b !== "crassus"));
  $("clock-bot").replaceChildren(...bots.map(([spec, label]) => el("option", {value: spec}, label)));
  const quick = bots.find(([spec]) => spec === "ismcts:seconds=0.3");
  if (quick) $("clock-bot").value = quick[0];
  showClock();
}

function showClock() {
  $("clock-more").hidden = !$("clock-kind").value;
  $("clock-bot-label").hidden = $("clock-timeout").value !== "bot";
}

function readClock() {
  const preset = $("clock-kind").value;
  if (!preset) return null;
  const [kind, base, increment] = preset.split(":");
  const clock = {kind, base: Number(base), on_timeout: $("clock-timeout").value};
  if (increment) clock.increment = Number(increment);
  if (clock.on_timeout === "bot") clock.bot = $("clock-bot").value;
  return clock;
}

/** The bots that can play a seat of the chosen game at the chosen player count (the server's
 * list, per game; a trained policy only at the counts it was trained for). */
function gameBots() {
  const game = currentGame();
  const players = Number($("players").value);
  const fits = (bot) => bot !== "policy" || (game.policy_players || []).includes(players);
  return (game.bots || BOTS).filter(fits);
}

function seatRow(i) {
  const choice = el(
    "select",
    {name: `seat-${i}`, "aria-label": _("Seat {n}: who plays", {n: i + 1})},
    el("option", {value: ""}, _("Human")),
    ...botChoices(gameBots()).map(([spec, label]) => el("option", {value: spec}, label)),
    // the agents connected to the server now (ludi agent connect URL --token T): invited
    ...AGENTS.map((name) => el("option", {value: AGENT + name}, _("Agent: {name}", {name}))),
  );
  // a sensible start: seat 1 is you, the others a bot of the middle level
  if (i > 0) choice.value = gameBots().includes("normal") ? "normal" : gameBots()[0];
  const name = el("input", {
    name: `name-${i}`,
    placeholder: _("name (optional)"),
    maxlength: 40,
    "aria-label": _("Seat {n}: name", {n: i + 1}),
  });
  return el("div", {class: "seat-row"}, el("span", {class: "seat-no"}, seatSide(i)), choice, name);
}

/** "Seat 1 · Caesar (moves first)": which side a seat row gets, before the match exists (a game
 * that deals its sides, and who moves first, at the start says so: "Seat 1 · drawn at the start"). */
function seatSide(i) {
  if (currentGame().seats_drawn) {
    const drawn = _("drawn at the start");
    return _("Seat {n} · {side}", {n: i + 1, side: drawn});
  }
  const names = (currentGame().seats || {})[$("players").value] || [];
  const seat = names[i] ? _("Seat {n} · {side}", {n: i + 1, side: names[i]}) : _("Seat {n}", {n: i + 1});
  // (a game that draws who moves first marks no seat)
  return i === 0 && !currentGame().first_drawn ? _("{seat} (moves first)", {seat}) : seat;
}

function fillSeats() {
  const n = Number($("players").value);
  const legend = el("legend", {}, _("Seats"));
  $("seats").replaceChildren(legend, ...Array.from({length: n}, (_, i) => seatRow(i)));
}

// the heading of the readings that have no group of their own (fillOptions)
const READINGS = Symbol("readings");

function fillOptions() {
  const game = currentGame();
  const rows = game.options.map((opt) => optionRow(opt));
  // the variants open; the readings of rules the rulebook leaves open, and each group (a solo's
  // options), folded away under a heading: their defaults are the rulebook's
  const parts = [];
  const folded = new Map();
  game.options.forEach((opt, k) => {
    const heading = opt.group || (opt.reading ? READINGS : null);
    if (!heading) parts.push(rows[k]);
    else folded.set(heading, [...(folded.get(heading) || []), rows[k]]);
  });
  for (const [heading, list] of folded) {
    parts.push(
      el(
        "details",
        {class: "option-group"},
        el(
          "summary",
          {},
          heading === READINGS
            ? _("Readings of rules the rulebook leaves open ({n})", {n: list.length})
            : _("{group} ({n})", {group: heading, n: list.length}),
        ),
        heading === READINGS
          ? el("p", {class: "muted small"}, _("Each is set to the reading the rulebook's examples support."))
          : null,
        list,
      ),
    );
  }
  const reconstructed = game.data.reconstructed.length
    ? el(
        "p",
        {class: "muted small"},
        _("Some component values are reconstructed defaults ({sections}); see the docs to supply your own.", {
          // each section as the game words it in the reader's language (Presentation.section_title)
          sections: game.data.reconstructed
            .map((r) => r.title || r.section.replaceAll("_", " ").replaceAll(".", ": "))
            .join(", "),
        }),
      )
    : null;
  const chooser = dataChooser(game);
  $("options").replaceChildren(
    el("legend", {}, _("Options")),
    ...(chooser ? [chooser] : []),
    ...parts,
    reconstructed,
  );
  $("options").hidden = rows.length === 0 && !game.data_files?.length;
}

/** The component data: the shipped data, or one of the files the host offers (an owner's
 * corrected cards), each named by its file and what it replaces. */
function dataChooser(game) {
  const files = game.data_files || [];
  if (!files.length) return null;
  // the choices stay short enough for a phone's select; what each one means is said beside it
  const select = el(
    "select",
    {name: "data", id: "data"},
    el("option", {value: ""}, _("The shipped data")),
    ...files.map((f) => el("option", {value: f.id}, _("{file}, the host's", {file: f.name}))),
  );
  const note = el("span", {class: "muted small"});
  const explain = () => {
    const file = files.find((f) => f.id === select.value);
    const lines = [];
    if (!file && game.data.reconstructed.length) lines.push(_("Reconstructed values are marked."));
    if (file) lines.push(_("Replaces {sections}.", {sections: file.replaces.join(", ")}));
    if (file && file.reconstructed.length) {
      lines.push(_("Still reconstructed: {sections}", {sections: file.reconstructed.join(", ")}));
    }
    note.textContent = lines.join(" ");
  };
  explain();
  select.addEventListener("change", explain);
  const label = _("Component data");
  return el("label", {}, label, " ", select, " ", note);
}

/** One option's row: a checkbox, a list of choices or a number, with its words. */
function optionRow(opt) {
  let input;
  if (typeof opt.default === "boolean") {
    input = el("input", {type: "checkbox", name: `opt-${opt.name}`, checked: opt.default});
    return el(
      "label",
      {class: "check", title: opt.help},
      input,
      ` ${opt.label}: `,
      el("span", {class: "muted"}, opt.help),
    );
  }
  if (opt.choices) {
    input = el(
      "select",
      {name: `opt-${opt.name}`},
      ...opt.choices.map((c, k) =>
        el("option", {value: c, selected: c === opt.default}, (opt.choice_labels || opt.choices)[k]),
      ),
    );
  } else {
    input = el("input", {type: "number", name: `opt-${opt.name}`, value: opt.default});
  }
  input.addEventListener("change", () => seatHints(opt.name, input.value));
  return el("label", {title: opt.help}, `${opt.label} `, input, el("span", {class: "muted"}, ` ${opt.help}`));
}

// Caesar!'s solo game: the automaton's seat is played by the crassus bot.
function seatHints(option, _value) {
  if ($("game").value !== "caesar" || !["solo", "crassus_plays"].includes(option)) return;
  const solo = document.querySelector("[name=opt-solo]").value;
  const crassus = document.querySelector("[name=opt-crassus_plays]").value === "caesar" ? 0 : 1;
  for (let i = 0; i < 2; i++) {
    const select = document.querySelector(`[name=seat-${i}]`);
    if (solo !== "off") select.value = i === crassus ? "crassus" : "";
    else if (select.value === "crassus") select.value = i === 0 ? "" : "random";
  }
}

function readForm() {
  const game = currentGame();
  const players = Number($("players").value);
  const seats = Array.from({length: players}, (_, i) => {
    const who = document.querySelector(`[name=seat-${i}]`).value;
    const name = document.querySelector(`[name=name-${i}]`).value.trim() || null;
    return who.startsWith(AGENT) ? {agent: who.slice(AGENT.length), name} : {bot: who || null, name};
  });
  const options = {};
  for (const opt of game.options) {
    const input = document.querySelector(`[name=opt-${opt.name}]`);
    const value =
      input.type === "checkbox"
        ? input.checked
        : typeof opt.default === "number"
          ? Number(input.value)
          : input.value;
    if (value !== opt.default) options[opt.name] = value;
  }
  const clock = readClock();
  const data = $("data")?.value;
  return {game: game.id, players, seats, options, ...(clock ? {clock} : {}), ...(data ? {data} : {})};
}

function link(path) {
  return new URL(path, location.origin).href;
}

function copyButton(text) {
  return el(
    "button",
    {
      type: "button",
      class: "small",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(text);
          toast(_("Link copied"));
        } catch {
          prompt(_("Copy this link:"), text);
        }
      },
    },
    _("Copy"),
  );
}

function showCreated(created, hotseat) {
  // (an agent's seat is the agent's to play: it is sent its link)
  const humans = created.seats.filter((s) => !s.bot && !s.agent);
  const rows = created.seats.map((s) =>
    el(
      "li",
      {},
      el("strong", {}, s.title),
      " ",
      s.bot ? ["(", _("bot: {bot}", {bot: botLabel(s.bot)}), ") "] : s.name !== s.title ? `(${s.name}) ` : "",
      s.bot || s.agent
        ? null
        : el("a", {href: s.link, class: "button small primary", "data-seat": s.seat}, _("Play this seat")),
      s.bot || s.agent ? null : copyButton(link(s.link)),
    ),
  );
  const box = $("created");
  box.hidden = false;
  box.replaceChildren(
    ...[
      el("h3", {}, _("Match created")),
      el(
        "p",
        {class: "muted"},
        _("Each link below opens one seat and is secret: send each friend their own."),
      ),
      el("ul", {class: "links"}, rows),
      created.hotseat_link
        ? el(
            "p",
            {},
            el(
              "a",
              {href: created.hotseat_link, class: "button primary"},
              _("Play all human seats on this screen (hot seat)"),
            ),
          )
        : null,
      el(
        "p",
        {},
        _("Spectators:"),
        " ",
        el("a", {href: created.spectator_link}, link(created.spectator_link)),
        " ",
        copyButton(link(created.spectator_link)),
      ),
    ].filter(Boolean),
  );
  box.scrollIntoView({block: "nearest"});
  if (hotseat && created.hotseat_link) location.href = created.hotseat_link;
  else if (humans.length === 1 && hotseat) location.href = humans[0].link;
}

async function create(event) {
  event.preventDefault();
  const button = $("create-button");
  button.disabled = true;
  try {
    const body = readForm();
    // a rated match is the signed-in account's request (its CSRF token); never a hot seat
    const rated = !$("rated-label").hidden && $("rated").checked;
    const created = rated
      ? await asAccount("/api/matches", {...body, rated})
      : await api("/api/matches", body);
    showCreated(created, $("hotseat").checked && !rated);
    // the links are shown only now: keep them in "My matches" so a reload does not lose them
    for (const s of created.seats.filter((seat) => !seat.bot && !seat.agent).reverse()) {
      rememberSeat({id: created.id, seat: s.seat, title: s.title, game: created.match.game, link: s.link});
    }
    refresh();
  } catch (error) {
    toast(error.message, "error", error.rule);
  } finally {
    button.disabled = false;
  }
}

function matchRow(m) {
  const game = GAMES.find((g) => g.id === m.game);
  // one name per seat (the game's), with who plays it
  const seats = m.seats
    .map((s) => {
      const who = s.bot ? _("bot: {bot}", {bot: botLabel(s.bot)}) : s.name !== s.title ? s.name : "";
      return `${s.title || s.name}${who ? ` (${who})` : ""}`;
    })
    .join(_(" vs "));
  const mine = myMatches().filter((s) => s.id === m.id);
  const actions = [];
  if (m.status === "finished") {
    actions.push(el("a", {class: "button small", href: `/match/${m.id}#replay`}, _("Replay")));
  } else {
    for (const s of mine)
      actions.push(
        el("a", {class: "button small primary", href: s.link}, _("Play as {seat}", {seat: s.title})),
      );
    actions.push(el("a", {class: "button small", href: `/match/${m.id}`}, _("Watch")));
  }
  const moves = n_("{status}, {n} move", "{status}, {n} moves", m.actions, {status: statusLabel(m.status)});
  let line = moves;
  if (m.result) {
    const winners = m.result.winners.map((w) => m.seats[w].title || m.seats[w].name).join(", ");
    line = winners ? _("{moves} — won by {winners}", {moves, winners}) : _("{moves} — no winner", {moves});
  }
  return el(
    "li",
    {class: "match-row"},
    el("div", {}, el("strong", {}, game ? game.title : m.game), " ", seats),
    el("div", {class: "muted small"}, line),
    el("div", {class: "row-actions"}, actions),
  );
}

/** The signed-in account's unfinished matches, as "My matches" lists a seat: on any device,
 * opened by the session without the seat's link (ludi.server.accounts). */
async function accountSeats() {
  const me = await whoAmI();
  if (!me.account) return [];
  const profile = await api("/api/account/profile").catch(() => null);
  return ((profile && profile.matches) || [])
    .filter((m) => m.status !== "finished")
    .map((m) => ({
      id: m.id,
      seat: m.seat,
      title: null,
      game: m.game,
      link: `/match/${encodeURIComponent(m.id)}`,
    }));
}

/** "My matches": the seats this browser opened, and the signed-in account's, with where each
 * match stands now. */
async function refreshMine() {
  const mine = myMatches();
  for (const held of await accountSeats()) {
    if (!mine.some((m) => m.id === held.id && m.seat === held.seat)) mine.push(held);
  }
  const box = $("my-matches");
  box.hidden = mine.length === 0;
  if (!mine.length) return;
  // the matches waiting for a move of this browser's come first (the badge and title follow)
  const turns = await checkTurns().catch(() => ({seats: []}));
  const waiting = turns.seats.filter((s) => s.waiting).map((s) => s.id);
  const ids = [...new Set([...waiting, ...mine.map((m) => m.id)])].slice(0, 12);
  const headers = await Promise.all(
    ids.map((id) => api(`/api/matches/${encodeURIComponent(id)}`).catch(() => null)),
  );
  const rows = [];
  ids.forEach((id, k) => {
    const header = headers[k];
    if (!header) return; // the server no longer has it
    const game = GAMES.find((g) => g.id === header.game);
    // (a seat the account holds is named as the match names it)
    const seats = mine
      .filter((m) => m.id === id)
      .map((m) => ({...m, title: m.title || (header.seats[m.seat] || {}).title || String(m.seat + 1)}));
    const yourTurn =
      header.status !== "finished" && header.to_act && seats.some((s) => header.to_act.includes(s.seat));
    const links = seats.map((s) => {
      // a finished match that was rematched leads to the rematch: the seat's link carries over
      const hash = s.link.includes("#") ? s.link.slice(s.link.indexOf("#")) : "";
      if (header.rematch) {
        return el(
          "a",
          {
            class: "button small primary",
            href: `/match/${encodeURIComponent(header.rematch)}${hash}`,
            "data-seat": s.seat,
          },
          _("Rematch: play as {seat}", {seat: s.title}),
        );
      }
      return el(
        "a",
        {
          class: `button small ${header.status === "finished" ? "" : "primary"}`,
          href: s.link,
          "data-seat": s.seat,
        },
        header.status === "finished"
          ? _("Open as {seat}", {seat: s.title})
          : _("Play as {seat}", {seat: s.title}),
      );
    });
    rows.push(
      el(
        "li",
        {class: "match-row", "data-match": id},
        el(
          "div",
          {},
          el("strong", {}, game ? game.title : header.game),
          " · ",
          seats.map((s) => s.title).join(", "),
        ),
        el(
          "div",
          {class: "muted small"},
          (yourTurn ? (text) => _("your turn · {status}", {status: text}) : (text) => text)(
            n_("{status}, {n} move", "{status}, {n} moves", header.actions, {
              status: statusLabel(header.status),
            }),
          ),
        ),
        el("div", {class: "row-actions"}, links),
      ),
    );
  });
  box.replaceChildren(
    el("h2", {}, _("My matches")),
    rows.length ? el("ul", {class: "matches"}, rows) : el("p", {class: "muted"}, _("none")),
  );
}

async function refresh() {
  refreshMine().catch(() => {});
  try {
    const {matches} = await api("/api/matches");
    const groups = [
      ["open", _("Waiting for players")],
      ["running", _("In play")],
      ["finished", _("Finished")],
    ];
    $("match-lists").replaceChildren(
      ...groups.map(([status, title]) => {
        const list = matches.filter((m) => m.status === status);
        return el(
          "div",
          {class: "group"},
          el("h3", {}, _("{title} ({n})", {title, n: list.length})),
          list.length
            ? el("ul", {class: "matches"}, list.map(matchRow))
            : el("p", {class: "muted"}, _("none")),
        );
      }),
    );
  } catch (error) {
    toast(_("Could not list the matches: {reason}", {reason: error.message}), "error");
  }
}

async function start() {
  await loadWords();
  translatePage();
  // a new language: the lobby is drawn again in it (nothing on it is lost but the form)
  $("lang-slot").replaceChildren(languagePicker(() => location.reload()));
  const me = await whoAmI();
  const account = await accountLink();
  if (account) $("account-slot").replaceChildren(account);
  $("rated-label").hidden = !me.account;
  const data = await api("/api/games");
  GAMES = data.games;
  BOTS = data.bots;
  AGENTS = (await api("/api/agents").catch(() => ({agents: []}))).agents;
  fillGames();
  $("game").addEventListener("change", fillGame);
  $("players").addEventListener("change", () => {
    fillSeats();
    fillClock(); // (the bots that can stand in depend on the player count too)
  });
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", refresh);
  $("clock-kind").addEventListener("change", showClock);
  $("clock-timeout").addEventListener("change", showClock);
  refresh();
  setInterval(refresh, 10000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) refreshMine().catch(() => {});
  });
}

start().catch((error) => toast(_("The lobby could not start: {reason}", {reason: error.message}), "error"));

// The account page (ludi.server.routes.accounts): sign in or up; signed in, the profile: the
// player's matches (running first, replays of the finished), ratings, results against each bot
// level, the password and the sessions (any of which can be ended here).
import {
  _,
  api,
  asAccount,
  el,
  languagePicker,
  loadWords,
  n_,
  ratingText,
  statusLabel,
  toast,
  translatePage,
  whoAmI,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const LEVELS = {easy: _("Easy"), normal: _("Normal"), hard: _("Hard")};

let TITLES = {};

function gameTitle(id) {
  return TITLES[id] || id;
}

async function submit(event, path, body, button) {
  event.preventDefault();
  $(button).disabled = true;
  try {
    await api(path, body);
    location.reload();
  } catch (error) {
    toast(error.message, "error");
  } finally {
    $(button).disabled = false;
  }
}

function signedOut(me) {
  $("signin").hidden = false;
  $("signup").hidden = false;
  $("invite-label").hidden = me.mode !== "invite";
  $("signin-form").addEventListener("submit", (e) =>
    submit(
      e,
      "/api/account/signin",
      {name: $("signin-name").value, password: $("signin-password").value},
      "signin-button",
    ),
  );
  $("signup-form").addEventListener("submit", (e) => {
    const body = {name: $("signup-name").value, password: $("signup-password").value};
    if (me.mode === "invite") body.invite = $("signup-invite").value;
    submit(e, "/api/account/signup", body, "signup-button");
  });
}

function ratingRows(ratings) {
  if (!ratings.length) return el("p", {class: "muted"}, _("No rated match yet."));
  return el(
    "table",
    {class: "ratings-table"},
    el(
      "tr",
      {},
      el("th", {}, _("Game")),
      el("th", {}, _("Players")),
      el("th", {}, _("Rating")),
      el("th", {}, _("Matches")),
    ),
    ratings.map((r) =>
      el(
        "tr",
        {},
        el(
          "td",
          {},
          el("a", {href: `/ratings/${encodeURIComponent(r.game)}?players=${r.players}`}, gameTitle(r.game)),
        ),
        el("td", {}, String(r.players)),
        el("td", {}, ratingText(r.rating), r.provisional ? " *" : ""),
        el("td", {}, String(r.matches)),
      ),
    ),
  );
}

function botRows(bots) {
  const levels = Object.keys(LEVELS).filter((level) => bots[level]);
  if (!levels.length) return el("p", {class: "muted"}, _("No finished match against a bot level yet."));
  return el(
    "ul",
    {class: "links", id: "bot-results"},
    levels.map((level) => {
      const {played, won} = bots[level];
      return el(
        "li",
        {},
        el("strong", {}, LEVELS[level]),
        ": ",
        n_("won {won} of {n} match ({rate}%)", "won {won} of {n} matches ({rate}%)", played, {
          won,
          rate: Math.round((100 * won) / played),
        }),
      );
    }),
  );
}

function matchRows(matches) {
  if (!matches.length)
    return el("p", {class: "muted"}, _("No match yet: a seat opened while signed in is kept here."));
  // the matches waiting for you first, then those in play, then the finished
  const order = (m) => (m.to_act ? 0 : m.status === "finished" ? 2 : 1);
  const sorted = [...matches].sort((a, b) => order(a) - order(b) || b.updated - a.updated);
  return el(
    "ul",
    {class: "links", id: "my-account-matches"},
    sorted.map((m) => {
      const href = `/match/${encodeURIComponent(m.id)}`;
      const outcome =
        m.status === "finished"
          ? m.won
            ? _("won")
            : _("not won")
          : m.to_act
            ? _("your turn")
            : statusLabel(m.status);
      return el(
        "li",
        {},
        el("strong", {}, gameTitle(m.game)),
        " ",
        n_("{n} player", "{n} players", m.players),
        m.rated ? [" · ", _("rated")] : "",
        " · ",
        outcome,
        " ",
        m.status === "finished"
          ? el("a", {class: "button small", href: `${href}#replay`}, _("Replay"))
          : el("a", {class: "button small primary", href}, _("Play")),
      );
    }),
  );
}

async function sessions(me) {
  const {sessions: list} = await api("/api/account/sessions");
  $("sessions").replaceChildren(
    ...list.map((s) =>
      el(
        "li",
        {},
        s.agent.split(" ")[0] || _("a browser"),
        " · ",
        _("last seen {when}", {when: new Date(s.seen * 1000).toLocaleString(me.lang)}),
        " ",
        s.current
          ? el("span", {class: "muted"}, _("(this one)"))
          : el(
              "button",
              {
                class: "small",
                onclick: async () => {
                  await asAccount("/api/account/sessions/end", {id: s.id}).catch((e) =>
                    toast(e.message, "error"),
                  );
                  sessions(me);
                },
              },
              _("End"),
            ),
      ),
    ),
  );
}

async function signedIn(me) {
  const profile = await api("/api/account/profile");
  $("profile").hidden = false;
  $("profile").replaceChildren(
    el("h2", {}, profile.name),
    el("h3", {}, _("Ratings")),
    ratingRows(profile.ratings),
    el("h3", {}, _("Against the bots")),
    botRows(profile.bots),
  );
  $("profile-matches").hidden = false;
  $("profile-matches").replaceChildren(el("h2", {}, _("My matches")), matchRows(profile.matches));
  $("settings").hidden = false;
  $("signout").addEventListener("click", async () => {
    await asAccount("/api/account/signout").catch((e) => toast(e.message, "error"));
    location.reload();
  });
  $("password-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    try {
      await asAccount("/api/account/password", {old: $("old-password").value, new: $("new-password").value});
      toast(_("Password changed; your other sessions are ended"));
      e.target.reset();
      sessions(me);
    } catch (error) {
      toast(error.message, "error");
    }
  });
  await sessions(me);
}

async function start() {
  await loadWords();
  translatePage();
  $("lang-slot").replaceChildren(languagePicker(() => location.reload()));
  const me = await whoAmI();
  if (me.mode === "off") {
    $("no-accounts").hidden = false;
    return;
  }
  const games = await api("/api/games").catch(() => ({games: []}));
  TITLES = Object.fromEntries(games.games.map((g) => [g.id, g.title]));
  if (me.account) await signedIn(me);
  else signedOut(me);
}

start().catch((error) => toast(error.message, "error"));

// The leaderboard page (GET /ratings/<game>): a game's ratings at one player count, the
// established first, provisional ones marked (ludi.server.ratings).
import {
  _,
  accountLink,
  api,
  el,
  languagePicker,
  loadWords,
  ratingText,
  toast,
  translatePage,
} from "./common.js";

const $ = (id) => document.getElementById(id);
const game = decodeURIComponent(location.pathname.split("/").pop());

async function show(players) {
  const data = await api(`/api/ratings/${encodeURIComponent(game)}?players=${players}`);
  $("board-title").textContent = _("Leaderboard: {game}", {game: data.title});
  const rows = data.ratings;
  const bots = data.bots || {};
  $("bot-ratings").textContent = _(
    "The bots' fixed ratings at this game, from their measured matches: easy {easy}, normal {normal}, hard {hard}.",
    {easy: ratingText(bots.easy), normal: ratingText(bots.normal), hard: ratingText(bots.hard)},
  );
  $("board-rows").replaceChildren(
    rows.length
      ? el(
          "table",
          {class: "ratings-table", id: "leaderboard"},
          el(
            "tr",
            {},
            el("th", {}, "#"),
            el("th", {}, _("Player")),
            el("th", {}, _("Rating")),
            el("th", {}, _("Matches")),
          ),
          rows.map((r, i) =>
            el(
              "tr",
              {class: r.provisional ? "provisional" : ""},
              el("td", {}, String(i + 1)),
              el(
                "td",
                {},
                r.name,
                r.bot
                  ? el(
                      "span",
                      {class: "badge", title: _("a program its author connected to this server")},
                      _("bot"),
                    )
                  : null,
              ),
              el("td", {}, ratingText(r.rating), r.provisional ? " *" : ""),
              el("td", {}, String(r.matches)),
            ),
          ),
        )
      : el("p", {class: "muted"}, _("No rated match at this player count yet.")),
  );
}

async function start() {
  await loadWords();
  translatePage();
  $("lang-slot").replaceChildren(languagePicker(() => location.reload()));
  accountLink().then((link) => link && $("account-slot").replaceChildren(link));
  const {games} = await api("/api/games");
  const current = games.find((g) => g.id === game);
  $("games").replaceChildren(
    ...games.map((g) =>
      el(
        "a",
        {href: `/ratings/${g.id}`, class: g.id === game ? "button small primary" : "button small"},
        g.title,
      ),
    ),
  );
  const counts = current ? current.players : [];
  const asked = Number(new URLSearchParams(location.search).get("players"));
  const select = $("players");
  select.replaceChildren(...counts.map((n) => el("option", {value: n}, String(n))));
  select.value = counts.includes(asked) ? asked : counts.includes(2) ? 2 : counts[0];
  select.addEventListener("change", () => show(select.value));
  await show(select.value);
}

start().catch((error) => toast(error.message, "error"));

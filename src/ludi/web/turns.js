// "Your turn" on any Ludi page: which of the seats this browser remembers ("My matches") are to
// move now, as a badge in the top bar, the page's title and its icon. One light request every
// half minute (POST /api/turns, every seat at once), and again when the tab comes back in view:
// no websocket per match.
import {_, api, el, myMatches, n_} from "./common.js";

/** How often the pages ask, in milliseconds. */
const EVERY = 30000;

const state = {base: null, own: false, waiting: 0, exclude: null};

/** The page's own title and whether it is the reader's turn on it (the match page says). */
export function pageTurn(title, own) {
  state.base = title;
  state.own = own;
  render();
}

/** Ask which remembered seats wait for a move (the page's own match left out); return the
 * server's answer: `seats` (the waiting ones first) and `waiting`. */
export async function checkTurns() {
  const seats = myMatches()
    .filter((m) => m.id !== state.exclude)
    .slice(0, 50)
    .map((m) => ({id: m.id, seat: m.seat}));
  const answer = seats.length ? await api("/api/turns", {seats}) : {seats: [], waiting: 0};
  state.waiting = answer.waiting;
  render();
  return answer;
}

/** Keep checking, for a page that does not check by itself (a match's page: `exclude` is its
 * own match, whose turns it shows already). */
export function watchTurns(exclude = null) {
  state.exclude = exclude;
  const check = () => checkTurns().catch(() => {});
  check();
  setInterval(check, EVERY);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) check();
  });
}

function render() {
  if (state.base === null) state.base = document.title;
  const n = state.waiting;
  document.title = n ? _("({n}) {title}", {n, title: state.base}) : state.base;
  const icon = document.querySelector("link[rel=icon]");
  if (icon) icon.href = state.own || n ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  let badge = document.getElementById("turns-badge");
  if (!badge) {
    const bar = document.querySelector(".topbar");
    if (!bar) return;
    badge = el("a", {id: "turns-badge", class: "pill turns-badge", href: "/#my-matches", hidden: ""});
    bar.insertBefore(badge, document.getElementById("lang-slot"));
  }
  badge.hidden = n === 0;
  badge.textContent = n_("▶ {n} match waits for you", "▶ {n} matches wait for you", n);
  // a phone's match page shows only "▶ n" (style.css), leaving the bar to the game's title
  badge.dataset.short = `▶ ${n}`;
}

// Hints while learning (docs/review.md): the move Ludi's "hard" level would make, and why,
// for a player alone against bots or in hot seat; and, for everyone, how many hints each seat
// was given (POST /api/matches/{id}/hint).
import {_, api, el, n_, toast} from "./common.js";
import {seatTitle} from "./kit.js";

/** The hint button and the last hint, for the seat to play (null: no hint may be asked).
 * `host` gives the match's id, the tokens the screen holds, whether it is this seat's turn,
 * the hint given at this move (`hint`, `setHint`), and lights up what a text names. */
export function hintControl(msg, host) {
  if (msg.seat === null || msg.over || !host.myTurn() || (msg.table && msg.table.no_hints)) return null;
  const tokens = host.tokens();
  const screen = new Set(host.seats());
  // every human seat must be at this screen: alone against bots, or hot seat
  if (!msg.match.seats.every((s) => s.bot || screen.has(s.seat))) return null;
  const given = host.hint();
  const ask = async () => {
    try {
      const found = await api(`/api/matches/${encodeURIComponent(host.matchId)}/hint`, {tokens});
      host.setHint({...found, n: msg.n});
      host.light(found.label);
    } catch (error) {
      toast(error.message, "error");
    }
  };
  return el(
    "div",
    {class: "hint", id: "hint"},
    given && given.n === msg.n
      ? el(
          "p",
          {class: "small", id: "hint-text"},
          el("strong", {}, _("Hint: {move}", {move: given.label})),
          " — ",
          given.why,
        )
      : el(
          "p",
          {},
          el("button", {type: "button", class: "small", id: "hint-button", onclick: ask}, _("Hint")),
          " ",
          el(
            "span",
            {class: "muted small"},
            _("the move Ludi's hard level would make (everyone sees you asked)"),
          ),
        ),
  );
}

/** How many hints each seat was given, for everyone (null: none was). */
export function hintsNote(hints, msg) {
  if (!hints || !hints.some((n) => n > 0)) return null;
  return el(
    "p",
    {class: "small hints-note", id: "hints-used"},
    el("span", {class: "hints-used"}, _("Hints used")),
    " ",
    hints
      .map((n, seat) =>
        n > 0 ? n_("{seat}: {n} hint", "{seat}: {n} hints", n, {seat: seatTitle(msg.match, seat)}) : null,
      )
      .filter(Boolean)
      .join(", "),
  );
}

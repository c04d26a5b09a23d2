// A finished match's review on the replay page (docs/review.md): the button that asks for it,
// its progress, then each seat's winning chance over the match drawn above the step slider,
// the decision at the step shown (the move played and the search's, in the game's words), and
// the costliest decisions. The server makes the review (GET/POST /api/matches/{id}/review).
import {_, api, el, n_, svg, toast} from "./common.js";

/** The seats' colours on the curve (the board's own colours differ from game to game). */
const COLOURS = ["#7a2e1d", "#1f5fa8", "#2f7d32", "#b88a00", "#6b3fa0", "#4a4a4a"];
/** How often the page asks how far a review under way has come (ms). */
const POLL = 1000;
/** The curve's drawing box (the SVG scales to the card's width). */
const WIDTH = 320;
const HEIGHT = 110;
const PAD = 6;

/** A review of match `matchId` on the replay page. `host` gives the step shown (`step()`,
 * `steps()`), goes to a step (`go(n)`), lights up on the board what a text names (`light`),
 * names a seat (`seatName(seat)`), and redraws the panel (`changed()`). */
export function createReview(matchId, host) {
  const state = {status: null, done: 0, total: 0, review: null, reason: null, timer: null};
  const path = `/api/matches/${encodeURIComponent(matchId)}/review`;

  function take(data) {
    state.status = data.status;
    state.done = data.done || 0;
    state.total = data.total || 0;
    state.reason = data.reason || null;
    if (data.review) state.review = data.review;
    clearTimeout(state.timer);
    if (state.status === "running") state.timer = setTimeout(load, POLL);
    if (state.status === "done" && !state.review) load();
    host.changed();
  }

  async function load() {
    try {
      take(await api(path));
    } catch {
      state.status = state.status || "none";
    }
  }

  async function ask() {
    try {
      take(await api(path, {}));
    } catch (error) {
      toast(error.message, "error");
    }
  }

  /** The panel's parts for the step shown now. */
  function parts() {
    if (state.status === null) return [];
    if (state.status === "none" || state.status === "failed") {
      return [
        el(
          "p",
          {class: "review-ask"},
          el(
            "button",
            {type: "button", class: "small primary", id: "review-button", onclick: ask},
            _("Review"),
          ),
          " ",
          el("span", {class: "muted small"}, _("Ludi's search judges every decision of the match.")),
        ),
        state.reason ? el("p", {class: "refusal"}, state.reason) : null,
      ];
    }
    if (state.status === "running") {
      return [
        el("progress", {id: "review-progress", max: Math.max(1, state.total), value: state.done}),
        el(
          "p",
          {class: "muted small", role: "status"},
          n_(
            "Reviewing: {n} move of {total} gone through",
            "Reviewing: {n} moves of {total} gone through",
            state.done,
            {
              total: state.total,
            },
          ),
        ),
      ];
    }
    if (!state.review) return [el("p", {class: "muted small"}, _("Loading the review…"))];
    return [curve(), legend(), here(), costliest()];
  }

  function judged() {
    return state.review.decisions.filter((d) => d.kind === "decision");
  }

  /** Each seat's chance over the match, a point per decision (a click goes to it). */
  function curve() {
    const steps = Math.max(1, host.steps());
    const x = (step) => PAD + ((WIDTH - 2 * PAD) * step) / steps;
    const y = (chance) => PAD + (HEIGHT - 2 * PAD) * (1 - chance);
    const drawing = svg("svg", {
      id: "review-curve",
      class: "review-curve",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: "img",
      "aria-label": _("each seat's chance of winning over the match"),
    });
    drawing.append(
      svg("line", {x1: PAD, x2: WIDTH - PAD, y1: y(0.5), y2: y(0.5), class: "review-half"}),
      svg("line", {x1: x(host.step()), x2: x(host.step()), y1: 0, y2: HEIGHT, class: "review-now"}),
    );
    const turning = new Set(state.review.turning_points.map((t) => t.step));
    for (const seat of state.review.seats_reviewed) {
      const rows = judged().filter((d) => d.seat === seat);
      const colour = COLOURS[seat % COLOURS.length];
      drawing.append(
        svg("polyline", {
          points: rows.map((d) => `${x(d.step).toFixed(1)},${y(d.chance).toFixed(1)}`).join(" "),
          fill: "none",
          stroke: colour,
          "stroke-width": 1.5,
        }),
      );
      for (const d of rows) {
        const point = svg(
          "circle",
          {
            cx: x(d.step).toFixed(1),
            cy: y(d.chance).toFixed(1),
            r: turning.has(d.step) ? 4 : 2.6,
            fill: d.verdict === "mistake" ? "#fff" : colour,
            stroke: colour,
            "stroke-width": d.verdict === "mistake" ? 2 : 1,
            class: "review-point" + (d.step === host.step() ? " now" : ""),
            "data-step": d.step,
            onclick: () => host.go(d.step),
          },
          svg("title", {}, pointTitle(d)),
        );
        drawing.append(point);
      }
    }
    return el("div", {class: "review-curve-box"}, drawing);
  }

  function pointTitle(d) {
    return _("Move {n}, {seat}: {chance} — {verdict}", {
      n: d.move_number,
      seat: host.seatName(d.seat),
      chance: percent(d.chance),
      verdict: verdictText(d),
    });
  }

  function legend() {
    return el(
      "p",
      {class: "review-legend small"},
      state.review.seats_reviewed.map((seat) =>
        el(
          "span",
          {class: "review-key"},
          el("span", {class: `dot review-seat-${seat % COLOURS.length}`}),
          host.seatName(seat),
        ),
      ),
      el("span", {class: "muted"}, _("chance of winning; a hollow point is a mistake")),
    );
  }

  /** The decisions taken at the step shown: the move played and the search's, in words. */
  function here() {
    const rows = state.review.decisions.filter((d) => d.step === host.step());
    if (!rows.length)
      return el("p", {class: "muted small", id: "review-here"}, _("Click a point to go to that decision."));
    return el(
      "div",
      {id: "review-here", class: "review-here"},
      rows.map((d) => {
        if (d.kind !== "decision") {
          const why = d.kind === "forced" ? _("no choice") : _("the rules' automaton: not judged");
          return el("p", {class: "small"}, `${host.seatName(d.seat)}: ${d.move_label} (${why})`);
        }
        const lines = [
          el(
            "p",
            {class: "small"},
            el("strong", {}, _("{seat} to play move {n}", {seat: host.seatName(d.seat), n: d.move_number})),
            " — ",
            _("chance of winning {chance}", {chance: percent(d.chance)}),
            d.rank !== null && d.rank !== undefined
              ? " · " + _("expected place {rank}", {rank: d.rank.toFixed(1)})
              : "",
          ),
          el(
            "p",
            {class: "small review-played"},
            _("Played: {move}", {move: d.move_label}),
            " ",
            showButton(d.move_label),
          ),
        ];
        if (d.verdict !== "best") {
          lines.push(
            el(
              "p",
              {class: "small review-better"},
              _("The search's move: {move}", {move: d.best_label}),
              " ",
              showButton(d.best_label),
            ),
          );
        }
        lines.push(el("p", {class: `small verdict ${d.verdict}`}, verdictText(d)));
        return el("div", {class: "review-decision"}, lines);
      }),
    );
  }

  function showButton(label) {
    return el(
      "button",
      {
        type: "button",
        class: "small",
        title: _("light it up on the board"),
        onclick: () => host.light(label),
      },
      _("Show"),
    );
  }

  /** The three decisions that cost the most, in match order of their cost. */
  function costliest() {
    const rows = judged()
      .filter((d) => d.cost !== null && d.cost > 0 && d.verdict !== "best")
      .sort((a, b) => b.cost - a.cost || a.step - b.step)
      .slice(0, 3);
    const count = judged().length;
    return el(
      "div",
      {class: "review-costliest"},
      el(
        "h4",
        {},
        _("The costliest decisions"),
        " ",
        el("span", {class: "muted small"}, n_("({n} decision judged)", "({n} decisions judged)", count)),
      ),
      rows.length
        ? el(
            "ol",
            {id: "review-costliest"},
            rows.map((d) =>
              el(
                "li",
                {},
                el(
                  "button",
                  {type: "button", class: "link", onclick: () => host.go(d.step)},
                  _("Move {n}, {seat}: {verdict}", {
                    n: d.move_number,
                    seat: host.seatName(d.seat),
                    verdict: verdictText(d),
                  }),
                ),
              ),
            ),
          )
        : el("p", {class: "muted small"}, _("No decision cost anything the search could measure.")),
    );
  }

  return {
    load,
    parts,
    /** The search's move at the step shown, if one was judged there (the board lights it). */
    bestHere() {
      if (!state.review) return null;
      const d = state.review.decisions.find(
        (r) => r.step === host.step() && r.kind === "decision" && r.best_label,
      );
      return d ? d.best_label : null;
    },
    get status() {
      return state.status;
    },
    ask,
  };
}

function percent(value) {
  return `${Math.round(100 * value)}%`;
}

/** A judged decision's verdict in words, with what it cost. */
function verdictText(d) {
  const cost = d.cost !== null && d.cost !== undefined ? Math.round(100 * d.cost) : 0;
  // (said outside the template: the catalogs' extractor does not read inside one)
  const unsure = d.doubtful ? " " + _("(within the search's margin of error)") : "";
  if (d.verdict === "best") return _("the search's own move");
  if (d.verdict === "good" && cost <= 0) return _("good: as good as the search's move, by its figures");
  if (d.verdict === "good")
    return n_("good: it cost {n} point of chance", "good: it cost {n} points of chance", Math.max(0, cost));
  if (d.verdict === "slip")
    return n_("a slip: it cost {n} point of chance", "a slip: it cost {n} points of chance", cost) + unsure;
  return (
    n_("a mistake: it cost {n} point of chance", "a mistake: it cost {n} points of chance", cost) + unsure
  );
}

// Caesar! drawn in SVG: the provinces of the map as medallions, the border cells between them
// with their icons, the influence tokens (each value on the side of the province it counts for),
// control tokens, bonus tokens and the Senate; below it, your screen and what you know of the
// other side. A move is taken by clicking: a token behind your screen, a highlighted cell, and,
// when the token's halves differ, which way it faces.
// The words are this game's catalog's (the same messages as the Python side's), in the reader's
// language: _() and n_() look them up when the board is drawn, so a language switched
// mid-match changes the board at once; N_ only marks a table's words for extraction.
import {N_, _, el, n_, svg} from "/static/common.js";
import {findMove, movesOf} from "/static/kit.js";

// Where each province sits on the drawing (a schematic Mediterranean, west to east).
const PLACES = {
  HU: [78, 335],
  HC: [175, 205],
  MT: [150, 480],
  SD: [370, 300],
  GA: [300, 95],
  NU: [310, 500],
  SC: [490, 430],
  IT: [535, 255],
  GC: [445, 80],
  AF: [540, 560],
  AC: [690, 385],
  MD: [735, 215],
  DM: [625, 100],
  CY: [715, 560],
  CR: [830, 430],
  AG: [905, 560],
  AS: [890, 285],
  SY: [975, 425],
};
const WIDTH = 1040;
const HEIGHT = 620;
const COLOURS = {red: "#b83227", blue: "#2c5aa0"};
const LIGHT = {red: "#f2c2b8", blue: "#c3d4f2"};
const BONUS_NAMES = {
  tactics: N_("Tactics"),
  wealth: N_("Wealth"),
  might: N_("Might"),
  senate: N_("Senate"),
  poison: N_("Poison"),
  centurion: N_("Centurion"),
};
const BONUS_HELP = {
  tactics: N_("take another turn after this one"),
  wealth: N_("draw one more token behind your screen"),
  might: N_("flip one of the opponent's tokens face down"),
  senate: N_("lay control tokens under the Senate token"),
  poison: N_("the opponent returns a token from behind the screen to the bag"),
  centurion: N_("take one of your centurions at the end of the turn"),
};
const TOKEN_KINDS = {
  sword: N_("Sword {values}"),
  shield: N_("Shield {values}"),
  ship: N_("Ship {values}"),
  laurel: N_("Laurel {values}"),
  centurion: N_("Centurion {values}"),
};
const ICON_NAMES = {sword: N_("sword"), shield: N_("shield"), ship: N_("ship"), laurel: N_("laurel")};
const DIFFICULTIES = {easy: N_("easy"), normal: N_("normal"), hard: N_("hard")};
const STEPS = {
  draw_1: N_("draw 1"),
  draw_2: N_("draw 2"),
  play: N_("play"),
  discard_1: N_("discard 1"),
  take_1_centurion: N_("take 1 centurion"),
};
const ORDER_TOKENS = {
  A: N_("order token A"),
  B: N_("order token B"),
  C: N_("order token C"),
  D: N_("order token D"),
  E: N_("order token E"),
};

const bonusName = (b) => (BONUS_NAMES[b] ? _(BONUS_NAMES[b]) : b);
const bonusHelp = (b) => (BONUS_HELP[b] ? _(BONUS_HELP[b]) : "");
const iconName = (i) => (ICON_NAMES[i] ? _(ICON_NAMES[i]) : i);
const steps = (items) => items.map((s) => (STEPS[s] ? _(STEPS[s]) : s.replaceAll("_", " "))).join(", ");

const ICONS = {
  sword:
    '<path d="M0 -11 L2.4 4 L-2.4 4 Z"/><rect x="-6.5" y="4" width="13" height="2.6" rx="1"/><rect x="-1.3" y="6.6" width="2.6" height="5"/>',
  shield: '<path d="M-8 -10 H8 V-1 C8 5 4 8.5 0 11 C-4 8.5 -8 5 -8 -1 Z"/>',
  ship: '<path d="M-11 3 H11 L6.5 9.5 H-6.5 Z"/><rect x="-0.9" y="-11" width="1.8" height="14"/><path d="M1.5 -10 L9 1 H1.5 Z"/>',
  laurel:
    '<path d="M-1 10 C-10 6 -11 -4 -5 -10" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M1 10 C10 6 11 -4 5 -10" fill="none" stroke="currentColor" stroke-width="2.6"/><circle cx="-8.5" cy="-1" r="2.2"/><circle cx="8.5" cy="-1" r="2.2"/><circle cx="-6" cy="-7" r="2"/><circle cx="6" cy="-7" r="2"/>',
  centurion:
    '<path d="M-9 7 C-9 -5 9 -5 9 7 Z"/><path d="M-3 -4 C-3 -11 6 -12 10 -7" fill="none" stroke="currentColor" stroke-width="3.4"/>',
};

function iconDefs() {
  const defs = svg("defs");
  for (const [name, body] of Object.entries(ICONS)) {
    const symbol = svg("symbol", {id: `ic-${name}`, viewBox: "-12 -12 24 24"});
    symbol.innerHTML = body;
    defs.append(symbol);
  }
  return defs;
}

function icon(name, x, y, size, colour) {
  return svg("use", {
    href: `#ic-${name}`,
    x: x - size / 2,
    y: y - size / 2,
    width: size,
    height: size,
    style: `color:${colour};fill:${colour}`,
  });
}

/** "ship5/1" -> {kind: "ship", a: 5, b: 1}; "centurion7/0" -> {kind: "centurion", ...}. */
function parseLabel(label) {
  const m = /^([a-z]+)(\d+)\/(\d+)$/.exec(label || "");
  return m ? {kind: m[1], a: Number(m[2]), b: Number(m[3])} : null;
}

/** A token as a player names it: "ship5/1" -> "Ship 5/1" (in the reader's language). */
function tokenName(label) {
  const t = parseLabel(label);
  if (!t) return label;
  const values = `${t.a}/${t.b}`;
  return TOKEN_KINDS[t.kind] ? _(TOKEN_KINDS[t.kind], {values}) : `${t.kind} ${values}`;
}

function tokenChip(label, attrs = {}) {
  const t = parseLabel(label);
  const box = svg("svg", {viewBox: "0 0 64 34", width: 64, height: 34, "aria-hidden": "true"});
  box.append(
    svg("use", {
      href: `#ic-${t ? t.kind : "laurel"}`,
      x: 2,
      y: 5,
      width: 24,
      height: 24,
      style: "color:currentColor;fill:currentColor",
    }),
  );
  box.append(
    svg("text", {x: 46, y: 23, "text-anchor": "middle", class: "chip-values"}, t ? `${t.a}/${t.b}` : label),
  );
  return el("button", {type: "button", class: "chip", title: tokenName(label), ...attrs}, box);
}

/** Merge every seat's view of a finished match into one with everything revealed. */
function mergeViews(views) {
  const merged = structuredClone(views[0]);
  for (const view of views.slice(1)) {
    view.cells.forEach((cell, i) => {
      if (cell.token && cell.token.token && !merged.cells[i].token.token) merged.cells[i].token = cell.token;
    });
    view.seats.forEach((seat, s) => {
      if (seat.hand) merged.seats[s].hand = seat.hand;
    });
  }
  merged.viewer = null;
  return merged;
}

export function createBoard(root, host) {
  // `before`: the cells as they were when you last acted; what changed since is the others'
  // doing, marked on the map until you act again. `lit`: what a log line names.
  const ui = {selected: null, cell: null, msg: null, before: null, lit: null};
  const svgRoot = svg("svg", {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: "caesar-map",
    role: "img",
  });
  const privateArea = el("div", {class: "caesar-private"});
  const chooser = el("div", {class: "chooser", "aria-live": "polite"});
  const zoom = {scale: 1};
  const scroller = el("div", {class: "caesar-scroll"}, svgRoot);
  const zoomOut = el(
    "button",
    {type: "button", class: "small", onclick: () => setZoom(zoom.scale / 1.5)},
    "−",
  );
  const zoomFit = el("button", {type: "button", class: "small", onclick: () => setZoom(1)});
  const zoomIn = el(
    "button",
    {type: "button", class: "small", onclick: () => setZoom(zoom.scale * 1.5)},
    "+",
  );
  const zoomBar = el("div", {class: "zoom-bar", role: "group"}, zoomOut, zoomFit, zoomIn);

  // the words of the frame, put again at each drawing: the language may change mid-match
  function labelFrame() {
    svgRoot.setAttribute("aria-label", _("the map of Caesar!"));
    zoomBar.setAttribute("aria-label", _("map size"));
    zoomOut.setAttribute("aria-label", _("zoom out"));
    zoomFit.setAttribute("aria-label", _("fit the map"));
    zoomFit.textContent = _("Fit");
    zoomIn.setAttribute("aria-label", _("zoom in"));
  }
  root.replaceChildren(
    el("div", {class: "caesar"}, chooser, el("div", {class: "map-frame"}, zoomBar, scroller), privateArea),
  );

  // The map fits the screen; on a phone, zoom in and pan (drag or scroll) to read the cells.
  function setZoom(scale) {
    zoom.scale = Math.max(1, Math.min(3, scale));
    svgRoot.style.width = `${100 * zoom.scale}%`;
    scroller.classList.toggle("zoomed", zoom.scale > 1);
  }

  function places(msg) {
    return movesOf(msg.moves, "place").map((m) => ({
      text: m.text,
      label: m.args.token,
      cell: m.args.at,
      facing: m.args.toward || null,
      down: m.args.face_down,
      words: m.label,
    }));
  }

  function mightMove(target) {
    return findMove(ui.msg.moves, "use_bonus", {bonus: "might", target});
  }

  // the same words as the narration's (one message of the catalog), so a log line names a cell
  function cellWhere(view, cell) {
    return _("between {a} and {b}", {
      a: provinceName(view, cell.provinces[0]),
      b: provinceName(view, cell.provinces[1]),
    });
  }

  /** The cells and provinces a log line names (by the provinces' names). */
  function named(view, line) {
    if (!line) return {cells: new Set(), provinces: new Set()};
    const provinces = new Set(view.provinces.filter((p) => line.includes(p.name)).map((p) => p.code));
    const cells = new Set(view.cells.filter((c) => line.includes(cellWhere(view, c))).map((c) => c.id));
    if (cells.size) {
      for (const c of view.cells) if (cells.has(c.id)) c.provinces.forEach((p) => provinces.delete(p));
    }
    return {cells, provinces};
  }

  function changed(view) {
    const out = new Set();
    if (!ui.before) return out;
    for (const cell of view.cells) {
      if (JSON.stringify(cell.token) !== ui.before.get(cell.id)) out.add(cell.id);
    }
    return out;
  }
  function choose(label) {
    ui.why = null;
    ui.selected = ui.selected === label ? null : label;
    ui.cell = null;
    draw();
  }

  function act(text) {
    ui.before = new Map(ui.msg.view.cells.map((c) => [c.id, JSON.stringify(c.token)]));
    host.act(text);
  }

  function clickCell(cellId) {
    const msg = ui.msg;
    const might = mightMove(cellId);
    if (might) {
      act(might.text);
      return;
    }
    if (!ui.selected) {
      why(_("Pick a token from behind your screen first: the cells it may go on light up."));
      return;
    }
    const options = places(msg).filter((p) => p.label === ui.selected && p.cell === cellId);
    if (options.length === 0) {
      why(
        _(
          "{token} cannot go there: a token goes only on an empty border cell showing its symbol (a laurel goes anywhere).",
          {token: tokenName(ui.selected)},
        ),
      );
      return;
    }
    if (options.length === 1) {
      act(options[0].text);
      reset();
      return;
    }
    ui.cell = cellId;
    draw();
  }

  function clickProvince(code) {
    const might = mightMove(code);
    if (might) act(might.text);
  }

  // "Why can't I?": a click on what is not a choice now says why, in the chooser
  function why(text) {
    ui.why = text;
    draw();
  }

  function reset() {
    ui.selected = null;
    ui.cell = null;
  }

  function provinceName(view, code) {
    const p = view.provinces.find((q) => q.code === code);
    return p ? p.name : code;
  }

  function draw() {
    const msg = ui.msg;
    if (!msg) return;
    labelFrame();
    const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
    const legal = msg.mode === "live" ? places(msg) : [];
    const targets = new Set(legal.filter((p) => p.label === ui.selected).map((p) => p.cell));
    const mightTargets = new Set(
      movesOf(msg.moves, "use_bonus")
        .filter((m) => m.args.bonus === "might")
        .map((m) => m.args.target),
    );
    const recent = msg.mode === "live" ? changed(view) : new Set();
    const lit = named(view, ui.lit);
    const colour = (s) => COLOURS[view.seats[s].colour] || "#555";
    const light = (s) => LIGHT[view.seats[s].colour] || "#ddd";

    const layers = {edges: svg("g"), provinces: svg("g"), cells: svg("g")};

    for (const cell of view.cells) {
      const [a, b] = cell.provinces;
      const [x1, y1] = PLACES[a];
      const [x2, y2] = PLACES[b];
      layers.edges.append(svg("line", {x1, y1, x2, y2, class: "edge"}));
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      const len = Math.hypot(x2 - x1, y2 - y1);
      const ux = (x2 - x1) / len;
      const uy = (y2 - y1) / len;
      const g = svg("g", {class: "cell", "data-cell": cell.id, transform: `translate(${mx} ${my})`});
      const tok = cell.token;
      const isTarget = targets.has(cell.id) || mightTargets.has(cell.id);
      let fill = "#fffaf0";
      const stroke = cell.border_control ? "#b8860b" : "#7a6a4f";
      if (tok) fill = tok.token === null ? "#3b3b3b" : colour(tok.owner);
      const square = svg("rect", {
        x: -19,
        y: -19,
        width: 38,
        height: 38,
        rx: 6,
        fill,
        stroke,
        "stroke-width": cell.border_control ? 3 : 1.5,
        class: tok && tok.face_down ? "face-down" : "",
      });
      g.append(square);
      if (cell.border_control) {
        g.append(
          svg("rect", {
            x: -15,
            y: -15,
            width: 30,
            height: 30,
            rx: 4,
            fill: "none",
            stroke,
            "stroke-width": 1,
          }),
        );
      }
      if (!tok) {
        g.classList.add("empty");
        g.append(icon(cell.icon, 0, 0, 22, "#8a7a5c"));
      } else if (tok.token === null) {
        g.append(svg("text", {x: 0, y: 6, class: "cell-q"}, "?"));
      } else {
        const values = tok.values;
        const off = 10;
        const down = tok.face_down;
        g.append(
          svg("text", {x: -ux * off, y: -uy * off + 5, class: `cell-v${down ? " dim" : ""}`}, values[a]),
        );
        g.append(
          svg("text", {x: ux * off, y: uy * off + 5, class: `cell-v${down ? " dim" : ""}`}, values[b]),
        );
        if (down) g.append(svg("text", {x: 0, y: 17, class: "cell-note"}, _("face down")));
      }
      if (cell.control) {
        g.append(
          svg("circle", {
            cx: 15,
            cy: -15,
            r: 8,
            fill: cell.control.face_down ? "#777" : colour(cell.control.owner),
            stroke: "#fff",
            "stroke-width": 2,
          }),
        );
      }
      if (isTarget) {
        g.classList.add("target");
        if (mightTargets.has(cell.id)) g.classList.add("might");
        g.append(svg("rect", {x: -23, y: -23, width: 46, height: 46, rx: 8, class: "halo"}));
        g.addEventListener("click", () => clickCell(cell.id));
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter") clickCell(cell.id);
        });
      }
      if (ui.cell === cell.id) g.classList.add("chosen");
      if (recent.has(cell.id) || lit.cells.has(cell.id)) {
        g.classList.add(lit.cells.has(cell.id) ? "lit" : "recent");
        g.append(svg("rect", {x: -25, y: -25, width: 50, height: 50, rx: 9, class: "recent-mark"}));
      }
      if (!isTarget && !tok && msg.mode === "live") g.addEventListener("click", () => clickCell(cell.id));
      const where = cellWhere(view, cell);
      let title;
      if (tok && tok.token && tok.face_down)
        title = _("{token} of {seat}, face down (counts 0), {where}", {
          token: tokenName(tok.token),
          seat: view.seats[tok.owner].name,
          where,
        });
      else if (tok && tok.token)
        title = _("{token} of {seat}, {where}", {
          token: tokenName(tok.token),
          seat: view.seats[tok.owner].name,
          where,
        });
      else if (tok)
        title = _("a face-down token of {seat}, {where}", {seat: view.seats[tok.owner].name, where});
      else if (cell.border_control)
        title = _("empty border cell {where}, symbol: {icon} (Border Control)", {
          where,
          icon: iconName(cell.icon),
        });
      else title = _("empty border cell {where}, symbol: {icon}", {where, icon: iconName(cell.icon)});
      g.append(svg("title", {}, title));
      layers.cells.append(g);
    }

    for (const p of view.provinces) {
      const [x, y] = PLACES[p.code];
      const r = p.italy ? 54 : 44;
      const owner = p.control;
      const g = svg("g", {class: "province", "data-province": p.code, transform: `translate(${x} ${y})`});
      g.append(
        svg("circle", {
          r,
          fill: owner === null ? "#f6ecd2" : p.control_face_down ? "#d9d4c7" : light(owner),
          stroke: owner === null ? "#a08c64" : colour(owner),
          "stroke-width": owner === null ? 2 : 5,
        }),
      );
      g.append(
        svg(
          "text",
          {y: -r + 20, class: "prov-name"},
          p.name.length > 12 ? p.name.replace(" ", "\u00a0").split("\u00a0")[0] : p.name,
        ),
      );
      if (p.name.length > 12)
        g.append(svg("text", {y: -r + 32, class: "prov-name"}, p.name.split(" ").slice(1).join(" ")));
      const inf = p.influence;
      g.append(svg("text", {x: -5, y: 8, class: "inf", fill: colour(0), "text-anchor": "end"}, inf[0]));
      g.append(svg("text", {x: 0, y: 7, class: "inf-sep"}, ":"));
      g.append(svg("text", {x: 5, y: 8, class: "inf", fill: colour(1), "text-anchor": "start"}, inf[1]));
      if (p.bonus) {
        g.append(svg("rect", {x: -27, y: 14, width: 54, height: 17, rx: 8, class: `bonus bonus-${p.bonus}`}));
        g.append(svg("text", {y: 26.5, class: "bonus-text"}, bonusName(p.bonus)));
      }
      if (owner !== null) {
        const cx = r * 0.82;
        const cy = r * 0.5;
        g.append(
          svg("circle", {
            cx,
            cy,
            r: 11,
            fill: p.control_face_down ? "#777" : colour(owner),
            stroke: "#fff",
            "stroke-width": 2.5,
          }),
        );
        g.append(icon("laurel", cx, cy, 15, "#fff"));
      }
      if (p.italy) g.append(svg("text", {y: r - 8, class: "prov-note"}, _("Senate · 2 control")));
      if (view.solo && p.central) g.append(svg("text", {x: -r * 0.72, y: -r * 0.6, class: "prov-note"}, "★"));
      if (lit.provinces.has(p.code)) {
        g.classList.add("lit");
        g.append(svg("circle", {r: r + 5, class: "recent-mark"}));
      }
      if (mightTargets.has(p.code)) {
        g.classList.add("target", "might");
        g.append(svg("circle", {r: r + 6, class: "halo"}));
        g.addEventListener("click", () => clickProvince(p.code));
      }
      const facts = [
        _("{province}: influence {first} {a}, {second} {b}", {
          province: p.name,
          first: view.seats[0].name,
          a: inf[0],
          second: view.seats[1].name,
          b: inf[1],
        }),
        n_("{n} open border cell", "{n} open border cells", p.open_cells, {n: p.open_cells}),
      ];
      if (p.bonus)
        facts.push(_("bonus: {bonus} ({effect})", {bonus: bonusName(p.bonus), effect: bonusHelp(p.bonus)}));
      if (owner !== null) facts.push(_("held by {seat}", {seat: view.seats[owner].name}));
      g.append(svg("title", {}, facts.join("; ")));
      layers.provinces.append(g);
    }

    svgRoot.replaceChildren(
      iconDefs(),
      svg("rect", {x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "sea"}),
      layers.edges,
      layers.provinces,
      layers.cells,
    );
    drawChooser(msg, view, legal);
    drawPrivate(msg, view, legal);
  }

  function drawChooser(msg, view, legal) {
    const parts = [];
    if (msg.mode === "live" && msg.legal.length) {
      if (ui.why) parts.push(el("p", {class: "why", role: "status"}, ui.why));
      if (view.phase === "bonus" && view.pending_bonuses.length) {
        const bonus = view.pending_bonuses[0].bonus;
        parts.push(
          el(
            "p",
            {},
            el("strong", {}, _("Bonus: {bonus}", {bonus: bonusName(bonus)})),
            ` — ${bonusHelp(bonus)}.`,
          ),
        );
        const buttons = msg.moves.map((m) =>
          el(
            "button",
            {
              type: "button",
              class: m.verb === "discard_bonus" ? "small" : "small primary",
              "data-action": m.text,
              onclick: () => act(m.text),
            },
            m.label,
          ),
        );
        parts.push(el("div", {class: "row-actions"}, buttons));
        if (bonus === "might")
          parts.push(el("p", {class: "muted small"}, _("Or click a highlighted token on the map.")));
      } else if (ui.cell) {
        const options = legal.filter((p) => p.label === ui.selected && p.cell === ui.cell);
        const cell = view.cells.find((c) => c.id === ui.cell);
        const t = parseLabel(ui.selected);
        parts.push(
          el(
            "p",
            {},
            el(
              "strong",
              {},
              _("Place {token} {where}:", {token: tokenName(ui.selected), where: cellWhere(view, cell)}),
            ),
            " ",
            _("which way does it face?"),
          ),
        );
        parts.push(
          el(
            "div",
            {class: "row-actions"},
            options.map((o) => {
              let label;
              if (o.down) label = _("Face down (Border Control: counts 0, hidden)");
              else if (!o.facing) label = _("{n} to each side", {n: t.a});
              else {
                const other = cell.provinces.find((c) => c !== o.facing);
                label = _("{n} to {province}, {m} to {other}", {
                  n: t.a,
                  province: provinceName(view, o.facing),
                  m: t.b,
                  other: provinceName(view, other),
                });
              }
              return el(
                "button",
                {
                  type: "button",
                  class: "small primary",
                  "data-action": o.text,
                  onclick: () => {
                    act(o.text);
                    reset();
                    draw();
                  },
                },
                label,
              );
            }),
            el(
              "button",
              {
                type: "button",
                class: "small",
                onclick: () => {
                  ui.cell = null;
                  draw();
                },
              },
              _("Cancel"),
            ),
          ),
        );
      } else if (ui.selected) {
        const n = new Set(legal.filter((p) => p.label === ui.selected).map((p) => p.cell)).size;
        parts.push(
          el(
            "p",
            {},
            n_(
              "{token}: click the highlighted border cell.",
              "{token}: click one of the {n} highlighted border cells.",
              n,
              {token: tokenName(ui.selected), n},
            ),
          ),
        );
      } else if (legal.length) {
        parts.push(el("p", {}, _("Pick a token from behind your screen, below.")));
      }
    }
    chooser.replaceChildren(...parts);
    chooser.hidden = parts.length === 0;
  }

  function seatPanel(msg, view, s, legal) {
    const seat = view.seats[s];
    const mine = msg.seat === s;
    const colour = COLOURS[seat.colour] || "#555";
    const playable = new Set(legal.map((p) => p.label));
    const hand = seat.hand
      ? el(
          "div",
          {class: "hand"},
          seat.hand.map((label) =>
            tokenChip(label, {
              class: `chip ${ui.selected === label ? "selected" : ""} ${mine && playable.has(label) ? "playable" : ""}`,
              disabled: !(mine && playable.has(label)) ? true : null,
              "data-token": label,
              onclick: () => choose(label),
              style: `color:${colour}`,
            }),
          ),
        )
      : el(
          "p",
          {class: "muted"},
          n_("{n} token behind the screen", "{n} tokens behind the screen", seat.hand_size, {
            n: seat.hand_size,
          }),
        );
    const names = (labels) => labels.map(tokenName).join(", ");
    const facts = [
      _("bag: {n}", {n: seat.bag_size}),
      seat.senate.length ? _("Senate: {counts}", {counts: seat.senate.join(", ")}) : null,
      Array.isArray(seat.centurions) && seat.centurions.length
        ? _("centurions: {tokens}", {tokens: names(seat.centurions)})
        : null,
      typeof seat.centurions === "number" && seat.centurions
        ? _("centurions face down: {n}", {n: seat.centurions})
        : null,
      seat.known_in_bag.length ? _("known in bag: {tokens}", {tokens: names(seat.known_in_bag)}) : null,
    ].filter(Boolean);
    const title = mine
      ? _("Your screen — {seat}", {seat: seat.name})
      : seat.crassus
        ? _("{seat}: Crassus's row (face up)", {seat: seat.name})
        : seat.name;
    return el(
      "div",
      {class: `seat-panel ${mine ? "mine" : ""}`, style: `border-color:${colour}`},
      el(
        "h4",
        {class: "seat-head", style: `color:${colour}`},
        el("span", {}, title, msg.to_act.includes(s) ? el("span", {class: "badge"}, _("to play")) : null),
        raceFigure(seat, colour),
      ),
      hand,
      el("p", {class: "muted small"}, facts.join(" · ")),
    );
  }

  /** The race at a glance: the control tokens a seat still has to lay (12 wins). */
  function raceFigure(seat, colour) {
    const laid = 12 - seat.control_left;
    return el(
      "span",
      {
        class: "race",
        title: n_(
          "{n} control token left to lay; the first to lay all wins",
          "{n} control tokens left to lay; the first to lay all wins",
          seat.control_left,
          {n: seat.control_left},
        ),
      },
      el(
        "span",
        {class: "race-bar"},
        el("span", {style: `width:${(100 * laid) / 12}%;background:${colour}`}),
      ),
      el("span", {class: "race-n", style: `color:${colour}`}, seat.control_left),
      el("span", {class: "small muted"}, _("to lay")),
    );
  }

  function drawPrivate(msg, view, legal) {
    const order = msg.seat === null ? [0, 1] : [msg.seat, 1 - msg.seat];
    const panels = order.map((s) => seatPanel(msg, view, s, legal));
    if (view.solo) {
      const solo = view.solo;
      const level = DIFFICULTIES[solo.difficulty] ? _(DIFFICULTIES[solo.difficulty]) : solo.difficulty;
      const words = [
        n_(
          "Solo ({level}): {n} order token left",
          "Solo ({level}): {n} order tokens left",
          solo.orders_left,
          {
            level,
            n: solo.orders_left,
          },
        ),
      ];
      if (solo.order)
        words.push(
          _("current: {order}, {steps}", {
            order: ORDER_TOKENS[solo.order] ? _(ORDER_TOKENS[solo.order]) : solo.order,
            steps: steps(solo.steps_left),
          }),
        );
      if (solo.order_faces_reconstructed) words.push(_("order faces are Ludi's reconstruction"));
      panels.push(el("p", {class: "muted small"}, words.join(" — ")));
    }
    privateArea.replaceChildren(...panels);
  }

  return {
    update(msg) {
      const prev = ui.msg;
      ui.msg = {...msg, moves: msg.moves || []};
      msg = ui.msg;
      if (!ui.before) ui.before = new Map(msg.view.cells.map((c) => [c.id, JSON.stringify(c.token)]));
      if (!prev || prev.n !== msg.n) ui.why = null;
      // a new position: forget a half-made move that is no longer legal
      if (!prev || prev.n !== msg.n || !msg.legal.length) {
        if (ui.selected && !places(msg).some((p) => p.label === ui.selected)) reset();
        if (prev && prev.n !== msg.n) ui.cell = null;
      }
      draw();
    },
    marks(line) {
      ui.lit = line;
      draw();
    },
    seatFacts(msg, s) {
      const seat = msg.view.seats[s];
      return seat
        ? n_("{n} control token left to lay", "{n} control tokens left to lay", seat.control_left, {
            n: seat.control_left,
          })
        : null;
    },
    prompt(msg) {
      const view = msg.view;
      if (view.phase === "bonus" && view.pending_bonuses.length) {
        return _("Your move: you took the {bonus} bonus — use it or give it up", {
          bonus: bonusName(view.pending_bonuses[0].bonus),
        });
      }
      return _("Your move: pick a token from behind your screen, then a highlighted border cell");
    },
    scoreLines(msg) {
      const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
      const seats = [0, 1];
      return [
        [_("Control tokens still in hand"), ...seats.map((s) => view.seats[s].control_left)],
        [_("Provinces held"), ...seats.map((s) => view.provinces.filter((p) => p.control === s).length)],
        [
          _("Border control tokens"),
          ...seats.map((s) => view.cells.filter((c) => c.control && c.control.owner === s).length),
        ],
        [_("Under Senate tokens"), ...seats.map((s) => view.seats[s].senate.reduce((a, b) => a + b, 0))],
      ];
    },
  };
}

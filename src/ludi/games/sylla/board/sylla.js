// Sylla drawn in SVG: the round and phase track, famine and the three ladders, the events row
// with its cubes, the great work, the buildings market with its coloured slots, the recruitment
// row, an auction in progress, and each seat's area (characters upright, tilted or face down,
// buildings, what is public of the screen); your own area shows what is behind your screen.
// A move is taken by clicking what it concerns (a card, a slot, an event symbol, a bid); every
// legal move is also a button below the prompt, and any move can be typed in notation.
//
// Everything drawn comes from the seat's view; what the view does not carry (names of works and
// buildings, their effects) is the printed game's, in Ludi's words (docs/sylla.md).
import {N_, _, el, n_, svg} from "/static/common.js";
import {drawChooser as drawMoveButtons, movesOf} from "/static/kit.js";

const W = 440; // the width of every panel's drawing

const SEAT_FILL = {blue: "#2c5aa0", red: "#b83227", white: "#f4f0e6", black: "#2a2a2a"};
const SEAT_INK = {blue: "#ffffff", red: "#ffffff", white: "#1f1a14", black: "#ffffff"};
const SEAT_ORDER = ["blue", "red", "white", "black"];
const HEX = {red: "#c62d1f", yellow: "#e3b10b", grey: "#8a8a8a"};
const HEX_INK = {red: "#ffffff", yellow: "#1f1a14", grey: "#ffffff"};
const TRACK = {civic: "#7b4fa0", leisure: "#2e8540", health: "#2373b5"};
const FAMINE_COLOUR = "#9a4d16";

// Every word below is marked N_ and read through _ where it is drawn, in the reader's language
// (the game's catalog: the Polish edition's words, Ludi's Russian; docs/i18n.md).
const KIND = {
  senator: N_("Senator"),
  christian_senator: N_("Senator"),
  merchant: N_("Merchant"),
  christian_merchant: N_("Merchant"),
  legionary: N_("Legionary"),
  vestal: N_("Vestal"),
  slave: N_("Slave"),
  christian_slave: N_("Slave"),
  crane: N_("Crane"),
};
// a card's full name, for its tooltip (the Christian ones carry the fish)
const FULL_KIND = {
  senator: N_("Senator"),
  christian_senator: N_("Christian Senator"),
  merchant: N_("Merchant"),
  christian_merchant: N_("Christian Merchant"),
  legionary: N_("Legionary"),
  vestal: N_("Vestal"),
  slave: N_("Slave"),
  christian_slave: N_("Christian Slave"),
  crane: N_("Crane"),
};
const CARD_FILL = {
  senator: "#efe2f5",
  merchant: "#fbefc8",
  legionary: "#f7d8d2",
  vestal: "#e3ecf7",
  slave: "#e9e2d3",
  crane: "#dcebe3",
};
// the sale colours (the hexes on the characters and the market's slots)
const COLOUR = {red: N_("red"), yellow: N_("yellow"), grey: N_("grey")};
const colourName = (c) => (COLOUR[c] ? _(COLOUR[c]) : c);
const kindName = (kind) => (KIND[kind] ? _(KIND[kind]) : human(kind));
const fullKindName = (kind) => (FULL_KIND[kind] ? _(FULL_KIND[kind]) : human(kind));

// Each building's name and what it does; the numbers come from the view's building_effects
// when it carries them (a --data file may change them), else the printed game's.
const PRINTED_EFFECTS = {
  stall_denarii: 2,
  field_relief: 2,
  temple_cost: 2,
  insula_tokens: 2,
  arch_prestige: 6,
  statue_prestige: 4,
  bank_denarii: 5,
};
let effects = PRINTED_EFFECTS;
const BUILDING = {
  stall: [N_("Stall"), () => _("+{n} denarii at every income", {n: effects.stall_denarii})],
  field: [N_("Field"), () => _("famine costs you {n} prestige less", {n: effects.field_relief})],
  private_temple: [
    N_("Private Temple"),
    () => _("income: pay {n} denarii for a token", {n: effects.temple_cost}),
  ],
  insula: [
    N_("Insula"),
    () =>
      n_(
        "at once: {n} token of your choice, unseen",
        "at once: {n} tokens of your choice, unseen",
        effects.insula_tokens,
      ),
  ],
  crane: [N_("Crane"), () => _("a Crane card: pays any colour from next round")],
  tavern: [N_("Tavern"), () => _("income: move a marker one space")],
  triumphal_arch: [N_("Triumphal Arch"), () => _("at once: +{n} prestige", {n: effects.arch_prestige})],
  statue: [N_("Statue"), () => _("at once: +{n} prestige", {n: effects.statue_prestige})],
  bank: [N_("Bank"), () => _("at once: +{n} denarii", {n: effects.bank_denarii})],
};

function buildingName(id) {
  return BUILDING[id] ? _(BUILDING[id][0]) : human(id);
}

function buildingHelp(id) {
  return BUILDING[id] ? BUILDING[id][1]() : "";
}

/** A card of the view: an object {kind, type, christian, hexes, ...}, or (older views) its kind. */
function asCard(c) {
  return typeof c === "string" ? {kind: c} : c;
}
// How each great work scores; its name comes with the view (great_works.names), in the
// reader's language (the Polish edition's name, Ludi's Russian one).
const WORK = {
  pantheon: N_("builders ranked by votes: 10, 6, 2 prestige"),
  temple: N_("8 votes or more: 10 prestige; 5 or more: 6"),
  granary: N_("1st 5, 2nd 3 prestige; famine −1 per 4 votes of the builders"),
  public_baths: N_("1st 5, 2nd 3 prestige; Health +1 per 5 votes of the builders"),
  colosseum: N_("1st 5, 2nd 3 prestige; Leisure +1 per 5 votes of the builders"),
  senate: N_("1st 5, 2nd 3 prestige; Civic Spirit +1 per 5 votes of the builders"),
};
/** A great work's name, as the view gives it in the reader's language. */
function workName(view, id) {
  const names = view.great_works.names || {};
  return names[id] || human(id);
}
const EVENT_EFFECT = {
  epidemic: N_("Health −1"),
  eruption: N_("Leisure −1"),
  imperial_cult: N_("Civic Spirit −1"),
  famine: N_("famine +1"),
  decadence: N_("most cubes: +1 prestige; never leaves"),
};
const COVERS = {
  christian: N_("turns a Christian card face down"),
  senator: N_("turns a Senator face down"),
  building: N_("turns a building face down"),
  slave: N_("turns a Slave face down"),
  stall: N_("turns a Stall face down"),
};
const SYMBOL_TIP = {
  legionary: N_("Legionary symbol: legionary cubes may go here"),
  vestal: N_("Vestal symbol: vestal cubes may go here"),
};
// the seven phases as the round track shows them, in a word
const PHASES = [
  ["I", N_("Consul")],
  ["II", N_("Recruits")],
  ["III", N_("Buildings")],
  ["IV", N_("Income")],
  ["V", N_("Events")],
  ["VI", N_("Great work")],
  ["VII", N_("Famine")],
];
const PHASE_INDEX = {
  elect: 0,
  token: 0,
  recruit: 1,
  offer: 2,
  bid: 2,
  tilt: 2,
  use: 3,
  cube: 4,
  avert: 4,
  remove: 4,
  cover: 4,
  vote: 5,
};

const GLYPH = {
  senator:
    '<path d="M-2 9 C-11 5 -11 -5 -5 -10" fill="none" stroke="currentColor" stroke-width="2.4"/><path d="M2 9 C11 5 11 -5 5 -10" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="-8" cy="0" r="2"/><circle cx="8" cy="0" r="2"/><circle cx="-6" cy="-6" r="1.8"/><circle cx="6" cy="-6" r="1.8"/>',
  merchant:
    '<circle r="9" fill="none" stroke="currentColor" stroke-width="2.4"/><text y="4.5" text-anchor="middle" font-size="13" font-weight="800" fill="currentColor">d</text>',
  legionary: '<path d="M-8 -10 H8 V-1 C8 5 4 8.5 0 11 C-4 8.5 -8 5 -8 -1 Z"/>',
  vestal:
    '<path d="M0 -11 C7 -3 7 5 0 10 C-7 5 -7 -3 0 -11 Z"/><path d="M0 -2 C3 1 3 5 0 7 C-3 5 -3 1 0 -2 Z" fill="#fff"/>',
  slave:
    '<ellipse cx="-4.5" cy="0" rx="6" ry="4" fill="none" stroke="currentColor" stroke-width="2.4"/><ellipse cx="4.5" cy="0" rx="6" ry="4" fill="none" stroke="currentColor" stroke-width="2.4"/>',
  crane:
    '<path d="M-8 10 V-9 H8 M4 -9 V0 A3 3 0 1 1 1 3" fill="none" stroke="currentColor" stroke-width="2.4"/>',
  fish: '<path d="M-9 0 C-4 -6 4 -6 7 0 C4 6 -4 6 -9 0 Z M7 0 L11 -4 M7 0 L11 4" fill="none" stroke="currentColor" stroke-width="1.8"/>',
  famine:
    '<path d="M0 10 V-6" stroke="currentColor" stroke-width="1.8" fill="none"/><ellipse cx="-3" cy="-7" rx="2" ry="3.5"/><ellipse cx="3" cy="-7" rx="2" ry="3.5"/><ellipse cx="-3" cy="-1" rx="2" ry="3.5"/><ellipse cx="3" cy="-1" rx="2" ry="3.5"/><ellipse cx="0" cy="-11" rx="1.8" ry="3"/>',
  laurel:
    '<path d="M-1 10 C-10 6 -11 -4 -5 -10" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M1 10 C10 6 11 -4 5 -10" fill="none" stroke="currentColor" stroke-width="2.6"/><circle cx="-8.5" cy="-1" r="2.2"/><circle cx="8.5" cy="-1" r="2.2"/><circle cx="-6" cy="-7" r="2"/><circle cx="6" cy="-7" r="2"/>',
};

function glyph(name, x, y, size, colour) {
  const g = svg("g", {
    transform: `translate(${x} ${y}) scale(${size / 24})`,
    style: `color:${colour};fill:${colour}`,
  });
  g.innerHTML = GLYPH[name] || "";
  return g;
}

function text(x, y, content, attrs = {}) {
  return svg("text", {x, y, ...attrs}, content);
}

/** A text that may not run wider than `width`: squeezed to it once drawn if it would (fitTexts);
 * the words of a language can run longer than the English the drawing was laid out for. */
function fitted(x, y, content, width, attrs = {}) {
  return text(x, y, content, {...attrs, "data-fit": width});
}

/** Squeeze every text drawn under `root` that runs wider than its room (see fitted): every width
 * is measured first, then the squeezed ones set, so the page is laid out once, not once a text. */
function fitTexts(root) {
  const texts = [...root.querySelectorAll("text[data-fit]")];
  const wide = texts.filter(
    (t) => t.getComputedTextLength && t.getComputedTextLength() > Number(t.getAttribute("data-fit")),
  );
  for (const t of wide) {
    t.setAttribute("textLength", t.getAttribute("data-fit"));
    t.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

/** Split words into lines of at most `width` characters. */
function wrap(words, width) {
  const lines = [];
  let line = "";
  for (const word of String(words).split(" ")) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draw words wrapped at `width` characters, a line every `step`; with `room`, no line runs
 * wider than that (see fitted). */
function lines(x, y, content, width, step, attrs = {}, room = null) {
  return wrap(content, width).map((line, i) =>
    room ? fitted(x, y + i * step, line, room, attrs) : text(x, y + i * step, line, attrs),
  );
}

function hexagon(x, y, r, fill) {
  const points = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`;
    })
    .join(" ");
  return svg("polygon", {points, fill, stroke: "#1f1a14", "stroke-width": 0.8});
}

function human(id) {
  return String(id).replaceAll("_", " ");
}

/** Merge every seat's view (a replay with everything revealed) into one. */
function mergeViews(views) {
  const merged = structuredClone(views[0]);
  if (views.length === merged.seats.length) {
    views.forEach((view, s) => {
      merged.seats[s] = view.seats[s];
    });
  }
  merged.viewer = null;
  return merged;
}

// The words of each legal move, as the server sends them (the game's own labels).
let labels = new Map();

/** Return the words of a legal move (its notation only if the server gave no label). */
function describe(_view, action) {
  return labels.get(action) || action;
}

export function createBoard(root, host) {
  const ui = {msg: null, money: 0, lastPhase: null, phaseIndex: null};
  const chooser = el("div", {class: "sy-chooser", "aria-live": "polite"});
  const buttons = el("div", {});
  const grid = el("div", {class: "sy-grid"});
  const seatsBox = el("div", {class: "sy-seats"});
  root.replaceChildren(el("div", {class: "sylla"}, chooser, grid, seatsBox));
  // why can't I: a click on a card, an event, a tile or a track that is not a choice now
  for (const box of [grid, seatsBox]) {
    box.addEventListener("click", (e) => {
      const node =
        e.target.closest && e.target.closest(".sy-card, .sy-event, .sy-slot, .sy-building, .sy-ladder");
      if (!node || !ui.msg) return;
      ui.why = whyNot(node);
      if (ui.why) drawChooser(ui.msg, ui.view);
    });
  }

  function whyNot(node) {
    const msg = ui.msg;
    const view = ui.view;
    if (msg.mode !== "live" || msg.seat === null) return null;
    if (!msg.legal.length) return _("Wait for your turn: nothing of yours can be played now.");
    const card = node.closest(".sy-card");
    if (card && view.phase === "tilt") {
      if (!card.closest(".mine")) return _("Pay with your own cards: click one in your area.");
      if (card.classList.contains("tilted")) return _("That card is already tilted: it has paid this round.");
      if (card.classList.contains("down")) return _("A face-down card pays nothing.");
      const colour = view.auction && view.auction.colour;
      if (colour) {
        return _("That card does not carry the sale's colour ({colour}); a Crane pays any colour.", {
          colour: colourName(colour),
        });
      }
    }
    const hint = HINTS[view.phase];
    return hint
      ? _("That is not one of your choices now. {hint}", {hint: _(hint)})
      : _("That is not one of your choices now.");
  }

  // -- helpers bound to the message being drawn ---------------------------------------------

  /** A seat's colour (the view's id of it; its name is in the reader's language). */
  function seatKey(view, s) {
    const colour = String(view.seats[s].colour || view.seats[s].name || "").toLowerCase();
    return SEAT_FILL[colour] ? colour : SEAT_ORDER[s % SEAT_ORDER.length];
  }

  /** A seat's one name (its colour, the one the log uses), "(you)" for your own. */
  function seatLabel(msg, view, s) {
    const colour = view.seats[s].name;
    return s === msg.seat ? _("{seat} (you)", {seat: colour}) : colour;
  }

  function legalSet(msg) {
    return new Set(msg.mode === "live" ? msg.legal : []);
  }

  /** Make `node` a click target for `action`, with a halo of the given box. */
  function target(node, action, box, label) {
    node.classList.add("target");
    node.setAttribute("data-action", action);
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.prepend(
      svg("rect", {
        x: box[0] - 4,
        y: box[1] - 4,
        width: box[2] + 8,
        height: box[3] + 8,
        rx: 9,
        class: "halo",
      }),
    );
    node.addEventListener("click", (e) => {
      e.stopPropagation();
      host.act(action);
    });
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        host.act(action);
      }
    });
    return node;
  }

  function panel(title, cls, body, height, extra = null) {
    const drawing = svg("svg", {
      viewBox: `0 0 ${W} ${height}`,
      class: "sy-svg",
      role: "group",
      "aria-label": title,
    });
    drawing.append(...body);
    return el("section", {class: `sy-panel ${cls}`}, el("h4", {}, title, extra), drawing);
  }

  // -- a character card -----------------------------------------------------------------------

  const CW = 52;
  const CH = 70;

  /** Draw a character card with its top left corner at (x, y); a tilted card lies across, CH wide. */
  function card(kind, x, y, opts = {}) {
    const base = KIND[kind] ? kind.replace("christian_", "") : "slave";
    const christian = kind.startsWith("christian_");
    const g = svg("g", {
      class: `sy-card${opts.faceDown ? " down" : ""}${opts.tilted ? " tilted" : ""}`,
      "data-kind": kind,
    });
    const body = svg("g", {
      transform: opts.tilted
        ? `translate(${x + CH / 2} ${y + CW / 2}) rotate(90) translate(${-CW / 2} ${-CH / 2})`
        : `translate(${x} ${y})`,
    });
    body.append(
      svg("rect", {
        width: CW,
        height: CH,
        rx: 5,
        fill: opts.faceDown ? "#4a3b2a" : CARD_FILL[base] || "#eee",
        stroke: opts.faceDown ? "#1f1a14" : "#6b5a3c",
        "stroke-width": 1.4,
      }),
    );
    const ink = opts.faceDown ? "#d9cbb0" : "#2b2118";
    body.append(fitted(CW / 2, 12, kindName(kind), CW - 4, {class: "sy-card-name", fill: ink}));
    body.append(glyph(base, CW / 2, 32, 22, opts.faceDown ? "#9c8a6a" : "#3d2f22"));
    if (christian) body.append(glyph("fish", CW - 9, 21, 13, opts.faceDown ? "#d9cbb0" : "#1a5f8a"));
    (opts.hexes || []).forEach((h, i, all) => {
      body.append(hexagon(CW / 2 + (i - (all.length - 1) / 2) * 12, CH - 10, 5.5, HEX[h] || "#ccc"));
    });
    if (opts.faceDown)
      body.append(fitted(CW / 2, CH - 20, _("face down"), CW - 4, {class: "sy-card-note", fill: "#f3e6c8"}));
    g.append(body);
    g.append(svg("title", {}, cardTip(kind, opts)));
    return g;
  }

  /** A card's tooltip: its full name, how it lies, the colours it pays with. */
  function cardTip(kind, opts) {
    const name = fullKindName(kind);
    const colours = (opts.hexes || []).map(colourName).join(", ");
    if (opts.faceDown) return _("{card}, face down", {card: name});
    if (opts.tilted && colours) return _("{card}, tilted — colours: {colours}", {card: name, colours});
    if (opts.tilted) return _("{card}, tilted", {card: name});
    if (colours) return _("{card} — colours: {colours}", {card: name, colours});
    return name;
  }

  function cardWidth(tilted) {
    return tilted ? CH + 6 : CW + 6;
  }

  // -- the track: rounds, phases, famine, ladders -----------------------------------------------

  function drawTrack(msg, view, legal) {
    const parts = [];
    parts.push(fitted(8, 24, _("Round"), 54, {class: "sy-label"}));
    for (let r = 1; r <= view.rounds; r++) {
      const cx = 78 + (r - 1) * 34;
      const now = r === view.round;
      parts.push(
        svg("circle", {cx, cy: 19, r: 13, class: `sy-round${now ? " now" : r < view.round ? " past" : ""}`}),
      );
      parts.push(text(cx, 24, r, {class: "sy-round-n", "text-anchor": "middle"}));
    }
    const phaseText =
      view.phase === "pick"
        ? _("Setup")
        : view.phase === "free"
          ? _("End: Ecclesia")
          : view.phase === "over"
            ? _("Game over")
            : "";
    const room = W - 16 - (78 + (view.rounds - 1) * 34 + 13); // right of the last round
    if (phaseText) parts.push(fitted(W - 8, 24, phaseText, room, {class: "sy-label", "text-anchor": "end"}));
    else if (view.first_consul !== null) {
      parts.push(
        fitted(W - 8, 24, _("First Consul: {seat}", {seat: seatLabel(msg, view, view.first_consul)}), room, {
          class: "sy-small",
          "text-anchor": "end",
        }),
      );
    }
    let index = PHASE_INDEX[view.phase];
    if (view.phase === "token" && ui.phaseIndex === 2) index = 2; // an Insula's tokens, in III
    ui.phaseIndex = index === undefined ? null : index;
    PHASES.forEach(([numeral, label], i) => {
      const x = 8 + i * 61;
      const now = i === index;
      parts.push(
        svg("rect", {x, y: 40, width: 57, height: 40, rx: 6, class: `sy-phase${now ? " now" : ""}`}),
      );
      parts.push(text(x + 28.5, 57, numeral, {class: "sy-phase-n", "text-anchor": "middle"}));
      parts.push(fitted(x + 28.5, 72, _(label), 53, {class: "sy-phase-l", "text-anchor": "middle"}));
    });
    // famine
    const fam = view.famine;
    const famine = svg("g", {"data-mark": "famine", "data-sig": fam.level, "data-name": _("Famine")});
    famine.append(glyph("famine", 16, 108, 20, FAMINE_COLOUR));
    famine.append(fitted(30, 113, _("Famine"), 62, {class: "sy-label"}));
    for (let i = 0; i <= fam.max; i++) {
      const x = 96 + i * 40;
      famine.append(svg("rect", {x, y: 94, width: 36, height: 28, rx: 4, class: "sy-space"}));
      if (i === fam.level) {
        famine.append(svg("circle", {cx: x + 18, cy: 108, r: 12, fill: FAMINE_COLOUR, class: "sy-marker"}));
        famine.append(text(x + 18, 113, i, {class: "sy-marker-n", "text-anchor": "middle"}));
      } else {
        famine.append(text(x + 18, 113, i, {class: "sy-space-n", "text-anchor": "middle"}));
      }
    }
    parts.push(famine);
    famine.append(
      svg(
        "title",
        {},
        _("Famine {level}: in phase VII each player loses that much prestige, {n} less per face-up Field", {
          level: fam.level,
          n: effects.field_relief,
        }),
      ),
    );
    // the ladders
    Object.entries(view.ladder).forEach(([id, track], row) => {
      const y = 136 + row * 40;
      const colour = TRACK[id] || "#555";
      const g = svg("g", {
        class: "sy-ladder",
        "data-track": id,
        "data-mark": `ladder-${id}`,
        "data-name": track.name,
      });
      g.append(svg("rect", {x: 8, y: y + 4, width: 14, height: 14, rx: 3, fill: colour}));
      g.append(...lines(28, y + 12, track.name, 8, 13, {class: "sy-label-s"}, 72));
      const spaces = Math.max(5, track.space + 1);
      for (let i = 0; i < spaces; i++) {
        const x = 104 + i * 48;
        const crisis = i === 0; // the crisis zone: the leftmost space (Ludi's default data)
        g.append(
          svg("rect", {x, y, width: 44, height: 30, rx: 4, class: `sy-space${crisis ? " crisis" : ""}`}),
        );
        if (crisis && i !== track.space)
          g.append(fitted(x + 22, y + 19, _("crisis"), 40, {class: "sy-tiny", "text-anchor": "middle"}));
        if (i === track.space) {
          g.append(svg("circle", {cx: x + 22, cy: y + 15, r: 13, fill: colour, class: "sy-marker"}));
          g.append(text(x + 22, y + 20, track.value, {class: "sy-marker-n", "text-anchor": "middle"}));
        } else if (!crisis) {
          g.append(text(x + 22, y + 19, i, {class: "sy-space-n", "text-anchor": "middle"}));
        }
      }
      g.append(
        svg(
          "title",
          {},
          track.crisis
            ? _(
                "{track}: marker on {value} (each {track} token scores {value} at the end) — in the crisis zone",
                {track: track.name, value: track.value},
              )
            : _("{track}: marker on {value} (each {track} token scores {value} at the end)", {
                track: track.name,
                value: track.value,
              }),
        ),
      );
      parts.push(g);
      // moves about this track: take a token of its colour, or move it with a Tavern
      const take = [`token:${id}`, `temple:${id}`].find((a) => legal.has(a));
      if (take) {
        const b = svg("g", {});
        b.append(
          svg("circle", {cx: 380, cy: y + 15, r: 13, fill: colour, stroke: "#fff", "stroke-width": 2}),
        );
        b.append(text(380, y + 19, "+1", {class: "sy-marker-n", "text-anchor": "middle"}));
        b.append(fitted(397, y + 19, _("token"), 40, {class: "sy-small"}));
        parts.push(target(b, take, [364, y - 1, 74, 32], describe(view, take)));
      }
      for (const [sign, dx, label] of [
        ["-", 358, "−"],
        ["+", 406, "+"],
      ]) {
        const action = `tavern:${id}${sign}`;
        if (!legal.has(action)) continue;
        const b = svg("g", {});
        b.append(svg("rect", {x: dx, y: y + 1, width: 28, height: 28, rx: 6, fill: colour}));
        b.append(text(dx + 14, y + 21, label, {class: "sy-marker-n", "text-anchor": "middle"}));
        parts.push(target(b, action, [dx, y + 1, 28, 28], describe(view, action)));
      }
    });
    return panel(_("Rome: rounds, phases, famine and the Republic"), "sy-track", parts, 256);
  }

  // -- the events row ---------------------------------------------------------------------------

  function drawEvents(msg, view, legal) {
    const parts = [];
    const cw = 104;
    view.events.forEach((ev, i) => {
      const x = 6 + i * 108;
      const g = svg("g", {
        class: `sy-event${ev.averted ? " averted" : ""}`,
        "data-event": ev.id,
        "data-mark": `event-${ev.id}`,
        "data-sig": `${ev.cubes.join(",")} ${ev.averted} ${ev.slot}`,
        "data-name": ev.name,
      });
      const colour = ev.token ? TRACK[ev.token] : "#6b5a3c";
      g.append(svg("rect", {x, y: 4, width: cw, height: 222, rx: 8, class: "sy-event-card"}));
      g.append(
        svg("path", {d: `M${x} 12 a8 8 0 0 1 8 -8 h${cw - 16} a8 8 0 0 1 8 8 v34 h${-cw} z`, fill: colour}),
      );
      g.append(
        ...lines(x + cw / 2, 21, ev.name, 15, 13, {class: "sy-event-name", "text-anchor": "middle"}, cw - 6),
      );
      g.append(fitted(x + 6, 60, _("slot {n}", {n: ev.slot}), cw - 30, {class: "sy-tiny"}));
      g.append(fitted(x + cw / 2, 163, _("cubes"), cw - 8, {class: "sy-tiny", "text-anchor": "middle"}));
      if (ev.famine_symbol) {
        g.append(glyph("famine", x + cw - 12, 56, 16, FAMINE_COLOUR));
        g.append(
          svg(
            "title",
            {},
            _("{event}: famine symbol (famine rises when the First Consul is chosen)", {event: ev.name}),
          ),
        );
      }
      const effect = ev.covers
        ? COVERS[ev.covers]
          ? _(COVERS[ev.covers])
          : _("turns {thing} face down", {thing: human(ev.covers)})
        : EVENT_EFFECT[ev.id]
          ? _(EVENT_EFFECT[ev.id])
          : "";
      g.append(
        ...lines(x + cw / 2, 76, effect, 17, 11, {class: "sy-event-effect", "text-anchor": "middle"}, cw - 6),
      );
      const trackName = ev.token ? view.ladder[ev.token].name : null;
      g.append(
        fitted(x + cw / 2, 110, trackName ? _("token: {track}", {track: trackName}) : _("no token"), cw - 6, {
          class: "sy-tiny",
          "text-anchor": "middle",
          fill: ev.token ? colour : "#6b6255",
        }),
      );
      // the symbols: where cubes may go
      [
        ["legionary", ev.legionary],
        ["vestal", ev.vestal],
      ].forEach(([what, has], k) => {
        if (!has) return;
        const cx = x + 28 + k * 48;
        const s = svg("g", {class: "sy-symbol"});
        s.append(
          svg("circle", {cx, cy: 134, r: 16, fill: "#fffaf0", stroke: "#6b5a3c", "stroke-width": 1.4}),
        );
        s.append(glyph(what, cx, 134, 20, what === "legionary" ? "#9b2a1e" : "#2a5d9b"));
        const action = `cube:${what}>${ev.id}`;
        if (legal.has(action)) g.append(target(s, action, [cx - 16, 118, 32, 32], describe(view, action)));
        else {
          s.append(svg("title", {}, _(SYMBOL_TIP[what])));
          g.append(s);
        }
      });
      // cubes placed, by seat
      ev.cubes.forEach((n, s) => {
        const cx = x + cw / 2 - (ev.cubes.length * 24 - 4) / 2 + s * 24;
        const cy = 168;
        const key = seatKey(view, s);
        g.append(
          svg("rect", {
            x: cx,
            y: cy,
            width: 20,
            height: 20,
            rx: 3,
            fill: SEAT_FILL[key],
            stroke: "#1f1a14",
            "stroke-width": 1,
            opacity: n ? 1 : 0.3,
          }),
        );
        g.append(
          text(cx + 10, cy + 15, n, {
            class: "sy-cube-n",
            "text-anchor": "middle",
            fill: SEAT_INK[key],
            opacity: n ? 1 : 0.5,
          }),
        );
      });
      if (ev.averted) {
        g.append(svg("rect", {x: x + 4, y: 204, width: cw - 8, height: 18, rx: 4, fill: "#2f7d32"}));
        g.append(fitted(x + cw / 2, 217, _("averted"), cw - 12, {class: "sy-band", "text-anchor": "middle"}));
      }
      const cubes = ev.cubes.map((n, s) => `${view.seats[s].name} ${n}`).join(", ");
      const facts = {event: ev.name, slot: ev.slot, effect, track: trackName, cubes};
      let tip = trackName
        ? _("{event} (slot {slot}): {effect}; majority takes a {track} token; cubes {cubes}", facts)
        : _("{event} (slot {slot}): {effect}; no token; cubes {cubes}", facts);
      if (ev.averted) tip = tip + " — " + _("averted"); // a second fact, not part of the sentence
      g.append(svg("title", {}, tip));
      const pick = [`avert:${ev.id}`, `remove:${ev.id}`].find((a) => legal.has(a));
      if (pick) target(g, pick, [x, 4, cw, 222], describe(view, pick));
      parts.push(g);
    });
    return panel(_("Events"), "sy-events", parts, 230);
  }

  // -- the great work ---------------------------------------------------------------------------

  function drawWork(msg, view, legal) {
    const parts = [];
    const works = view.great_works;
    const current = works.this_round;
    const voting = view.phase === "vote";
    const card = svg("rect", {x: 6, y: 4, width: 210, height: 150, rx: 8, class: "sy-work-card"});
    parts.push(card);
    let height = 158;
    if (current) {
      const help = WORK[current] ? _(WORK[current]) : "";
      parts.push(
        fitted(111, 26, workName(view, current), 200, {class: "sy-work-name", "text-anchor": "middle"}),
      );
      parts.push(
        fitted(111, 42, voting ? _("being built now") : _("to be built this round"), 200, {
          class: "sy-tiny",
          "text-anchor": "middle",
        }),
      );
      const rule =
        current === "temple" && view.options.temple_votes === "exactly"
          ? _("exactly 8 votes: 10 prestige; exactly 5: 6")
          : help;
      const small = {class: "sy-small", "text-anchor": "middle"};
      const up = lines(111, 62, _("Thumb up: {rule}", {rule}), 30, 13, small, 200);
      const downAt = Math.max(118, 62 + up.length * 13 + 4);
      const down = lines(111, downAt, _("Thumb down: 1 prestige per 2 votes"), 30, 13, small, 200);
      parts.push(...up, ...down);
      // a language whose words run longer gets a taller card
      const bottom = downAt + (down.length - 1) * 13 + 10;
      if (bottom > 154) {
        card.setAttribute("height", bottom - 4);
        height = Math.max(height, bottom + 4);
      }
    } else {
      parts.push(fitted(111, 80, _("no great work left"), 200, {class: "sy-small", "text-anchor": "middle"}));
    }
    const mine = msg.seat !== null ? view.seats[msg.seat] : null;
    const ups = movesOf(msg.moves, "up").map((m) => m.args.n);
    if (voting && ups.length && msg.mode === "live") {
      const max = Math.max(...ups);
      ui.money = Math.min(Math.max(0, ui.money), max);
      parts.push(fitted(226, 20, _("Your secret vote"), 210, {class: "sy-label"}));
      parts.push(fitted(226, 38, _("denarii in your fist:"), 210, {class: "sy-small"}));
      const minus = svg("g", {});
      minus.append(svg("rect", {x: 226, y: 46, width: 34, height: 34, rx: 7, class: "sy-step"}));
      minus.append(text(243, 69, "−", {class: "sy-step-t", "text-anchor": "middle"}));
      minus.addEventListener("click", () => {
        ui.money = Math.max(0, ui.money - 1);
        draw();
      });
      const plus = svg("g", {});
      plus.append(svg("rect", {x: 318, y: 46, width: 34, height: 34, rx: 7, class: "sy-step"}));
      plus.append(text(335, 69, "+", {class: "sy-step-t", "text-anchor": "middle"}));
      plus.addEventListener("click", () => {
        ui.money = Math.min(max, ui.money + 1);
        draw();
      });
      for (const [node, name] of [
        [minus, _("fewer denarii")],
        [plus, _("more denarii")],
      ]) {
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", name);
        node.setAttribute("tabindex", "0");
        node.classList.add("sy-stepper");
        node.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            node.dispatchEvent(new MouseEvent("click"));
          }
        });
      }
      parts.push(
        minus,
        plus,
        text(289, 71, ui.money, {class: "sy-money", "text-anchor": "middle", id: "sy-money"}),
      );
      const senators = mine
        ? mine.characters.filter((c) => c.type === "senator" && !c.tilted && !c.face_down).length
        : 0;
      const votes = senators + ui.money;
      parts.push(fitted(360, 60, n_("+ {n} Senator", "+ {n} Senators", senators), 78, {class: "sy-small"}));
      parts.push(fitted(360, 76, n_("= {n} vote", "= {n} votes", votes), 78, {class: "sy-small"}));
      for (const [verb, x, label, fill] of [
        ["up", 226, _("▲ Thumb up: build"), "#2f7d32"],
        ["down", 332, _("▼ Thumb down: plebs"), "#7a2e1d"],
      ]) {
        const action = `${verb}:${ui.money}`;
        if (!legal.has(action)) continue;
        const b = svg("g", {});
        b.append(svg("rect", {x, y: 92, width: 100, height: 44, rx: 8, fill}));
        b.append(
          ...lines(x + 50, 110, label, 16, 14, {class: "sy-button-t", "text-anchor": "middle"}, 94).slice(
            0,
            2,
          ),
        );
        parts.push(target(b, action, [x, 92, 100, 44], describe(view, action)));
      }
      parts.push(fitted(226, 152, _("Hidden until everyone has chosen."), 210, {class: "sy-tiny"}));
    } else {
      let y = 22;
      const line = (t, cls = "sy-small") => {
        parts.push(fitted(226, y, t, 210, {class: cls}));
        y += 17;
      };
      if (mine && mine.my_choice) {
        line(_("Your secret choice:"), "sy-label");
        line(mine.my_choice_said || mine.my_choice);
        line(_("(hidden until everyone has chosen)"), "sy-tiny");
        y += 4;
      }
      const name = (id) => workName(view, id);
      if (works.next_round) line(_("Next round: {work}", {work: name(works.next_round)}));
      line(_("Still in the pile: {n}", {n: works.pile}));
      if (works.built.length) {
        line(_("Built:"));
        for (const l of wrap(works.built.map(name).join(", "), 32)) line(l);
      }
      if (works.removed_at_setup) {
        line(_("Out of the game: {work}", {work: name(works.removed_at_setup)}), "sy-tiny");
      }
      height = Math.max(height, y);
    }
    return panel(_("Great work"), "sy-work", parts, height);
  }

  // -- the buildings market ---------------------------------------------------------------------

  function drawMarket(msg, view, legal) {
    const parts = [];
    const market = view.buildings;
    const auction = view.auction && view.auction.kind === "building" ? view.auction : null;
    let marked = false;
    market.slots.forEach((slot, i) => {
      const x = 6 + i * 72;
      const g = svg("g", {
        class: "sy-slot",
        "data-slot": slot.slot,
        "data-mark": `slot-${slot.slot}`,
        "data-sig": slot.building || "",
        "data-name": slot.building ? buildingName(slot.building) : null,
      });
      const selling =
        slot.building &&
        auction &&
        !marked &&
        auction.building === slot.building &&
        auction.colour === slot.colour;
      if (selling) marked = true;
      g.append(svg("rect", {x, y: 4, width: 68, height: 20, rx: 4, fill: HEX[slot.colour] || "#999"}));
      const colour = colourName(slot.colour);
      g.append(
        fitted(x + 34, 18, selling ? _("{colour}: for sale", {colour}) : colour, 64, {
          class: `sy-tiny${selling ? " sy-strong" : ""}`,
          "text-anchor": "middle",
          fill: HEX_INK[slot.colour] || "#fff",
        }),
      );
      if (slot.building) {
        const name = buildingName(slot.building);
        const help = buildingHelp(slot.building);
        g.append(
          svg("rect", {
            x,
            y: 28,
            width: 68,
            height: 100,
            rx: 6,
            class: `sy-tile${selling ? " selling" : ""}`,
          }),
        );
        const named = lines(x + 34, 44, name, 10, 13, {class: "sy-tile-name", "text-anchor": "middle"}, 64);
        // what it does, under its name (one line of name or two), within the tile
        const top = 44 + 13 * named.length + 13;
        const room = Math.floor((124 - top) / 11) + 1;
        g.append(...named);
        g.append(
          ...lines(x + 34, top, help, 12, 11, {class: "sy-tiny", "text-anchor": "middle"}, 64).slice(0, room),
        );
        g.append(
          svg("title", {}, _("{building} under a {colour} slot: {help}", {building: name, colour, help})),
        );
        const action = `offer:${slot.building}/${slot.colour}`;
        if (legal.has(action)) target(g, action, [x, 4, 68, 124], describe(view, action));
      } else {
        g.append(svg("rect", {x, y: 28, width: 68, height: 100, rx: 6, class: "sy-tile empty"}));
        g.append(fitted(x + 34, 82, _("empty"), 64, {class: "sy-tiny", "text-anchor": "middle"}));
      }
      parts.push(g);
    });
    const offered = market.offered_this_round;
    const stack = market.stack_top_letter
      ? n_(
          "Stack: {n} tile (next letter {letter})",
          "Stack: {n} tiles (next letter {letter})",
          market.stack,
          {
            letter: market.stack_top_letter,
          },
        )
      : n_("Stack: {n} tile", "Stack: {n} tiles", market.stack);
    parts.push(fitted(8, 148, stack, W / 2 - 12, {class: "sy-small"}));
    const per = market.offers_per_round;
    parts.push(
      fitted(
        W - 8,
        148,
        offered === null
          ? n_("{n} offer a round", "{n} offers a round", per)
          : _("offers this round: {n} of {all}", {n: offered, all: per}),
        W / 2 - 12,
        {class: "sy-small", "text-anchor": "end"},
      ),
    );
    return panel(_("Buildings market"), "sy-market", parts, 156);
  }

  // -- an auction: the election, or a building sale ----------------------------------------------

  function drawAuction(msg, view, _legal) {
    const a = view.auction;
    if (!a) return null;
    const parts = [];
    const name = (s) => seatLabel(msg, view, s);
    let y = 20;
    // each line of words wrapped to the panel's width, however long the language's words run
    const say = (words, x, cls, step) => {
      for (const l of wrap(words, Math.floor((W - x - 8) / 6.4))) {
        parts.push(fitted(x, y, l, W - x - 8, {class: cls}));
        y += step;
      }
    };
    if (a.kind === "election") {
      say(_("Votes bid for the First Consul (face-up Senators + denarii)"), 8, "sy-label-s", 17);
    } else {
      const b = buildingName(a.building);
      parts.push(svg("rect", {x: 8, y: 6, width: 16, height: 16, rx: 3, fill: HEX[a.colour] || "#999"}));
      say(_("{building}, offered by {seat}", {building: b, seat: name(a.offerer)}), 30, "sy-label-s", 17);
      say(
        _("bids in {colour} cards (face up, untilted; Cranes count)", {colour: colourName(a.colour)}),
        8,
        "sy-small",
        15,
      );
    }
    y += 3;
    const best =
      a.leader === null || a.leader === undefined
        ? _("no bid yet")
        : _("best bid: {n} by {seat}", {n: a.best, seat: name(a.leader)});
    say(best, 8, "sy-small", 15);
    y += 2;
    if (a.still_to_bid && a.still_to_bid.length) {
      say(_("still to speak: {seats}", {seats: a.still_to_bid.map(name).join(", ")}), 8, "sy-small", 15);
      y += 2;
    }
    if (a.left_to_pay) {
      say(
        n_("{seat} pays: {n} more card to tilt", "{seat} pays: {n} more cards to tilt", a.left_to_pay, {
          seat: name(a.leader),
        }),
        8,
        "sy-small",
        17,
      );
    }
    const bids = movesOf(msg.moves, "bid", "pass").map((m) => m.text);
    if (bids.length && msg.mode === "live") {
      y += 4;
      let x = 8;
      for (const move of movesOf(msg.moves, "bid", "pass")) {
        const action = move.text;
        const label = move.verb === "pass" ? _("Pass") : String(move.args.n);
        const w = move.verb === "pass" ? Math.max(56, label.length * 9 + 16) : 34;
        if (x + w > W - 6) {
          x = 8;
          y += 42;
        }
        const g = svg("g", {class: "sy-bid"});
        g.append(
          svg("rect", {
            x,
            y,
            width: w,
            height: 34,
            rx: move.verb === "pass" ? 8 : 17,
            fill: move.verb === "pass" ? "#efe4cc" : "#f2b705",
            stroke: "#6b5a3c",
            "stroke-width": 1.2,
          }),
        );
        g.append(text(x + w / 2, y + 22, label, {class: "sy-bid-t", "text-anchor": "middle"}));
        parts.push(target(g, action, [x, y, w, 34], describe(view, action)));
        x += w + 8;
      }
      y += 38;
    }
    const title = a.kind === "election" ? _("Election of the First Consul") : _("Building sale");
    const section = panel(title, "sy-auction", parts, y + 4);
    section.dataset.mark = "auction";
    section.dataset.sig = JSON.stringify([a.kind, a.building, a.best, a.leader, a.left_to_pay]);
    return section;
  }

  // -- the recruitment row ----------------------------------------------------------------------

  function drawRecruitment(msg, view, legal) {
    const parts = [];
    const rec = view.recruitment;
    const seen = {};
    rec.display.map(asCard).forEach((c, i) => {
      const x = 8 + i * 58;
      const g = card(c.kind, x, 8, {hexes: c.hexes});
      seen[c.kind] = (seen[c.kind] || 0) + 1;
      g.setAttribute("data-mark", `recruit-${c.kind}-${seen[c.kind]}`);
      const action = `recruit:${c.kind}`;
      if (legal.has(action)) target(g, action, [x, 8, CW, CH], describe(view, action));
      parts.push(g);
    });
    if (!rec.display.length) parts.push(text(8, 44, _("no character shown"), {class: "sy-small"}));
    const px = W - 66;
    parts.push(svg("rect", {x: px + 4, y: 12, width: CW, height: CH, rx: 5, fill: "#6b5a3c"}));
    parts.push(svg("rect", {x: px, y: 8, width: CW, height: CH, rx: 5, fill: "#4a3b2a", stroke: "#1f1a14"}));
    parts.push(text(px + CW / 2, 44, rec.deck, {class: "sy-deck-n", "text-anchor": "middle"}));
    parts.push(fitted(px + CW / 2, 94, _("in the deck"), 62, {class: "sy-tiny", "text-anchor": "middle"}));
    return panel(_("Recruitment"), "sy-recruit", parts, 100);
  }

  // -- a seat's area ----------------------------------------------------------------------------

  function drawSeat(msg, view, s, legal) {
    const seat = view.seats[s];
    const mine = msg.seat === s;
    const key = seatKey(view, s);
    const parts = [];
    const simultaneous = ["pick", "vote", "free"].includes(view.phase);
    // header: who, prestige, tile, Consul
    parts.push(
      svg("circle", {cx: 16, cy: 18, r: 11, fill: SEAT_FILL[key], stroke: "#1f1a14", "stroke-width": 1.5}),
    );
    parts.push(fitted(34, 24, seatLabel(msg, view, s), W - 180, {class: "sy-seat-name"}));
    parts.push(
      text(W - 8, 24, n_("{n} prestige", "{n} prestige", seat.prestige), {
        class: "sy-prestige",
        "text-anchor": "end",
        "data-mark": `seat-${s}-prestige`,
      }),
    );
    let y = 46;
    const tile = _("revenue tile {tile}", {tile: seat.revenue_tile});
    const facts = seat.first_consul ? _("First Consul · {tile}", {tile}) : tile;
    if (seat.first_consul) parts.push(glyph("laurel", W - 130, 18, 20, "#b8860b"));
    // status: to play, deciding in secret, done
    let status = "";
    if (view.phase !== "over") {
      if (simultaneous && msg.to_act.includes(s))
        status = mine ? _("your secret choice") : _("deciding in secret…");
      else if (simultaneous && !msg.to_act.includes(s) && view.phase !== "pick")
        status = _("has chosen (hidden)");
      else if (msg.to_act.includes(s)) status = mine ? _("your move") : _("to play");
      if (view.phase === "pick" && !msg.to_act.includes(s)) status = _("has chosen (hidden)");
    }
    let statusWidth = 0;
    if (status) {
      const w = Math.min(status.length * 6.6 + 14, 200);
      statusWidth = w;
      parts.push(svg("rect", {x: W - 8 - w, y: y - 16, width: w, height: 18, rx: 9, class: "sy-status"}));
      parts.push(
        fitted(W - 8 - w / 2, y - 3, status, w - 10, {class: "sy-status-t", "text-anchor": "middle"}),
      );
    }
    parts.push(fitted(34, y - 4, facts, W - 50 - statusWidth, {class: "sy-small"}));
    y += 10;
    // money and tokens: what is public of the screen (and all of it for its owner)
    parts.push(
      svg("circle", {cx: 18, cy: y + 10, r: 10, fill: "#d9a514", stroke: "#8a6d1d", "stroke-width": 1.5}),
    );
    parts.push(text(18, y + 14, "d", {class: "sy-coin", "text-anchor": "middle"}));
    parts.push(
      fitted(
        34,
        y + 15,
        seat.denarii === null ? _("? denarii") : n_("{n} denarius", "{n} denarii", seat.denarii),
        84,
        {
          class: "sy-label-s",
          "data-denarii": seat.denarii === null ? "hidden" : seat.denarii,
          "data-mark": `seat-${s}-denarii`,
        },
      ),
    );
    let tx = 120;
    for (const id of Object.keys(view.ladder)) {
      const g = svg("g", {"data-mark": `seat-${s}-tokens-${id}`});
      g.append(svg("rect", {x: tx, y: y + 1, width: 20, height: 20, rx: 4, fill: TRACK[id]}));
      g.append(text(tx + 10, y + 15.5, seat.tokens[id], {class: "sy-token-n", "text-anchor": "middle"}));
      g.append(svg("title", {}, _("{track} tokens", {track: view.ladder[id].name})));
      parts.push(g);
      tx += 26;
    }
    const unseen = seat.tokens.unseen_colour;
    if (unseen) {
      const g = svg("g", {"data-mark": `seat-${s}-tokens-unseen`});
      g.append(svg("rect", {x: tx, y: y + 1, width: 20, height: 20, rx: 4, fill: "#9a9387"}));
      g.append(text(tx + 10, y + 15.5, unseen, {class: "sy-token-n", "text-anchor": "middle"}));
      g.append(
        svg(
          "title",
          {},
          n_(
            "{n} token taken behind the screen: colour unseen",
            "{n} tokens taken behind the screen: colour unseen",
            unseen,
          ),
        ),
      );
      parts.push(g);
      tx += 26;
    }
    parts.push(
      fitted(tx + 2, y + 15.5, unseen ? _("tokens (grey: colour unseen)") : _("tokens"), W - tx - 10, {
        class: "sy-tiny",
      }),
    );
    y += 30;
    const cubes = seat.cubes_left;
    if (view.phase === "cube" && (cubes.legionary || cubes.vestal)) {
      parts.push(
        fitted(
          8,
          y + 4,
          _("cubes left to place: {legionary} legionary, {vestal} vestal", {
            legionary: cubes.legionary,
            vestal: cubes.vestal,
          }),
          W - 16,
          {class: "sy-small"},
        ),
      );
      y += 16;
    }
    if (mine && seat.my_choice) {
      const said = seat.my_choice_said || "";
      parts.push(
        fitted(8, y + 8, _("Your choice, hidden from the others: {choice}", {choice: said}), W - 16, {
          class: "sy-small sy-strong",
        }),
      );
      y += 18;
    }
    // end of the game: how many Slaves to free, in secret
    const frees = mine && msg.mode === "live" ? movesOf(msg.moves, "free") : [];
    if (frees.length) {
      parts.push(
        fitted(8, y + 8, _("Free Slaves (each: 2 denarii, +3 prestige) — how many?"), W - 16, {
          class: "sy-small sy-strong",
        }),
      );
      y += 16;
      let x = 8;
      for (const move of frees) {
        const action = move.text;
        const g = svg("g", {class: "sy-bid"});
        g.append(
          svg("rect", {
            x,
            y,
            width: 34,
            height: 34,
            rx: 17,
            fill: "#f2b705",
            stroke: "#6b5a3c",
            "stroke-width": 1.2,
          }),
        );
        g.append(text(x + 17, y + 22, String(move.args.n), {class: "sy-bid-t", "text-anchor": "middle"}));
        parts.push(target(g, action, [x, y, 34, 34], describe(view, action)));
        x += 42;
      }
      y += 42;
    }
    // setup: the secret choice of characters
    if (view.phase === "pick") {
      if (mine) {
        const kept = (seat.kept_so_far || []).map((c) => asCard(c).kind);
        const keep = seat.to_keep;
        const words = keep
          ? _("Kept so far ({n} of {all}), seen by you alone:", {n: kept.length, all: keep})
          : _("Kept so far ({n}), seen by you alone:", {n: kept.length});
        parts.push(fitted(8, y + 8, words, W - 16, {class: "sy-small"}));
        y += 14;
        y = drawCards(parts, (seat.kept_so_far || []).map(asCard), y, null, () => null);
        const rest = (seat.set_left || []).map(asCard);
        if (movesOf(msg.moves, "pick").length) {
          parts.push(
            fitted(8, y + 8, _("Your set: click a card to keep it"), W - 16, {class: "sy-small sy-strong"}),
          );
          y += 14;
          y = drawCards(parts, rest, y, null, (c) => `pick:${c.kind}`);
        }
      } else {
        parts.push(
          fitted(
            8,
            y + 8,
            n_(
              "has kept {n} character (hidden until all reveal)",
              "has kept {n} characters (hidden until all reveal)",
              seat.kept_so_far,
            ),
            W - 16,
            {class: "sy-small"},
          ),
        );
        y += 18;
      }
    }
    // characters
    if (seat.characters.length) {
      y = drawCards(parts, seat.characters, y, `seat-${s}`, (c) => {
        if (!mine || c.face_down) return null;
        for (const verb of ["tilt", "cover"]) {
          const action = `${verb}:${c.kind}`;
          if (legal.has(action) && (verb === "cover" || !c.tilted)) return action;
        }
        return null;
      });
    }
    // buildings
    if (seat.buildings.length) {
      let x = 8;
      y += 4;
      for (const b of seat.buildings) {
        const name = buildingName(b.building);
        const w = Math.min(W - 16, Math.max(58, name.length * 6.4 + 12));
        if (x + w > W - 6) {
          x = 8;
          y += 34;
        }
        const g = svg("g", {
          class: `sy-building${b.face_down ? " down" : ""}`,
          "data-building": b.building,
          "data-mark": `seat-${s}-building-${b.building}`,
          "data-name": name,
        });
        g.append(svg("rect", {x, y, width: w, height: 28, rx: 5, class: "sy-building-tile"}));
        g.append(fitted(x + w / 2, y + 13, name, w - 6, {class: "sy-building-t", "text-anchor": "middle"}));
        g.append(
          fitted(x + w / 2, y + 24, b.face_down ? _("face down") : _("building"), w - 6, {
            class: "sy-tiny",
            "text-anchor": "middle",
          }),
        );
        const help = buildingHelp(b.building);
        g.append(
          svg(
            "title",
            {},
            b.face_down
              ? _("{building} (face down: no effect): {help}", {building: name, help})
              : _("{building}: {help}", {building: name, help}),
          ),
        );
        const action = `cover:${b.building}`;
        if (mine && !b.face_down && legal.has(action))
          target(g, action, [x, y, w, 28], describe(view, action));
        parts.push(g);
        x += w + 6;
      }
      y += 34;
    }
    if (!seat.characters.length && !seat.buildings.length && view.phase !== "pick") {
      parts.push(text(8, y + 8, _("no characters or buildings"), {class: "sy-small"}));
      y += 16;
    }
    const title = mine ? _("Your area (behind your screen: seen by you alone)") : seatLabel(msg, view, s);
    const section = panel(
      title,
      `sy-seat${mine ? " mine" : ""}${msg.to_act.includes(s) ? " acting" : ""}`,
      parts,
      y + 6,
    );
    section.style.borderColor = SEAT_FILL[key] === "#f4f0e6" ? "#9a9387" : SEAT_FILL[key];
    section.dataset.seat = s;
    section.dataset.name = view.seats[s].name; // the log names a seat by its colour
    return section;
  }

  /** Lay out cards in rows from y; `actionOf(card)` names the move a click takes, or null. */
  function drawCards(parts, cards, y, markAs, actionOf) {
    let x = 8;
    const seen = {};
    for (const c of cards) {
      const w = cardWidth(c.tilted);
      if (x + w > W - 4) {
        x = 8;
        y += CH + 8;
      }
      const top = y + 6;
      const g = card(c.kind, x, c.tilted ? top + (CH - CW) : top, {
        tilted: c.tilted,
        faceDown: c.face_down,
        hexes: c.hexes,
      });
      if (markAs) {
        // the k-th card of a kind in a seat's area: a new one, or one tilted or turned, is marked
        seen[c.kind] = (seen[c.kind] || 0) + 1;
        g.setAttribute("data-mark", `${markAs}-${c.kind}-${seen[c.kind]}`);
      }
      const action = actionOf(c);
      if (action && ui.msg.legal.includes(action)) {
        target(
          g,
          action,
          c.tilted ? [x, top + (CH - CW), CH, CW] : [x, top, CW, CH],
          describe(ui.view, action),
        );
      }
      parts.push(g);
      x += w;
    }
    return cards.length ? y + CH + 12 : y;
  }

  // -- the prompt and the buttons ---------------------------------------------------------------

  function drawChooser(msg, view) {
    if (msg.mode !== "live" || !msg.legal.length) {
      chooser.replaceChildren(ui.why ? el("p", {class: "why", role: "status"}, ui.why) : "");
      chooser.hidden = !ui.why;
      return;
    }
    chooser.hidden = false;
    const hint = HINTS[view.phase] ? _(HINTS[view.phase]) : "";
    chooser.replaceChildren(
      ui.why ? el("p", {class: "why", role: "status"}, ui.why) : "",
      el("p", {class: "sy-hint"}, el("strong", {}, _("Your move.")), " ", hint),
      buttons,
    );
    drawMoveButtons(buttons, msg.moves, host.act, {skip: ["up", "down"]}); // the vote has its own control
  }

  // -- drawing it all ---------------------------------------------------------------------------

  function draw() {
    const msg = ui.msg;
    if (!msg) return;
    const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
    ui.view = view;
    effects = {...PRINTED_EFFECTS, ...(view.building_effects || {})};
    const legal = legalSet(msg);
    if (ui.lastPhase !== view.phase) {
      if (view.phase === "vote") ui.money = 0;
      ui.lastPhase = view.phase;
    }
    // your own area first (the cards you pick, tilt and cover), then the table, then the others
    const me = msg.seat;
    const panels = [
      drawAuction(msg, view, legal),
      me !== null ? drawSeat(msg, view, me, legal) : null,
      drawEvents(msg, view, legal),
      drawTrack(msg, view, legal),
      drawMarket(msg, view, legal),
      drawWork(msg, view, legal),
      drawRecruitment(msg, view, legal),
    ].filter(Boolean);
    // on a narrow screen the panel of the decision at hand comes first (CSS order)
    const focus = msg.legal.length && msg.mode === "live" ? FOCUS[view.phase] : null;
    for (const p of panels) p.classList.toggle("sy-focus", !!focus && p.classList.contains(focus));
    grid.replaceChildren(...panels);
    const others = view.seats.map((_seat, s) => s).filter((s) => s !== me);
    seatsBox.replaceChildren(...others.map((s) => drawSeat(msg, view, s, legal)));
    fitTexts(root);
    drawChooser(msg, view);
  }

  return {
    update(msg) {
      if (!ui.msg || ui.msg.n !== msg.n) ui.why = null;
      ui.msg = {...msg, moves: msg.moves || []};
      labels = new Map(ui.msg.moves.map((m) => [m.text, m.label]));
      draw();
    },
    seatFacts(msg, s) {
      // the live score beside each seat's name: prestige (public), denarii if the seat shows them
      const seat = msg.view.seats[s];
      if (!seat) return null;
      if (seat.denarii === null) return n_("{n} prestige", "{n} prestige", seat.prestige);
      return n_("{prestige} prestige · {n} denarius", "{prestige} prestige · {n} denarii", seat.denarii, {
        prestige: seat.prestige,
      });
    },
    prompt(msg) {
      // the election and the sale offer a pass only to some: say "or pass" only when it is one
      const phase = msg.view.phase;
      const canPass = movesOf(msg.moves, "pass").length > 0;
      const marked = (canPass ? PROMPTS : PROMPTS_NO_PASS)[phase] || PROMPTS[phase];
      let words = marked ? _(marked) : _("choose a move");
      // income: the building whose decision it is now, not both
      if (phase === "use" && movesOf(msg.moves, "temple").length) {
        words = _(
          "your Private Temple — pay {n} denarii for a token (click +1 on a track), or do not use it",
          {n: effects.temple_cost},
        );
      }
      if (phase === "use" && movesOf(msg.moves, "tavern").length)
        words = _("your Tavern — move a marker one space (− or + on a track), or do not use it");
      return _("Your move: {words}", {words});
    },
    scoreLines(msg) {
      const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
      const seats = view.seats;
      const christians = (seat) => seat.characters.filter((c) => c.christian && !c.face_down).length;
      const rows = [[_("Christians face up (2 each)"), ...seats.map(christians)]];
      for (const [id, track] of Object.entries(view.ladder)) {
        rows.push([
          _("{track} tokens ({value} each)", {track: track.name, value: track.value}),
          ...seats.map((seat) => seat.tokens[id]),
        ]);
      }
      rows.push([_("Denarii left"), ...seats.map((seat) => (seat.denarii === null ? "?" : seat.denarii))]);
      return rows;
    },
  };
}

// The panel that holds the clickable moves of each phase.
const FOCUS = {
  pick: "mine",
  elect: "sy-auction",
  token: "sy-track",
  recruit: "sy-recruit",
  offer: "sy-market",
  bid: "sy-auction",
  tilt: "mine",
  use: "sy-track",
  cube: "sy-events",
  avert: "sy-events",
  remove: "sy-events",
  cover: "mine",
  vote: "sy-work",
  free: "mine",
};

// Each phase's words are marked N_ and read through _ where shown.
const PROMPTS = {
  pick: N_("keep characters of your set in secret — click a card of your set"),
  elect: N_("bid votes for the First Consul, or pass — click a bid"),
  token: N_("take a Res Publica token — click a colour on the Republic track"),
  recruit: N_("recruit a character — click one in the recruitment row"),
  offer: N_("offer a building for sale — click a tile in the market"),
  bid: N_("bid cards of the sale's colour, or pass — click a bid"),
  tilt: N_("pay for the building — click a card to tilt"),
  use: N_("your buildings' income — Private Temple or Tavern"),
  cube: N_("place a cube — click a legionary or vestal symbol on an event"),
  avert: N_("as First Consul, break the tie — click the event to avert"),
  remove: N_("as First Consul, break the tie — click the event that leaves the game"),
  cover: N_("an event strikes — click the card or building to turn face down"),
  vote: N_("secret vote on the great work — denarii in your fist, thumb up or down"),
  free: N_("free Slaves (2 denarii each, 3 prestige each) — in secret"),
};

const PROMPTS_NO_PASS = {
  elect: N_("bid votes for the First Consul (you cannot pass now) — click a bid"),
  bid: N_("bid cards of the sale's colour (you cannot pass now) — click a bid"),
};

const HINTS = {
  pick: N_("Click a card of your set below (your area) to keep it; the others see only how many you kept."),
  elect: N_("Votes are your face-up untilted Senators plus denarii; the winner pays only the denarii."),
  token: N_("Click a coloured token on the Republic track, or a button."),
  recruit: N_("Click a character in the recruitment row."),
  offer: N_("Click a building in the market: its slot's colour is the colour of the sale."),
  bid: N_("Cards carrying the sale's colour (face up, untilted; Cranes count)."),
  tilt: N_("Click one of your highlighted cards to tilt it."),
  use: N_(
    "Private Temple: a token for 2 denarii. Tavern: move a marker one space (the − and + on the track).",
  ),
  cube: N_("Click a highlighted symbol on an event."),
  avert: N_("Click a highlighted event."),
  remove: N_("Click a highlighted event."),
  cover: N_("Click one of your highlighted cards or buildings."),
  vote: N_(
    "Set the denarii with − and +, then thumb up or down on the great work. Nobody sees it until all have chosen.",
  ),
  free: N_("Each freed Slave costs 2 denarii and gives 3 prestige."),
};

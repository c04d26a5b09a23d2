// Age of Rome drawn in SVG from the seat's view: the provinces board turned as it stands this
// round (each province on the table side it faces, yours at the bottom, with its five building
// cells, population and three intrigue cells), the main board (the battlefields with their
// legions, the Senate column, the Colosseum, the fame track with its milestones, this round's
// event, the supplies), your area (character figures, enmity track with its boosts, Pantheon,
// medals, hand, sets, tasks, intrigue effects) and every other player's public area.
//
// A move is taken by clicking what it acts on: a building, an intrigue cell, a battlefield, a
// Senate vote, the Colosseum, a card, a task, an intrigue effect. When one thing carries several
// moves (a supporter with or without the boost, a legion from your board or from another
// battlefield), the click offers them as buttons. Every legal move is also a button under the
// prompt (the kit's chooser). A click on something that is not a choice says why.
//
// Everything drawn comes from the view; the names and prices of the buildings and the values of
// the Senate and the Pantheon come from its `components` (the data file's), the card texts from
// the cards themselves; no move's notation is read, only its verb and args.
import {N_, _, el, n_, svg} from "/static/common.js";
import {drawChooser as drawMoveButtons, movesOf} from "/static/kit.js";

// the players' colours as the data names them (view.components.colours), drawn in these inks
const INKS = {
  yellow: "#c98a00",
  red: "#b8322a",
  green: "#2e8540",
  blue: "#2c5aa0",
  black: "#2a2a2a",
  white: "#8a8170",
};
const SEAT_COLOURS = ["#c98a00", "#b8322a", "#2e8540", "#2c5aa0"];
const TYPES = ["military", "politics", "trade", "religion", "agriculture"];
const TYPE_FILL = {
  military: "#f3d3cd",
  politics: "#dfe3f4",
  trade: "#d5ecf0",
  religion: "#f4ecc9",
  agriculture: "#dcefd2",
};
const TYPE_INK = {
  military: "#9b2a1f",
  politics: "#2f3f8f",
  trade: "#1f6f80",
  religion: "#8a6a00",
  agriculture: "#3b7a25",
};
const GOODS_FILL = {
  tools: "#cfe0f5",
  weapons: "#f4cfca",
  garments: "#f6eab8",
  jewels: "#cdeccd",
  chests: "#f7d9b5",
};
const METAL_FILL = {gold: "#e1b422", silver: "#b9bec4", bronze: "#b7743a"};
const LEVELS = ["", "I", "II", "III"];
// what each intrigue effect does (the view names the effects in the reader's language and gives
// their keys, which the moves use)
const EFFECT_HELP = {
  slander: N_("the target's glory goes 1 down"),
  sabotage: N_("a piece of the target's unfinished Pantheon level is removed"),
  apostasy: N_("a legion of the target on a battlefield goes home, or is replaced by one of yours"),
  forged_order: N_("you move the target's legions between battlefields"),
  revote: N_("a vote of the target leaves the Senate and one of yours goes on top"),
  invalid_vote: N_("a vote of the target leaves the Senate; you gain 1 glory"),
  sold: N_("a random goods card of the target is discarded; you gain 2 denarii"),
  customs: N_("a random goods card of the target comes into your hand"),
};
const ACTION_HELP = {
  military: N_("move legions from your board to the battlefields, or between them"),
  politics: N_("put a vote on top of the Senate column"),
  trade: N_("draw a goods card"),
  religion: N_("add a piece to your Pantheon"),
  agriculture: N_("denarii from the harvest (more each round)"),
};
const BOOST_WORDS = {
  covered: N_("covered by enmity"),
  open: N_("open: usable this round"),
  used: N_("used this round"),
};
const BOOST_SHORT = {covered: N_("covered"), open: N_("×2 open"), used: N_("used")};
// the words the view sends as keys: the round's direction, the Pantheon's metals and levels,
// the diplomacy tokens
const DIRECTIONS = {clockwise: N_("clockwise"), "counter-clockwise": N_("counter-clockwise")};
const METALS = {gold: N_("gold"), silver: N_("silver"), bronze: N_("bronze")};
const PANTHEON_LEVELS = {foundation: N_("foundation"), temple: N_("temple")};
const TOKENS = {espionage: N_("espionage"), alliance: N_("alliance")};
// each type's medal (Медали, стр. 16), as the first level III of the type takes it
const MEDALS = {
  military: N_("the Warrior medal"),
  politics: N_("the Politician medal"),
  trade: N_("the Trader medal"),
  religion: N_("the Priest medal"),
  agriculture: N_("the Farmer medal"),
};
const MEDALS_SHORT = {
  military: N_("Warrior medal"),
  politics: N_("Politician medal"),
  trade: N_("Trader medal"),
  religion: N_("Priest medal"),
  agriculture: N_("Farmer medal"),
};
const RECONSTRUCTED_CARD = N_("RECONSTRUCTED: Ludi's card, not the printed one.");
const PHASES = {
  keep: N_("Setup: each keeps two of three tasks"),
  recall: N_("Intrigue phase: the event"),
  diplomacy: N_("Intrigue phase: spies and allies"),
  offer: N_("Intrigue phase: spies and allies"),
  answer: N_("Intrigue phase: spies and allies"),
  countered: N_("Intrigue phase: spies and allies"),
  spy_choice: N_("Intrigue phase: spies and allies"),
  activate: N_("Intrigue phase: activation"),
  effect: N_("Intrigue phase: activation"),
  forge: N_("Intrigue phase: activation"),
  react: N_("Intrigue phase: activation"),
  by_you: N_("Intrigue phase: activation"),
  build: N_("Building phase"),
  build_window: N_("Building phase"),
  place: N_("Action phase"),
  window: N_("Action phase"),
  legion: N_("Action phase"),
  income: N_("Income phase"),
  tax_window: N_("Income phase"),
  room: N_("A full hand: make room"),
  over: N_("The end: final scoring"),
};

/** Attributes that fit a label into `width` px when it would run over (a building's name in a
 * narrow cell): its letters are drawn closer, never out of the box. `perChar`: the label's
 * average letter width at its size (10 px bold: about 6.2 px). */
function squeezed(label, width, perChar = 6.2) {
  return label.length * perChar > width ? {textLength: width, lengthAdjust: "spacingAndGlyphs"} : {};
}

function text(x, y, content, attrs = {}) {
  return svg("text", {x, y, ...attrs}, content);
}

/** Split words into lines of at most `width` characters. */
function wrap(words, width) {
  const out = [];
  let line = "";
  for (const word of String(words).split(" ")) {
    if (line && (line + " " + word).length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out;
}

function lines(x, y, content, width, step, attrs = {}) {
  return wrap(content, width).map((line, i) => text(x, y + i * step, line, attrs));
}

function cap(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

function denarii(n) {
  return n_("{n} denarius", "{n} denarii", n);
}

/** A word the view sends as a key (`table` marks its words), in the reader's language. */
function word(table, key) {
  return table[key] ? _(table[key]) : key;
}

/** Merge every seat's view (a replay shows everything) into one. */
function mergeViews(views) {
  const merged = structuredClone(views[0]);
  if (views.length === merged.seats.length) views.forEach((v, s) => (merged.seats[s] = v.seats[s]));
  return merged;
}

// a phone's width (style.css): the board's text is drawn at 12 px and up, the moves in a list
const PHONE = window.matchMedia("(max-width: 700px)");

export function createBoard(root, host) {
  const ui = {msg: null, view: null, why: null, pick: null, hits: new Map()};
  const chooser = el("div", {class: "aor-chooser", "aria-live": "polite"});
  const buttons = el("div", {class: "aor-buttons"});
  const grid = el("div", {class: "aor-grid"});
  const seatsBox = el("div", {class: "aor-seats"});
  root.replaceChildren(el("div", {class: "aor"}, chooser, grid, seatsBox));

  // a click on a drawn thing: its moves (one: taken at once; several: offered), or why not
  root.addEventListener("click", (e) => {
    const node = e.target.closest && e.target.closest("[data-key]");
    if (!node || !ui.msg || !root.contains(node)) return;
    const key = node.getAttribute("data-key");
    const moves = ui.hits.get(key) || [];
    if (moves.length === 1) {
      ui.pick = null;
      ui.why = null;
      host.act(moves[0].text);
      return;
    }
    if (moves.length > 1) {
      ui.why = null;
      ui.pick = {title: node.getAttribute("data-title") || _("Choose"), moves};
    } else {
      ui.pick = null;
      ui.why = whyNot(key);
    }
    drawChooser();
  });
  root.addEventListener("keydown", (e) => {
    if ((e.key === "Enter" || e.key === " ") && e.target.closest && e.target.closest("[data-key].target")) {
      e.preventDefault();
      e.target.closest("[data-key]").dispatchEvent(new MouseEvent("click", {bubbles: true}));
    }
  });

  // -- helpers bound to the message being drawn -------------------------------------------------

  function seatIndex(name) {
    return ui.view.seats.findIndex((s) => s.name === name);
  }

  function colour(nameOrSeat) {
    const s = typeof nameOrSeat === "number" ? nameOrSeat : seatIndex(nameOrSeat);
    if (s < 0) return "#888";
    const named = ui.view.components && ui.view.components.colours ? ui.view.components.colours[s] : null;
    return INKS[named] || SEAT_COLOURS[s % SEAT_COLOURS.length];
  }

  function who(name) {
    const s = seatIndex(name);
    return s >= 0 && s === ui.msg.seat ? _("{seat} (you)", {seat: name}) : name;
  }

  function live() {
    return ui.msg.mode === "live" && ui.msg.seat !== null && ui.msg.legal.length > 0;
  }

  function buildingName(type) {
    const b = ui.view.components && ui.view.components.buildings[type];
    return b ? b.name : cap(type);
  }

  /** Tag `node` as the thing `key` (clickable if moves act on it); `title` for its tooltip. */
  function thing(node, key, moves, title, box) {
    node.setAttribute("data-key", key);
    if (title) {
      node.setAttribute("data-title", title);
      node.append(svg("title", {}, title));
    }
    if (live() && moves.length) {
      ui.hits.set(key, moves);
      node.classList.add("target");
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", moves.length === 1 ? moves[0].label : title || key);
      if (box) {
        node.prepend(
          svg("rect", {
            x: box[0] - 3,
            y: box[1] - 3,
            width: box[2] + 6,
            height: box[3] + 6,
            rx: 7,
            class: "halo",
          }),
        );
      }
    }
    return node;
  }

  function panel(title, cls, body, width, height, extra = null) {
    const drawing = svg("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: "aor-svg",
      style: `--vbw: ${width}`,
      role: "group",
      "aria-label": title,
    });
    drawing.append(...body.filter(Boolean));
    return el("section", {class: `aor-panel ${cls}`}, el("h4", {}, title, extra), drawing);
  }

  // -- the provinces board ----------------------------------------------------------------------

  /** Where each table side is drawn: the viewer's side at the bottom, the others clockwise. */
  function sideSlot(side, mySide) {
    // table sides are numbered clockwise; seen from your side, the next clockwise is on your left
    return (side - mySide + 4) % 4; // 0 bottom, 1 left, 2 top, 3 right
  }

  function drawProvinces() {
    const view = ui.view;
    const me = ui.msg.seat;
    const mine = me !== null ? view.seats[me].province : null;
    const myProv = view.provinces.find((p) => p.name === mine);
    const mySide = myProv ? myProv.side : 0;
    const S = 600;
    const parts = [svg("rect", {x: 0, y: 0, width: S, height: S, rx: 18, class: "aor-board-bg"})];
    // the centre: the round, the event, the way the board turns
    parts.push(...drawCentre(156, 156, 288, 288));
    for (const prov of view.provinces) {
      parts.push(drawProvince(prov, sideSlot(prov.side, mySide), S));
    }
    const turned = ((view.rotation % 4) + 4) % 4;
    const when = view.round
      ? _("round {round} of {rounds}", {round: view.round, rounds: view.rounds})
      : _("setup");
    return panel(
      _("Provinces board"),
      "aor-provinces",
      parts,
      S,
      S,
      el(
        "span",
        {class: "muted small"},
        _(" · turned {degrees}° since the start · {when}", {degrees: 90 * turned, when}),
      ),
    );
  }

  /** On a phone: the province in front of you alone, drawn large (where you build and place). */
  function drawNear(me) {
    const view = ui.view;
    const prov = view.provinces.find((p) => p.name === view.seats[me].province);
    if (!prov) return null;
    const drawing = svg("svg", {
      viewBox: "146 452 308 148",
      class: "aor-svg",
      style: "--vbw: 308",
      role: "group",
      "aria-label": _("the province in front of you, {province}", {province: prov.name}),
    });
    drawing.append(drawProvince(prov, 0, 600));
    return el(
      "section",
      {class: "aor-panel aor-near"},
      el(
        "h4",
        {},
        _("In front of you: {province}", {province: prov.name}),
        el("span", {class: "muted small"}, _(" · the whole board below")),
      ),
      drawing,
    );
  }

  function drawCentre(x, y, w, h) {
    const view = ui.view;
    const parts = [svg("rect", {x, y, width: w, height: h, rx: 12, class: "aor-centre"})];
    const phase = PHASES[view.phase] ? _(PHASES[view.phase]) : "";
    parts.push(
      text(
        x + w / 2,
        y + 24,
        view.round ? _("Round {round} of {rounds}", {round: view.round, rounds: view.rounds}) : _("Setup"),
        {
          class: "aor-title",
          "text-anchor": "middle",
        },
      ),
    );
    parts.push(
      text(x + w / 2, y + 44, phase, {
        class: "aor-small",
        "text-anchor": "middle",
        ...squeezed(phase, w - 16, 6),
      }),
    );
    if (view.event) {
      const card = eventCard(view.event, x + 20, y + 58, w - 40, 120, _("Event this round"));
      if (view.events_past.length) {
        const title = card.querySelector("title");
        title.textContent +=
          " " +
          n_(
            "Earlier events: {events}; {n} left in the deck.",
            "Earlier events: {events}; {n} left in the deck.",
            view.events_left,
            {events: view.events_past.map((e) => e.name).join(", ")},
          );
      }
      parts.push(card);
    } else {
      parts.push(
        text(
          x + w / 2,
          y + 110,
          n_("{n} event card in the deck", "{n} event cards in the deck", view.events_left),
          {
            class: "aor-small",
            "text-anchor": "middle",
          },
        ),
      );
    }
    const order = view.turn_order.length ? view.turn_order.map(who).join(" → ") : "—";
    parts.push(
      ...lines(x + 12, y + 198, _("Turn order: {seats}", {seats: order}), 40, 14, {class: "aor-small"}),
    );
    parts.push(
      text(x + 12, y + 244, _("Play goes {direction}", {direction: word(DIRECTIONS, view.direction)}), {
        class: "aor-small",
      }),
    );
    return parts;
  }

  function eventCard(ev, x, y, w, h, heading) {
    const g = svg("g", {class: "aor-event", "data-mark": "event", "data-sig": ev.name});
    g.append(
      svg("rect", {x, y, width: w, height: h, rx: 8, class: ev.harsh ? "aor-card harsh" : "aor-card"}),
    );
    g.append(text(x + 8, y + 15, heading, {class: "aor-tiny"}));
    g.append(text(x + 8, y + 32, ev.name, {class: "aor-label"}));
    g.append(...lines(x + 8, y + 50, ev.text, Math.floor(w / 7), 13, {class: "aor-small"}).slice(0, 4));
    g.append(text(x + 8, y + h - 10, _("Arrows: {arrows}", {arrows: ev.arrows}), {class: "aor-tiny"}));
    if (ev.reconstructed) g.append(reconstructed(x + w - 8, y + 15, "end"));
    const tip = ev.harsh
      ? _("{event} (harsh event): {text}. The board turns {arrows} at the round's end.", {
          event: ev.name,
          text: ev.text,
          arrows: ev.arrows,
        })
      : _("{event}: {text}. The board turns {arrows} at the round's end.", {
          event: ev.name,
          text: ev.text,
          arrows: ev.arrows,
        });
    g.append(svg("title", {}, ev.reconstructed ? tip + " " + _(RECONSTRUCTED_CARD) : tip));
    return g;
  }

  function reconstructed(x, y, anchor = "start") {
    return text(x, y, _("RECONSTRUCTED"), {class: "aor-recon", "text-anchor": anchor});
  }

  function drawProvince(prov, slot, S) {
    const view = ui.view;
    const me = ui.msg.seat;
    const myName = me !== null ? view.seats[me].name : null;
    const isMine = prov.facing !== null && prov.facing === myName;
    const horizontal = slot === 0 || slot === 2;
    const g = svg("g", {class: `aor-province${isMine ? " mine" : ""}`, "data-name": prov.name});
    // the block: 300 x 140 along the bottom / top, 146 x 300 along the left / right
    const [x, y, w, h] =
      slot === 0
        ? [150, S - 144, 300, 140]
        : slot === 2
          ? [150, 4, 300, 140]
          : slot === 1
            ? [4, 150, 146, 300]
            : [S - 150, 150, 146, 300];
    g.append(svg("rect", {x, y, width: w, height: h, rx: 10, class: "aor-prov-bg"}));
    const facing = prov.facing ? _("faces {seat}", {seat: who(prov.facing)}) : _("nobody faces it");
    g.append(text(x + 8, y + 17, prov.name, {class: "aor-label"}));
    const pop = svg("g", {"data-mark": `pop-${prov.id}`, "data-sig": String(prov.population)});
    const people = _("population {n}", {n: prov.population});
    pop.append(
      horizontal
        ? text(x + w - 8, y + 17, people, {class: "aor-small", "text-anchor": "end"})
        : text(x + 8, y + 31, people, {class: "aor-small"}),
    );
    g.append(pop);
    const faceText = text(x + 8, horizontal ? y + 31 : y + 45, facing, {
      class: "aor-small",
      ...squeezed(facing, w - 16, 6),
    });
    if (prov.facing) faceText.setAttribute("fill", colour(prov.facing));
    g.append(faceText);
    if (prov.first_player_token) {
      const token = svg("g", {class: "aor-first"});
      token.append(svg("circle", {cx: x + w - 14, cy: y + 30, r: 7, class: "aor-first-token"}));
      token.append(text(x + w - 14, y + 34, "1", {class: "aor-tiny-b", "text-anchor": "middle"}));
      token.append(svg("title", {}, _("the first-player token: the player facing this province starts")));
      g.append(token);
    }
    // five building cells
    TYPES.forEach((type, i) => {
      const cw = horizontal ? 55 : 130;
      const ch = horizontal ? 62 : 34;
      const cx = horizontal ? x + 8 + i * 57 : x + 8;
      const cy = horizontal ? y + 40 : y + 54 + i * 37;
      g.append(buildingCell(prov, type, cx, cy, cw, ch, isMine, horizontal));
    });
    // three intrigue cells
    prov.intrigues.forEach((cell, n) => {
      const ix = horizontal ? x + 20 + n * 26 : x + 20 + n * 26;
      const iy = horizontal ? y + h - 18 : y + h - 28;
      g.append(intrigueCell(prov, cell, n + 1, ix, iy, isMine));
    });
    g.append(
      text(
        horizontal ? x + 96 : x + 8,
        horizontal ? y + h - 14 : y + h - 8,
        horizontal ? _("intrigue cells") : "",
        {class: "aor-tiny"},
      ),
    );
    return g;
  }

  function buildingCell(prov, type, x, y, w, h, isMine, horizontal) {
    const b = prov.buildings[type];
    const comp = ui.view.components ? ui.view.components.buildings[type] : null;
    const name = buildingName(type);
    const level = b.level;
    const g = svg("g", {
      class: `aor-building${level ? "" : " empty"}`,
      "data-mark": `b-${prov.id}-${type}`,
      "data-sig": `${level}/${b.supporters}`,
    });
    g.append(
      svg("rect", {
        x,
        y,
        width: w,
        height: h,
        rx: 5,
        fill: level ? TYPE_FILL[type] : "#f4efe4",
        stroke: TYPE_INK[type],
        "stroke-width": level ? 1.6 : 0.8,
        "stroke-dasharray": level ? null : "3 2",
      }),
    );
    if (horizontal) {
      g.append(
        text(x + w / 2, y + 13, name, {
          class: "aor-bname",
          "text-anchor": "middle",
          fill: TYPE_INK[type],
          ...squeezed(name, w - 4),
        }),
      );
      g.append(
        text(x + w / 2, y + 36, level ? LEVELS[level] : "—", {class: "aor-level", "text-anchor": "middle"}),
      );
    } else {
      g.append(text(x + 6, y + 19, name, {class: "aor-bname", fill: TYPE_INK[type], ...squeezed(name, 62)}));
      g.append(text(x + 72, y + 20, level ? LEVELS[level] : "—", {class: "aor-level-s"}));
    }
    // the supporters standing on it (as many places as its level gives)
    for (let k = 0; k < level; k++) {
      const sx = horizontal ? x + 10 + k * 16 : x + 94 + k * 10;
      const sy = horizontal ? y + h - 10 : y + h / 2;
      g.append(
        svg("circle", {
          cx: sx,
          cy: sy,
          r: horizontal ? 5 : 4,
          class: k < b.supporters ? "aor-supporter" : "aor-place",
          fill: k < b.supporters && prov.facing ? colour(prov.facing) : null,
        }),
      );
    }
    // Spies and allies: a diplomacy token on this building, face down until it is answered
    const offer = ui.view.diplomacy && ui.view.diplomacy.offer;
    if (offer && offer.province === prov.name && offer.building === name) {
      const tx = x + w - 9;
      const ty = horizontal ? y + 25 : y + h - 9; // clear of the name, the level and the supporters
      g.append(
        svg("rect", {
          x: tx - 7,
          y: ty - 7,
          width: 14,
          height: 14,
          rx: 2,
          transform: `rotate(45 ${tx} ${ty})`,
          fill: colour(offer.by),
          class: "aor-token",
        }),
      );
      g.append(
        text(tx, ty + 3.5, offer.token ? word(TOKENS, offer.token)[0].toUpperCase() : "?", {
          class: "aor-tiny-w",
          "text-anchor": "middle",
        }),
      );
    }
    // what a click does: build, place a supporter (with or without the boost), a diplomacy token
    const moves = [];
    if (isMine) {
      moves.push(...movesOf(ui.msg.moves, "build").filter((m) => m.args.what === type));
      moves.push(...movesOf(ui.msg.moves, "place").filter((m) => m.args.what === type));
    }
    moves.push(...movesOf(ui.msg.moves, "diplomacy").filter((m) => m.args.to === `${prov.id}/${type}`));
    const next =
      level < 3 && comp ? (level === 0 ? comp.level_1[prov.name] : comp.levels_2_3[level - 1]) : null;
    const tip = [
      level
        ? _("{building} in {province}: level {level}", {
            building: name,
            province: prov.name,
            level: LEVELS[level],
          })
        : _("{building} in {province}: not built", {building: name, province: prov.name}),
      level
        ? n_(
            "{supporters} of {n} supporter",
            "{supporters} of {n} supporters",
            comp ? comp.capacity[level - 1] : level,
            {
              supporters: b.supporters,
            },
          )
        : null,
      _("action: {action}", {action: _(ACTION_HELP[type])}),
      next
        ? _("next level {level}: {denarii}, +{glory} glory", {
            level: LEVELS[level + 1],
            denarii: denarii(next[0]),
            glory: next[1],
          })
        : level === 3
          ? _("complete")
          : null,
      _("the first level III of this type takes {medal}", {medal: word(MEDALS, type)}),
    ]
      .filter(Boolean)
      .join("; ");
    return thing(g, `b:${prov.id}:${type}`, moves, tip, [x, y, w, h]);
  }

  function intrigueCell(prov, cell, n, x, y, isMine) {
    const g = svg("g", {
      class: "aor-intrigue",
      "data-mark": `i-${prov.id}-${n}`,
      "data-sig": cell ? `${cell.owner}/${cell.active}` : "-",
    });
    g.append(svg("rect", {x: x - 10, y: y - 10, width: 20, height: 20, rx: 4, class: "aor-icell"}));
    if (cell) {
      g.append(
        svg("rect", {
          x: x - 7,
          y: y - 7,
          width: 14,
          height: 14,
          rx: 3,
          fill: cell.active ? "#fff" : colour(cell.owner),
          stroke: colour(cell.owner),
          "stroke-width": 2.5,
        }),
      );
      if (cell.active) g.append(text(x, y + 4, "!", {class: "aor-tiny-b", "text-anchor": "middle"}));
    }
    const moves = movesOf(ui.msg.moves, "activate").filter((m) => m.args.what === prov.id && m.args.n === n);
    if (isMine && !cell) {
      // the intrigue action lays the token on the first free cell
      const first = prov.intrigues.findIndex((c) => c === null) + 1;
      if (first === n)
        moves.push(...movesOf(ui.msg.moves, "place").filter((m) => m.args.what === "intrigue"));
    }
    const tip = !cell
      ? _("intrigue cell {n} of {province}: free", {n, province: prov.name})
      : cell.active
        ? _("intrigue cell {n} of {province}: {seat}'s intrigue, activated", {
            n,
            province: prov.name,
            seat: who(cell.owner),
          })
        : _("intrigue cell {n} of {province}: {seat}'s intrigue, face down", {
            n,
            province: prov.name,
            seat: who(cell.owner),
          });
    return thing(g, `i:${prov.id}:${n}`, moves, tip, [x - 10, y - 10, 20, 20]);
  }

  // -- the main board ---------------------------------------------------------------------------

  function drawMain() {
    const view = ui.view;
    const W = 560;
    const parts = [];
    let y = 4;
    // the battlefields
    parts.push(text(6, y + 12, _("Battlefields"), {class: "aor-label"}));
    // a row of legions per player, each with the player's whole name
    const fieldH = 46 + 20 * view.seats.length;
    view.battlefields.forEach((bf, i) => parts.push(battlefield(bf, 6 + i * 184, y + 20, 178, fieldH)));
    y += fieldH + 30;
    // the Senate column and the Colosseum
    parts.push(...senate(6, y, 170, 170));
    parts.push(colosseum(190, y, 170, 80));
    parts.push(...supplies(190, y + 90, 364, 80));
    parts.push(...pantheonSupply(370, y, 184, 80));
    y += 180;
    // the fame track
    parts.push(...fameTrack(6, y, W - 12));
    y += 150;
    // the goods deck and the discard pile (face up: every card in it was seen going there)
    y = goodsPiles(parts, y);
    return panel(_("Main board"), "aor-main", parts, W, y);
  }

  function goodsPiles(parts, y) {
    const view = ui.view;
    const pile = view.goods_discard || [];
    parts.push(text(6, y + 12, _("Goods cards"), {class: "aor-label"}));
    const deck = svg("g", {"data-mark": "goods-deck", "data-sig": String(view.goods_deck)});
    deck.append(svg("rect", {x: 6, y: y + 20, width: 104, height: 92, rx: 6, class: "aor-card-back"}));
    deck.append(text(58, y + 62, `${view.goods_deck}`, {class: "aor-label", "text-anchor": "middle"}));
    deck.append(text(58, y + 80, _("in the deck"), {class: "aor-tiny", "text-anchor": "middle"}));
    deck.append(
      svg("title", {}, n_("{n} goods card in the deck", "{n} goods cards in the deck", view.goods_deck)),
    );
    parts.push(deck);
    const g = svg("g", {"data-mark": "goods-discard", "data-sig": pile.map((c) => c.id).join(",")});
    if (pile.length) {
      g.append(goodsCard(pile[pile.length - 1], 118, y + 20, 104, 92, false));
      const under = pile
        .slice(0, -1)
        .reverse()
        .map((c) => c.name);
      const words = under.length
        ? n_(
            "Discard pile: {n} card; under the top card: {cards}",
            "Discard pile: {n} cards; under the top card: {cards}",
            pile.length,
            {cards: under.join(", ")},
          )
        : n_("Discard pile: {n} card", "Discard pile: {n} cards", pile.length);
      g.append(...lines(232, y + 34, words, 48, 13, {class: "aor-small"}).slice(0, 6));
    } else {
      g.append(svg("rect", {x: 118, y: y + 20, width: 104, height: 92, rx: 6, class: "aor-supply-bg"}));
      g.append(text(170, y + 70, _("no discards"), {class: "aor-tiny", "text-anchor": "middle"}));
    }
    parts.push(g);
    return y + 120;
  }

  function soloGoals(parts, solo, y) {
    parts.push(text(8, y + 10, _("Emperor solo: your goals after round IX"), {class: "aor-small-b"}));
    y += 16;
    const g = svg("g", {"data-mark": "solo-goals", "data-sig": solo.goals.map((x) => x.now).join("/")});
    solo.goals.forEach((goal) => {
      g.append(
        text(8, y + 10, _("{mark} {goal}: {now} of {needed}", {mark: goal.met ? "✓" : "·", ...goal}), {
          class: goal.met ? "aor-small-b" : "aor-small",
        }),
      );
      y += 14;
    });
    const titles = solo.titles
      .map((t) => n_("{n} goal: {title}", "{n} goals: {title}", t.goals, {title: t.title}))
      .join(" · ");
    g.append(
      text(
        8,
        y + 10,
        _("{met} of {all} met now · {titles}", {met: solo.met, all: solo.goals.length, titles}),
        {
          class: "aor-tiny",
        },
      ),
    );
    parts.push(g);
    return y + 18;
  }

  function battlefield(bf, x, y, w, h) {
    const g = svg("g", {
      class: `aor-field${bf.conquered ? " conquered" : ""}`,
      "data-name": bf.name,
      "data-mark": `bf-${bf.id}`,
      "data-sig": JSON.stringify(bf.legions) + bf.conquered,
    });
    g.append(svg("rect", {x, y, width: w, height: h, rx: 8, class: "aor-field-bg"}));
    g.append(text(x + 8, y + 17, bf.name, {class: "aor-label"}));
    // the shield: the legions that conquer it
    g.append(
      svg("path", {
        d: `M${x + w - 34} ${y + 5} h24 v12 c0 8 -6 12 -12 15 c-6 -3 -12 -7 -12 -15 z`,
        class: "aor-shield",
      }),
    );
    g.append(text(x + w - 22, y + 21, String(bf.shield), {class: "aor-tiny-b", "text-anchor": "middle"}));
    g.append(
      text(
        x + 8,
        y + 32,
        bf.conquered
          ? _("banners: {banners} glory · conquered", {banners: bf.banners.join(", ")})
          : _("banners: {banners} glory", {banners: bf.banners.join(", ")}),
        {
          class: "aor-tiny",
        },
      ),
    );
    // the legions on it, by player
    Object.entries(bf.legions).forEach(([name, n], k) => {
      const lx = x + 8;
      const ly = y + 42 + k * 20;
      g.append(
        svg("rect", {x: lx, y: ly, width: 18, height: 18, rx: 3, fill: colour(name), class: "aor-legion"}),
      );
      g.append(text(lx + 9, ly + 14, String(n), {class: "aor-legion-n", "text-anchor": "middle"}));
      g.append(text(lx + 24, ly + 13, short(who(name), 26), {class: "aor-tiny"}));
    });
    const moves = [
      ...movesOf(ui.msg.moves, "legion", "forge").filter((m) => m.args.to === bf.id),
      ...movesOf(ui.msg.moves, "recall").filter((m) => m.args.what === bf.id),
      ...movesOf(ui.msg.moves, "intrigue").filter((m) => m.args.what === "apostasy" && m.args.to === bf.id),
    ];
    const held = Object.entries(bf.legions)
      .map(([name, n]) => `${who(name)} ${n}`)
      .join(", ");
    const tip = n_(
      "{field}: {n} legion conquers it; banners {banners} glory by place at the end; legions: {held}",
      "{field}: {n} legions conquer it; banners {banners} glory by place at the end; legions: {held}",
      bf.shield,
      {field: bf.name, banners: bf.banners.join(", "), held: held || _("none")},
    );
    return thing(g, `bf:${bf.id}`, moves, tip, [x, y, w, h]);
  }

  /** A name cut to `room` characters (only a name typed longer than any character's). */
  function short(name, room) {
    return name.length > room ? `${name.slice(0, room - 1)}…` : name;
  }

  function senate(x, y, w, h) {
    const view = ui.view;
    const comp = view.components;
    const values = comp ? comp.senate_values : [];
    const size = values.length || 5;
    const parts = [svg("rect", {x, y, width: w, height: h, rx: 8, class: "aor-senate-bg"})];
    parts.push(text(x + 8, y + 16, _("Senate"), {class: "aor-label"}));
    const cellH = (h - 30) / size;
    for (let p = 1; p <= size; p++) {
      const cy = y + h - 6 - p * cellH;
      const owner = view.senate[p - 1];
      const g = svg("g", {class: "aor-vote", "data-mark": `senate-${p}`, "data-sig": owner || "-"});
      g.append(
        svg("rect", {x: x + 36, y: cy, width: w - 42, height: cellH - 3, rx: 4, class: "aor-vote-cell"}),
      );
      if (owner) {
        g.append(
          svg("rect", {x: x + 39, y: cy + 3, width: w - 48, height: cellH - 9, rx: 3, fill: colour(owner)}),
        );
        g.append(
          text(x + 15 + w / 2, cy + cellH / 2 + 2, short(owner, 20), {
            class: "aor-vote-n",
            "text-anchor": "middle",
          }),
        );
      }
      g.append(
        text(x + 30, cy + cellH / 2 + 2, String(values[p - 1] ?? ""), {
          class: "aor-small",
          "text-anchor": "end",
        }),
      );
      const moves = movesOf(ui.msg.moves, "intrigue").filter(
        (m) => (m.args.what === "revote" || m.args.what === "invalid_vote") && m.args.n === p,
      );
      const where = p === 1 ? _("bottom") : p === size ? _("top") : _("position {n} from the bottom", {n: p});
      const glory = values[p - 1] ?? "?";
      const tip = owner
        ? _("Senate, {where}: {seat}'s vote; {glory} glory at the end", {where, seat: who(owner), glory})
        : _("Senate, {where}: empty; {glory} glory at the end", {where, glory});
      parts.push(thing(g, `senate:${p}`, moves, tip, [x + 40, cy, w - 80, cellH - 3]));
    }
    // the log names the Senate: hovering such a line lights the column
    return [svg("g", {class: "aor-senate", "data-name": _("Senate")}, parts)];
  }

  function colosseum(x, y, w, h) {
    const view = ui.view;
    const g = svg("g", {
      class: "aor-colosseum",
      "data-name": _("Colosseum"),
      "data-mark": "colosseum",
      "data-sig": view.seats.map((s) => s.colosseum).join("/"),
    });
    g.append(svg("ellipse", {cx: x + w / 2, cy: y + h / 2, rx: w / 2, ry: h / 2, class: "aor-colosseum-bg"}));
    g.append(text(x + w / 2, y + 24, _("Colosseum"), {class: "aor-label", "text-anchor": "middle"}));
    const glory = view.components ? view.components.colosseum_glory : 1;
    const inside = view.seats.filter((s) => s.colosseum);
    inside.forEach((s, k) => {
      g.append(
        svg("circle", {
          cx: x + w / 2 - 30 + k * 20,
          cy: y + 48,
          r: 7,
          fill: colour(s.seat),
          class: "aor-supporter",
        }),
      );
      g.append(
        text(x + w / 2 - 30 + k * 20, y + 66, String(s.colosseum), {
          class: "aor-tiny",
          "text-anchor": "middle",
        }),
      );
    });
    if (!inside.length)
      g.append(
        text(x + w / 2, y + 50, _("+{glory} glory a supporter", {glory}), {
          class: "aor-tiny",
          "text-anchor": "middle",
        }),
      );
    const moves = movesOf(ui.msg.moves, "place").filter((m) => m.args.what === "colosseum");
    return thing(
      g,
      "colosseum",
      moves,
      _("the Colosseum: a supporter here gains {glory} glory; here now: {seats}", {
        glory,
        seats: inside.map((s) => `${who(s.name)} ${s.colosseum}`).join(", ") || _("nobody"),
      }),
      [x, y, w, h],
    );
  }

  function supplies(x, y, w, h) {
    const view = ui.view;
    const parts = [svg("rect", {x, y, width: w, height: h, rx: 8, class: "aor-supply-bg"})];
    parts.push(
      text(x + 8, y + 15, _("Building tiles left (I / II / III) and medals"), {class: "aor-small-b"}),
    );
    TYPES.forEach((type, i) => {
      const bx = x + 8 + i * 71;
      const left = view.supply[type] || [0, 0, 0];
      const g = svg("g", {class: "aor-stack", "data-mark": `supply-${type}`, "data-sig": left.join("/")});
      g.append(
        svg("rect", {
          x: bx,
          y: y + 22,
          width: 66,
          height: 52,
          rx: 5,
          fill: TYPE_FILL[type],
          stroke: TYPE_INK[type],
        }),
      );
      g.append(
        text(bx + 33, y + 36, buildingName(type), {
          class: "aor-bname",
          "text-anchor": "middle",
          fill: TYPE_INK[type],
        }),
      );
      g.append(text(bx + 33, y + 52, left.join(" / "), {class: "aor-small", "text-anchor": "middle"}));
      const medalLeft = view.medals_left.includes(type);
      const medal = medalLeft ? word(MEDALS_SHORT, type) : _("medal taken");
      g.append(
        text(bx + 33, y + 68, medal, {
          class: "aor-tiny",
          "text-anchor": "middle",
          ...squeezed(medal, 62, 5.6),
        }),
      );
      const tiles = {
        building: buildingName(type),
        one: left[0],
        two: left[1],
        three: left[2],
        medal: word(MEDALS, type),
      };
      g.append(
        svg(
          "title",
          {},
          medalLeft
            ? _(
                "{building} tiles left: level I {one}, level II {two}, level III {three}; {medal} is still to be won (first level III)",
                tiles,
              )
            : _(
                "{building} tiles left: level I {one}, level II {two}, level III {three}; {medal} has been won",
                tiles,
              ),
        ),
      );
      parts.push(g);
    });
    return parts;
  }

  function pantheonSupply(x, y, w, h) {
    const view = ui.view;
    const parts = [svg("rect", {x, y, width: w, height: h, rx: 8, class: "aor-supply-bg"})];
    parts.push(text(x + 8, y + 15, _("Pantheon: common pieces"), {class: "aor-small-b"}));
    const rows = [
      ["foundation", view.pantheon_supply.foundation],
      ["temple", view.pantheon_supply.temple],
    ];
    rows.forEach(([level, metals], r) => {
      parts.push(text(x + 8, y + 38 + r * 24, cap(word(PANTHEON_LEVELS, level)), {class: "aor-small"}));
      metals.forEach((metal, k) => {
        parts.push(
          svg(
            "circle",
            {cx: x + 92 + k * 22, cy: y + 34 + r * 24, r: 8, fill: METAL_FILL[metal], class: "aor-metal"},
            svg(
              "title",
              {},
              _("{metal} piece for the {level}", {
                metal: word(METALS, metal),
                level: word(PANTHEON_LEVELS, level),
              }),
            ),
          ),
        );
      });
      if (!metals.length) parts.push(text(x + 86, y + 38 + r * 24, _("none left"), {class: "aor-tiny"}));
    });
    return parts;
  }

  function fameTrack(x, y, w) {
    const view = ui.view;
    const comp = view.components || {fame_cells: 30, fixed_milestones: [5]};
    const cells = comp.fame_cells;
    const perRow = 15;
    const cw = (w - 8) / perRow;
    const title = _("Fame track");
    const parts = [text(x, y + 12, title, {class: "aor-label"})];
    // the explanation after the title, however long the title is in the reader's language
    const after = Math.max(100, title.length * 9.6 + 14);
    const note = _("glory; milestones recruit a supporter the first time you reach them");
    parts.push(text(x + after, y + 12, note, {class: "aor-tiny", ...squeezed(note, w - after, 5)}));
    const markers = new Map();
    view.milestone_markers.forEach((cell, k) => markers.set(cell, [...(markers.get(cell) || []), k + 1]));
    const bySeat = new Map();
    view.seats.forEach((s) => {
      const cell = ((s.glory - 1) % cells) + 1;
      bySeat.set(cell, [...(bySeat.get(cell) || []), s]);
    });
    for (let c = 1; c <= cells; c++) {
      const row = Math.floor((c - 1) / perRow);
      const col = (c - 1) % perRow;
      const cx = x + 4 + col * cw;
      const cy = y + 22 + row * 60;
      const fixed = comp.fixed_milestones.includes(c);
      const marker = markers.get(c);
      const g = svg("g", {class: "aor-fame"});
      g.append(
        svg("rect", {
          x: cx,
          y: cy,
          width: cw - 2,
          height: 54,
          rx: 4,
          class: `aor-fame-cell${fixed || marker ? " milestone" : ""}`,
        }),
      );
      g.append(text(cx + 4, cy + 12, String(c), {class: "aor-tiny"}));
      if (fixed) g.append(text(cx + cw - 6, cy + 12, "★", {class: "aor-tiny-b", "text-anchor": "end"}));
      if (marker) g.append(text(cx + cw - 6, cy + 12, "⚑", {class: "aor-flag", "text-anchor": "end"}));
      (bySeat.get(c) || []).forEach((s, k) => {
        const m = svg("g", {"data-mark": `fame-${s.seat}`, "data-sig": String(s.glory), "data-name": s.name});
        m.append(
          svg("circle", {
            cx: cx + 9 + (k % 2) * 14,
            cy: cy + 24 + Math.floor(k / 2) * 14,
            r: 6,
            fill: colour(s.seat),
            class: "aor-marker",
          }),
        );
        if (s.glory > cells)
          m.append(
            text(cx + cw - 5, cy + 50, `+${cells * Math.floor((s.glory - 1) / cells)}`, {
              class: "aor-tiny-b",
              "text-anchor": "end",
              fill: colour(s.seat),
            }),
          );
        if (s.glory > cells)
          m.append(
            text(cx + 9 + (k % 2) * 14, cy + 27 + Math.floor(k / 2) * 14, "+", {
              class: "aor-tiny-w",
              "text-anchor": "middle",
            }),
          );
        m.append(svg("title", {}, _("{seat}: {glory} glory", {seat: who(s.name), glory: s.glory})));
        g.append(m);
      });
      const tip = [
        _("fame track, cell {cell}", {cell: c}),
        fixed ? _("a printed milestone") : null,
        marker ? _("a milestone marker (it moves one cell down each time a player first reaches it)") : null,
        ...(bySeat.get(c) || []).map((s) => _("{seat} {glory} glory", {seat: who(s.name), glory: s.glory})),
      ]
        .filter(Boolean)
        .join("; ");
      g.append(svg("title", {}, tip));
      parts.push(g);
    }
    return parts;
  }

  // -- the players' areas -----------------------------------------------------------------------

  function drawSeat(s) {
    const view = ui.view;
    const seat = view.seats[s];
    const mine = s === ui.msg.seat;
    const W = 560;
    const parts = [];
    const c = colour(s);
    parts.push(svg("rect", {x: 2, y: 2, width: W - 4, height: 8, rx: 4, fill: c}));
    let y = 28;
    parts.push(
      text(8, y, mine ? _("{seat} (you)", {seat: seat.name}) : seat.name, {class: "aor-seat-name", fill: c}),
    );
    const figs = svg("g", {"data-mark": `fig-${s}`, "data-sig": `${seat.glory}/${seat.denarii}`});
    figs.append(
      text(W - 8, y, _("{glory} glory · {denarii}", {glory: seat.glory, denarii: denarii(seat.denarii)}), {
        class: "aor-label",
        "text-anchor": "end",
      }),
    );
    parts.push(figs);
    y += 20;
    // (the longer words of some languages are drawn closer, never past the panel's edge)
    const figures = _(
      "faces {province} · legions: {home} at home, {out} on battlefields · votes at home: {votes}",
      {
        province: seat.province,
        home: seat.legions_home,
        out: seat.legions_on_battlefields,
        votes: seat.votes_home,
      },
    );
    parts.push(text(8, y, figures, {class: "aor-small", ...squeezed(figures, W - 16, 6)}));
    y += 16;
    const supporters = _(
      "supporters: {all} ({left} to place this round) · intrigue tokens on your board: {intrigues} · in the Colosseum: {colosseum}",
      {
        all: seat.supporters,
        left: seat.supporters_to_place,
        intrigues: seat.intrigue_tokens_home,
        colosseum: seat.colosseum,
      },
    );
    parts.push(text(8, y, supporters, {class: "aor-small", ...squeezed(supporters, W - 16, 6)}));
    y += 12;
    // the enmity track with its boosts
    parts.push(...enmityTrack(seat, 8, y));
    // the Pantheon
    parts.push(...pantheon(seat, 320, y));
    y += 74;
    // medals, intrigue effects
    const medals = seat.medals.map((t) => word(MEDALS_SHORT, t));
    const medalG = svg("g", {"data-mark": `medals-${s}`, "data-sig": medals.join(",")});
    medalG.append(
      text(8, y, _("Medals: {medals}", {medals: medals.join(", ") || _("none")}), {class: "aor-small"}),
    );
    const priest = mine ? movesOf(ui.msg.moves, "priest") : [];
    parts.push(
      thing(
        medalG,
        `medals:${s}`,
        priest,
        medals.length ? _("{seat}'s medals: {medals}", {seat: seat.name, medals: medals.join(", ")}) : "",
        [4, y - 12, 250, 16],
      ),
    );
    if (seat.anchor)
      parts.push(text(W - 8, y, _("holds an anchor card"), {class: "aor-small", "text-anchor": "end"}));
    y += 10;
    parts.push(text(8, y + 12, _("Intrigue effects:"), {class: "aor-small-b"}));
    y += 18;
    seat.intrigue_effects.forEach((name, k) => {
      parts.push(effectChip(name, (seat.intrigue_effect_keys || [])[k], 8 + k * 182, y, 176, mine));
    });
    y += 34;
    // tasks
    if (seat.tasks && seat.tasks.length) {
      parts.push(
        text(8, y + 10, mine && !ui.msg.over ? _("Your tasks (secret)") : _("Tasks"), {class: "aor-small-b"}),
      );
      y += 16;
      seat.tasks.forEach((task, k) => parts.push(taskCard(task, 8 + k * 182, y, 176, mine, seat)));
      y += 78;
    } else if (seat.tasks_kept) {
      parts.push(
        text(8, y + 10, n_("{n} task kept (secret)", "{n} tasks kept (secret)", seat.tasks_kept), {
          class: "aor-small",
        }),
      );
      y += 18;
    }
    if (mine && view.solo) y = soloGoals(parts, view.solo, y);
    // the hand
    if (seat.hand) {
      parts.push(
        text(
          8,
          y + 10,
          view.components
            ? _("Your goods cards ({n} of {limit})", {n: seat.hand.length, limit: view.components.hand_limit})
            : _("Your goods cards ({n})", {n: seat.hand.length}),
          {class: "aor-small-b"},
        ),
      );
      y += 16;
      y = cardRow(parts, seat.hand, y, true);
    } else {
      const g = svg("g", {"data-mark": `hand-${s}`, "data-sig": String(seat.hand_size)});
      g.append(
        text(8, y + 10, n_("{n} goods card in hand", "{n} goods cards in hand", seat.hand_size), {
          class: "aor-small",
        }),
      );
      for (let k = 0; k < seat.hand_size; k++)
        g.append(svg("rect", {x: 150 + k * 14, y: y, width: 12, height: 16, rx: 2, class: "aor-card-back"}));
      parts.push(g);
      y += 20;
      if (seat.known_cards && seat.known_cards.length) {
        parts.push(text(8, y + 10, _("Cards of theirs you know"), {class: "aor-small-b"}));
        y += 16;
        y = cardRow(parts, seat.known_cards, y, false);
      }
    }
    if (mine && seat.known_in_other_hands && seat.known_in_other_hands.length) {
      const known = seat.known_in_other_hands.map((k) => `${k.card.name} (${who(k.holder)})`).join(", ");
      parts.push(...lines(8, y + 10, _("You know: {cards}", {cards: known}), 90, 13, {class: "aor-small"}));
      y += 18;
    }
    // sets
    if (seat.sets.length) {
      parts.push(text(8, y + 10, _("Sets laid"), {class: "aor-small-b"}));
      y += 16;
      for (const set of seat.sets) {
        y = cardRow(parts, set.cards, y, false, _("{type}:", {type: cap(set.type_name || set.type)}));
      }
    }
    const section = panel(
      mine ? _("Your area") : _("{seat}'s area", {seat: seat.name}),
      `aor-seat${mine ? " mine" : ""}${ui.view.to_act.includes(seat.name) ? " acting" : ""}`,
      parts,
      W,
      y + 6,
    );
    section.style.borderColor = c;
    section.dataset.seat = s;
    section.dataset.name = seat.name;
    return section;
  }

  function enmityTrack(seat, x, y) {
    const parts = [
      text(x, y + 14, _("Enmity: {n}", {n: seat.enmity}), {class: "aor-small-b"}),
      text(x, y + 30, _("Boosts (×2):"), {class: "aor-small"}),
    ];
    Object.entries(seat.boosts).forEach(([type, state], k) => {
      const bx = x + 120 + k * 58;
      const g = svg("g", {
        class: `aor-boost ${state}`,
        "data-mark": `boost-${seat.seat}-${type}`,
        "data-sig": state,
      });
      g.append(
        svg("rect", {
          x: bx,
          y: y + 2,
          width: 56,
          height: 40,
          rx: 5,
          class: "aor-boost-cell",
          fill: state === "open" ? TYPE_FILL[type] : null,
        }),
      );
      g.append(
        text(bx + 28, y + 18, buildingName(type), {
          class: "aor-bname",
          "text-anchor": "middle",
          fill: TYPE_INK[type],
        }),
      );
      g.append(
        text(bx + 28, y + 34, word(BOOST_SHORT, state), {
          class: "aor-tiny",
          "text-anchor": "middle",
          ...squeezed(word(BOOST_SHORT, state), 52, 5.2),
        }),
      );
      g.append(
        svg(
          "title",
          {},
          _("{building} boost: {state} (a boosted action is done twice)", {
            building: buildingName(type),
            state: word(BOOST_WORDS, state),
          }),
        ),
      );
      parts.push(g);
    });
    return parts;
  }

  function pantheon(seat, x, y) {
    const comp = ui.view.components ? ui.view.components.pantheon : {foundation_own: 2, temple_own: 2};
    const p = seat.pantheon;
    const parts = [text(x, y + 14, _("Pantheon"), {class: "aor-small-b"})];
    const g = svg("g", {"data-mark": `pantheon-${seat.seat}`, "data-sig": JSON.stringify(p)});
    [
      ["temple", p.temple_own, comp.temple_own, p.temple_common, 0],
      ["foundation", p.foundation_own, comp.foundation_own, p.foundation_common, 1],
    ].forEach(([level, own, ownMax, common, row]) => {
      const ly = y + 22 + row * 20;
      g.append(text(x, ly + 12, cap(word(PANTHEON_LEVELS, level)), {class: "aor-tiny"}));
      for (let k = 0; k < ownMax; k++) {
        g.append(
          svg("rect", {
            x: x + 64 + k * 20,
            y: ly,
            width: 18,
            height: 16,
            rx: 2,
            fill: k < own ? colour(seat.seat) : "none",
            class: "aor-piece",
          }),
        );
      }
      g.append(
        svg("rect", {
          x: x + 64 + ownMax * 20,
          y: ly,
          width: 18,
          height: 16,
          rx: 2,
          fill: common ? METAL_FILL[common] : "none",
          class: "aor-piece",
        }),
      );
    });
    g.append(
      svg(
        "title",
        {},
        _("{seat}'s Pantheon: foundation {foundation}; temple {temple}", {
          seat: seat.name,
          foundation: pantheonLevel(p.foundation_own, p.foundation_common),
          temple: pantheonLevel(p.temple_own, p.temple_common),
        }),
      ),
    );
    parts.push(g);
    return parts;
  }

  /** A level of a Pantheon: its own pieces, and the common piece on it if any. */
  function pantheonLevel(own, common) {
    return common
      ? n_("{n} own piece and the {metal} piece", "{n} own pieces and the {metal} piece", own, {
          metal: word(METALS, common),
        })
      : n_("{n} own piece", "{n} own pieces", own);
  }

  function effectChip(name, key, x, y, w, mine) {
    // the view names an effect with the rulebook's Russian in brackets on an English page: the
    // chip shows the first name, the tooltip both
    const label = name.split(" (")[0];
    const g = svg("g", {class: "aor-effect"});
    g.append(svg("rect", {x, y, width: w, height: 28, rx: 5, class: "aor-effect-bg"}));
    g.append(text(x + 6, y + 18, label, {class: "aor-small", ...squeezed(label, w - 12, 6)}));
    const moves = mine
      ? movesOf(ui.msg.moves, "intrigue").filter(
          (m) => m.args.what === key && !["apostasy", "revote", "invalid_vote"].includes(key),
        )
      : [];
    const tip = EFFECT_HELP[key] ? _("{effect}: {help}", {effect: name, help: _(EFFECT_HELP[key])}) : name;
    const more =
      mine &&
      ["apostasy", "revote", "invalid_vote"].includes(key) &&
      movesOf(ui.msg.moves, "intrigue").some((m) => m.args.what === key);
    if (more) {
      // these effects take their object on the main board: a battlefield or a Senate vote
      g.append(text(x + w - 6, y + 18, _("→ board"), {class: "aor-tiny", "text-anchor": "end"}));
    }
    return thing(g, `effect:${key}`, moves, tip, [x, y, w, 28]);
  }

  function taskCard(task, x, y, w, mine, seat) {
    const g = svg("g", {class: "aor-task"});
    const returning = seat.task_returning === task.id;
    g.append(
      svg("rect", {
        x,
        y,
        width: w,
        height: 72,
        rx: 6,
        class: `aor-card task${returning ? " returning" : ""}`,
      }),
    );
    g.append(text(x + 6, y + 15, task.name, {class: "aor-small-b"}));
    g.append(...lines(x + 6, y + 30, task.text, 30, 12, {class: "aor-tiny"}));
    if (task.reconstructed) g.append(reconstructed(x + 6, y + 67));
    if (returning)
      g.append(text(x + w - 6, y + 67, _("to return"), {class: "aor-tiny-b", "text-anchor": "end"}));
    const moves = mine ? movesOf(ui.msg.moves, "return").filter((m) => m.args.what === task.id) : [];
    const said = _("Task “{task}”: {text}", {task: task.name, text: task.text});
    const tip = task.reconstructed ? said + " " + _(RECONSTRUCTED_CARD) : said;
    return thing(g, `task:${task.id}`, moves, tip, [x, y, w, 72]);
  }

  /** Lay out goods cards from y; your own hand's cards are clickable. Return the next y. */
  function cardRow(parts, cards, y, own, prefix = "") {
    if (!cards.length) return y + 4;
    const cw = 104;
    const ch = 92;
    let x = 8;
    if (prefix) {
      parts.push(text(x, y + 14, prefix, {class: "aor-small"}));
      x += 70;
    }
    for (const card of cards) {
      if (x + cw > 556) {
        x = 8;
        y += ch + 6;
      }
      parts.push(goodsCard(card, x, y, cw, ch, own));
      x += cw + 6;
    }
    return y + ch + 8;
  }

  function goodsCard(card, x, y, w, h, own) {
    const g = svg("g", {class: "aor-goods", "data-card": card.name});
    g.append(
      svg("rect", {
        x,
        y,
        width: w,
        height: h,
        rx: 6,
        fill: GOODS_FILL[card.type] || "#eee",
        class: "aor-card",
      }),
    );
    g.append(text(x + 6, y + 14, card.name, {class: "aor-small-b"}));
    g.append(
      text(x + w - 6, y + 14, cap(card.type_name || card.type), {class: "aor-tiny", "text-anchor": "end"}),
    );
    g.append(...lines(x + 6, y + 29, card.text, 19, 11, {class: "aor-tiny"}).slice(0, 5));
    if (card.reconstructed) g.append(reconstructed(x + 6, y + h - 6));
    if (card.may_not_chain)
      g.append(text(x + w - 6, y + h - 6, _("drawn: no chain"), {class: "aor-tiny", "text-anchor": "end"}));
    const moves = own
      ? [
          ...movesOf(ui.msg.moves, "play", "react", "sell", "discard").filter((m) => m.args.what === card.id),
          ...movesOf(ui.msg.moves, "set").filter((m) => (m.args.cards || []).includes(card.id)),
        ]
      : [];
    const tip = [
      _("{card} ({type}): {text}. Played {trigger}.", {
        card: card.name,
        type: card.type_name || card.type,
        text: card.text,
        trigger: card.trigger,
      }),
      card.may_not_chain
        ? _("Drawn by a card with another trigger: it cannot be played in this chain.")
        : null,
      card.reconstructed ? _(RECONSTRUCTED_CARD) : null,
    ]
      .filter(Boolean)
      .join(" ");
    return thing(g, `card:${card.id}`, moves, tip, [x, y, w, h]);
  }

  // -- why a click is not a choice --------------------------------------------------------------

  function whyNot(key) {
    const msg = ui.msg;
    const view = ui.view;
    if (msg.mode !== "live" || msg.seat === null) return null;
    if (msg.over) return _("The match is over.");
    if (!msg.legal.length)
      return n_(
        "Wait for your turn: {seats} is deciding.",
        "Wait for your turn: {seats} are deciding.",
        view.to_act.length,
        {
          seats: view.to_act.map(who).join(", "),
        },
      );
    const me = view.seats[msg.seat];
    const [kind, a, b] = key.split(":");
    const decision = _("Now: {decision}.", {decision: view.decision});
    if (kind === "b") {
      const prov = view.provinces.find((p) => p.id === a);
      const building = prov.buildings[b];
      const name = buildingName(b);
      if (prov.name !== me.province && view.phase === "build")
        return _("You build only in the province in front of you, {province}. {decision}", {
          province: me.province,
          decision,
        });
      if (prov.name !== me.province && view.phase === "place")
        return _("You place supporters only in the province in front of you, {province}. {decision}", {
          province: me.province,
          decision,
        });
      if (view.phase === "build") {
        if (building.level >= 3) return _("The {building} is already at level III.", {building: name});
        const left = view.supply[b][building.level];
        if (!left)
          return _("No level-{level} {building} tile is left.", {
            level: LEVELS[building.level + 1],
            building: name,
          });
        const comp = view.components.buildings[b];
        const price =
          building.level === 0 ? comp.level_1[prov.name][0] : comp.levels_2_3[building.level - 1][0];
        if (price > me.denarii)
          return _("The {building} {level} costs {price}; you have {denarii}.", {
            building: name,
            level: LEVELS[building.level + 1],
            price: denarii(price),
            denarii: denarii(me.denarii),
          });
      }
      if (view.phase === "place") {
        if (!building.level)
          return _(
            "Nothing is built here: a supporter goes on a built building, the Colosseum or an intrigue cell.",
          );
        if (building.supporters >= building.level)
          return n_(
            "The {building} is full: a level-{level} building holds {n} supporter.",
            "The {building} is full: a level-{level} building holds {n} supporters.",
            building.level,
            {building: name, level: LEVELS[building.level]},
          );
      }
    }
    if (kind === "i" && view.phase === "activate")
      return _(
        "You can activate only your own face-down intrigues, in a province someone faces. {decision}",
        {
          decision,
        },
      );
    if (kind === "bf" && view.phase === "legion")
      return _("Your legions go from your board to a battlefield, or between battlefields; never back home.");
    if (kind === "card")
      return _("That card cannot be played now: it is played {trigger}. {decision}", {
        trigger: cardTrigger(a),
        decision,
      });
    if (kind === "effect")
      return _("An intrigue's effect is chosen when you activate it. {decision}", {decision});
    if (kind === "task") return _("Your tasks are scored at the end; one of three is returned at the start.");
    return _("That is not one of your choices now. {decision}", {decision});
  }

  function cardTrigger(id) {
    const me = ui.view.seats[ui.msg.seat];
    const card = (me.hand || []).find((c) => c.id === id);
    return card ? card.trigger : _("when its moment comes");
  }

  // -- the prompt and the buttons ---------------------------------------------------------------

  function drawChooser() {
    const msg = ui.msg;
    const parts = [];
    if (ui.why) parts.push(el("p", {class: "why", role: "status"}, ui.why));
    if (msg.mode !== "live" || !msg.legal.length) {
      chooser.replaceChildren(...parts);
      chooser.hidden = !parts.length;
      return;
    }
    chooser.hidden = false;
    if (ui.pick) {
      parts.push(
        el(
          "div",
          {class: "aor-pick"},
          el("p", {class: "chooser-title"}, _("{thing} — choose:", {thing: ui.pick.title})),
          ui.pick.moves.map((m) =>
            el(
              "button",
              {
                type: "button",
                class: "move primary small",
                "data-action": m.text,
                onclick: () => host.act(m.text),
              },
              m.label,
            ),
          ),
          el(
            "button",
            {type: "button", class: "small", onclick: () => ((ui.pick = null), drawChooser())},
            _("Cancel"),
          ),
        ),
      );
    }
    parts.push(el("p", {class: "aor-hint"}, el("strong", {}, _("Your move.")), " ", hint()));
    parts.push(buttons);
    chooser.replaceChildren(...parts);
    // a phone's first screen holds a few buttons and the board: more moves go in one list
    drawMoveButtons(buttons, msg.moves, host.act, {compactOver: PHONE.matches ? 4 : Infinity});
  }

  function hint() {
    const moves = ui.msg.moves;
    const has = (...verbs) => movesOf(moves, ...verbs).length > 0;
    const bits = [];
    if (has("return")) bits.push(_("click the task you return"));
    if (has("activate")) bits.push(_("click one of your intrigues on the provinces board"));
    if (has("intrigue"))
      bits.push(
        _("click an intrigue effect on your board (or a battlefield / Senate vote for those effects)"),
      );
    if (has("forge", "legion")) bits.push(_("click the battlefield a legion goes to"));
    if (has("recall")) bits.push(_("click the battlefield a legion leaves"));
    if (has("build")) bits.push(_("click a building of your province to build it"));
    if (has("place"))
      bits.push(_("click a building of your province, the Colosseum or a free intrigue cell"));
    if (has("play", "react", "sell", "set", "discard")) bits.push(_("click a card of your hand"));
    if (has("diplomacy")) bits.push(_("click a building of another player's province"));
    if (has("tax")) bits.push(_("choose normal or double tax"));
    const offer = offerWords(ui.view, ui.msg.seat);
    if (!bits.length) return offer ? _("{offer}. Choose below.", {offer}) : _("Choose below.");
    const clicks = cap(bits.join("; "));
    return offer
      ? _("{offer}. {clicks} — or use the buttons below.", {offer, clicks})
      : _("{clicks} — or use the buttons below.", {clicks});
  }

  /** Spies and allies: the offer on the table, as its two players read it. */
  function offerWords(view, me) {
    const offer = view.diplomacy && view.diplomacy.offer;
    if (!offer || !["offer", "answer", "countered", "spy_choice"].includes(view.phase)) return "";
    const mine = me !== null && view.seats[me].name === offer.by;
    const token = offer.token ? word(TOKENS, offer.token) : _("diplomacy");
    const place = {building: offer.building, level: LEVELS[offer.level] || "", province: offer.province};
    const where = mine
      ? _("{seat}'s {building} {level} in {province}", {seat: who(offer.to), ...place})
      : _("your {building} {level} in {province}", place);
    if (view.phase === "offer") return _("Your {token} token is on {where}", {token, where});
    if (view.phase === "answer")
      return _("{seat} offers {denarii} with a {token} token on {where}", {
        seat: who(offer.by),
        denarii: denarii(offer.denarii),
        token,
        where,
      });
    if (view.phase === "countered")
      return _("{seat} asks {asked} instead of {offered}", {
        seat: who(offer.to),
        asked: denarii(offer.counter_offer),
        offered: denarii(offer.denarii),
      });
    return _("Your {token} token on {where} was accepted", {token, where});
  }

  // -- drawing it all ---------------------------------------------------------------------------

  function draw() {
    const msg = ui.msg;
    const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
    ui.view = view;
    ui.hits = new Map();
    const me = msg.seat;
    const panels = [
      me !== null ? drawSeat(me) : null,
      me !== null ? drawNear(me) : null,
      drawProvinces(),
      drawMain(),
    ].filter(Boolean);
    // the panel of the decision at hand comes first on a narrow screen (CSS order)
    const focus = live() ? focusOf(view.phase) : null;
    for (const p of panels)
      p.classList.toggle("aor-focus", !!focus && focus.split(" ").some((c) => p.classList.contains(c)));
    grid.replaceChildren(...panels);
    const others = view.seats.map((_, s) => s).filter((s) => s !== me);
    seatsBox.replaceChildren(...others.map(drawSeat));
    drawChooser();
  }

  function focusOf(phase) {
    const moves = ui.msg.moves;
    if (
      movesOf(moves, "return", "play", "react", "sell", "set", "intrigue", "discard").length &&
      !movesOf(moves, "build", "place").length
    )
      return "mine";
    if (["legion", "forge", "recall"].includes(phase)) return "aor-main";
    if (["build", "place"].includes(phase)) return "aor-near aor-provinces";
    if (["activate", "diplomacy"].includes(phase)) return "aor-provinces";
    return null;
  }

  return {
    update(msg) {
      if (!ui.msg || ui.msg.n !== msg.n) {
        ui.why = null;
        ui.pick = null;
      }
      ui.msg = {...msg, moves: msg.moves || []};
      draw();
    },
    seatFacts(msg, s) {
      const seat = msg.view.seats[s];
      if (!seat) return null;
      return _("{glory} glory · {denarii} · faces {province}", {
        glory: seat.glory,
        denarii: denarii(seat.denarii),
        province: seat.province,
      });
    },
    prompt(msg) {
      const view = msg.view;
      const canPass = movesOf(msg.moves, "pass").length > 0;
      let words = view.decision || _("choose a move");
      if (view.phase === "react" && !canPass) words = _("answer the intrigue with a card");
      if (view.activation && ["effect", "forge", "react"].includes(view.phase)) {
        words = _("{decision} ({seat}'s intrigue in {province} against {target})", {
          decision: words,
          seat: view.activation.by,
          province: view.activation.province,
          target: view.activation.target,
        });
      }
      const offer = offerWords(view, msg.seat);
      if (offer) words = _("{offer}: {decision}", {offer, decision: words});
      if (view.phase === "window" && view.placement && !movesOf(msg.moves, "skip").length) {
        words = _("play a triggered card, or take the action");
      } else if (view.phase === "window" && view.placement) {
        const at = view.placement.at;
        words = TYPES.includes(at)
          ? _("your supporter stands on the {building}: play a triggered card, or take the action or not", {
              building: buildingName(at),
            })
          : at === "colosseum"
            ? _("your supporter stands in the Colosseum: play a triggered card, or take the action or not")
            : _(
                "your supporter stands on an intrigue cell: play a triggered card, or take the action or not",
              );
      }
      return _("Your move: {decision}", {decision: words});
    },
    scoreLines(msg) {
      const view = msg.views && msg.views.length > 1 ? mergeViews(msg.views) : msg.view;
      const rows = view.scoring || [];
      if (!rows.length) return [];
      const seats = view.seats;
      const byName = (name) => rows.find((r) => r.name === name) || {};
      const col = (f) => seats.map((s) => f(byName(s.name)));
      return [
        [_("Fame track"), ...col((r) => r.track)],
        [_("Battlefields"), ...col((r) => r.military)],
        [_("Senate"), ...col((r) => r.politics)],
        [_("Goods sets"), ...col((r) => r.trade)],
        [_("Pantheon"), ...col((r) => r.religion)],
        [_("Tasks"), ...col((r) => r.tasks)],
        [_("Denarii left, turned into glory"), ...col((r) => r.denarii)],
        [_("Total glory"), ...col((r) => r.total)],
        [
          _("Denarii before / after the conversion (ties)"),
          ...col((r) => `${r.denarii_before} / ${r.denarii_after}`),
        ],
        [
          _("Achievements"),
          ...col((r) => (r.achievements && r.achievements.length ? r.achievements.join("; ") : "—")),
        ],
      ];
    },
  };
}

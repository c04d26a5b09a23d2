// Æterna drawn in SVG: Rome's seven hills with their citizen stacks (the leftmost is the
// prefect), edifices, devastation tokens, prestige values and reward tokens; the unrest track
// with its damage tokens and the doom track; turn order, the pass track and the building
// spaces. Below them, as cards: the draft packet before you or your hand, the personalities
// and the cards left on the board; then every seat's resources and played cards.
//
// A move is taken by clicking: a card (then what to do with it: keep, play, discard, ...), a
// hill or one of its reward tokens (place a citizen, build), a building space then a hill, the
// next free pass-track space, a damage token in a revolt, a turn-order space. Every legal move
// is also listed as a button under "Every legal move", and match.js keeps the notation box.
// Only what the seat's view holds is drawn: another seat's hand or pick never reaches the page.
import {N_, _, el, n_, svg} from "/static/common.js";
import {drawChooser as drawMoveButtons} from "/static/kit.js";

const SEAT_COLOURS = {red: "#b83227", blue: "#2c5aa0", orange: "#d9730d", green: "#2e7d32"};
const SEAT_LIGHT = {red: "#f4c9c2", blue: "#c9d8f2", orange: "#fbdcbc", green: "#cce7cd"};
const CARD_COLOURS = {
  green: "#3d8b47",
  yellow: "#e3b51c",
  white: "#f4f1e8",
  brown: "#8a5a33",
  blue: "#2f6db3",
  purple: "#7b4fa6",
  red: "#b8322a",
};
const DARK_INK = new Set(["white", "yellow"]);
// The board's seven hills, as printed (the view lists only those in play).
const HILL_NAMES = {
  1: "Capitolinus",
  2: "Palatinus",
  3: "Quirinalis",
  4: "Caelius",
  5: "Aventinus",
  6: "Esquilinus",
  7: "Viminalis",
};
const HILL_W = 224;
const HILL_H = 160;
// Where each hill's box sits on the wide drawing: Rome seen from above, the Tiber to the west.
const WIDE = {
  width: 990,
  height: 540,
  places: {
    3: [285, 14],
    7: [525, 14],
    6: [758, 118],
    1: [48, 182],
    2: [330, 196],
    5: [150, 368],
    4: [604, 366],
  },
};
// The buildings' names come with the view (its building area); what each gives its prefect:
const BUILDINGS = {
  templum: {name: "Templum", help: N_("its prefect gains 2 PP in phase E")},
  aquaeductus: {name: "Aquaeductus", help: N_("its prefect gains 2 grain in phase E")},
  amphitheatrum: {name: "Amphitheatrum", help: N_("its prefect loses 2 unrest in phase E")},
};
const PHASES = {
  draft: N_("A · Draft"),
  actions: N_("B · Actions"),
  revolts: N_("G · Revolts"),
  order: N_("I · Turn order for the next epoch"),
  over: N_("the end"),
};
const phaseName = (phase) => (PHASES[phase] ? _(PHASES[phase]) : phase);
/** A building type's name in the reader's edition: the view's building area names it. */
function buildingName(view, building) {
  const space = view.building_area.find((b) => b.building === building);
  return space && space.name ? space.name : (BUILDINGS[building] || {name: capital(building)}).name;
}
const ROMAN = ["", "I", "II", "III"];

// Resource glyphs, drawn once and used everywhere (SVG and HTML) through <use>.
const GLYPHS = {
  aurei:
    '<circle r="8.5" fill="#e9bb26" stroke="#7a5c0e" stroke-width="1.6"/><circle r="4.8" fill="none" stroke="#7a5c0e" stroke-width="1.2"/>',
  grain:
    '<path d="M0 9 V-7" stroke="#8a6314" stroke-width="1.6"/><g fill="#d59f28" stroke="#8a6314" stroke-width=".8"><ellipse cx="-3" cy="-4" rx="2.4" ry="4" transform="rotate(-25 -3 -4)"/><ellipse cx="3" cy="-4" rx="2.4" ry="4" transform="rotate(25 3 -4)"/><ellipse cx="-3" cy="2" rx="2.4" ry="4" transform="rotate(-25 -3 2)"/><ellipse cx="3" cy="2" rx="2.4" ry="4" transform="rotate(25 3 2)"/><ellipse cx="0" cy="-8" rx="2" ry="3.4"/></g>',
  stone:
    '<path d="M-8 6 L-6 -5 L2 -8 L8 -3 L7 7 Z" fill="#a3a09a" stroke="#4d4a45" stroke-width="1.4"/><path d="M-6 -5 L1 -2 L8 -3 M1 -2 L2 7" fill="none" stroke="#4d4a45" stroke-width="1"/>',
  citizen: '<circle cy="-5" r="3.8" fill="#5b4636"/><path d="M-7 9 C-7 0 7 0 7 9 Z" fill="#5b4636"/>',
  unrest:
    '<path d="M0 -9 C5 -3 8 0 7 4 C6 8 3 9.5 0 9.5 C-3 9.5 -7 7.5 -7 3 C-7 -1 -4 -2 -3 -6 C-1 -3 -1 -1 0 -1 C1 -3 1 -6 0 -9 Z" fill="#d9481c" stroke="#7f2308" stroke-width="1"/>',
  pp: '<path d="M-1 9 C-9 5 -10 -4 -5 -9" fill="none" stroke="#4f6b16" stroke-width="2.4"/><path d="M1 9 C9 5 10 -4 5 -9" fill="none" stroke="#4f6b16" stroke-width="2.4"/><circle cx="-7.5" cy="-1" r="2" fill="#4f6b16"/><circle cx="7.5" cy="-1" r="2" fill="#4f6b16"/><circle cx="-5.6" cy="-6" r="1.8" fill="#4f6b16"/><circle cx="5.6" cy="-6" r="1.8" fill="#4f6b16"/><circle cx="-7" cy="4" r="1.8" fill="#4f6b16"/><circle cx="7" cy="4" r="1.8" fill="#4f6b16"/>',
  card: '<rect x="-6" y="-9" width="12" height="17" rx="2" fill="#fffaf0" stroke="#4d4335" stroke-width="1.5"/><path d="M-3 -4 H3 M-3 0 H3" stroke="#4d4335" stroke-width="1.2"/>',
  ruin: '<path d="M-7 9 H7 V6 H-7 Z M-5 6 V-3 L-2 -6 L-1 -1 V6 Z M1 6 V-8 H5 V-4 L3 -2 V6 Z" fill="#7d7468" stroke="#3d372f" stroke-width=".9"/>',
  templum:
    '<path d="M-9 -3 L0 -9 L9 -3 Z" fill="#efe6d2" stroke="#3d372f" stroke-width="1.2"/><path d="M-7 -2 V6 M-3.5 -2 V6 M0 -2 V6 M3.5 -2 V6 M7 -2 V6" stroke="#3d372f" stroke-width="1.6"/><rect x="-9.5" y="6" width="19" height="2.6" fill="#3d372f"/>',
  aquaeductus:
    '<path d="M-10 -6 H10 V8 H6.5 V2 A3 3 0 0 0 0.5 2 V8 H-0.5 V2 A3 3 0 0 0 -6.5 2 V8 H-10 Z" fill="#c9b28f" stroke="#3d372f" stroke-width="1.1"/><path d="M-10 -8 H10" stroke="#2c5aa0" stroke-width="2"/>',
  amphitheatrum:
    '<ellipse rx="10" ry="7.5" fill="#d8c3a0" stroke="#3d372f" stroke-width="1.3"/><ellipse rx="5.5" ry="3.6" fill="#e9dcc0" stroke="#3d372f" stroke-width="1"/><path d="M-10 0 V3 A10 7.5 0 0 0 10 3 V0" fill="none" stroke="#3d372f" stroke-width="1"/>',
  damage:
    '<path d="M0 -9.5 L9 -4.7 V4.7 L0 9.5 L-9 4.7 V-4.7 Z" fill="#3b2f2f" stroke="#b3261e" stroke-width="1.8"/><path d="M-1.4 -5 H1.4 L0.8 2 H-0.8 Z M0 3.4 A1.3 1.3 0 1 1 0 6 A1.3 1.3 0 1 1 0 3.4 Z" fill="#ffd54a"/>',
  devastation:
    '<circle r="9" fill="#2b2118" stroke="#e4d6b8" stroke-width="1.2"/><path d="M-4.5 -4.5 L4.5 4.5 M4.5 -4.5 L-4.5 4.5" stroke="#e4d6b8" stroke-width="2.2"/>',
};
function glyphDefs() {
  const holder = svg("svg", {
    class: "ae-defs",
    width: 0,
    height: 0,
    "aria-hidden": "true",
    focusable: "false",
  });
  const defs = svg("defs");
  for (const [name, body] of Object.entries(GLYPHS)) {
    const symbol = svg("symbol", {id: `ae-g-${name}`, viewBox: "-10 -10 20 20"});
    symbol.innerHTML = body;
    defs.append(symbol);
  }
  holder.append(defs);
  return holder;
}

function use(name, x, y, size) {
  return svg("use", {href: `#ae-g-${name}`, x: x - size / 2, y: y - size / 2, width: size, height: size});
}

/** A glyph for HTML text, with its name for screen readers and tooltips. */
function icon(name, label) {
  const box = svg("svg", {
    class: "ae-icon",
    viewBox: "-10 -10 20 20",
    role: "img",
    "aria-label": label || name,
  });
  box.append(
    svg("title", {}, label || name),
    svg("use", {href: `#ae-g-${name}`, x: -10, y: -10, width: 20, height: 20}),
  );
  return box;
}

/** The view's numbers of a bundle, [aurei, grain, stone, citizens, unrest, PP] (words are the
 * reader's, so the glyphs are drawn from the numbers) -> [{n: 2, glyph: "aurei"}, ...]. */
const BUNDLE_GLYPHS = ["aurei", "grain", "stone", "citizen", "unrest", "pp"];
function bundleParts(values) {
  if (!Array.isArray(values)) return null;
  return values.map((n, i) => ({n, glyph: BUNDLE_GLYPHS[i]})).filter((p) => p.n && p.glyph);
}

/** Draw a bundle (its numbers; its words where there are none: "play a card from the board")
 * as numbers and glyphs from (x, y) on; returns the width used. */
function drawBundle(g, values, text, x, y, size = 15) {
  const parts = bundleParts(values);
  if (parts === null) {
    if (values === null) {
      g.append(use("card", x + size / 2, y, size));
      g.append(svg("text", {x: x + size + 2, y: y + 4.5, class: "ae-bundle-n small"}, _("board")));
      return size + 36;
    }
    g.append(svg("text", {x, y: y + 4, class: "ae-bundle-n small"}, text));
    return text.length * 6;
  }
  let cx = x;
  for (const {n, glyph} of parts) {
    const label = n < 0 ? `\u2212${-n}` : String(n);
    g.append(svg("text", {x: cx, y: y + 5, class: "ae-bundle-n"}, label));
    cx += label.length * 7.6 + 1;
    g.append(use(glyph, cx + size / 2, y, size));
    cx += size + 3;
  }
  return cx - x;
}

function capital(word) {
  return word ? word[0].toUpperCase() + word.slice(1) : "";
}

// -- the legal moves, by their structure (verb and args, as the server sends them) ---------------

function readMoves(list) {
  const moves = {
    pick: new Map(),
    play: new Map(),
    favour: new Map(),
    activate: new Map(),
    discard: new Map(),
    build: [],
    influence: [],
    pass: null,
    end: null,
    pay: [],
    ruin: [],
    order: [],
  };
  for (const {text, verb, args, label} of list) {
    if (["pick", "play", "favour", "activate"].includes(verb)) moves[verb].set(args.card, text);
    else if (verb === "discard") {
      if (!moves.discard.has(args.card)) moves.discard.set(args.card, []);
      moves.discard.get(args.card).push({reward: args.reward, text, label});
    } else if (verb === "build") moves.build.push({building: args.building, hill: args.hill, text});
    else if (verb === "influence") {
      moves.influence.push({hill: args.hill, slot: args.slot || null, card: args.card || null, text});
    } else if (verb === "pass") moves.pass = text;
    else if (verb === "end") moves.end = text;
    else if (verb === "pay" || verb === "ruin") moves[verb].push({token: args.token, text, label});
    else if (verb === "order") moves.order.push({space: args.space, text});
  }
  return moves;
}

// -- cards as HTML ---------------------------------------------------------------------------------

function cardLine(label, text) {
  return el("div", {class: "ae-card-line"}, el("span", {class: "ae-card-key"}, label), " ", text);
}

/** A card as a player reads it; a button when something can be done with it. */
/** A card's tooltip: everything its face says, in the words of the game's card data. */
/** A card's kind as its band reads: "Civil monument", "personality". */
function cardKind(card) {
  const deck = card.deck_name || card.deck;
  if (card.deck === "personality") return deck;
  return _("{category} {deck}", {category: card.category_name || card.category, deck});
}

function cardTip(card) {
  const kind = cardKind(card);
  return [
    card.epoch
      ? _("{card} ({kind}, epoch {epoch})", {card: card.name, kind, epoch: ROMAN[card.epoch] || card.epoch})
      : _("{card} ({kind})", {card: card.name, kind}),
    card.cost !== undefined ? _("Cost: {cost}", {cost: card.cost || _("free")}) : null,
    card.gives !== undefined ? _("Gives: {gives}", {gives: card.gives || _("nothing")}) : null,
    card.requirement ? _("Each: {requirement}", {requirement: card.requirement}) : null,
    card.reward_each_time ? _("Reward: {reward}", {reward: card.reward_each_time}) : null,
    card.ability ? card.ability : null,
    card.end_pp !== undefined ? _("{pp} PP at the end", {pp: card.end_pp}) : null,
    card.used_this_epoch ? _("used this epoch") : null,
    card.reconstructed ? _("(Ludi's invented default, not the printed card)") : null,
  ]
    .filter(Boolean)
    .join("\n");
}

function cardEl(card, {onclick = null, selected = false, note = null, extra = "", mark = null} = {}) {
  const colour = CARD_COLOURS[card.colour] || "#888";
  const kind = cardKind(card);
  const attrs = {
    class: `ae-card ${onclick ? "ae-playable" : ""} ${selected ? "ae-selected" : ""} ${extra}`,
    "data-card": card.id,
    "data-name": card.name,
    "data-mark": mark,
    "data-sig": mark ? JSON.stringify(card) : null,
    style: `--band:${colour};--band-ink:${DARK_INK.has(card.colour) ? "#1f1a14" : "#fff"}`,
    title: cardTip(card),
  };
  if (onclick) Object.assign(attrs, {type: "button", onclick, "aria-pressed": selected ? "true" : "false"});
  return el(
    onclick ? "button" : "div",
    attrs,
    el("div", {class: "ae-card-band"}, kind, el("span", {class: "ae-card-epoch"}, ROMAN[card.epoch] || "")),
    el(
      "div",
      {class: "ae-card-name"},
      card.name,
      card.reconstructed
        ? el("span", {class: "ae-recon", title: _("Ludi's invented default, not the printed card")}, "*")
        : null,
    ),
    cardLine(_("Cost"), card.cost || _("free")),
    card.gives !== undefined ? cardLine(_("Gives"), card.gives || _("nothing")) : null,
    card.requirement ? cardLine(_("Each"), card.requirement) : null,
    card.reward_each_time ? cardLine(_("Reward"), card.reward_each_time) : null,
    card.ability ? el("div", {class: "ae-card-ability"}, card.ability) : null,
    card.end_pp !== undefined
      ? el("div", {class: "ae-card-pp"}, _("{pp} PP at the end", {pp: card.end_pp}))
      : null,
    note ? el("div", {class: "ae-card-note"}, note) : null,
  );
}

function cardBack(count, label) {
  return el(
    "div",
    {class: "ae-card-back", title: label},
    el("span", {}, String(count)),
    el("small", {}, label),
  );
}

// -- the board module ------------------------------------------------------------------------------

export function createBoard(root, host) {
  const ui = {sel: null, msg: null, compact: null};
  const status = el("div", {class: "ae-status"});
  const chooser = el("div", {class: "ae-chooser", "aria-live": "polite"});
  const mine = el("section", {class: "ae-mine"});
  const mapBox = el("div", {class: "ae-map-box"});
  const tracks = el("div", {class: "ae-tracks"});
  const cards = el("section", {class: "ae-public"});
  const seatsBox = el("section", {class: "ae-seats"});
  const allMoves = el("div", {class: "ae-all-moves"});
  const frame = el("div", {class: "aeterna"});
  root.replaceChildren(glyphDefs(), frame);

  new ResizeObserver(() => {
    const compact = root.clientWidth < 640;
    if (compact !== ui.compact && ui.msg) draw();
  }).observe(root);

  // -- choosing ----------------------------------------------------------------------------------

  function select(sel) {
    const same = ui.sel && sel && Object.keys(sel).every((k) => ui.sel[k] === sel[k]);
    ui.sel = same ? null : sel;
    ui.why = null;
    draw();
  }

  /** Why can't I: a click on a hill that is not a choice now says what stands in the way,
   * from what the view shows (your citizens at home, your grain, the phase). */
  function whyNotHill(view, number) {
    const msg = ui.msg;
    const name = hillName(view, number);
    if (msg.mode !== "live" || msg.seat === null) return null;
    if (!msg.legal.length) return _("{hill}: wait for your turn.", {hill: name});
    if (view.phase !== "actions")
      return _("{hill}: no citizen is placed in this phase; {hint}", {
        hill: name,
        hint: hint(view, readMoves(msg.moves || [])),
      });
    if (view.main_action_taken)
      return _(
        "{hill}: you have taken your main action this turn; only free actions and ending your turn remain.",
        {hill: name},
      );
    const me = view.seats[msg.seat];
    const cost = influenceGrain(view, number);
    if (me.citizens_in_domus === 0)
      return _("{hill}: you have no citizen at home (Domus) to place.", {hill: name});
    if (me.grain < cost)
      return n_(
        "{hill}: a citizen costs {n} grain here and you have {grain} (a discount may lower it).",
        "{hill}: a citizen costs {n} grain here and you have {grain} (a discount may lower it).",
        cost,
        {hill: name, grain: me.grain},
      );
    return _(
      "{hill}: no citizen of yours can go there now (its spaces, or your discounts and reward tokens, do not allow it).",
      {hill: name},
    );
  }

  function act(text) {
    ui.sel = null;
    host.act(text);
    draw();
  }

  function hillName(view, number) {
    const hill = view.hills.find((h) => h.number === number);
    return hill ? hill.name : HILL_NAMES[number] || _("hill {number}", {number});
  }

  function cardName(view, id) {
    const card = allCards(view).get(id);
    return card ? card.name : id;
  }

  function allCards(view) {
    const out = new Map();
    const add = (list) => {
      for (const c of list || []) out.set(c.id, c);
    };
    add(view.personalities);
    add(view.board_cards);
    for (const seat of view.seats) {
      add(seat.hand);
      add(seat.played);
    }
    if (view.draft) {
      add(view.draft.cards_before_you);
      add(view.draft.kept);
    }
    return out;
  }

  function tokenOf(view, hillNo, slot) {
    const hill = view.hills.find((h) => h.number === hillNo);
    return hill && hill.reward_tokens.find((t) => t.slot === slot);
  }

  /** The base grain a citizen costs on a hill (2, 1, 0 by citizens there; B.4), before discounts. */
  function influenceGrain(view, hillNo) {
    const hill = view.hills.find((h) => h.number === hillNo);
    const there = hill ? hill.stacks.reduce((a, s) => a + s.citizens, 0) : 0;
    return Math.max(0, 2 - there);
  }

  /** A button's label for an influence move on the selected hill. */
  function influenceLabel(view, move) {
    if (move.slot === null) return _("Place a citizen, no reward token");
    const token = tokenOf(view, move.hill, move.slot);
    if (move.card)
      return _("Place a citizen, token {slot}: play {card} from the board", {
        slot: move.slot,
        card: cardName(view, move.card),
      });
    return _("Place a citizen, token {slot}: {gives}", {
      slot: move.slot,
      gives: token ? token.gives : _("its reward"),
    });
  }

  /** What can be done with the selected thing: {title, options: [[label, notation, primary]]}. */
  function optionsFor(view, moves, sel) {
    const out = [];
    let title = "";
    if (!sel) return {title, options: out};
    if (sel.card) {
      const id = sel.card;
      const card = allCards(view).get(id);
      const name = card ? card.name : id;
      title = name;
      if (moves.pick.has(id)) out.push([_("Keep {card}", {card: name}), moves.pick.get(id), true]);
      if (moves.play.has(id))
        out.push([_("Play it (cost: {cost})", {cost: card.cost || _("free")}), moves.play.get(id), true]);
      if (moves.favour.has(id))
        out.push([_("Ask the favour (cost: {cost})", {cost: card.cost}), moves.favour.get(id), true]);
      if (moves.activate.has(id)) out.push([_("Activate it"), moves.activate.get(id), true]);
      for (const d of moves.discard.get(id) || []) {
        out.push([d.label, d.text, false]);
      }
      // why can't I: a card of your hand you may not play says what stands in the way
      if (!moves.play.has(id) && !moves.pick.has(id) && (moves.discard.get(id) || []).length) {
        title = view.main_action_taken
          ? _("{card}: you have taken your main action this turn; you can still discard it", {card: name})
          : _("{card}: you cannot pay its cost now ({cost}); you can discard it", {
              card: name,
              cost: card && card.cost ? card.cost : _("see the card"),
            });
      }
      for (const m of moves.influence.filter((i) => i.card === id)) {
        out.push([
          n_(
            "Citizen to {hill} ({n} grain), token {slot}: play it",
            "Citizen to {hill} ({n} grain), token {slot}: play it",
            influenceGrain(view, m.hill),
            {hill: hillName(view, m.hill), slot: m.slot},
          ),
          m.text,
          true,
        ]);
      }
    } else if (sel.building) {
      const name = buildingName(view, sel.building);
      title = _("Build the {building} (1 stone, +3 PP): on which hill?", {building: name});
      for (const b of moves.build.filter((m) => m.building === sel.building)) {
        out.push([`${b.hill} · ${hillName(view, b.hill)}`, b.text, true]);
      }
    } else if (sel.hill !== undefined) {
      const grain = influenceGrain(view, sel.hill);
      title = n_(
        "{hill} ({number}): a citizen costs {n} grain here, less your discounts",
        "{hill} ({number}): a citizen costs {n} grain here, less your discounts",
        grain,
        {hill: hillName(view, sel.hill), number: sel.hill},
      );
      const influence = moves.influence.filter(
        (m) => m.hill === sel.hill && (sel.slot === undefined || m.slot === sel.slot),
      );
      for (const m of influence) out.push([influenceLabel(view, m), m.text, true]);
      if (sel.slot === undefined) {
        for (const b of moves.build.filter((m) => m.hill === sel.hill)) {
          out.push([
            _("Build the {building} here (1 stone, +3 PP)", {building: buildingName(view, b.building)}),
            b.text,
            false,
          ]);
        }
      }
    } else if (sel.damage) {
      title = _("Revolt: {token}", {token: damageName(view, sel.damage)});
      for (const m of moves.pay.filter((p) => p.token === sel.damage))
        out.push([_("Pay {cost}", {cost: view.revolt ? view.revolt.cost : _("it")}), m.text, true]);
      for (const m of moves.ruin.filter((p) => p.token === sel.damage))
        out.push([_("Take a ruin token instead"), m.text, false]);
    }
    return {title, options: out};
  }

  function clickHill(view, moves, number) {
    if (ui.sel && ui.sel.building) {
      const build = moves.build.find((b) => b.building === ui.sel.building && b.hill === number);
      if (build) {
        act(build.text);
        return;
      }
    }
    select({hill: number});
  }

  // -- drawing -----------------------------------------------------------------------------------

  /** A damage token as a player names it ("damage token 3"): the view names it. */
  function damageName(view, token) {
    const d = view.damage_tokens.find((t) => t.token === token);
    return d && d.name ? d.name : token;
  }

  function seatOf(view, name) {
    const seat = view.seats.find((s) => s.name === name);
    return seat ? seat.seat : null;
  }

  /** A seat's one name (the one the log uses), "(you)" for your own. */
  function person(view, viewName) {
    const seat = seatOf(view, viewName);
    return seat !== null && ui.msg && seat === ui.msg.seat ? _("{seat} (you)", {seat: viewName}) : viewName;
  }

  function short(text) {
    return text.length > 9 ? `${text.slice(0, 8)}…` : text;
  }

  function people(view, names) {
    return names.map((n) => person(view, n)).join(", ");
  }

  function colourOf(view, seat) {
    return SEAT_COLOURS[view.seats[seat].colour] || "#555";
  }

  function disc(g, view, seat, x, y, r, label = "") {
    g.append(
      svg("circle", {cx: x, cy: y, r, fill: colourOf(view, seat), stroke: "#fff", "stroke-width": 1.8}),
    );
    if (label !== "")
      g.append(svg("text", {x, y: y + r * 0.38, class: "ae-disc-n", "font-size": r * 1.05}, label));
  }

  function clickable(g, label, handler) {
    g.classList.add("ae-target");
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
    g.addEventListener("click", (e) => {
      e.stopPropagation();
      handler();
    });
    g.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        handler();
      }
    });
  }

  function drawHill(view, moves, number, x, y) {
    const hill = view.hills.find((h) => h.number === number);
    const g = svg("g", {
      class: `ae-hill ${hill ? "" : "ae-inactive"}`,
      "data-hill": number,
      "data-mark": hill ? `hill-${number}` : null,
      "data-sig": hill ? JSON.stringify(hill) : null,
      "data-name": hill ? hill.name : null,
      transform: `translate(${x} ${y})`,
    });
    g.append(
      svg("path", {
        class: "ae-hill-ground",
        d: `M8 ${HILL_H - 6} C -6 ${HILL_H - 60} 10 26 60 16 C 100 2 140 4 170 14 C 214 26 ${HILL_W + 4} ${HILL_H - 60} ${HILL_W - 8} ${HILL_H - 6} Z`,
      }),
    );
    g.append(
      svg(
        "text",
        {x: 14, y: 24, class: "ae-hill-name"},
        `${number} · ${hill ? hill.name : HILL_NAMES[number]}`,
      ),
    );
    if (!hill) {
      g.append(
        svg(
          "text",
          {x: HILL_W / 2, y: 88, class: "ae-muted-text", "text-anchor": "middle"},
          _("not in play"),
        ),
      );
      g.append(svg("title", {}, _("hill {number} is not in play in this match", {number})));
      return g;
    }
    const selected = ui.sel && ui.sel.hill === number;
    const canInfluence = moves.influence.some((m) => m.hill === number);
    const canBuild = moves.build.some(
      (b) => b.hill === number && (!ui.sel || !ui.sel.building || ui.sel.building === b.building),
    );
    const buildTarget =
      ui.sel &&
      ui.sel.building &&
      moves.build.some((b) => b.hill === number && b.building === ui.sel.building);
    // prestige values; a devastation token covers the highest still visible (D)
    hill.prestige.forEach((value, i) => {
      const px = 146 + i * 25;
      g.append(svg("rect", {x: px - 11, y: 9, width: 22, height: 21, rx: 4, class: "ae-prestige"}));
      g.append(svg("text", {x: px, y: 25, class: "ae-prestige-n"}, value));
      if (i < hill.devastation_tokens) g.append(use("devastation", px, 19.5, 21));
    });
    // citizen spaces: stacks in order, the first is the prefect
    const spaceX = (i) => 36 + i * 56;
    for (let i = 0; i < hill.spaces; i++) {
      const stack = hill.stacks[i];
      const cx = spaceX(i);
      const cy = 72;
      if (!stack) {
        g.append(svg("circle", {cx, cy, r: 19, class: "ae-space"}));
      } else {
        const col = colourOf(view, stack.seat);
        for (let k = Math.min(stack.citizens, 4) - 1; k > 0; k--) {
          g.append(
            svg("circle", {
              cx: cx + k * 2.5,
              cy: cy - k * 3,
              r: 19,
              fill: col,
              stroke: "#fff",
              "stroke-width": 1.2,
              opacity: 0.8,
            }),
          );
        }
        disc(g, view, stack.seat, cx, cy, 19, stack.citizens);
        g.append(
          svg(
            "title",
            {},
            i === 0
              ? n_("{seat}: {n} citizen, prefect", "{seat}: {n} citizens, prefect", stack.citizens, {
                  seat: person(view, stack.name),
                })
              : n_("{seat}: {n} citizen", "{seat}: {n} citizens", stack.citizens, {
                  seat: person(view, stack.name),
                }),
          ),
        );
      }
      g.append(
        svg("text", {x: cx, y: cy + 33, class: "ae-space-label"}, i === 0 ? _("prefect") : `${i + 1}.`),
      );
    }
    // edifices built on this hill, for good
    hill.buildings.forEach((b, i) => {
      g.append(use(b, 200, 52 + i * 22, 21));
    });
    // reward tokens: taken whole when a citizen is placed; exhausted ones are turned over
    for (const token of hill.reward_tokens) {
      const tx = 6 + (token.slot - 1) * 72;
      const tg = svg("g", {
        class: `ae-token ${token.exhausted ? "ae-exhausted" : ""}`,
        "data-token": `${number}+${token.slot}`,
        transform: `translate(${tx} 118)`,
      });
      tg.append(svg("rect", {x: 0, y: 0, width: 68, height: 28, rx: 7}));
      if (token.exhausted) {
        tg.append(svg("text", {x: 34, y: 18.5, class: "ae-muted-text", "text-anchor": "middle"}, _("used")));
      } else {
        drawBundle(tg, token.gives_bundle, token.gives, 6, 14, 15);
      }
      tg.append(
        svg(
          "title",
          {},
          token.exhausted
            ? _("reward token {slot}: {gives} (used this epoch)", {slot: token.slot, gives: token.gives})
            : _("reward token {slot}: {gives}", {slot: token.slot, gives: token.gives}),
        ),
      );
      if (moves.influence.some((m) => m.hill === number && m.slot === token.slot)) {
        tg.classList.add("ae-can");
        if (ui.sel && ui.sel.hill === number && ui.sel.slot === token.slot) tg.classList.add("ae-chosen");
        clickable(tg, _("take reward token {slot} of {hill}", {slot: token.slot, hill: hill.name}), () =>
          select({hill: number, slot: token.slot}),
        );
      }
      g.append(tg);
    }
    const grain = influenceGrain(view, number);
    const facts = [
      _("{hill} ({number}): scores {values} PP in C", {
        hill: hill.name,
        number,
        values: hill.visible_values.join("/"),
      }),
    ];
    if (hill.prefect) facts.push(_("prefect {seat}", {seat: person(view, hill.prefect)}));
    facts.push(n_("a citizen costs {n} grain here", "a citizen costs {n} grain here", grain));
    if (hill.buildings.length)
      facts.push(_("edifices: {buildings}", {buildings: (hill.building_names || hill.buildings).join(", ")}));
    g.append(svg("title", {}, facts.join("; ")));
    if (!(canInfluence || canBuild || buildTarget)) {
      g.addEventListener("click", () => {
        ui.why = whyNotHill(view, number);
        draw();
      });
    }
    if (canInfluence || canBuild || buildTarget) {
      g.classList.add("ae-can");
      if (selected && ui.sel.slot === undefined) g.classList.add("ae-chosen");
      g.insertBefore(svg("path", {class: "ae-halo", d: g.firstChild.getAttribute("d")}), g.firstChild);
      clickable(g, _("{hill}: place a citizen or build", {hill: hill.name}), () =>
        clickHill(view, moves, number),
      );
    }
    return g;
  }

  function drawMap(view, moves) {
    const compact = ui.compact;
    const active = view.hills.map((h) => h.number);
    let width;
    let height;
    let places;
    if (compact) {
      // a phone: the hills in play, two by two, in their printed order
      width = 2 * HILL_W + 18;
      const rows = Math.ceil(active.length / 2);
      height = rows * (HILL_H + 8) + 8;
      places = Object.fromEntries(
        active.map((n, i) => [n, [6 + (i % 2) * (HILL_W + 6), 6 + Math.floor(i / 2) * (HILL_H + 8)]]),
      );
    } else {
      ({width, height, places} = WIDE);
    }
    const map = svg("svg", {
      viewBox: `0 0 ${width} ${height}`,
      class: "ae-map",
      role: "group",
      "aria-label": _("the seven hills of Rome"),
    });
    map.append(svg("rect", {x: 0, y: 0, width, height, class: "ae-city"}));
    if (!compact) {
      map.append(
        svg("path", {
          class: "ae-tiber",
          d: "M20 0 C 48 90 6 150 28 250 C 46 340 120 380 96 460 C 86 500 70 520 74 540",
        }),
      );
      map.append(
        svg("text", {x: 36, y: 140, class: "ae-tiber-name", transform: "rotate(80 36 140)"}, "Tiberis"),
      );
      map.append(
        svg(
          "text",
          {x: 668, y: 270, class: "ae-forum"},
          _("Epoch {epoch}", {epoch: ROMAN[view.epoch] || view.epoch}),
        ),
      );
      map.append(svg("text", {x: 668, y: 292, class: "ae-forum-sub"}, phaseName(view.phase)));
    }
    const order = compact ? active : [1, 2, 3, 4, 5, 6, 7];
    for (const n of order) {
      if (places[n]) map.append(drawHill(view, moves, n, ...places[n]));
    }
    const parts = [map];
    if (compact && active.length < 7) {
      const out = [1, 2, 3, 4, 5, 6, 7].filter((n) => !active.includes(n));
      parts.push(
        el(
          "p",
          {class: "muted small ae-note"},
          _("Not in play: {hills}", {hills: out.map((n) => `${n} ${HILL_NAMES[n]}`).join(", ")}),
        ),
      );
    }
    mapBox.replaceChildren(...parts);
  }

  function trackTitle(g, x, y, text) {
    g.append(svg("text", {x, y, class: "ae-track-title"}, text));
  }

  /** Discs of several seats on one space, two by two. */
  function markers(g, view, seats, cx, cy) {
    seats.forEach((seat, k) => {
      const dx = seats.length === 1 ? 0 : k % 2 ? 7 : -7;
      const dy = seats.length <= 2 ? 0 : k < 2 ? -7 : 7;
      disc(g, view, seat, cx + dx, cy + dy, 7);
    });
  }

  function drawUnrest(view, moves) {
    const W = 470;
    const box = svg("svg", {
      viewBox: `0 0 ${W} 206`,
      class: "ae-track ae-unrest",
      role: "group",
      "aria-label": _("the unrest track and the doom track"),
    });
    const g = svg("g", {
      "data-mark": "unrest",
      "data-sig": JSON.stringify([view.seats.map((s) => [s.unrest, s.ruin_tokens]), view.damage_tokens]),
    });
    trackTitle(g, 8, 16, _("Unrest"));
    const cell = 41;
    const y0 = 24;
    for (let i = 0; i <= 10; i++) {
      const x = 8 + i * cell;
      g.append(svg("rect", {x, y: y0, width: cell - 3, height: 40, rx: 5, class: "ae-track-cell"}));
      g.append(svg("text", {x: x + 5, y: y0 + 12, class: "ae-track-n"}, i));
      const here = view.seats.filter((s) => s.unrest === i).map((s) => s.seat);
      markers(g, view, here, x + (cell - 3) / 2, y0 + 25);
    }
    // damage tokens wait on their unrest spaces; in G each at or below a player's unrest bites
    const revolt = view.revolt ? view.revolt.token : null;
    view.damage_tokens.forEach((d, k) => {
      const x = 8 + d.unrest * cell + (cell - 3) / 2;
      const tg = svg("g", {
        class: `ae-damage ${revolt === d.token ? "ae-revolt" : ""}`,
        "data-damage": d.token,
      });
      tg.append(use("damage", x, y0 + 54, 20));
      const lx = 8 + (k % 2) * 232;
      const ly = y0 + 78 + Math.floor(k / 2) * 22;
      tg.append(use("damage", lx + 8, ly, 15));
      tg.append(
        svg("text", {x: lx + 19, y: ly + 4.5, class: "ae-small-text"}, _("at {unrest}:", {unrest: d.unrest})),
      );
      drawBundle(tg, d.cost_bundle, d.cost, lx + 50, ly, 14);
      tg.append(
        svg(
          "title",
          {},
          _("damage token at unrest {unrest}: pay {cost} or take a ruin token (G)", {
            unrest: d.unrest,
            cost: d.cost,
          }),
        ),
      );
      if (moves.pay.some((p) => p.token === d.token) || moves.ruin.some((p) => p.token === d.token)) {
        tg.classList.add("ae-can");
        clickable(tg, _("revolt: {token}", {token: d.name || d.token}), () => select({damage: d.token}));
      }
      g.append(tg);
    });
    // the doom track: unrest plus ruin tokens gives the PP lost at the end; its last space is Damnatio memoriae
    const doom = view.doom_track;
    const dy = 148;
    trackTitle(g, 8, dy - 6, _("Doom (unrest + ruin tokens) at the end"));
    const spaces = doom.damnatio_at + 1;
    const dw = (W - 16) / spaces;
    for (let i = 0; i < spaces; i++) {
      const x = 8 + i * dw;
      const damn = i === doom.damnatio_at;
      g.append(
        svg("rect", {
          x,
          y: dy,
          width: dw - 2,
          height: 26,
          rx: 4,
          class: damn ? "ae-doom-cell ae-damnatio" : "ae-doom-cell",
        }),
      );
      g.append(
        svg(
          "text",
          {x: x + (dw - 2) / 2, y: dy + 17, class: "ae-doom-n"},
          damn ? "☠" : doom.values[i] ? `\u2212${-doom.values[i]}` : "0",
        ),
      );
      const here = view.seats
        .filter((s) => Math.min(s.unrest + s.ruin_tokens, doom.damnatio_at) === i)
        .map((s) => s.seat);
      here.forEach((seat, k) => disc(g, view, seat, x + 5 + k * 7, dy + 33, 5));
    }
    g.append(
      svg(
        "title",
        {},
        _(
          "Doom: at the end each player loses the PP of the space unrest + ruin tokens reach; the last space is Damnatio memoriae",
        ),
      ),
    );
    box.append(g);
    return box;
  }

  function drawTurn(view, moves) {
    const W = 470;
    const box = svg("svg", {
      viewBox: `0 0 ${W} 206`,
      class: "ae-track ae-turn",
      role: "group",
      "aria-label": _("turn order, pass track and building spaces"),
    });
    const g = svg("g");
    // turn order of this epoch
    trackTitle(g, 8, 16, view.phase === "order" ? _("Turn order: next epoch") : _("Turn order"));
    const slot = (W - 16) / 4;
    const order = view.phase === "order" && view.order_choice ? view.order_choice.spaces : view.turn_order;
    order.forEach((name, i) => {
      const x = 8 + i * slot;
      const sg = svg("g", {
        class: "ae-order",
        "data-order": i + 1,
        "data-mark": `order-${i + 1}`,
        "data-sig": String(name),
      });
      sg.append(svg("rect", {x, y: 24, width: slot - 6, height: 32, rx: 6, class: "ae-track-cell"}));
      sg.append(svg("text", {x: x + 8, y: 45, class: "ae-track-n"}, i + 1));
      if (name !== null) {
        const seat = seatOf(view, name);
        const current = view.phase === "actions" && view.current === seat;
        disc(sg, view, seat, x + 30, 40, 9);
        sg.append(
          svg(
            "text",
            {x: x + 44, y: 45, class: `ae-order-name ${current ? "ae-current" : ""}`},
            short(person(view, name)),
          ),
        );
        sg.append(svg("title", {}, `${i + 1}: ${person(view, name)} (${name})`));
        if (current)
          sg.append(
            svg("rect", {x: x - 2, y: 22, width: slot - 2, height: 36, rx: 7, class: "ae-current-ring"}),
          );
      }
      const move = moves.order.find((o) => o.space === i + 1);
      if (move) {
        sg.classList.add("ae-can");
        clickable(sg, _("take turn-order space {space}", {space: i + 1}), () => act(move.text));
      }
      g.append(sg);
    });
    // the pass track: the first to pass takes the space worth most PP
    trackTitle(g, 8, 78, _("Pass track"));
    const values = view.pass_track.values;
    const passed = view.pass_track.passed;
    values.forEach((value, i) => {
      const x = 8 + i * slot;
      const pg = svg("g", {
        class: "ae-pass",
        "data-pass": i + 1,
        "data-mark": `pass-${i + 1}`,
        "data-sig": passed[i] || "",
      });
      pg.append(svg("rect", {x, y: 86, width: slot - 6, height: 32, rx: 6, class: "ae-track-cell"}));
      pg.append(use("pp", x + 14, 102, 16));
      pg.append(svg("text", {x: x + 25, y: 107, class: "ae-track-n"}, value));
      if (passed[i]) {
        disc(pg, view, seatOf(view, passed[i]), x + 56, 102, 9);
      } else if (i === passed.length && moves.pass) {
        pg.classList.add("ae-can");
        clickable(pg, _("pass and take {pp} PP", {pp: value}), () => act(moves.pass));
        pg.append(svg("text", {x: x + 44, y: 107, class: "ae-small-text"}, _("pass")));
      }
      g.append(pg);
    });
    // the building spaces: a citizen from the Domus takes one and places its edifice on a hill
    trackTitle(g, 8, 140, _("Building spaces"));
    view.building_area.forEach((b, i) => {
      const bw = (W - 16) / 3;
      const x = 8 + i * bw;
      const known = BUILDINGS[b.building];
      const info = {
        name: b.name || (known ? known.name : capital(b.building)),
        help: known ? _(known.help) : "",
      };
      const bg = svg("g", {
        class: `ae-building ${b.available ? "" : "ae-taken"}`,
        "data-building": b.building,
        "data-mark": `building-${b.building}`,
        "data-sig": JSON.stringify(b),
        "data-name": info.name,
      });
      bg.append(svg("rect", {x, y: 148, width: bw - 6, height: 52, rx: 7, class: "ae-track-cell"}));
      bg.append(use(b.building, x + 20, 166, 26));
      bg.append(svg("text", {x: x + 38, y: 165, class: "ae-building-name"}, info.name));
      bg.append(
        svg("text", {x: x + 38, y: 182, class: "ae-small-text"}, _("{n} left", {n: b.left_in_supply})),
      );
      if (b.citizen) disc(bg, view, seatOf(view, b.citizen), x + bw - 22, 186, 8);
      else if (!b.available)
        bg.append(svg("text", {x: x + 38, y: 196, class: "ae-small-text"}, _("empty this epoch")));
      const state = b.citizen
        ? _("taken by {seat}", {seat: person(view, b.citizen)})
        : b.available
          ? _("free")
          : _("not available");
      bg.append(
        svg(
          "title",
          {},
          _("{building}: {help}; {state}; {n} left in the supply", {
            building: info.name,
            help: info.help,
            state,
            n: b.left_in_supply,
          }),
        ),
      );
      if (moves.build.some((m) => m.building === b.building)) {
        bg.classList.add("ae-can");
        if (ui.sel && ui.sel.building === b.building) bg.classList.add("ae-chosen");
        clickable(bg, _("build the {building}", {building: info.name}), () => select({building: b.building}));
      }
      g.append(bg);
    });
    box.append(g);
    return box;
  }

  function drawStatus(msg, view) {
    const who = (seat) => person(view, view.seats[seat].name);
    const parts = [_("Epoch {epoch}", {epoch: ROMAN[view.epoch] || view.epoch}), phaseName(view.phase)];
    if (view.phase === "draft" && view.draft) {
      parts.push(_("round {round} of 4", {round: view.draft.round}));
      parts.push(_("still choosing: {seats}", {seats: people(view, view.draft.waiting_for) || _("nobody")}));
    } else if (view.phase === "actions" && view.current !== null) {
      parts.push(
        view.main_action_taken
          ? _("{seat} to play (main action done)", {seat: who(view.current)})
          : _("{seat} to play", {seat: who(view.current)}),
      );
    } else if (view.phase === "revolts" && view.revolt) {
      parts.push(
        _("{seat}: revolt, {token} ({cost})", {
          seat: person(view, view.revolt.player),
          token: view.revolt.name || view.revolt.token,
          cost: view.revolt.cost,
        }),
      );
    } else if (view.phase === "order" && view.order_choice) {
      parts.push(_("choosing: {seats}", {seats: people(view, view.order_choice.choosing)}));
    }
    status.textContent = parts.join(" · ");
  }

  function drawChooser(msg, view, moves) {
    const live = msg.mode === "live" && msg.legal.length > 0;
    const parts = [];
    if (ui.why) parts.push(el("p", {class: "why", role: "status"}, ui.why));
    if (live) {
      const {title, options} = optionsFor(view, moves, ui.sel);
      if (options.length) {
        parts.push(el("p", {}, el("strong", {}, title)));
        parts.push(
          el(
            "div",
            {class: "row-actions"},
            options.map(([label, text, primary]) =>
              el(
                "button",
                {
                  type: "button",
                  class: `small ${primary ? "primary" : ""}`,
                  "data-action": text,
                  onclick: () => act(text),
                },
                label,
              ),
            ),
            el("button", {type: "button", class: "small", onclick: () => select(null)}, _("Cancel")),
          ),
        );
      } else if (ui.sel && ui.sel.building) {
        parts.push(
          el(
            "p",
            {},
            _("Now click a highlighted hill to put the {building} on.", {
              building: buildingName(view, ui.sel.building),
            }),
          ),
        );
      } else {
        parts.push(el("p", {}, hint(view, moves)));
      }
      const quick = [];
      if (moves.end)
        quick.push(
          el(
            "button",
            {type: "button", class: "small primary", "data-action": "end", onclick: () => act("end")},
            _("End my turn"),
          ),
        );
      if (moves.pass) {
        const value = view.pass_track.values[view.pass_track.passed.length];
        quick.push(
          el(
            "button",
            {type: "button", class: "small", "data-action": "pass", onclick: () => act("pass")},
            _("Pass (+{pp} PP)", {pp: value}),
          ),
        );
      }
      if (view.phase === "revolts") {
        for (const m of moves.pay)
          quick.push(
            el(
              "button",
              {type: "button", class: "small primary", "data-action": m.text, onclick: () => act(m.text)},
              _("Pay {cost}", {cost: view.revolt ? view.revolt.cost : damageName(view, m.token)}),
            ),
          );
        for (const m of moves.ruin)
          quick.push(
            el(
              "button",
              {type: "button", class: "small", "data-action": m.text, onclick: () => act(m.text)},
              _("Take a ruin token"),
            ),
          );
      }
      if (view.phase === "order") {
        for (const m of moves.order)
          quick.push(
            el(
              "button",
              {type: "button", class: "small", "data-action": m.text, onclick: () => act(m.text)},
              _("Space {space}", {space: m.space}),
            ),
          );
      }
      if (quick.length) parts.push(el("div", {class: "row-actions"}, quick));
    }
    chooser.replaceChildren(...parts);
    chooser.hidden = parts.length === 0;
  }

  function hint(view, moves) {
    if (view.phase === "draft")
      return _("Click a card of the packet to keep it; the rest go to the next player.");
    if (view.phase === "revolts")
      return view.revolt
        ? _("A revolt: pay {cost} or take a ruin token.", {cost: view.revolt.cost})
        : _("A revolt: pay the damage token or take a ruin token.");
    if (view.phase === "order") return _("Choose your turn-order space for the next epoch (click it).");
    if (view.main_action_taken) {
      return moves.discard.size || moves.activate.size
        ? _("Main action done: discard or activate a card (click it), or end your turn.")
        : _("Main action done: end your turn.");
    }
    return _(
      "Your turn: click a card to play it, a highlighted hill or reward token to place a citizen, a building space to build, a personality to ask its favour, or the pass track to pass.",
    );
  }

  function drawMine(msg, view, moves) {
    const me = msg.seat;
    const parts = [];
    const live = msg.mode === "live";
    const isSel = (id) => !!(ui.sel && ui.sel.card === id);
    const canDo = (id) =>
      live &&
      (moves.pick.has(id) ||
        moves.play.has(id) ||
        moves.discard.has(id) ||
        moves.activate.has(id) ||
        moves.favour.has(id) ||
        moves.influence.some((m) => m.card === id));
    const cardOf = (card, note) =>
      cardEl(card, {
        onclick: canDo(card.id) ? () => select({card: card.id}) : null,
        selected: isSel(card.id),
        note,
      });
    if (me === null) {
      mine.replaceChildren();
      mine.hidden = true;
      return;
    }
    mine.hidden = false;
    const seat = view.seats[me];
    if (view.phase === "draft" && view.draft) {
      const d = view.draft;
      const picked = d.picked_this_round;
      parts.push(
        el(
          "h3",
          {},
          _("Draft, round {round} of 4 — the cards before you", {round: d.round}),
          " ",
          el(
            "span",
            {class: "muted small"},
            d.round >= 4
              ? _("(the other is laid face up on the board)")
              : _("(the rest go to {seat})", {seat: person(view, d.passing_to)}),
          ),
        ),
      );
      if (picked) {
        parts.push(
          el(
            "p",
            {class: "ae-waiting"},
            _("You keep {card}. Waiting for {seats} to choose; nothing is revealed until everyone has.", {
              card: picked.name,
              seats: people(view, d.waiting_for) || _("the others"),
            }),
          ),
        );
      }
      parts.push(
        el(
          "div",
          {class: "ae-cards ae-packet"},
          (d.cards_before_you || []).map((c) => cardOf(c)),
        ),
      );
      const kept = [...(d.kept || []), ...(picked ? [picked] : [])];
      parts.push(el("h4", {}, _("Kept so far ({n})", {n: kept.length})));
      parts.push(
        kept.length
          ? el(
              "div",
              {class: "ae-cards ae-kept"},
              kept.map((c) => cardEl(c, {extra: "ae-small", note: c === picked ? _("this round") : null})),
            )
          : el("p", {class: "muted small"}, _("nothing yet")),
      );
    } else {
      const hand = seat.hand || [];
      parts.push(el("h3", {}, _("Your hand ({n})", {n: hand.length})));
      parts.push(
        hand.length
          ? el(
              "div",
              {class: "ae-cards ae-hand"},
              hand.map((c) => cardOf(c)),
            )
          : el("p", {class: "muted small"}, _("no cards in hand")),
      );
      const activatable = seat.played.filter((c) => live && moves.activate.has(c.id));
      if (activatable.length) {
        parts.push(el("h4", {}, _("Monuments you may activate")));
        parts.push(
          el(
            "div",
            {class: "ae-cards"},
            activatable.map((c) => cardOf(c, _("activate once per epoch"))),
          ),
        );
      }
    }
    if (parts.length && view.data && view.data.reconstructed.includes("monuments")) {
      parts.push(
        el(
          "p",
          {class: "muted small ae-note"},
          _("* Ludi's invented card text, not the printed card (the rulebooks print only a few cards)."),
        ),
      );
    }
    mine.replaceChildren(...parts);
  }

  function drawPublic(msg, view, moves) {
    const live = msg.mode === "live";
    const canDo = (id) => live && (moves.favour.has(id) || moves.influence.some((m) => m.card === id));
    const cardOf = (card) =>
      cardEl(card, {
        onclick: canDo(card.id) ? () => select({card: card.id}) : null,
        selected: !!(ui.sel && ui.sel.card === card.id),
        extra: "ae-small",
        mark: `card-${card.id}`,
      });
    const parts = [
      el("h3", {}, _("Personalities of epoch {epoch}", {epoch: ROMAN[view.epoch] || view.epoch})),
      view.personalities.length
        ? el("div", {class: "ae-cards ae-persons"}, view.personalities.map(cardOf))
        : el("p", {class: "muted small"}, _("none left: every favour was asked")),
    ];
    if (view.board_cards.length) {
      parts.push(
        el("h3", {}, _("Cards on the board")),
        el("p", {class: "muted small"}, _("played with a “play a card from the board” reward token")),
        el("div", {class: "ae-cards ae-board-cards"}, view.board_cards.map(cardOf)),
      );
    }
    if (view.discarded.length) {
      parts.push(
        el(
          "p",
          {class: "muted small"},
          _("Discarded: {cards}", {
            cards: view.discarded
              .map((id) => cardName(view, id).split("_").map(capital).join(" "))
              .join(", "),
          }),
        ),
      );
    }
    cards.replaceChildren(...parts);
  }

  function seatStatus(msg, view, s) {
    if (view.phase === "over")
      return view.seats[s].damnatio_memoriae ? ["Damnatio memoriae", "ae-badge-bad"] : null;
    if (view.phase === "draft") {
      return msg.to_act.includes(s)
        ? [_("choosing a card"), "ae-badge-wait"]
        : [_("has chosen"), "ae-badge-done"];
    }
    if (view.phase === "actions") {
      if (view.seats[s].passed) return [_("passed"), "ae-badge-done"];
      if (view.current === s) return [_("to play"), "ae-badge-wait"];
      return null;
    }
    if (msg.to_act.includes(s))
      return [
        view.phase === "revolts" ? _("deciding a revolt") : _("choosing a turn-order space"),
        "ae-badge-wait",
      ];
    return null;
  }

  /** A seat's one name (its colour, the one the log uses), "(you)" for your own. */
  function playerName(msg, view, s) {
    const colour = view.seats[s].name;
    return s === msg.seat ? _("{seat} (you)", {seat: colour}) : colour;
  }

  function stat(name, value, label, mark = null) {
    return el(
      "span",
      {class: "ae-stat", title: label, "data-mark": mark, "data-sig": mark ? String(value) : null},
      icon(name, label),
      el("b", {}, String(value)),
    );
  }

  function seatPanel(msg, view, s, ownView) {
    // ownView: the seat's own view, in a replay with everything revealed
    const seat = view.seats[s];
    const mineSeat = msg.seat === s;
    const colour = SEAT_COLOURS[seat.colour] || "#555";
    const st = seatStatus(msg, view, s);
    const byColour = new Map();
    for (const c of seat.played) {
      if (!byColour.has(c.colour)) byColour.set(c.colour, []);
      byColour.get(c.colour).push(c);
    }
    const played = seat.played.length
      ? el(
          "div",
          {class: "ae-played"},
          [...byColour].map(([col, list]) =>
            el(
              "div",
              {class: "ae-played-group"},
              list.map((c) =>
                el(
                  "span",
                  {
                    class: `ae-chip ${c.used_this_epoch ? "ae-used" : ""}`,
                    "data-played": c.id,
                    "data-mark": `seat-${s}-played-${c.id}`,
                    "data-name": c.name,
                    style: `--band:${CARD_COLOURS[col] || "#888"};--band-ink:${DARK_INK.has(col) ? "#1f1a14" : "#fff"}`,
                    title: cardTip(c),
                  },
                  c.name,
                ),
              ),
            ),
          ),
        )
      : el("p", {class: "muted small"}, _("no cards played yet"));
    const handSize = view.phase === "draft" ? null : seat.hand_size;
    let handPart = null;
    if (ownView && !mineSeat) {
      const d = ownView.draft;
      const shown = d
        ? [
            [_("Choosing from"), d.cards_before_you || []],
            [_("Kept"), [...(d.kept || []), ...(d.picked_this_round ? [d.picked_this_round] : [])]],
          ]
        : [[_("Hand"), ownView.seats[s].hand || []]];
      handPart = el(
        "div",
        {},
        shown
          .filter(([, list]) => list.length)
          .map(([label, list]) => [
            el("h4", {class: "small"}, label),
            el(
              "div",
              {class: "ae-cards"},
              list.map((c) => cardEl(c, {extra: "ae-small"})),
            ),
          ]),
      );
    } else if (!mineSeat && handSize) {
      handPart = el(
        "div",
        {class: "ae-backs"},
        cardBack(handSize, n_("card in hand", "cards in hand", handSize)),
      );
    }
    return el(
      "div",
      {
        class: `ae-seat ${mineSeat ? "ae-me" : ""}`,
        style: `--seat:${colour};--seat-light:${SEAT_LIGHT[seat.colour] || "#eee"}`,
        "data-seat": s,
        "data-name": seat.name, // the log names a seat by its colour
      },
      el(
        "h4",
        {},
        el("span", {class: "ae-seat-dot"}),
        playerName(msg, view, s),
        st ? el("span", {class: `badge ${st[1] || ""}`}, st[0]) : null,
      ),
      el(
        "div",
        {class: "ae-stats"},
        stat("pp", seat.pp, _("prestige points (PP)"), `seat-${s}-pp`),
        stat("aurei", seat.aurei, _("aurei"), `seat-${s}-aurei`),
        stat("grain", seat.grain, _("grain"), `seat-${s}-grain`),
        stat("stone", seat.stone, _("stone"), `seat-${s}-stone`),
        stat("citizen", seat.citizens_in_domus, _("citizens at home (Domus)"), `seat-${s}-domus`),
        stat("unrest", seat.unrest, _("unrest"), `seat-${s}-unrest`),
        stat("ruin", seat.ruin_tokens, _("ruin tokens"), `seat-${s}-ruin`),
      ),
      el(
        "p",
        {class: "muted small"},
        [
          _("citizens: {home} at home, {out} on the board, {supply} in the supply", {
            home: seat.citizens_in_domus,
            out: seat.citizens_on_board,
            supply: seat.citizens_in_supply,
          }),
          handSize !== null && mineSeat ? n_("{n} card in hand", "{n} cards in hand", handSize) : null,
        ]
          .filter(Boolean)
          .join(" · "),
      ),
      handPart,
      played,
    );
  }

  function drawSeats(msg, view) {
    const n = view.seats.length;
    const order =
      msg.seat === null ? [...Array(n).keys()] : [...Array(n).keys()].map((k) => (msg.seat + k) % n);
    const revealed = msg.views && msg.views.length > 1 ? msg.views : null;
    seatsBox.replaceChildren(
      el("h3", {}, _("Players")),
      el(
        "div",
        {class: "ae-seat-grid"},
        order.map((s) => seatPanel(msg, view, s, revealed && revealed[s] ? revealed[s] : null)),
      ),
    );
  }

  function drawAllMoves(msg) {
    if (msg.mode !== "live" || !msg.legal.length) {
      allMoves.replaceChildren();
      return;
    }
    const open = allMoves.querySelector("details")?.open || false;
    const buttons = el("div", {});
    drawMoveButtons(buttons, msg.moves, act);
    allMoves.replaceChildren(
      el(
        "details",
        {class: "ae-moves", open},
        el("summary", {class: "small"}, _("Every legal move ({n})", {n: msg.legal.length})),
        buttons,
      ),
    );
  }

  function draw() {
    const msg = ui.msg;
    if (!msg) return;
    ui.compact = root.clientWidth > 0 && root.clientWidth < 640;
    const view = msg.view;
    const moves = readMoves(msg.mode === "live" ? msg.moves || [] : []);
    drawStatus(msg, view);
    drawMap(view, moves);
    tracks.replaceChildren(drawUnrest(view, moves), drawTurn(view, moves));
    drawChooser(msg, view, moves);
    drawMine(msg, view, moves);
    drawPublic(msg, view, moves);
    drawSeats(msg, view);
    drawAllMoves(msg);
    // in the draft the packet matters most; afterwards the city does
    const order =
      view.phase === "draft"
        ? [status, chooser, mine, mapBox, tracks, cards, seatsBox, allMoves]
        : [status, mapBox, chooser, mine, tracks, cards, seatsBox, allMoves];
    if (order.some((node, i) => frame.children[i] !== node)) frame.replaceChildren(...order);
  }

  return {
    update(msg) {
      const prev = ui.msg;
      ui.msg = msg;
      // another player's move (a bot's draft pick) keeps what you were choosing, as long as
      // your own choices are still the same ones
      const same = prev && msg.legal.length && prev.legal.join("\n") === msg.legal.join("\n");
      if (!same) ui.sel = null;
      if (!prev || prev.n !== msg.n) ui.why = null;
      draw();
    },
    seatFacts(msg, s) {
      // the live score beside each seat's name: prestige points, and unrest (the doom to come)
      const seat = msg.view.seats[s];
      return seat ? _("{pp} PP · unrest {unrest}", {pp: seat.pp, unrest: seat.unrest}) : null;
    },
    prompt(msg) {
      const view = msg.view;
      if (view.phase === "draft")
        return _("Your move: keep one card of the draft (round {round} of 4)", {
          round: view.draft ? view.draft.round : "?",
        });
      if (view.phase === "revolts")
        return view.revolt
          ? _("Your move: a revolt — pay {cost} or take a ruin token", {cost: view.revolt.cost})
          : _("Your move: a revolt — pay the damage token or take a ruin token");
      if (view.phase === "order") return _("Your move: choose your turn-order space for the next epoch");
      // say only what the legal moves offer now (an empty hand offers no card to play)
      const verbs = new Set((msg.moves || []).map((m) => m.verb));
      const offered = (list) => list.filter(([verb]) => verbs.has(verb)).map(([, words]) => words);
      const say = (list) =>
        list.length > 1
          ? _("{some} or {last}", {some: list.slice(0, -1).join(", "), last: list.at(-1)})
          : list[0];
      if (view.main_action_taken) {
        const free = offered([
          ["discard", _("discard a card")],
          ["activate", _("activate a monument")],
        ]);
        return free.length
          ? _("Your move: {moves}, or end your turn", {moves: say(free)})
          : _("Your move: end your turn");
      }
      const main = offered([
        ["play", _("play a card")],
        ["favour", _("ask a favour")],
        ["build", _("build")],
        ["influence", _("influence a hill")],
        ["discard", _("discard a card")],
        ["pass", _("pass")],
      ]);
      return _("Your turn: {moves}", {moves: say(main) || _("choose a move")});
    },
    scoreLines(msg) {
      const view = msg.view;
      const seats = view.seats;
      return [
        [_("Cards played"), ...seats.map((s) => s.played.length)],
        [_("Unrest"), ...seats.map((s) => s.unrest)],
        [_("Ruin tokens"), ...seats.map((s) => s.ruin_tokens)],
        [_("Aurei, grain, stone left"), ...seats.map((s) => `${s.aurei}, ${s.grain}, ${s.stone}`)],
        ["Damnatio memoriae", ...seats.map((s) => (s.damnatio_memoriae ? _("yes") : _("no")))],
      ];
    },
  };
}

// The board of a game that has no drawing of its own yet: its view as JSON, its moves as buttons.
import {el} from "../common.js";

export function createBoard(root, host) {
  return {
    update(msg) {
      const views = msg.views && msg.views.length > 1 ? msg.views : [msg.view];
      const moves = msg.legal.length
        ? el("div", {class: "generic-moves"},
          el("h3", {}, "Your moves"),
          msg.legal.map((text) => el("button", {class: "move", "data-action": text, onclick: () => host.act(text)}, text)))
        : null;
      const manual = msg.mode === "live" && msg.seat !== null ? el("form", {class: "manual", onsubmit: (e) => {
        e.preventDefault();
        const input = e.target.querySelector("input");
        if (input.value.trim()) host.act(input.value.trim());
        input.value = "";
      }}, el("input", {placeholder: "type a move in notation", "aria-label": "move in notation"}),
      el("button", {type: "submit", class: "small"}, "Play")) : null;
      root.replaceChildren(el("div", {class: "generic"},
        moves, manual,
        views.map((view, i) => el("details", {open: i === 0},
          el("summary", {}, views.length > 1 ? `View of seat ${i + 1}` : "What you see"),
          el("pre", {class: "view-json"}, JSON.stringify(view, null, 2))))));
    },
  };
}

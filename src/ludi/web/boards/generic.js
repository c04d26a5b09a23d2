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
      root.replaceChildren(el("div", {class: "generic"},
        moves,
        views.map((view, i) => el("details", {open: i === 0},
          el("summary", {}, views.length > 1 ? `View of seat ${i + 1}` : "What you see"),
          el("pre", {class: "view-json"}, JSON.stringify(view, null, 2))))));
    },
  };
}

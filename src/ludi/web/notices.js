// A seat's e-mail notices, on its match's page: the address its turns are mailed to and which
// notices it wants. Shown only to a seat (its token) on a server that sends e-mail.
import {_, api, el, toast} from "./common.js";

/** Add the notices' card to `box` for the seat holding `token` in match `matchId`. */
export async function showNotices(box, matchId, token) {
  const url = `/api/matches/${encodeURIComponent(matchId)}/notices`;
  const now = await api(`${url}/read`, {token}).catch(() => null);
  if (!now || !now.mail) return;
  const address = el("input", {
    type: "email",
    id: "notice-address",
    autocomplete: "email",
    placeholder: _("your e-mail address"),
    "aria-label": _("your e-mail address"),
    value: now.address || "",
  });
  const turn = el("input", {type: "checkbox", id: "notice-turn", checked: now.address ? now.turn : true});
  const over = el("input", {type: "checkbox", id: "notice-over", checked: now.address ? now.over : true});
  const status = el("p", {class: "muted small", role: "status"});
  const said = (answer) => {
    status.textContent = answer.address
      ? _("E-mails go to {address}.", {address: answer.address})
      : _("No e-mails for this seat.");
  };
  said(now);
  const save = async (event) => {
    event.preventDefault();
    try {
      said(await api(url, {token, address: address.value.trim(), turn: turn.checked, over: over.checked}));
    } catch (error) {
      toast(error.message, "error");
    }
  };
  const stop = async () => {
    address.value = "";
    try {
      said(await api(url, {token, address: ""}));
    } catch (error) {
      toast(error.message, "error");
    }
  };
  box.append(
    el(
      "details",
      {class: "card notices", id: "notices", open: now.address ? null : true},
      el("summary", {}, _("E-mail me when it is my turn")),
      el(
        "form",
        {onsubmit: save},
        address,
        el("label", {class: "check"}, turn, " ", _("my turn (at most one e-mail an hour)")),
        el("label", {class: "check"}, over, " ", _("the end of the match")),
        el(
          "div",
          {class: "row-actions"},
          el("button", {type: "submit", class: "small primary"}, _("Save")),
          el("button", {type: "button", class: "small", onclick: stop}, _("Stop e-mails")),
        ),
      ),
      status,
    ),
  );
}

// Unit tests of the pages' words in the reader's language (common.js: _, n_, the plural rule).
import assert from "node:assert/strict";
import {test} from "node:test";

import {_, format, language, n_, pluralRule, useCatalog} from "../../src/ludi/web/common.js";
import {outcomeText, seatTitle} from "../../src/ludi/web/kit.js";

// gettext's plural rule of Russian and Polish, as the server sends it (ludi.i18n.catalog_json)
const RUSSIAN =
  "n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2";
const POLISH = "n == 1 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14) ? 1 : 2";

test("Russian has three plural forms: one (1, 21), few (2-4, 22), many (5-20, 11-14, 0)", () => {
  const rule = pluralRule(RUSSIAN);
  assert.deepEqual([1, 21, 101].map(rule), [0, 0, 0]);
  assert.deepEqual([2, 3, 4, 22, 34].map(rule), [1, 1, 1, 1, 1]);
  assert.deepEqual([0, 5, 11, 12, 14, 20, 25, 111].map(rule), [2, 2, 2, 2, 2, 2, 2, 2]);
});

test("Polish says 1 alone in the first form: 21 takes the third", () => {
  const rule = pluralRule(POLISH);
  assert.deepEqual([1, 2, 4, 5, 12, 21, 22, 25].map(rule), [0, 1, 1, 2, 2, 2, 1, 2]);
});

test("a plural expression that is anything but arithmetic on n is refused (English rule)", () => {
  const rule = pluralRule("alert(1)");
  assert.deepEqual([1, 2, 5].map(rule), [0, 1, 1]);
});

test("placeholders are named; an unknown one is left as written; braces are doubled", () => {
  assert.equal(format("{seat} takes {city}", {seat: "Caesar", city: "Roma"}), "Caesar takes Roma");
  assert.equal(format("{seat} waits", {}), "{seat} waits");
  assert.equal(format("{{literal}} {n}", {n: 3}), "{literal} 3");
});

test("a message is read in the catalog's language, and in English where it has none", () => {
  useCatalog({
    lang: "ru",
    plural: RUSSIAN,
    messages: {
      "{seat} (you)": "{seat} (вы)",
      "{status}, {n} move": ["{status}, {n} ход", "{status}, {n} хода", "{status}, {n} ходов"],
      "The match is over: {winners} won ({reason}).": [
        "Партия окончена: победа — {winners} ({reason}).",
        "Партия окончена: победа — {winners} ({reason}).",
        "Партия окончена: победа — {winners} ({reason}).",
      ],
    },
  });
  assert.equal(language(), "ru");
  assert.equal(_("{seat} (you)", {seat: "Цезарь"}), "Цезарь (вы)");
  assert.equal(_("Not in the catalog"), "Not in the catalog");
  const moves = (n) => n_("{status}, {n} move", "{status}, {n} moves", n, {status: "идёт"});
  assert.deepEqual([1, 3, 5, 11, 21].map(moves), [
    "идёт, 1 ход",
    "идёт, 3 хода",
    "идёт, 5 ходов",
    "идёт, 11 ходов",
    "идёт, 21 ход",
  ]);
  // the kit reads its words through the same catalog
  const match = {
    seats: [
      {seat: 0, title: "Цезарь"},
      {seat: 1, title: "Помпей"},
    ],
  };
  assert.equal(seatTitle(match, 0, 0, true), "Цезарь (вы)");
  const msg = {match, seat: 1, result: {winners: [0], reason: "все жетоны выставлены"}};
  assert.equal(outcomeText(msg), "Партия окончена: победа — Цезарь (все жетоны выставлены).");
  // English again: the message ids themselves, English plural
  useCatalog({lang: "en", plural: "n != 1", messages: {}});
  assert.equal(moves(1), "идёт, 1 move");
  assert.equal(moves(2), "идёт, 2 moves");
});

// Unit tests of the board kit's pure parts (node's own test runner: `make test` runs them).
import assert from "node:assert/strict";
import {test} from "node:test";

import {
  botLabel,
  changedKeys,
  clockOf,
  formatClock,
  namesIn,
  findMove,
  groupMoves,
  markYou,
  movesOf,
  ruleText,
  seatPlayer,
  seatTitle,
  outcomeText,
  waitingText,
} from "../../src/ludi/web/kit.js";

const MOVES = [
  {text: "ship5/1@b07>SC", verb: "place", args: {token: "ship5/1", at: "b07", toward: "SC"}, label: "a"},
  {text: "ship5/1@b07>AF", verb: "place", args: {token: "ship5/1", at: "b07", toward: "AF"}, label: "b"},
  {text: "might:b12", verb: "use_bonus", args: {bonus: "might", target: "b12"}, label: "c"},
  {text: "discard:might", verb: "discard_bonus", args: {bonus: "might"}, label: "d"},
];

const MATCH = {
  seats: [
    {seat: 0, name: "Ann", title: "Caesar", bot: null, connected: true},
    {seat: 1, name: "Pompey", title: "Pompey", bot: "ismcts:seconds=0.3", connected: false},
  ],
};

test("moves are found by verb and args, never by notation", () => {
  assert.equal(movesOf(MOVES, "place").length, 2);
  assert.equal(movesOf(MOVES, "use_bonus", "discard_bonus").length, 2);
  assert.equal(findMove(MOVES, "place", {toward: "AF"}).text, "ship5/1@b07>AF");
  assert.equal(findMove(MOVES, "use_bonus", {bonus: "might", target: "b99"}), null);
  assert.equal(findMove(undefined, "place"), null);
  assert.deepEqual([...groupMoves(MOVES).keys()], ["place", "use_bonus", "discard_bonus"]);
});

test("a bot reads as its name and level, never as its spec", () => {
  assert.equal(botLabel("ismcts:seconds=0.3"), "Monte Carlo, quick");
  assert.equal(botLabel("ismcts"), "Monte Carlo, normal");
  assert.equal(botLabel("ismcts:seconds=3"), "Monte Carlo, strong");
  assert.equal(botLabel("ismcts:seconds=7,c=2"), "Monte Carlo, custom");
  assert.equal(botLabel("random"), "Random");
  assert.equal(botLabel("hard"), "Hard");
  assert.equal(botLabel(null), "");
});

test("a seat has one name, the game's, and 'you' for the viewer", () => {
  assert.equal(seatTitle(MATCH, 0), "Caesar");
  assert.equal(seatTitle(MATCH, 0, 0, true), "Caesar (you)");
  assert.equal(seatTitle(MATCH, 1, 0, true), "Pompey");
  assert.equal(seatPlayer(MATCH, 0), "Ann");
  assert.equal(seatPlayer(MATCH, 1), "bot: Monte Carlo, quick");
});

test("log lines mark the viewer's seat as 'you', whole words only", () => {
  assert.deepEqual(markYou("Red bids 3; Reddish is not Red", "Red"), [
    {text: "Red (you)", you: true},
    {text: " bids 3; Reddish is not ", you: false},
    {text: "Red (you)", you: true},
  ]);
  assert.deepEqual(markYou("Blue passes", "Red"), [{text: "Blue passes", you: false}]);
  assert.deepEqual(markYou("Blue passes", null), [{text: "Blue passes", you: false}]);
});

test("the turn bar names who is awaited, bots by level, and who left", () => {
  const msg = {seat: 0, over: false, to_act: [1], match: MATCH};
  assert.equal(waitingText(msg), "Waiting for Pompey (bot Monte Carlo, quick is thinking)");
  const human = {...MATCH, seats: [MATCH.seats[0], {...MATCH.seats[1], bot: null}]};
  assert.equal(waitingText({...msg, match: human}), "Waiting for Pompey (not connected)");
  const over = {...msg, over: true, result: {winners: [0], reason: "Caesar placed the last control token"}};
  assert.equal(
    waitingText(over),
    "The match is over: Caesar (you) won (Caesar placed the last control token).",
  );
  assert.match(waitingText({...msg, seat: null}), /^You are watching\. /);
});

test("a rule reference puts the player's words first and loses module paths", () => {
  assert.equal(
    ruleText("Ludi notation for Caesar! (see ludi.games.caesar.actions)"),
    "Ludi notation for Caesar!",
  );
  assert.equal(ruleText("ИГРОВОЙ ПРОЦЕСС, шаг 1"), "ИГРОВОЙ ПРОЦЕСС, шаг 1");
  assert.equal(
    ruleText("VI – Wielkie Dzieła (thumbs up or down)"),
    "thumbs up or down (VI – Wielkie Dzieła)",
  );
  assert.equal(ruleText(null), "");
});

test("changedKeys: what differs from the picture when you last acted, and what is new", () => {
  const before = new Map([
    ["hill-1", "a"],
    ["hill-2", "b"],
    ["pass-1", ""],
  ]);
  const after = new Map([
    ["hill-1", "a"],
    ["hill-2", "c"],
    ["pass-1", ""],
    ["card-9", "x"],
  ]);
  assert.deepEqual(changedKeys(before, after), ["hill-2", "card-9"]);
  assert.deepEqual(changedKeys(null, after), [], "a first look marks nothing");
  assert.deepEqual(changedKeys(after, after), []);
});

test("namesIn: the names a log line mentions, as whole words only", () => {
  const names = ["Aventinus", "Blue", "Private Temple", "Temple", "Caelius", "Red"];
  assert.deepEqual(namesIn("Orange places a citizen on Aventinus (5) for 2 grain", names), ["Aventinus"]);
  assert.deepEqual(namesIn("Red buys the Private Temple for 1 card", names), [
    "Private Temple",
    "Temple",
    "Red",
  ]);
  assert.deepEqual(namesIn("Bluebird is no seat; Reddish neither", names), []);
  assert.deepEqual(namesIn(null, names), []);
  assert.deepEqual(namesIn("Æterna: Blue, Caelius.", names), ["Blue", "Caelius"]);
});

test("formatClock: minutes and seconds, hours when there are some, never below zero", () => {
  assert.equal(formatClock(9.2), "0:10");
  assert.equal(formatClock(272), "4:32");
  assert.equal(formatClock(3903), "1:05:03");
  assert.equal(formatClock(-3), "0:00");
  assert.equal(formatClock(2 * 86400 + 5 * 3600 + 7 * 60), "2 days 5:07");
});

test("clockOf: a running clock counts down from the message, a stopped one stands", () => {
  const msg = {table: {clocks: {left: [60, 30], running: [1]}, timed_out: [0], votes: []}};
  assert.deepEqual(clockOf(msg, 0, 10), {left: 60, running: false, out: true});
  assert.deepEqual(clockOf(msg, 1, 10), {left: 20, running: true, out: false});
  assert.equal(clockOf(msg, 1, 100).left, 0);
  assert.equal(clockOf({table: {clocks: null}}, 0), null);
  assert.equal(clockOf({}, 0), null);
  const botSeat = {
    ...msg,
    match: {seats: [{bot: null}, {bot: "random"}]},
    table: {...msg.table, timed_out: []},
  };
  assert.equal(clockOf(botSeat, 1), null, "a seat given to a bot shows no clock");
});

test("outcomeText: the winners, or no winner when the players agreed to stop", () => {
  const base = {match: MATCH, seat: 0};
  assert.equal(
    outcomeText({...base, result: {winners: [1], reason: "Caesar conceded"}}),
    "The match is over: Pompey won (Caesar conceded).",
  );
  assert.equal(
    outcomeText({...base, result: {winners: [], reason: "the players agreed to end it: no winner"}}),
    "The match is over, with no winner (the players agreed to end it: no winner).",
  );
});

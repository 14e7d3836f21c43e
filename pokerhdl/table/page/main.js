// The table page: a watcher until the player sits down, then a seat kept by its token (in
// localStorage) across reloads and dropped connections; the server's refusals and goodbyes
// shown with their reasons. render.js draws, actions.js sends, socket.js connects.

import { bindActions } from "./actions.js";
import { render, tick } from "./render.js";
import { keepSeat, keptSeat, TableSocket } from "./socket.js";

const $ = (selector) => document.querySelector(selector);
const kept = keptSeat();

const app = {
  token: kept ? kept.token : null,
  state: null,
  range: null,
  note: "",
  clock: null,         // {seat, deadline (performance.now() ms), full (s)}
  takeOver: false,     // the next join takes the seat from another connection
  send: (msg) => socket.send(msg) || app.showNote("not connected: trying again"),
  clearNote() { app.showNote(""); },
  showNote(text) {
    app.note = text;
    $("#note").textContent = text;
  },
  leave() {
    socket.stop();
    away("You left the table; your seat waits for you (the turn clock still runs).", "Back to my seat");
  },
};

function away(text, take) {
  $("#away-text").textContent = text;
  $("#away-take").textContent = take;
  $("#away-take").hidden = !take;
  $("#away").hidden = false;
}

function join() {
  if (app.token) {
    socket.send({ op: "join", token: app.token, ...(app.takeOver ? { take_over: true } : {}) });
    app.takeOver = false;
  } else {
    socket.send({ op: "watch" });
  }
}

function onWelcome(msg) {
  if (msg.role === "player") {
    $("#away").hidden = true;
    app.token = msg.token;
    keepSeat({ token: msg.token, name: msg.name });
    $("#join").hidden = true;
  } else {
    $("#join").hidden = false;
    $("#join-note").textContent = msg.reason === "watching" ? "" : msg.reason;
  }
}

function onState(msg) {
  const turn = msg.clock;
  if (!turn) app.clock = null;
  else {
    const same = app.clock && app.clock.seat === turn.seat && app.clock.hand === msg.table.hand;
    app.clock = { seat: turn.seat, hand: msg.table.hand, deadline: performance.now() + 1000 * turn.seconds,
                  full: same ? app.clock.full : Math.max(turn.seconds, 1) };
  }
  const before = app.state && app.state.received;
  if (before !== undefined && before !== msg.received) app.note = "";   // the table moved
  app.state = msg;
  rangeChanged(render(msg, app.note));
  tick(app.clock);
}

function onRefused(msg) {
  if (msg.op !== "join") return app.showNote(`refused: ${msg.reason}`);
  if (msg.reason === "unknown token") {           // the seat was freed, or the server restarted
    app.token = null;
    keepSeat(null);
    $("#join-note").textContent = "your seat is no longer kept: sit down again";
    socket.send({ op: "watch" });
  } else if (msg.in_use) {
    away(`Your seat P${msg.seat} is open in another tab or on another device.`, "Take my seat here");
    socket.send({ op: "watch" });
  } else {
    $("#join-note").textContent = msg.reason;
  }
}

function onBye(msg) {
  app.showNote(msg.reason);
  if (/freed/.test(msg.reason)) {
    app.token = null;
    keepSeat(null);
  } else if (/taken back/.test(msg.reason)) {
    socket.stop();
    away("Your seat was taken over by another tab or device.", "Take my seat here");
  } else if (/full|too many/.test(msg.reason)) {
    socket.stop();
    away(`The server turned this page away: ${msg.reason}.`, "Try again");
  }
}

const socket = new TableSocket({
  link(state) {
    $("#link").dataset.link = state;
    $("#link").textContent = state === "open" ? "connected" : state;
  },
  open: join,
  message(msg) {
    ({ welcome: onWelcome, state: onState, refused: onRefused, bye: onBye }[msg.type] || (() => {}))(msg);
  },
});

const rangeChanged = bindActions(app);

$("#join").addEventListener("submit", (event) => {
  event.preventDefault();
  socket.send({ op: "join", name: $("#name").value.trim() });
});
$("#away-take").addEventListener("click", () => {
  app.takeOver = Boolean(app.token);
  $("#away").hidden = true;
  if (socket.ws) join();
  else socket.resume();
});
if (kept && kept.name) $("#name").value = kept.name;
setInterval(() => tick(app.clock), 250);
socket.open();

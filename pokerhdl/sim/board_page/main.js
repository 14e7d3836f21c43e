// A board top on a page (pokerhdl/sim/emulator_web.py): the board drawn from what it has,
// the serial terminal, the monitor; clicks and keys sent to the emulated board. Keys as on the
// terminal screen (`pokerhdl emulate`): Tab moves them between the board and the terminal; on
// the terminal they go to the board's UART; on the board 0-9 a-f flip SW0..SW15, Enter or
// space presses BTNC, the arrows BTNU/BTNL/BTNR/BTND, r the reset button. A click on the
// terminal or the board moves the keys there too.

import { buildBoard, renderBoard, SWITCH_KEYS } from "./board.js";
import { Monitor } from "./monitor.js";
import { keyBytes, Pane } from "./terminal.js";
import { PageSocket } from "./websocket.js";

const $ = (selector) => document.querySelector(selector);
const ARROWS = { ArrowUp: "up", ArrowLeft: "left", ArrowRight: "right", ArrowDown: "down" };

const app = { board: null, state: null, focus: "board", received: 0, noteTimer: null };
const pane = new Pane();
const monitor = new Monitor($("#monitor"), () => socket.send({ op: "drawn" }));

function send(msg) {
  if (!socket.send(msg)) note("not connected: trying again");
}

function note(text) {
  $("#note").textContent = text;
  clearTimeout(app.noteTimer);
  if (text) app.noteTimer = setTimeout(() => { $("#note").textContent = ""; }, 4000);
}

function focusOn(where) {
  app.focus = app.board && app.board.uart ? where : "board";
  $("#page").dataset.focus = app.focus;
  $("#keys-to").textContent = app.focus === "terminal" ? "(keys go here; Tab: the board)"
    : "(Tab: keys here)";
  if (app.focus === "terminal") $("#terminal").focus({ preventScroll: true });
}

function keysHelp(board) {
  const parts = [];
  if (board.uart) parts.push("<kbd>Tab</kbd> keys to the board or the terminal");
  if (board.switches) parts.push("<kbd>0</kbd>-<kbd>9</kbd> <kbd>a</kbd>-<kbd>f</kbd> switches");
  if (board.buttons.length) {
    parts.push(`<kbd>Enter</kbd> or <kbd>space</kbd> ${board.labels[0]}, arrows the others`);
  }
  if (board.reset) parts.push(`<kbd>r</kbd> ${board.reset}`);
  $("#keys").innerHTML = (board.uart ? "On the board: " : "Keys: ") + parts.join(", ") + ".";
}

function drawTerminal(out) {
  if (!out) return;
  const el = $("#terminal");
  pane.feed(out);
  el.dataset.bytes = Number(el.dataset.bytes) + out.length;
  const stuck = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
  el.textContent = pane.lines.join("\n");
  if (stuck) el.scrollTop = el.scrollHeight;
}

function building(msg) {
  // the model is still compiling (the server says so once a second): say what and how long
  const about = msg.expected ? ` of about ${Math.round(msg.expected)} s (the last build)`
    : " (a first build takes 10 s to a minute)";
  $("#top").textContent = msg.top;
  $("#building").textContent =
    `Building ${msg.top} in Verilator: ${Math.round(msg.seconds)} s${about}. ` +
    "The board appears here when it is ready.";
  $("#building").hidden = false;
}

function onMessage(msg) {
  if (msg.op === "building") {
    building(msg);
  } else if (msg.op === "board") {
    $("#building").hidden = true;
    app.board = msg;
    buildBoard(msg, send);
    keysHelp(msg);
    pane.clear();
    $("#terminal").textContent = "";
    $("#terminal").dataset.bytes = 0;
    if (msg.monitor) monitor.reset(...msg.monitor);
    focusOn(msg.uart ? "terminal" : "board");
    $("#page").hidden = false;
  } else if (msg.op === "state" && app.board) {
    app.state = msg;
    renderBoard(app.board, msg);
    drawTerminal(msg.out);
    app.received += 1;
    $("#page").dataset.received = app.received;
  } else if (msg.op === "refused") {
    note(msg.reason);
  }
}

function onKey(event) {
  const board = app.board;
  if (!board || event.target.closest("input, textarea")) return;
  if (event.key === "Tab" && board.uart && !event.ctrlKey && !event.altKey) {
    focusOn(app.focus === "terminal" ? "board" : "terminal");
  } else if (app.focus === "terminal") {
    const bytes = keyBytes(event);
    if (bytes === null) return;
    send({ op: "type", text: bytes });
  } else if (event.ctrlKey || event.metaKey || event.altKey) {
    return;
  } else if (SWITCH_KEYS.includes(event.key) && board.switches) {
    send({ op: "switch", index: SWITCH_KEYS.indexOf(event.key) % board.switches });
  } else if ((event.key === "Enter" || event.key === " ") && board.buttons.includes("center")) {
    send({ op: "press", button: "center" });
  } else if (ARROWS[event.key] && board.buttons.includes(ARROWS[event.key])) {
    send({ op: "press", button: ARROWS[event.key] });
  } else if (event.key === "r" && board.reset) {
    send({ op: "reset" });
  } else {
    return;
  }
  event.preventDefault();
}

document.addEventListener("keydown", onKey);
document.addEventListener("paste", (event) => {
  if (app.focus !== "terminal") return;
  const text = event.clipboardData.getData("text").replace(/\r?\n/g, "\r");
  if (text) send({ op: "type", text: text.slice(0, 1024) });
  event.preventDefault();
});
$("#serial").addEventListener("mousedown", () => focusOn("terminal"));
$("#pcb").addEventListener("mousedown", () => focusOn("board"));
$("#screen").addEventListener("mousedown", () => focusOn("board"));
$("#reset").addEventListener("click", () => send({ op: "reset" }));
// a clicked button keeps the keyboard's focus: Enter or space would click it again
document.addEventListener("click", (event) => {
  if (event.target.closest("#pcb button")) event.target.closest("button").blur();
});

const socket = new PageSocket({
  link: (state) => {
    $("#link").dataset.link = state;
    $("#link").textContent = state === "open" ? "connected" : state;
  },
  open: () => {},
  message: onMessage,
  binary: (buffer) => monitor.receive(buffer),
});
socket.open();

// The equity calculator's page (pokerhdl/odds/equity_web.py): the hands, board and dead cards
// as `pokerhdl equity` takes them, the answer as a table, the preflop chart as a heat map. The
// host computes (the golden backend); the page only asks and draws. The DOM carries the values
// as data attributes (data-equity, data-hand): the browser tests read them.

import { PageSocket } from "./websocket.js";

const $ = (selector) => document.querySelector(selector);
const asked = { equity: null, chart: null };     // the id of each form's request being run
let nextId = 1;

function opponentInput(value = "") {
  const label = document.createElement("label");
  const input = Object.assign(document.createElement("input"),
    { className: "opponent", value, placeholder: "random" });
  label.append(`Opponent ${$("#opponents").children.length + 1} `, input);
  $("#opponents").append(label);
}

function percent(x) {
  return (100 * x).toFixed(3);
}

function busy(form, on) {
  $(`#${form} button[type=submit]`).disabled = on;
  $(`#${form}-progress`).hidden = !on;
  if (on) $(`#${form}-progress`).value = 0;
}

function ask(form, msg) {
  const id = nextId++;
  if (!socket.send({ ...msg, id })) {
    $(`#${form}-note`).textContent = "not connected: trying again";
    return;
  }
  asked[form] = id;
  $(`#${form}-note`).textContent = "";
  busy(form, true);
}

function drawEquity(answer) {
  const body = $("#players tbody");
  body.replaceChildren();
  for (const p of answer.players) {
    const row = body.insertRow();
    Object.assign(row.dataset, { cards: p.cards, win: p.win, tie: p.tie, equity: p.equity });
    for (const text of [p.cards, percent(p.win), percent(p.tie), percent(p.equity),
      p.stderr === null ? "" : percent(p.stderr)]) {
      row.insertCell().textContent = text;
    }
    row.cells[4].className = "mc";
  }
  const mc = answer.mode !== "exact";
  if (mc) $("#players").dataset.mc = "";
  else delete $("#players").dataset.mc;
  $("#players").hidden = false;
  const how = mc ? `Monte Carlo, seed ${answer.seed}, ${answer.lanes} lanes`
    : "exact: every completion";
  const setups = answer.setups > 1 ? `; ${answer.setups.toLocaleString("en")} setups` : "";
  $("#facts").textContent = `${answer.trials.toLocaleString("en")} trials (${how}${setups}) in `
    + `${answer.seconds.toFixed(2)} s on the ${answer.backend} backend (${answer.engine})`;
  $("#answer").dataset.trials = answer.trials;
}

function drawChart(answer) {
  const grid = $("#grid");
  grid.replaceChildren();
  answer.cells.forEach((hand, k) => {
    const cell = document.createElement("div");
    const x = answer.hands[hand];
    const colour = answer.colours[k];
    const rgb = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
    Object.assign(cell.dataset, { hand, equity: x });
    if (rgb[0] + rgb[1] + rgb[2] < 360) cell.dataset.dark = "";
    cell.style.background = colour;
    cell.setAttribute("role", "cell");
    const name = document.createElement("b");
    name.textContent = hand;
    cell.append(name, (100 * x).toFixed(1));
    grid.append(cell);
  });
  $("#chart-facts").textContent = `against ${answer.against}, `
    + `${answer.trials_per_hand.toLocaleString("en")} trials a hand, seed ${answer.seed}, `
    + `${answer.seconds.toFixed(1)} s on the ${answer.backend} backend`;
}

function onMessage(msg) {
  const form = Object.keys(asked).find((f) => asked[f] !== null && asked[f] === msg.id);
  if (!form) return;
  if (msg.op === "progress") {
    $(`#${form}-progress`).max = msg.total;
    $(`#${form}-progress`).value = msg.done;
    return;
  }
  asked[form] = null;
  busy(form, false);
  const answered = $(`#${form}`).dataset;         // answers and refusals drawn, for the tests
  answered.answers = Number(answered.answers || 0) + 1;
  if (msg.op === "refused") $(`#${form}-note`).textContent = msg.reason;
  else if (form === "equity") drawEquity(msg);
  else drawChart(msg);
}

$("#equity").addEventListener("submit", (event) => {
  event.preventDefault();
  const mode = $("#equity input[name=mode]:checked").value;
  ask("equity", { op: "equity", hero: $("#hero").value,
    opponents: [...document.querySelectorAll(".opponent")].map((i) => i.value),
    board: $("#board").value, dead: $("#dead").value, mode,
    trials: $("#trials").value, seed: $("#seed").value });
});
$("#chart").addEventListener("submit", (event) => {
  event.preventDefault();
  const against = $("#against").value.trim();
  ask("chart", { op: "chart", ...(against ? { against } : { random: $("#random").value }),
    trials: $("#chart-trials").value, seed: $("#chart-seed").value });
});
$("#add").addEventListener("click", () => {
  if ($("#opponents").children.length < 9) opponentInput();
});
$("#remove").addEventListener("click", () => {
  if ($("#opponents").children.length > 1) $("#opponents").lastElementChild.remove();
});
opponentInput("KhKs");

const socket = new PageSocket({
  link: (state) => {
    $("#link").dataset.link = state;
    $("#link").textContent = state === "open" ? "connected" : state;
    if (state !== "open") {
      for (const form of Object.keys(asked)) {
        if (asked[form] !== null) {
          asked[form] = null;
          busy(form, false);
          $(`#${form}-note`).textContent = "the connection dropped: ask again";
        }
      }
    }
  },
  open: () => {},
  message: onMessage,
});
socket.open();

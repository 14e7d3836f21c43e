// The board drawn from what it has (the "board" message: digits, LEDs, switches, buttons,
// reset button) and then from each "state" message. The DOM carries the values as data
// attributes (data-segments, data-on, aria-checked, data-held, data-value): the browser tests
// read them. Only what the server sent is drawn: a click asks the server, and the switch
// moves when the board says it moved.

const $ = (selector) => document.querySelector(selector);
const SVG = "http://www.w3.org/2000/svg";
// segments a to g (bit 0 is a) and the dot, on a 64 x 100 digit
const SEGMENTS = [[12, 4, 32, 8], [44, 12, 8, 36], [44, 52, 8, 36], [12, 88, 32, 8],
  [4, 52, 8, 36], [4, 12, 8, 36], [12, 46, 32, 8]];
export const SWITCH_KEYS = "0123456789abcdef";
export const BUTTON_KEYS = { center: "Enter", up: "\u2191", left: "\u2190", right: "\u2192",
  down: "\u2193" };

function element(tag, props = {}, parent = null) {
  const el = Object.assign(document.createElement(tag), props);
  if (parent) parent.append(el);
  return el;
}

function digit() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 64 100");
  svg.setAttribute("class", "digit");
  SEGMENTS.forEach(([x, y, w, h], k) => {
    const seg = document.createElementNS(SVG, "rect");
    for (const [name, value] of Object.entries({ x, y, width: w, height: h, rx: 3 })) {
      seg.setAttribute(name, value);
    }
    seg.setAttribute("class", "seg");
    seg.dataset.seg = "abcdefg"[k];
    svg.append(seg);
  });
  const dot = document.createElementNS(SVG, "circle");
  for (const [name, value] of Object.entries({ cx: 58, cy: 92, r: 4.5 })) {
    dot.setAttribute(name, value);
  }
  dot.setAttribute("class", "seg dp");
  svg.append(dot);
  return svg;
}

// the board's parts, built once per "board" message; send(msg) asks the server
export function buildBoard(board, send) {
  $("#top").textContent = board.top;
  $("#part").textContent = `${board.board} (${board.part})`;
  document.title = `${board.top}: pokerhdl emulate`;
  const display = $("#display");
  display.replaceChildren(...Array.from({ length: board.digits }, digit));
  display.hidden = !board.digits;
  const leds = $("#leds");
  leds.replaceChildren();
  for (let i = board.leds - 1; i >= 0; i--) {
    const led = element("span", { className: "led", title: `LED${i}` }, leds);
    led.dataset.index = i;
    element("i", {}, led);
    element("small", { textContent: i }, led);
  }
  leds.hidden = !board.leds;
  const switches = $("#switches");
  switches.replaceChildren();
  for (let i = board.switches - 1; i >= 0; i--) {
    const sw = element("button", { type: "button", className: "switch", title: `SW${i}` },
      switches);
    sw.setAttribute("role", "switch");
    sw.setAttribute("aria-checked", "false");
    sw.dataset.index = i;
    element("i", {}, sw);
    element("small", { textContent: i }, sw);
    if (i < SWITCH_KEYS.length) element("kbd", { textContent: SWITCH_KEYS[i] }, sw);
    sw.addEventListener("click", () => send({ op: "switch", index: i }));
  }
  switches.hidden = !board.switches;
  const buttons = $("#buttons");
  buttons.replaceChildren();
  board.buttons.forEach((name, bit) => {
    const btn = element("button", { type: "button", className: "button" }, buttons);
    btn.dataset.button = name;
    btn.dataset.bit = bit;
    btn.append(board.labels[bit], " ");
    element("kbd", { textContent: BUTTON_KEYS[name] || "" }, btn);
    btn.addEventListener("click", () => send({ op: "press", button: name }));
  });
  buttons.hidden = !board.buttons.length;
  $("#reset").hidden = !board.reset;
  if (board.reset) $("#reset").firstChild.textContent = `${board.reset} `;
  $("#serial").hidden = !board.uart;
  $("#screen").hidden = !board.monitor;
  if (board.monitor) [$("#monitor").width, $("#monitor").height] = board.monitor;
}

function flag(el, name, on) {
  if (on) el.setAttribute(name, "");
  else el.removeAttribute(name);
}

// a "state" message drawn
export function renderBoard(board, state) {
  document.querySelectorAll("#display .digit").forEach((svg, k) => {
    const [segments, dot] = state.display[k] || [0, 0];
    svg.dataset.segments = segments;
    svg.dataset.dot = dot;
    svg.querySelectorAll(".seg").forEach((seg, bit) => {
      seg.classList.toggle("on", bit < 7 ? Boolean(segments >> bit & 1) : Boolean(dot));
    });
  });
  $("#display").dataset.text = state.text;
  $("#display").setAttribute("aria-label", `7-segment display: ${state.text.trim() || "dark"}`);
  $("#leds").dataset.value = state.leds;
  document.querySelectorAll("#leds .led").forEach((led) => {
    flag(led, "data-on", state.leds >> led.dataset.index & 1);
  });
  $("#switches").dataset.value = state.switches;
  document.querySelectorAll("#switches .switch").forEach((sw) => {
    sw.setAttribute("aria-checked", String(Boolean(state.switches >> sw.dataset.index & 1)));
  });
  $("#buttons").dataset.value = state.buttons;
  document.querySelectorAll("#buttons .button").forEach((btn) => {
    flag(btn, "data-held", state.buttons >> btn.dataset.bit & 1);
  });
  flag($("#buttons"), "data-pressing", state.pressing);
  const clk = board.clk_hz;
  const speed = state.speed / 1e6;
  $("#clock").textContent = `${speed.toFixed(2)} M clocks/s = ${(state.speed / clk).toFixed(3)}`
    + ` x real time, t = ${(state.cycle / clk).toFixed(3)} s`
    + (state.frames === null ? "" : `, frame ${state.frames}`);
  $("#page").dataset.cycle = state.cycle;
}

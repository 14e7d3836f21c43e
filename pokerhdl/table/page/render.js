// A "state" message drawn into the page: the header, the board, the seats, your cards, whose
// turn, the actions open to you and the log. Only what the server sent is drawn, so the page
// holds no card the server did not send this browser. The DOM carries the values as data
// attributes (data-card, data-value, data-seat ...): the browser tests read them.

const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const CARD = /\b([2-9TJQKA])([cdhs])\b/g;
const $ = (selector) => document.querySelector(selector);

export function cardText(code) {
  return (code[0] === "T" ? "10" : code[0]) + SUITS[code[1]];
}

function card(code, kind) {
  const el = document.createElement("span");
  el.className = "card" + (kind ? " " + kind : "");
  if (code) {
    el.dataset.card = code;
    el.textContent = cardText(code);
    if (code[1] === "h" || code[1] === "d") el.classList.add("red");
  }
  return el;
}

export function namesOf(state) {
  const names = {};
  state.players.forEach((p, k) => {
    if (p.taken && p.name) names[p.seat ?? k] = p.name;
  });
  return (seat) => names[seat] ?? `P${seat}`;
}

// the log lines of the hand being played start at its last "-- hand N --" line
function handStart(log) {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].startsWith("-- hand")) return i;
  return 0;
}

function winnersOf(log) {
  const won = {};
  for (const line of log.slice(handStart(log))) {
    const m = /^P(\d+) collects (\d+)$/.exec(line);
    if (m) won[m[1]] = (won[m[1]] || 0) + Number(m[2]);
  }
  return won;
}

function set(el, name, on, value = "") {
  if (on) el.setAttribute(name, value);
  else el.removeAttribute(name);
}

function seatBox(k) {
  const el = document.createElement("div");
  el.className = "seat";
  el.dataset.seat = k;
  el.innerHTML = '<div class="head"><span class="name"></span><span class="label"></span>' +
    '<span class="dealer" title="dealer">D</span></div><div class="stack"></div>' +
    '<div class="bet"></div><div class="status"></div><div class="cards"></div>' +
    '<div class="hand-name"></div><div class="clock"></div>';
  return el;
}

function drawSeat(el, k, state, me, won) {
  const t = state.table, seat = t.seats[k], p = state.players[k] || {};
  const mine = k === me && state.you.cards ? { cards: state.you.cards, hand: "" } : null;
  const shown = t.shown[String(k)] || mine;
  const away = p.taken && (!p.connected || p.away);
  el.querySelector(".name").textContent = p.house ? "house" : p.name || "free";
  el.querySelector(".label").textContent = `P${k}` + (k === me ? " \u00b7 you" : "");
  el.querySelector(".dealer").hidden = t.dealer !== k;
  const stack = el.querySelector(".stack");
  stack.dataset.value = seat.stack;
  stack.textContent = seat.stack;
  const bet = el.querySelector(".bet");
  bet.dataset.value = seat.bet;
  bet.textContent = seat.bet ? `bet ${seat.bet}` : "";
  const words = seat.status === "in" ? [] : [seat.status === "out" ? "out of the game" : seat.status];
  if (away) words.push("away");
  el.querySelector(".status").textContent = words.join(", ");
  const inHand = t.phase === "betting" && (seat.status === "in" || seat.status === "all-in");
  const cards = el.querySelector(".cards");
  cards.replaceChildren(
    ...(shown ? shown.cards.map((c) => card(c)) : inHand ? [card(null, "back"), card(null, "back")] : []));
  cards.classList.toggle("backs", !shown || shown === mine);    // nothing the table showed
  el.querySelector(".hand-name").textContent =
    (shown ? shown.hand : "") + (won[k] ? `${shown && shown.hand ? ": " : ""}wins ${won[k]}` : "");
  el.dataset.status = seat.status;
  set(el, "data-acting", t.phase === "betting" && t.to_act === k);
  set(el, "data-dealer", t.dealer === k);
  set(el, "data-you", k === me);
  set(el, "data-away", away);
  set(el, "data-winner", k in won);
}

function drawLog(t, named) {
  const start = handStart(t.log);
  const items = t.log.map((line, i) => {
    const li = document.createElement("li");
    if (i < start) li.className = "past";
    else if (line.startsWith("--")) li.className = "street";
    const text = line.replace(/\bP(\d+)\b/g, (_, k) => named(Number(k)));
    let at = 0;
    for (const m of text.matchAll(CARD)) {
      li.append(text.slice(at, m.index));
      const c = document.createElement("span");
      c.className = "c" + ("hd".includes(m[2]) ? " red" : "");
      c.textContent = cardText(m[0]);
      li.append(c);
      at = m.index + m[0].length;
    }
    li.append(text.slice(at));
    return li;
  });
  $("#log ol").replaceChildren(...items);
}

function turnText(t, named, me) {
  if (t.phase === "over") return `Game over: ${named(t.winner)} wins`;
  if (t.phase !== "betting") return t.hand ? "Waiting for the next deal" : "Waiting for the first deal";
  const who = t.to_act === me ? "Your turn" : `${named(t.to_act)} to act`;
  return `${who} \u00b7 to call ${t.to_call} \u00b7 min raise to ${t.min_raise_to}`;
}

// the actions open to this seat now; returns the bet or raise range, if any
function drawActions(legal) {
  const open = Object.fromEntries(legal.map((a) => [a.action, a]));
  for (const button of document.querySelectorAll("#actions [data-action]")) {
    const a = open[button.dataset.action];
    button.hidden = !a;
    const amount = button.querySelector(".amount");
    if (amount) amount.textContent = a && "amount" in a ? a.amount : "";
  }
  const range = open.bet || open.raise || null;
  $("#raise").hidden = !range;
  if (range) $("#raise-label").textContent = open.bet ? "Bet" : "Raise to";
  return range;
}

export function render(state, note) {
  const t = state.table, you = state.you, me = you.seat;
  const named = namesOf(state);
  const root = $("#table");
  root.hidden = false;
  root.dataset.received = state.received;
  root.dataset.phase = t.phase;
  root.dataset.hand = t.hand;
  set(root, "data-to-act", t.to_act !== null, String(t.to_act));
  set(root, "data-you", me !== null, String(me));
  $("#hand").textContent = t.hand ? `hand ${t.hand} \u00b7 ${t.street}` : "no hand yet";
  $("#who").textContent = me === null ? "watching" : `you: ${named(me)} (P${me})` +
    (you.role === "watcher" ? ", out of this game" : "");
  $("#board").replaceChildren(...[0, 1, 2, 3, 4].map((i) =>
    t.board[i] ? card(t.board[i]) : card(null, "empty")));
  $("#pot b").textContent = t.pot;
  $("#pot").dataset.value = t.pot;
  const seats = $("#seats");
  while (seats.children.length > t.seats.length) seats.lastChild.remove();
  while (seats.children.length < t.seats.length) seats.append(seatBox(seats.children.length));
  const won = winnersOf(t.log);
  t.seats.forEach((_, k) => drawSeat(seats.children[k], k, state, me, won));
  $("#hole").hidden = me === null;
  const hole = you.cards ? you.cards.map((c) => card(c)) : [card(null, "empty"), card(null, "empty")];
  $("#hole").replaceChildren(...hole);
  const turn = $("#turn");
  turn.textContent = turnText(t, named, me);
  turn.append(Object.assign(document.createElement("span"), { className: "secs" }));
  set(turn, "data-mine", t.phase === "betting" && t.to_act === me);
  $("#note").textContent = note;
  drawLog(t, named);
  return drawActions(you.legal);
}

// the turn clock: seconds left (counted down here from the state's) on the turn line, and a
// bar under the acting seat
export function tick(clock) {
  const secs = document.querySelector("#turn .secs");
  const left = clock ? Math.max(0, (clock.deadline - performance.now()) / 1000) : null;
  if (secs) secs.textContent = clock ? ` \u00b7 ${Math.ceil(left)} s` : "";
  for (const bar of document.querySelectorAll(".seat .clock")) {
    const mine = clock && bar.parentElement.dataset.seat === String(clock.seat);
    bar.style.width = mine ? `${Math.min(100, (100 * left) / clock.full)}%` : "0";
  }
  $("#table").dataset.clock = clock ? Math.ceil(left) : "";
}

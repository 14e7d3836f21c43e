// What a player does: the action buttons, the amount (typed, slid, or min, pot, all-in), and
// the keys of `pokerhdl join`: f k c a, b or r then an amount and Enter (Esc cancels), d, n,
// h (your cards), t (the table again), q (leave). Each becomes one protocol request; the
// server says no, with its reason, to whatever is not legal now.

const $ = (selector) => document.querySelector(selector);

export function bindActions(app) {
  const amount = $("#amount"), slider = $("#slider");

  function request(op, fields = {}) {
    app.clearNote();
    app.send({ op, ...(app.token ? { token: app.token } : {}), ...fields });
  }

  function act(action) {
    if (action === "deal" || action === "new_game") return request(action);
    if (action === "bet" || action === "raise") return sendAmount(action);
    request("act", { action });
  }

  // the bet or raise open now (b and r both send it), with the amount in the box
  function sendAmount(action) {
    const range = app.range;
    const value = Number(amount.value);
    if (!Number.isInteger(value) || value <= 0) {
      app.showNote("type an amount: a whole number of chips");
      return amount.focus();
    }
    request("act", { action: range ? (range.action) : action, amount: value });
    amount.blur();
  }

  function preset(name) {
    const r = app.range, t = app.state && app.state.table;
    if (!r || !t) return;
    const pot = t.current_bet + t.pot + t.to_call;     // a pot-sized raise, as pokerhdl play's
    const value = { min: r.min, max: r.max, pot: Math.max(r.min, Math.min(r.max, pot)) }[name];
    amount.value = slider.value = value;
  }

  $("#actions").addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.action) act(button.dataset.action);
    else if (button.dataset.preset) preset(button.dataset.preset);
  });
  slider.addEventListener("input", () => { amount.value = slider.value; });
  amount.addEventListener("input", () => { slider.value = amount.value; });
  amount.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      sendAmount(app.range ? app.range.action : "raise");
    } else if (event.key === "Escape") {
      amount.blur();
    }
  });

  const KEYS = { f: "fold", k: "check", c: "call", a: "allin", d: "deal", n: "new_game" };
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    if (KEYS[key]) act(KEYS[key]);
    else if (key === "b" || key === "r") {
      if (!app.range) return app.showNote(`${key === "b" ? "bet" : "raise"}: not open to you now`);
      amount.focus();
      amount.select();
    } else if (key === "h") request("cards");
    else if (key === "t") app.send({ op: "state" });
    else if (key === "q") app.leave();
    else return;
    event.preventDefault();
  });

  // a new range (a new turn): the box starts at its minimum
  return function rangeChanged(range) {
    const before = app.range;
    app.range = range;
    if (!range) return;
    amount.min = slider.min = range.min;
    amount.max = slider.max = range.max;
    if (!before || before.min !== range.min || before.max !== range.max) {
      amount.value = slider.value = range.min;
    }
  };
}

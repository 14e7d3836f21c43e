// The table's WebSocket (pokerhdl/table/web.py): one JSON message per WebSocket message, the
// protocol of pokerhdl/table/protocol.py. It opens again after a drop (0.5 s, doubling to 8 s)
// until stop(); the seat's token is kept in this browser's localStorage, for this server only.

const KEPT = "pokerhdl.seat";

export function keptSeat() {
  try {
    const seat = JSON.parse(localStorage.getItem(KEPT));
    return seat && typeof seat.token === "string" ? seat : null;
  } catch (e) {
    return null;
  }
}

export function keepSeat(seat) {
  if (seat) localStorage.setItem(KEPT, JSON.stringify(seat));
  else localStorage.removeItem(KEPT);
}

export class TableSocket {
  // on: {link(state), open(), message(msg)}
  constructor(on) {
    this.on = on;
    this.ws = null;
    this.tries = 0;
    this.stopped = false;
    this.timer = null;
  }

  open() {
    clearTimeout(this.timer);
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/socket");
    this.ws = ws;
    this.on.link("connecting");
    ws.onopen = () => {
      this.tries = 0;
      this.on.link("open");
      this.on.open();
    };
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (e) {
        return;
      }
      this.on.message(msg);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.on.link("closed");
      if (!this.stopped) {
        this.timer = setTimeout(() => this.open(), Math.min(8000, 500 * 2 ** this.tries++));
      }
    };
  }

  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }

  resume() {
    this.stopped = false;
    if (!this.ws) this.open();
  }
}

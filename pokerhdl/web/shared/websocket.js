// A page's WebSocket to its own server (pokerhdl/web/serving.py: /socket), shared by every
// pokerhdl page: a text message is one JSON object, a binary one an ArrayBuffer. It opens
// again after a drop (0.5 s, doubling to 8 s) until stop().

export class PageSocket {
  // on: {link(state), open(), message(msg), binary(buffer) (optional)}
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
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.on.link("connecting");
    ws.onopen = () => {
      this.tries = 0;
      this.on.link("open");
      this.on.open();
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== "string") {
        if (this.on.binary) this.on.binary(event.data);
        return;
      }
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

// The table's WebSocket (pokerhdl/table/web.py): one JSON message per WebSocket message, the
// protocol of pokerhdl/table/protocol.py, on every page's socket (websocket.js: it opens again
// after a drop). The seat's token is kept in this browser's localStorage, for this server only.

export { PageSocket as TableSocket } from "./websocket.js";

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

// The far end's screen of the board's serial terminal, as far as the boards use one (as the
// terminal screen's TextPane, pokerhdl/sim/emulator_ui.py): CR, LF, backspace, and ESC[2J
// (clear); other escape sequences are dropped. The bytes come in pieces as the board sends
// them, so an escape sequence cut between two pieces waits for its end.

const ESCAPE = /\x1b\[([0-9;]*)([A-Za-z])/g;
const UNFINISHED = /\x1b(\[[0-9;]*)?$/;

export class Pane {
  constructor(keep = 200) {
    this.keep = keep;
    this.lines = [""];
    this.pending = "";
  }

  clear() {
    this.lines = [""];
    this.pending = "";
  }

  // text: the bytes as Latin-1 characters
  feed(text) {
    text = this.pending + text;
    const cut = text.match(UNFINISHED);
    this.pending = cut ? cut[0] : "";
    if (cut) text = text.slice(0, cut.index);
    let at = 0;
    for (const m of text.matchAll(ESCAPE)) {
      this.text(text.slice(at, m.index));
      if (m[2] === "J" && m[1] === "2") this.lines = [""];
      at = m.index + m[0].length;
    }
    this.text(text.slice(at));
  }

  text(part) {
    const lines = this.lines;
    for (const ch of part) {
      const code = ch.charCodeAt(0);
      if (ch === "\n") lines.push("");
      else if (ch === "\b") lines[lines.length - 1] = lines[lines.length - 1].slice(0, -1);
      else if (code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code < 0xa0)) {
        lines[lines.length - 1] += ch;
      }
    }
    if (lines.length > this.keep) lines.splice(0, lines.length - this.keep);
  }
}

// what a key means to the board's UART: the character, Enter a CR (as a terminal program
// sends it), backspace, Esc; null for the others (a modifier, a function key)
export function keyBytes(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === "Enter") return "\r";
  if (event.key === "Backspace") return "\b";
  if (event.key === "Escape") return "\x1b";
  return event.key.length === 1 ? event.key : null;
}

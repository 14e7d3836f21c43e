// The monitor on the canvas, pixel for pixel: each binary message is a band of rows that
// changed (pokerhdl/sim/monitor_frames.py): a header, a palette of 12-bit colours, and the
// band's pixels deflated (palette indices, or the colours themselves). A 4-bit channel c is
// drawn as c * 17 (0 to 255). Messages are applied in the order they came, and each is
// answered once drawn (the server sends no more than two ahead); the canvas carries the
// picture's number (data-picture), the tests read the pixels back.

const HEADER = 14;                   // monitor_frames.HEADER.size
const INDEXED = 1;
const DIRECT = 2;

// 12-bit colour -> the canvas's RGBA as one little-endian 32-bit word
const RGBA = new Uint32Array(4096);
for (let c = 0; c < 4096; c++) {
  RGBA[c] = (0xff000000 | ((c & 15) * 17) << 16 | ((c >> 4 & 15) * 17) << 8
    | (c >> 8 & 15) * 17) >>> 0;
}

async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export class Monitor {
  // drawn(): called after each message drawn (the server sends the next picture then)
  constructor(canvas, drawn) {
    this.canvas = canvas;
    this.drawn = drawn;
    this.chain = Promise.resolve();
    this.stats = { messages: 0, bytes: 0, pictures: 0, rows: 0, shown: [] };
    window.__monitor = this.stats;
  }

  reset(width, height) {
    this.canvas.width = width;
    this.canvas.height = height;
    this.ctx = this.canvas.getContext("2d", { willReadFrequently: true });
    this.image = this.ctx.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    delete this.canvas.dataset.picture;
  }

  receive(buffer) {
    this.chain = this.chain.then(() => this.draw(buffer)).catch((e) => console.error(e))
      .finally(() => this.drawn());
  }

  async draw(buffer) {
    const view = new DataView(buffer);
    const kind = view.getUint8(0);
    const first = view.getUint16(2, true);
    const rows = view.getUint16(4, true);
    const width = view.getUint16(6, true);
    const picture = view.getUint32(8, true);
    const colours = view.getUint16(12, true);
    if (width !== this.canvas.width || first + rows > this.canvas.height) return;
    const body = await inflate(new Uint8Array(buffer, HEADER + 2 * colours));
    const out = this.pixels.subarray(first * width, (first + rows) * width);
    if (kind === INDEXED) {
      const palette = new Uint32Array(colours);
      for (let k = 0; k < colours; k++) palette[k] = RGBA[view.getUint16(HEADER + 2 * k, true)];
      for (let i = 0; i < out.length; i++) out[i] = palette[body[i]];
    } else if (kind === DIRECT) {
      const colour = new Uint16Array(body.buffer, 0, out.length);   // little-endian, as sent
      for (let i = 0; i < out.length; i++) out[i] = RGBA[colour[i] & 0xfff];
    } else {
      return;
    }
    this.ctx.putImageData(this.image, 0, 0, 0, first, width, rows);
    this.canvas.dataset.picture = picture;
    const s = this.stats;
    s.messages += 1;
    s.bytes += buffer.byteLength;
    s.rows += rows;
    if (picture !== s.last) s.pictures += 1;
    s.last = picture;
    s.shown.push([performance.now(), buffer.byteLength, rows, s.messages]);  // the last 500
    if (s.shown.length > 1000) s.shown.splice(0, 500);
  }
}

// The fast engine: a Verilator model of one generated top, driven from Python (ctypes).
//
// Python's per-call cost (about a microsecond) is far above a clock of a verilated design, so
// the loops that run clock by clock live here: a valid/ready stream source, strobe recorders,
// a UART line in each direction, a 7-segment display and a VGA monitor as an eye sees them, a
// probe sweep, and "run until a port has a value". Python
// (pokerhdl/sim/verilated.py) sets them up and asks for whole transactions.
//
// Built by pokerhdl.verilated with -DTOP_CLASS=V<top> -DTOP_HEADER="V<top>.h" and a generated
// ports.h that lists every port as PORT(name, width), and any internal signal asked for as
// INTERNAL(name, width, member) (a build with --public-flat-rw and -DROOT_HEADER: the member
// of the model's root, read and written like a port).
//
// One clock (tick): sources decide their handshakes on the settled inputs; rising edge; strobe
// recorders, source pops and the UART monitor see the post-edge outputs; falling edge; sources
// and the UART driver set the inputs of the next clock; combinational settle. A design with no
// negedge logic (-DNEGEDGE_FREE: every generated top) takes the falling edge and the new inputs
// in one evaluation, as both orders end in the same settled state; others take them apart.
//
// Each evaluation calls the model's root evaluation (V<top>___024root___eval, what eval() calls
// after its first time) directly: eval()'s bookkeeping around it (a deleter's mutex, the message
// queue of threads) serves designs with classes or $display from threads, which none of these
// has, and cost as much as the falling edge itself.
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include TOP_HEADER
#ifdef ROOT_HEADER
#include ROOT_HEADER
#endif
#include "verilated.h"

#define PASTE_(a, b) a##b
#define PASTE(a, b) PASTE_(a, b)
#define ROOT_CLASS PASTE(TOP_CLASS, ___024root)
void PASTE(ROOT_CLASS, ___eval)(ROOT_CLASS* root);   // the model's own, in V<top>___024root*.cpp

// the functions Python calls: the only symbols the library shows (built -fvisibility=hidden)
#define EXPORT __attribute__((visibility("default")))

namespace {

struct Port {
    const char* name;
    int width;
    void* ptr;
};

inline uint64_t read_port(const Port& p) {
    if (p.width <= 8) return *static_cast<CData*>(p.ptr);
    if (p.width <= 16) return *static_cast<SData*>(p.ptr);
    if (p.width <= 32) return *static_cast<IData*>(p.ptr);
    return *static_cast<QData*>(p.ptr);
}

inline void write_port(const Port& p, uint64_t v) {
    if (p.width < 64) v &= (uint64_t(1) << p.width) - 1;
    if (p.width <= 8) *static_cast<CData*>(p.ptr) = static_cast<CData>(v);
    else if (p.width <= 16) *static_cast<SData*>(p.ptr) = static_cast<SData>(v);
    else if (p.width <= 32) *static_cast<IData*>(p.ptr) = static_cast<IData>(v);
    else *static_cast<QData*>(p.ptr) = v;
}

// A valid/ready source: items of len(data) words each, offered with random idle clocks.
struct Source {
    int valid, ready;
    std::vector<int> data;
    std::deque<uint64_t> queue;      // flattened items
    double gap;                      // chance of an idle clock before offering an item
    bool presenting = false, fire = false;
    uint64_t taken = 0;
};

// Records the listed ports on every clock whose strobe port is high after the edge.
struct Recorder {
    int strobe;
    std::vector<int> ports;
    std::vector<uint64_t> values;
    uint64_t count = 0;
};

// The far end of a design's serial output: decodes 8N1 frames clock-exactly (a frame without
// its stop bit is dropped).
struct UartMonitor {
    int pin;
    uint32_t bit;                    // clocks per bit
    int state = -1;                  // -1 idle, 0..7 data bits, 8 stop bit
    uint32_t wait = 0;
    uint32_t shift = 0;
    bool last = true;
    std::string bytes;
};

// The far end of a design's serial input: sends queued bytes as 8N1 frames.
struct UartDriver {
    int pin;
    uint32_t bit;
    std::deque<uint8_t> queue;
    int state = -1;                  // -1 idle, 0 start, 1..8 data, 9 stop
    uint32_t left = 0;
    uint8_t byte = 0;
};

// What an eye sees on a multiplexed 7-segment display: for each digit, the segments (and the
// decimal point in bit 7) the last time its anode alone was lit, and how many clocks it was.
// The pins change once in thousands of clocks: each clock compares them, as one word, with the
// last clock's, and a run of equal clocks is counted into its digit when it ends (or is taken).
struct Display {
    int an, seg, dp;
    bool active_low;
    uint64_t mask;
    uint64_t word = ~uint64_t(0);    // the pins of the run being counted (none yet)
    uint64_t run = 0;                // its clocks
    uint64_t glyph[16] = {};
    uint64_t lit[16] = {};
};

// A VGA monitor: the colour pins sampled in the middle of each pixel period and placed by the
// sync pulses, as a monitor places them (the 12-bit colour is r << 8 | g << 4 | b, or one
// 12-bit port when g < 0). After a vsync pulse starts, hsync pulse n leads into visible line
// n + 1 - (vsync + back porch lines); after an hsync pulse starts, pixel period k is visible
// column k - (hsync + back porch periods). Each line is written as it is scanned, so the
// buffer is always the last frame with the lines of the next already drawn over it; at the
// start of a vsync pulse it is exactly one whole frame (``frames`` counts them).
struct Vga {
    int r, g, b, hs, vs;
    uint32_t cpp;                    // clocks per pixel period
    int width, height;               // the visible pixels
    int h_lead, v_lead;              // sync + back porch: pixel periods, lines
    bool hs_last = true, vs_last = true;
    uint64_t since_hs = 0;           // clocks since the last hsync pulse started
    uint64_t sample_at = 0;          // the since_hs of the next pixel's sample (mid-period)
    int x = 0;                       // that pixel's column; width: none left on this line
    int64_t line = -1;               // the visible line being scanned (-1: none yet)
    int64_t next_line = -(int64_t(1) << 40);   // before the first vsync: nothing placed
    uint64_t frames = 0;
    std::vector<uint16_t> pixels;
};

struct Sim {
    std::unique_ptr<VerilatedContext> context;
    std::unique_ptr<TOP_CLASS> top;
    std::vector<Port> ports;
    int clk = -1;
    uint64_t cycle = 0;
    uint64_t rng;
    std::vector<Source> sources;
    std::vector<Recorder> recorders;
    std::vector<UartMonitor> monitors;
    std::vector<UartDriver> drivers;
    std::vector<Display> displays;
    std::vector<Vga> vgas;

    double uniform() {               // xorshift64*: only for idle gaps in streams
        rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
        return double((rng * 0x2545F4914F6CDD1DULL) >> 11) / double(1ULL << 53);
    }
    uint64_t get(int i) { return read_port(ports[i]); }
    void set(int i, uint64_t v) { write_port(ports[i], v); }
    void eval() { PASTE(ROOT_CLASS, ___eval)(top->rootp); }   // after the first top->eval()
};

void offer(Sim& s, Source& src) {
    if (src.presenting) return;
    if (src.queue.size() < src.data.size() || (src.gap > 0 && s.uniform() < src.gap)) {
        s.set(src.valid, 0);
        return;
    }
    for (size_t k = 0; k < src.data.size(); ++k) s.set(src.data[k], src.queue[k]);
    s.set(src.valid, 1);
    src.presenting = true;
}

bool drive(Sim& s, UartDriver& d) {           // true when the pin changed
    if (d.left > 0 && --d.left > 0) return false;
    uint64_t before = s.get(d.pin);
    if (d.state == -1 || d.state == 9) {
        if (d.queue.empty()) {
            d.state = -1;
            s.set(d.pin, 1);
            return before != 1;
        }
        d.byte = d.queue.front();
        d.queue.pop_front();
        d.state = 0;
        s.set(d.pin, 0);
    } else {
        ++d.state;
        s.set(d.pin, d.state == 9 ? 1 : (d.byte >> (d.state - 1)) & 1);
    }
    d.left = d.bit;
    return s.get(d.pin) != before;
}

// Count the run of clocks with pins ``d.word`` into its digit (when one digit alone was lit).
void settle(Display& d) {
    if (d.run == 0) return;
    uint64_t an = d.word & 0xFFFF, seg = d.word >> 16 & 0x7F, dp = d.word >> 23 & 1;
    if (d.active_low) {
        an = ~an & d.mask;
        seg = ~seg & 0x7F;
        dp = ~dp & 1;
    }
    if (an == 0 || (an & (an - 1)) != 0) {
        d.run = 0;
        return;
    }
    int digit = __builtin_ctzll(an);
    d.glyph[digit] = seg | dp << 7;
    d.lit[digit] += d.run;
    d.run = 0;
}

inline void watch(Sim& s, Display& d) {
    uint64_t word = s.get(d.an) | s.get(d.seg) << 16 | s.get(d.dp) << 23;
    if (word != d.word) {
        settle(d);
        d.word = word;
    }
    ++d.run;
}

// Pixel x of a line is sampled at since_hs == (h_lead + x) * cpp + cpp / 2 (the middle of its
// period): each clock compares since_hs with the next sample's, and only a visible line has one.
inline void scan(Sim& s, Vga& v) {
    bool hs = s.get(v.hs) != 0, vs = s.get(v.vs) != 0;
    if (v.vs_last != vs || v.hs_last != hs) {
        if (v.vs_last && !vs) {
            ++v.frames;
            v.next_line = 1 - v.v_lead;
        }
        if (v.hs_last && !hs) {
            v.since_hs = ~uint64_t(0);       // 0 below
            v.line = v.next_line++;
            v.x = v.line >= 0 && v.line < v.height ? 0 : v.width;
            v.sample_at = uint64_t(v.h_lead) * v.cpp + v.cpp / 2;
        }
        v.hs_last = hs;
        v.vs_last = vs;
    }
    if (++v.since_hs != v.sample_at || v.x >= v.width) return;
    uint64_t colour = v.g < 0 ? s.get(v.r)
                              : s.get(v.r) << 8 | s.get(v.g) << 4 | s.get(v.b);
    v.pixels[size_t(v.line) * size_t(v.width) + size_t(v.x)] = uint16_t(colour & 0xFFF);
    ++v.x;
    v.sample_at += v.cpp;
}

void monitor(Sim& s, UartMonitor& m) {
    bool line = s.get(m.pin) != 0;
    if (m.state == -1) {
        if (m.last && !line) {       // start bit: sample each bit in its middle
            m.state = 0;
            m.wait = m.bit + m.bit / 2;
            m.shift = 0;
        }
    } else if (--m.wait == 0) {
        if (m.state < 8) {
            m.shift |= uint32_t(line) << m.state;
            ++m.state;
            m.wait = m.bit;
        } else {
            if (line) m.bytes.push_back(static_cast<char>(m.shift));
            m.state = -1;
        }
    }
    m.last = line;
}

void tick(Sim& s) {
    for (auto& src : s.sources) src.fire = src.presenting && s.get(src.ready);
    s.set(s.clk, 1);
    s.eval();
    ++s.cycle;
    for (auto& src : s.sources)
        if (src.fire) {
            src.queue.erase(src.queue.begin(), src.queue.begin() + src.data.size());
            src.presenting = false;
            ++src.taken;
        }
    for (auto& r : s.recorders)
        if (s.get(r.strobe)) {
            ++r.count;
            for (int p : r.ports) r.values.push_back(s.get(p));
        }
    for (auto& m : s.monitors) monitor(s, m);
    for (auto& d : s.displays) watch(s, d);
    for (auto& v : s.vgas) scan(s, v);
    s.set(s.clk, 0);
#ifdef NEGEDGE_FREE
    for (auto& src : s.sources) offer(s, src);
    for (auto& d : s.drivers) drive(s, d);
    s.eval();                        // the falling edge and the next clock's inputs, settled
#else
    s.eval();
    for (auto& src : s.sources) offer(s, src);
    bool moved = !s.sources.empty();
    for (auto& d : s.drivers) moved |= drive(s, d);
    if (moved) s.eval();             // inputs changed: settle before Python reads outputs
#endif
}

}  // namespace

extern "C" {

EXPORT void* sim_new(uint64_t seed) {
    auto* s = new Sim;
    s->context = std::make_unique<VerilatedContext>();
    Verilated::threadContextp(s->context.get());
    s->top = std::make_unique<TOP_CLASS>(s->context.get());
    s->rng = seed ? seed : 0x9E3779B97F4A7C15ULL;
    TOP_CLASS* top = s->top.get();
#define PORT(name, width) s->ports.push_back({#name, width, &top->name});
#define INTERNAL(name, width, member) s->ports.push_back({#name, width, &top->rootp->member});
#include "ports.h"
#undef PORT
#undef INTERNAL
    for (size_t i = 0; i < s->ports.size(); ++i)
        if (std::strcmp(s->ports[i].name, "clk") == 0) s->clk = static_cast<int>(i);
    top->eval();
    return s;
}

EXPORT void sim_free(void* p) {
    auto* s = static_cast<Sim*>(p);
    // a model's public scopes leave the calling thread's current context when they are
    // deleted: make that this model's, not the last one made (which may be gone)
    Verilated::threadContextp(s->context.get());
    s->top->final();
    delete s;
}

EXPORT int sim_port_count(void* p) {
    return static_cast<int>(static_cast<Sim*>(p)->ports.size());
}
EXPORT const char* sim_port_name(void* p, int i) { return static_cast<Sim*>(p)->ports[i].name; }
EXPORT uint64_t sim_cycle(void* p) { return static_cast<Sim*>(p)->cycle; }

EXPORT uint64_t sim_get(void* p, int i) { return static_cast<Sim*>(p)->get(i); }

EXPORT void sim_set(void* p, int i, uint64_t v) {
    auto* s = static_cast<Sim*>(p);
    s->set(i, v);
    s->eval();
}

EXPORT void sim_tick(void* p, uint64_t n) {
    auto* s = static_cast<Sim*>(p);
    for (uint64_t k = 0; k < n; ++k) tick(*s);
}

// Clock until port `port` reads `value` after an edge (at least one clock), at most `limit`
// clocks; returns the clocks run, or -1 when the limit was reached first.
EXPORT int64_t sim_run_until(void* p, int port, uint64_t value, uint64_t limit) {
    auto* s = static_cast<Sim*>(p);
    for (uint64_t k = 1; k <= limit; ++k) {
        tick(*s);
        if (s->get(port) == value) return static_cast<int64_t>(k);
    }
    return -1;
}

// For each address: drive it, one clock, read the data port (a registered read port).
EXPORT void sim_sweep(void* p, int addr, int data, const uint64_t* addrs, int n, uint64_t* out) {
    auto* s = static_cast<Sim*>(p);
    for (int k = 0; k < n; ++k) {
        s->set(addr, addrs[k]);
        s->eval();
        tick(*s);
        out[k] = s->get(data);
    }
}

EXPORT int sim_add_source(void* p, int valid, int ready, const int* data, int n, double gap) {
    auto* s = static_cast<Sim*>(p);
    s->sources.push_back({valid, ready, std::vector<int>(data, data + n), {}, gap});
    return static_cast<int>(s->sources.size()) - 1;
}

// Queue items (n words, a multiple of the item size); the first is offered at once.
EXPORT void sim_source_push(void* p, int id, const uint64_t* words, int n) {
    auto* s = static_cast<Sim*>(p);
    auto& src = s->sources[id];
    src.queue.insert(src.queue.end(), words, words + n);
    offer(*s, src);
    s->eval();
}

// Drop everything queued and lower valid (a reset of the far end); returns the items dropped.
EXPORT uint64_t sim_source_clear(void* p, int id) {
    auto* s = static_cast<Sim*>(p);
    auto& src = s->sources[id];
    uint64_t left = src.queue.size() / src.data.size();
    src.queue.clear();
    src.presenting = false;
    s->set(src.valid, 0);
    s->eval();
    return left;
}

EXPORT uint64_t sim_source_pending(void* p, int id) {
    auto& src = static_cast<Sim*>(p)->sources[id];
    return src.queue.size() / src.data.size();
}

EXPORT uint64_t sim_source_taken(void* p, int id) {
    return static_cast<Sim*>(p)->sources[id].taken;
}

EXPORT int sim_add_recorder(void* p, int strobe, const int* ports, int n) {
    auto* s = static_cast<Sim*>(p);
    s->recorders.push_back({strobe, std::vector<int>(ports, ports + n), {}});
    return static_cast<int>(s->recorders.size()) - 1;
}

// Strobes seen since the last take; the recorded words are copied into out (up to cap).
EXPORT uint64_t sim_recorder_take(void* p, int id, uint64_t* out, uint64_t cap) {
    auto& r = static_cast<Sim*>(p)->recorders[id];
    uint64_t count = r.count, n = r.values.size() < cap ? r.values.size() : cap;
    std::memcpy(out, r.values.data(), n * sizeof(uint64_t));
    r.values.clear();
    r.count = 0;
    return count;
}

EXPORT uint64_t sim_recorder_size(void* p, int id) {
    return static_cast<Sim*>(p)->recorders[id].values.size();
}

EXPORT int sim_add_uart_monitor(void* p, int pin, uint32_t bit) {
    auto* s = static_cast<Sim*>(p);
    UartMonitor m;
    m.pin = pin;
    m.bit = bit;
    m.last = s->get(pin) != 0;
    s->monitors.push_back(m);
    return static_cast<int>(s->monitors.size()) - 1;
}

// Bytes decoded since the last take (copied into out, up to cap); returns how many there were.
EXPORT uint64_t sim_uart_take(void* p, int id, char* out, uint64_t cap) {
    auto& m = static_cast<Sim*>(p)->monitors[id];
    uint64_t n = m.bytes.size();
    std::memcpy(out, m.bytes.data(), n < cap ? n : cap);
    m.bytes.clear();
    return n;
}

EXPORT uint64_t sim_uart_pending(void* p, int id) {
    return static_cast<Sim*>(p)->monitors[id].bytes.size();
}

// Drop a frame in progress (the design was reset mid-byte).
EXPORT void sim_uart_resync(void* p, int id) {
    auto* s = static_cast<Sim*>(p);
    auto& m = s->monitors[id];
    m.state = -1;
    m.last = s->get(m.pin) != 0;
}

EXPORT int sim_add_uart_driver(void* p, int pin, uint32_t bit) {
    auto* s = static_cast<Sim*>(p);
    UartDriver d;
    d.pin = pin;
    d.bit = bit;
    s->drivers.push_back(d);
    s->set(pin, 1);
    s->eval();
    return static_cast<int>(s->drivers.size()) - 1;
}

EXPORT void sim_uart_write(void* p, int id, const char* bytes, int n) {
    auto& d = static_cast<Sim*>(p)->drivers[id];
    d.queue.insert(d.queue.end(), bytes, bytes + n);
}

// Bytes still to send, counting one being sent.
EXPORT uint64_t sim_uart_sending(void* p, int id) {
    auto& d = static_cast<Sim*>(p)->drivers[id];
    return d.queue.size() + (d.state != -1 ? 1 : 0);
}

// Clock until every queued byte's stop bit has been sent; returns the clocks run.
EXPORT uint64_t sim_uart_flush(void* p, int id) {
    auto* s = static_cast<Sim*>(p);
    auto& d = s->drivers[id];
    uint64_t k = 0;
    for (; !d.queue.empty() || d.state != -1; ++k) tick(*s);
    return k;
}

EXPORT int sim_add_display(void* p, int an, int seg, int dp, int active_low, int digits) {
    auto* s = static_cast<Sim*>(p);
    Display d;
    d.an = an;
    d.seg = seg;
    d.dp = dp;
    d.active_low = active_low != 0;
    d.mask = (uint64_t(1) << digits) - 1;
    s->displays.push_back(d);
    return static_cast<int>(s->displays.size()) - 1;
}

// Each digit's last glyph (segments, dp in bit 7) and the clocks it was lit since the last
// call (then cleared), digit 0 first.
EXPORT void sim_display_take(void* p, int id, uint64_t* glyphs, uint64_t* lit, int digits) {
    auto& d = static_cast<Sim*>(p)->displays[id];
    settle(d);
    for (int k = 0; k < digits && k < 16; ++k) {
        glyphs[k] = d.glyph[k];
        lit[k] = d.lit[k];
        d.lit[k] = 0;
    }
}

EXPORT int sim_add_vga(void* p, int r, int g, int b, int hs, int vs, uint32_t cpp, int width,
                int height, int h_lead, int v_lead) {
    auto* s = static_cast<Sim*>(p);
    Vga v;
    v.r = r;
    v.g = g;
    v.b = b;
    v.hs = hs;
    v.vs = vs;
    v.cpp = cpp ? cpp : 1;
    v.width = width;
    v.height = height;
    v.h_lead = h_lead;
    v.v_lead = v_lead;
    v.pixels.assign(size_t(width) * size_t(height), 0);
    s->vgas.push_back(std::move(v));
    return static_cast<int>(s->vgas.size()) - 1;
}

// The frames whose vsync pulse has started so far.
EXPORT uint64_t sim_vga_frames(void* p, int id) { return static_cast<Sim*>(p)->vgas[id].frames; }

// The visible line being scanned (-1 before the first frame, height and beyond in blanking).
EXPORT int64_t sim_vga_line(void* p, int id) { return static_cast<Sim*>(p)->vgas[id].line; }

// The monitor's pixels, rows top first (width x height 12-bit colours).
EXPORT void sim_vga_pixels(void* p, int id, uint16_t* out) {
    auto& v = static_cast<Sim*>(p)->vgas[id];
    std::memcpy(out, v.pixels.data(), v.pixels.size() * sizeof(uint16_t));
}

}  // extern "C"

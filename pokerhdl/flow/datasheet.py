"""A datasheet per block, docs/blocks/<block>.md, and its timing diagram <block>.svg: made from
the block's facts (pokerhdl.flow.blocks: ports and docstring), its hand-off files
(generated/ip/), docs/figures.json (size, depth, routed clock, latency: as figure markers that
`make bench` renders again) and the trace its own test recorded (docs/blocks/waves/, `make
waves`), never typed. `python -m pokerhdl.flow.datasheet` writes them (`make docs`);
``--check`` changes nothing and fails when a page differs from what it would write.
"""

import json
import re
import sys
from pathlib import Path

from .blocks import BLOCKS, SOURCE_ROOT, block
from .params import parameter_rows
from .tops import TOPS
from .version import VERSION

DOCS = SOURCE_ROOT / "docs"
FOLDER = DOCS / "blocks"
WAVES = FOLDER / "waves"
FIGURES = DOCS / "figures.json"
SYNTH = ["LUT", "FF", "BRAM", "LUTRAM/SRL", "CARRY4", "MUXF7/8", "logic levels"]
ROUTE = ["routed Fmax (MHz)", "LUT4", "CCU2C", "FF", "DP16KD"]
# what a docstring says about bad input: its sentences with these words
BAD = re.compile(r"invalid|error|refus|bad |BAD_|dropped|ignored|overrun|framing|glitch|"
                 r"fewer than|not in the deck|wins over", re.I)
TIMING = re.compile(r"clocks? (?:later|earlier|after|of latency)|per clock|every clock|"
                    r"LATENCY|one-clock|a clock after|each clock|back to back", re.I)


def figure(table, row, column, data):
    """A cell of docs/figures.json as a figure marker (bench/figures.py renders it again)."""
    rows = {r["cells"][0]: r for r in data["tables"].get(table, {}).get("rows", [])}
    headers = data["tables"].get(table, {}).get("headers", [])
    value = rows[row]["cells"][headers.index(column)]
    return f"<!-- figure {table}: {row}: {column} -->{value}<!-- /figure -->"


def rows_of(data, table, name):
    """The rows of a figures table about a block: its own, and its variants ("name k=v")."""
    return [r["cells"][0] for r in data["tables"].get(table, {}).get("rows", [])
            if r["cells"][0] == name or r["cells"][0].startswith((f"{name} ", f"{name}, "))]


def tests_of(name):
    """The test modules that simulate the block (their run_block calls name it)."""
    found = []
    for path in sorted((SOURCE_ROOT / "tb").glob("*/test_*.py")):
        if re.search(rf"run_block\(\s*\"{name}\"", path.read_text()):
            found.append(path.relative_to(SOURCE_ROOT).as_posix())
    return found


def sentences(text):
    return [s.strip() for s in re.split(r"(?<=[.;])\s+", text) if s.strip()]


def said(b, pattern):
    """The docstring's sentences that match ``pattern``, each once, with the port they are
    about."""
    seen, out = set(), []
    for p in b.ports:
        for s in sentences(p.meaning):
            if pattern.search(s) and s not in seen:
                seen.add(s)
                out.append(f"`{p.name}`: {s}")
    for s in sentences(b.summary + " " + b.description):
        if pattern.search(s) and s not in seen:
            seen.add(s)
            out.append(s)
    return out


def esc(text):
    return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")


def ports_table(b):
    lines = ["| port | direction | width | meaning |", "|---|---|---|---|"]
    for p in b.ports:
        lines.append(f"| `{p.name}` | {p.direction} | {p.width} | "
                     f"{esc(p.meaning) or '(not described in the docstring)'} |")
    return lines


def clock_section(b):
    names = {p.name for p in b.ports}
    if "clk" not in names:
        return ["No clock: combinational, every output follows its inputs within the same "
                "delta cycle (the diagram samples it once a nanosecond)."]
    out = ["One clock, `clk`: every register is clocked on its rising edge "
           "([spec](../spec.md#clock-and-reset))."]
    if "rst" in names:
        meaning = b.port("rst").meaning
        out.append("Reset: `rst`, synchronous, active high" + (
            f": {esc(meaning)}." if "synchronous reset" not in meaning else "."))
    elif TOPS[b.name].initial_values:
        out.append("No reset input: its registers start from initial values (converted with "
                   "them; an FPGA loads them at configuration).")
    return [" ".join(out)]


def timing_section(b, data, wave):
    out = []
    for row in rows_of(data, "pipelines", b.name):
        out.append(f"- {row}: latency {figure('pipelines', row, 'latency (clocks)', data)} "
                   f"clocks, throughput {figure('pipelines', row, 'throughput', data)} "
                   f"([benchmarks](../benchmarks.md))")
    if wave and wave.get("latency") is not None:
        out.append(f"- On the trace below: `out_valid` {wave['latency'] * wave['stride']} "
                   f"clocks after `in_valid`.")
    out += [f"- {esc(s)}" for s in said(b, TIMING)]
    return out or ["- Handshakes as the ports say; the diagram below shows one exchange."]


def size_section(b, data):
    out = []
    synth = rows_of(data, "synthesis", b.name)
    if synth:
        out += [f"Yosys `synth_xilinx` (xc7), as measured by `make bench` "
                "([benchmarks](../benchmarks.md)):", "",
                "| design | " + " | ".join(SYNTH) + " |", "|---" * (len(SYNTH) + 1) + "|"]
        out += [f"| {row} | " + " | ".join(figure("synthesis", row, c, data) for c in SYNTH)
                + " |" for row in synth]
        out.append("")
    routes = rows_of(data, "routes", b.name)
    if routes:
        out += ["Routed on the open ECP5 flow (LFE5U-85F, speed 6; `make pnr`):", "",
                "| design | " + " | ".join(ROUTE) + " |", "|---" * (len(ROUTE) + 1) + "|"]
        out += [f"| {row} | " + " | ".join(figure("routes", row, c, data) for c in ROUTE)
                + " |" for row in routes]
    return out or ["Not measured yet (`make bench SECTIONS=synthesis`, `make pnr`)."]


def verification_section(b, data):
    out = [f"- `{t}`: cocotb, in Verilog (Icarus) and VHDL (GHDL), against `pokerhdl.golden`"
           for t in tests_of(b.name)]
    for row in rows_of(data, "gate-level", b.name):
        out.append(f"- its gate-level netlist (`tb/gates/test_gates.py`): "
                   f"{figure('gate-level', row, 'result', data)}")
    for r in data["tables"].get("formal", {}).get("rows", []):
        if re.search(rf"(^|, ){b.name}\b", r["cells"][1]):
            out.append(f"- formal proof `{r['cells'][0]}` ([verification](../verification.md"
                       f"#formal-proofs))")
    return out


def template_section(b):
    ip = SOURCE_ROOT / "generated" / "ip" / b.name
    out = [f"`generated/ip/{b.name}/{b.name}_inst.v`:", "", "```verilog",
           (ip / f"{b.name}_inst.v").read_text().rstrip(), "```", "",
           f"`generated/ip/{b.name}/{b.name}_inst.vho` (component and instance):", "",
           "```vhdl", (ip / f"{b.name}_inst.vho").read_text().rstrip(), "```"]
    return out


def page(name, data):
    b = block(name)
    top = TOPS[name]
    wave_file = WAVES / f"{name}.json"
    wave = json.loads(wave_file.read_text()) if wave_file.exists() else None
    lines = [f"# {name}", "", f"{esc(b.doc[:1].upper() + b.doc[1:])}. {esc(b.summary)}", ""]
    if b.description:
        lines += [esc(b.description), ""]
    lines += ["| | |", "|---|---|",
              f"| Verilog | `generated/verilog/{name}.v` |",
              f"| VHDL | `generated/vhdl/{name}.vhd`, after `generated/vhdl/pck_myhdl_011.vhd` |",
              f"| MyHDL | `{top.factory.replace(':', '.')}` |",
              f"| templates | `generated/ip/{name}/{name}_inst.v`, `{name}_inst.vho` |",
              f"| FuseSoC | `pokerhdl:blocks:{name}:{VERSION}` "
              f"(`generated/ip/{name}/{name}.core`) |",
              f"| Vivado IP | `pokerhdl:blocks:{name}:{VERSION}` "
              f"(`generated/ip/{name}/component.xml`) |",
              f"| files | `pokerhdl rtl {name} --hdl both` |", "",
              "## Ports", ""] + ports_table(b)
    if b.axis:
        lines += ["", "AXI4-Stream: " + ", ".join(f"`{bus}_*`" for bus in sorted(b.axis))
                  + " (a transfer in a clock with tvalid and tready high; "
                  "[streams](../spec.md#streams))."]
    lines += ["", "## Clock and reset", ""] + clock_section(b)
    lines += ["", "## Latency and throughput", ""] + timing_section(b, data, wave)
    bad = said(b, BAD)
    lines += ["", "## Bad input", ""] + ([f"- {esc(s)}" for s in bad] or
                                         ["- No input is invalid: every value has a meaning."])
    lines.append("- Every block answers bad input ([spec](../spec.md#bad-input)).")
    lines += ["", "## Parameters", ""] + parameter_rows(name)
    lines += ["", "## Size and speed", ""] + size_section(b, data)
    lines += ["", "## Timing diagram", ""]
    if wave:
        params = ", ".join(f"{k}={v}" for k, v in sorted(wave["params"].items()))
        stride = f", one column every {wave['stride']} clocks" if wave["stride"] > 1 else ""
        lines += [f"![{name} timing diagram]({name}.svg)", "",
                  f"Recorded from `{wave['test']}` (cocotb test `{wave['testcase']}`) on the "
                  f"Verilog in Icarus{f' converted with {params}' if params else ''}{stride}; "
                  "values in hex. `make waves` records it again."]
    else:
        lines.append("Not recorded yet: `make waves`.")
    lines += ["", "## Verified by", ""] + verification_section(b, data)
    lines += ["", "## Instantiation", ""] + template_section(b)
    return "\n".join(lines) + "\n"


def index(data):
    lines = ["# Blocks", "",
             "Every block as IP: a datasheet each, generated from the block's docstring, its "
             "ports, its test's trace and the measured figures. How to use one in your own "
             "design: [using the blocks](../ip.md).", "",
             "| block | what it does |", "|---|---|"]
    lines += [f"| [{n}]({n}.md) | {esc(TOPS[n].doc)} |" for n in BLOCKS]
    return "\n".join(lines) + "\n"


def svg(name):
    import wavedrom
    wave = json.loads((WAVES / f"{name}.json").read_text())
    text = wavedrom.render(json.dumps(wave["wavejson"])).tostring()
    return text + "\n"


def outputs(data=None):
    """{path: text} of every datasheet, the index and the diagrams."""
    if data is None:
        sys.path.insert(0, str(SOURCE_ROOT))
        from bench.figures import load, rendered
        data = load()
    else:
        from bench.figures import rendered
    files = {FOLDER / "index.md": index(data)}
    for name in BLOCKS:
        files[FOLDER / f"{name}.md"] = rendered(page(name, data), data)
        if (WAVES / f"{name}.json").exists():
            files[FOLDER / f"{name}.svg"] = svg(name)
    return files


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    differ = []
    for path, text in outputs().items():
        if path.exists() and path.read_text() == text:
            continue
        differ.append(path.relative_to(SOURCE_ROOT).as_posix())
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    verb = "differs from its rendering" if check else "written"
    for p in differ:
        print(f"{p} {verb}")
    if not differ:
        print(f"docs/blocks/: {len(BLOCKS)} datasheets up to date")
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main())

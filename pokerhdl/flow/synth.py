"""Size and depth of a generated top after `yosys synth_xilinx` (7-series LUT6 mapping).

Figures: LUT (all LUT1..LUT6 cells), FF, CARRY4, MUXF7/F8, and logic levels: the longest chain
of cells between registers or ports (`ltp` once the flip-flops are deleted: `ltp -noff` alone
knows only yosys's own flip-flop cells, not the mapped FDRE/FDSE, and would count through them;
a carry chain counts one level per CARRY4). LUT-RAMs (RAM32M/RAM64M...) and SRL16E shift
registers are deleted too: ltp would take their synchronous write port for a combinational
path; the asynchronous read of a LUT-RAM can add one level to a path that ends at it.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from .canonical import canonical_verilog, rtl_digest

CACHE = Path(__file__).resolve().parent.parent.parent / "build" / "synth"


STATS_FORMAT = "canonical form"   # part of the cache key: remembered figures of an older
                                  # format are computed again


def yosys_path():
    path = shutil.which("yosys")
    if not path:
        raise RuntimeError("yosys not found: run `make tools` or install yosys (Debian: apt-get install yosys)")
    return path


def yosys_version():
    """The first line of `yosys -V` (part of every figure's key)."""
    done = subprocess.run([yosys_path(), "-V"], capture_output=True, text=True)
    return done.stdout.strip()


def stat_cells(log_text):
    """Cell counts of the last `stat` in a yosys log (both layouts: yosys 0.23's
    "name count" and current yosys's "count name")."""
    tail = log_text[log_text.rfind("Printing statistics"):]
    cells = {name: int(n) for n, name in re.findall(r"^\s+(\d+)\s+\$?(\w+)\s*$", tail, re.M)}
    cells.update({name: int(n)
                  for name, n in re.findall(r"^\s+(\w+)\s+(\d+)\s*$", tail, re.M)})
    return cells


def synth_stats(verilog_file, top):
    """Synthesize one Verilog file for xc7 and return its cell counts and logic levels.
    yosys reads the file's canonical form (pokerhdl.flow.canonical: comments apart), and the
    figures are remembered by its digest, the tool's version and the script (build/synth/),
    so the regression and `make bench` synthesize a design once, and a reworded comment
    synthesizes nothing."""
    text = canonical_verilog(Path(verilog_file).read_text())
    script = (f"read_verilog {top}.v; synth_xilinx -flatten -noiopad -top {top}; "
              f"stat; delete t:FD* t:RAM* t:SRL*; ltp -noff")
    version = yosys_version()
    key = hashlib.sha1("\0".join([text, top, version, STATS_FORMAT, script]).encode()).hexdigest()
    remembered = CACHE / f"{top}-{key[:16]}.json"
    if remembered.exists():
        return json.loads(remembered.read_text())
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / f"{top}.v").write_text(text)
        log = Path(tmp) / "yosys.log"
        done = subprocess.run([yosys_path(), "-q", "-l", str(log), "-p", script],
                              capture_output=True, text=True, cwd=tmp)
        if done.returncode:
            tail = log.read_text()[-1500:] if log.exists() else ""
            raise RuntimeError(f"yosys failed on {verilog_file} (exit status {done.returncode})"
                               f":\n{done.stderr[-1500:]}\n... the log ends:\n{tail}")
        log_text = log.read_text()
    cells = stat_cells(log_text)
    luts = sum(n for name, n in cells.items() if re.fullmatch(r"LUT[1-6]", name))
    ffs = sum(n for name, n in cells.items() if re.fullmatch(r"FD[CPRS]E?", name))
    levels = re.findall(r"Longest topological path in \S+ \(length=(\d+)\)", log_text)
    bram = sum(n for name, n in cells.items() if re.fullmatch(r"RAMB\w+", name))
    lutram = sum(n for name, n in cells.items()
                 if re.fullmatch(r"RAM\w+|SRL\w+", name)) - bram
    stats = {"LUT": luts, "FF": ffs, "LUTRAM/SRL": lutram, "CARRY4": cells.get("CARRY4", 0),
             "MUXF7/8": cells.get("MUXF7", 0) + cells.get("MUXF8", 0),
             "levels": int(levels[-1]) if levels else 0, "BRAM": bram,
             "rtl": rtl_digest(text), "yosys": version}
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = remembered.with_suffix(f".{os.getpid()}")
    partial.write_text(json.dumps(stats))
    partial.replace(remembered)
    return stats

"""The boards' constraint files as tests read them: Digilent's master XDC files (trimmed copies in
tb/boards/data/), the ULX3S LPF, and the pin lines they hold."""

import re
from pathlib import Path


DATA = Path(__file__).resolve().parents[1] / "boards" / "data"


MASTER_FILES = {"basys3": "Basys-3-Master.trimmed.xdc",
                "nexys_a7": "Nexys-A7-100T-Master.trimmed.xdc",
                "ulx3s": "ulx3s_v20.trimmed.lpf"}


PIN_LINE = re.compile(r"PACKAGE_PIN\s+(\S+)\s+IOSTANDARD\s+(\S+)\s*\}\s*"
                      r"\[get_ports\s*\{?\s*(\w+(?:\[\d+\])?)\s*\}?\s*\]")


CLOCK_LINE = re.compile(r"create_clock .*-period\s+(\S+)\s+-waveform\s+\{([^}]*)\}")


def master(board):
    """master port name -> (package pin, I/O standard), clock line, configuration lines."""
    text = (DATA / MASTER_FILES[board.name]).read_text()
    pins = {name: (pin, std) for pin, std, name in PIN_LINE.findall(text)}
    clock = CLOCK_LINE.search(text).groups()
    config = [line for line in text.splitlines() if line.startswith("set_property")]
    return pins, clock, config


# The ULX3S against its LPF (emard/ulx3s doc/constraints/ulx3s_v20.lpf, trimmed)
LOCATE_LINE = re.compile(r'^LOCATE\s+COMP\s+"([^"]+)"\s+SITE\s+"([^"]+)"\s*;\s*(?:#\s*(.*))?$',
                         re.M)


IOBUF_LINE = re.compile(r'^IOBUF\s+PORT\s+"([^"]+)"\s+([^;]*);', re.M)


FREQUENCY_LINE = re.compile(r'^FREQUENCY\s+(PORT|NET)\s+"([^"]+)"\s+([\d.]+)\s+MHz\s*;', re.M)


def lpf(text):
    """port -> {"SITE": pin, "comment": text after the LOCATE line's #, and the IOBUF's
    settings (IO_TYPE, PULLMODE, DRIVE)}, and the FREQUENCY lines {(kind, name): MHz}; commented
    lines ignored."""
    ports = {}
    for port, site, comment in LOCATE_LINE.findall(text):
        ports[port] = {"SITE": site, "comment": comment.strip()}
    for port, settings in IOBUF_LINE.findall(text):
        ports.setdefault(port, {}).update(kv.split("=") for kv in settings.split())
    freqs = {(kind, name): float(mhz) for kind, name, mhz in FREQUENCY_LINE.findall(text)}
    return ports, freqs


def ulx3s_lpf():
    return lpf((DATA / MASTER_FILES["ulx3s"]).read_text())

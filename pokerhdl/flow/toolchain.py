"""Which simulators, synthesis tools and browser the Makefile uses, and their installation.

Order of preference for each tool: apio's toolchain (when apio and its oss-cad-suite package are
installed), then the PATH, then Debian's packages (installed when allowed: as root, or with
password-less sudo). Chosen tools are linked into .tools/bin, which the Makefile puts first on
PATH, so that apio's other programs never shadow the system's. They are small scripts that exec
the real program by its full path (a symlink would make GHDL look for its back end in .tools). Standard library only: this runs
before the virtual environment exists.

    python3 -m pokerhdl.flow.toolchain ensure   # find or install, then link into .tools/bin
    python3 -m pokerhdl.flow.toolchain doctor   # print what will be used, with versions
"""

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LINKS = ROOT / ".tools" / "bin"
# tool: (Debian package, version command); Verilog sim, VHDL sim, lint, synthesis, a Tcl
# shell that runs the Vivado script and XDC against stand-in commands (tb/boards/vivado_stub.tcl), and
# the browser the web page's tests drive (tb/support/browser.py; PyPI's playwright is only the driver)
TOOLS = {
    "iverilog": ("iverilog", ["-V"]),
    "vvp": ("iverilog", ["-V"]),
    "ghdl": ("ghdl", ["--version"]),
    "verilator": ("verilator", ["--version"]),
    "yosys": ("yosys", ["-V"]),
    "tclsh": ("tcl", []),
    "chromium": ("chromium", ["--version"]),
}
VERSION_STDIN = {"tclsh": "puts \"Tcl [info patchlevel]\"\n"}     # tclsh has no --version
# installed beside them where Debian's packages can be, else done without: GHDL's LLVM back end
# (Debian's ghdl runs it when GHDL_BACKEND=llvm), which the regression's long VHDL
# simulations use (tb/support/harness.py run_block's ``compiled``)
# and clang, whose code of a verilated top runs faster than g++'s (pokerhdl/sim/verilated.py
# compiler(): the emulator, the soak tests; without it g++ builds them)
# and clang's profile tools, with which the emulator's models are built profile-guided
# (pokerhdl/sim/profile_guided.py): llvm-profdata and the profile runtime (a library, no tool)
OPTIONAL = {"ghdl-llvm": "ghdl-llvm", "clang++": "clang", "llvm-profdata": "llvm"}
PROFILE_RUNTIME = "libclang-rt-dev"


def profile_runtime(compiler="clang++"):
    """The path of clang's profile runtime (libclang_rt.profile), or None."""
    try:
        resources = subprocess.run([compiler, "-print-resource-dir"], capture_output=True,
                                   text=True).stdout.strip()
    except OSError:
        return None
    found = list(Path(resources).glob(f"lib/*/libclang_rt.profile-{platform.machine()}.a")
                 ) if resources else []
    return found[0] if found else None


def apio_bins():
    """Folders of apio's toolchain, if installed."""
    homes = [os.environ.get(v) for v in ("APIO_HOME", "APIO_HOME_DIR")] + [str(Path.home() / ".apio")]
    found = []
    for home in filter(None, homes):
        for pkg in ("oss-cad-suite", "tools-oss-cad-suite"):
            b = Path(home) / "packages" / pkg / "bin"
            if b.is_dir():
                found.append(b)
    return found


def locate(tool):
    """(path, origin) of a tool, apio first, or (None, None)."""
    for b in apio_bins():
        if os.access(b / tool, os.X_OK):
            return b / tool, "apio"
    path_wo_links = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                    if Path(p).resolve() != LINKS.resolve())
    found = shutil.which(tool, path=path_wo_links)
    return (Path(found), "PATH") if found else (None, None)


def version(path, args, stdin=""):
    try:
        out = subprocess.run([str(path)] + args, capture_output=True, text=True, timeout=20,
                             input=stdin)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unusable ({exc})"
    lines = (out.stdout or out.stderr).strip().splitlines()
    return lines[0] if lines else "?"


def can_install():
    if not shutil.which("apt-get"):
        return None
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode == 0:
        return ["sudo", "-n"]
    return None


def debian_ghdl():
    """The GHDL found is Debian's (whose ghdl dispatches to the back end GHDL_BACKEND names), or
    none is found yet."""
    path, origin = locate("ghdl")
    return path is None or (origin == "PATH" and (path.parent / "ghdl-mcode").exists())


def ensure():
    missing = sorted({TOOLS[t][0] for t in TOOLS if locate(t)[0] is None})
    optional = sorted(pkg for tool, pkg in OPTIONAL.items()
                      if locate(tool)[0] is None and (tool != "ghdl-llvm" or debian_ghdl()))
    if profile_runtime() is None:
        optional.append(PROFILE_RUNTIME)
    if missing:
        prefix = can_install()
        if prefix is None:
            sys.exit("pokerhdl needs these tools and cannot install them here: "
                     + " ".join(missing) + "\nInstall them (Debian/Ubuntu: sudo apt-get install "
                     + " ".join(missing) + "), or install apio and its packages, then retry.")
        install(prefix, missing)
    if optional and can_install() is not None:
        install(can_install(), optional, required=False)
    LINKS.mkdir(parents=True, exist_ok=True)
    for tool in TOOLS:
        path, _ = locate(tool)
        if path is None:
            sys.exit(f"{tool} still not found after installation; install it and retry")
        link = LINKS / tool
        if link.is_symlink() or link.exists():
            link.unlink()
        link.write_text(f'#!/bin/sh\nexec "{path}" "$@"\n')
        link.chmod(0o755)


def install(prefix, packages, required=True):
    """Install Debian packages (apt-get update first); a failure ends the run when they are
    required, else it is reported and the run goes on without them (the optional ones are
    installed one at a time, so a package this release lacks costs only itself)."""
    print(f"installing from Debian packages: {' '.join(packages)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    steps = [["apt-get", "update", "-qq"]] + [
        ["apt-get", "install", "-y", "-qq"] + group
        for group in ([packages] if required else [[p] for p in packages])]
    for cmd in steps:
        if subprocess.run(prefix + cmd, env=env).returncode:
            if required:
                sys.exit(f"'{' '.join(cmd)}' failed; install {' '.join(packages)} by hand and retry")
            left = packages if cmd[1] == "update" else cmd[4:]
            print(f"'{' '.join(cmd)}' failed; going on without {' '.join(left)}")
            if cmd[1] == "update":
                return


def doctor():
    print(f"python      {sys.executable} ({sys.version.split()[0]})")
    venv = ROOT / ".venv" / "bin" / "python"
    print(f"venv        {venv if venv.exists() else 'not created yet (make creates it)'}")
    print(f"apio        {', '.join(map(str, apio_bins())) or 'no toolchain installed'}")
    ok = True
    for tool, (_, args) in list(TOOLS.items()) + [
            (t, (p, ["merge", "--version"] if t == "llvm-profdata" else ["--version"]))
            for t, p in OPTIONAL.items()]:
        path, origin = locate(tool)
        if path is None and tool in OPTIONAL:
            print(f"{tool:11s} -     (optional: make sim installs it when it can)")
        elif path is None:
            ok = False
            print(f"{tool:11s} MISSING (make sim installs it when it can)")
        else:
            print(f"{tool:11s} {origin:5s} {path}  "
                  f"{version(path, args, VERSION_STDIN.get(tool, ''))}")
    runtime = profile_runtime()
    print(f"{'clang-rt':11s} {runtime or '-     (optional: make sim installs it when it can)'}")
    return ok


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else "doctor"
    if command == "ensure":
        ensure()
    elif command == "doctor":
        doctor()
    else:
        sys.exit("usage: python3 -m pokerhdl.flow.toolchain ensure|doctor")

"""Running the pokerhdl command inside the test process, its output captured."""

import subprocess


def run_here(capsys, *args):
    """`pokerhdl ARGS` in this process (no interpreter start): a CompletedProcess-like answer
    with the exit status, stdout and stderr as a user sees them (sys.exit("text") prints the
    text on stderr and exits with 1)."""
    from pokerhdl.cli import main
    capsys.readouterr()
    code = 0
    try:
        main(list(args))
    except SystemExit as end:
        code = end.code
    out, err = capsys.readouterr()
    if isinstance(code, str):
        err, code = err + code + "\n", 1
    return subprocess.CompletedProcess(args, code or 0, out, err)

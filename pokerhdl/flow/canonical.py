"""The generated Verilog as the tools see it: without comments and blank lines.

Synthesis and place and route read this form, not the file itself, and their figures are
keyed on its digest. A reworded comment or docstring (MyHDL copies docstrings into the HDL as
comments) then changes neither what the tools read, nor a single name or source position
in their netlists, nor a figure's key: the figures stay valid and the remembered results
are reused. Anything else that changes the file changes the key.
"""

import hashlib
import re

# a `//` comment outside a string literal (MyHDL writes strings only in attributes and
# parameters of user-defined code, on one line each)
_COMMENT = re.compile(r'^((?:[^"/]|"(?:[^"\\]|\\.)*"|/(?!/))*)//.*$')


def canonical_verilog(text):
    """``text`` without `//` comments, trailing spaces and blank lines."""
    lines = []
    for line in text.splitlines():
        match = _COMMENT.match(line)
        if match:
            line = match.group(1)
        line = line.rstrip()
        if line:
            lines.append(line)
    return "\n".join(lines) + "\n"


def rtl_digest(text):
    """The key of a Verilog design in the figures and the tools' caches: 64 bits of SHA-256 of
    its canonical form."""
    return hashlib.sha256(canonical_verilog(text).encode()).hexdigest()[:16]

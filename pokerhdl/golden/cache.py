"""Where built tables and compiled kernels are kept: $POKERHDL_CACHE, else the user's cache
folder. A module of its own, without numpy, so that a command that finds everything built
does not import numpy to ask where (`pokerhdl equity --exact` starts in a fifth of a second)."""

import os
from pathlib import Path


def cache_dir():
    """Where built tables and compiled kernels are kept."""
    return Path(os.environ.get("POKERHDL_CACHE")
                or Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "pokerhdl")

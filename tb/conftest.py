"""pytest set-up for the regression: tb/ and the repository root on sys.path, and markers."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

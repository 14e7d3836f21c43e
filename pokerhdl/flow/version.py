"""The package's release: stamped into every generated file's header (flow/convert.py) and
reported as pokerhdl.__version__."""

VERSION = "0.1.0"

"""Every convertible top level: what `pokerhdl convert` writes into generated/.

A top is a factory that makes fresh port signals and returns the MyHDL block instance; its
defaults are the configuration committed in generated/. Tests may convert other parameter values
into their own build folders.
"""

from dataclasses import dataclass, field
from importlib import import_module


@dataclass(frozen=True)
class Top:
    name: str            # module / entity name, and the generated file's stem
    factory: str         # "module:function"; function(**params) -> block instance
    params: dict = field(default_factory=dict)
    doc: str = ""

    def build(self, **overrides):
        module, func = self.factory.split(":")
        unknown = set(overrides) - set(self.params)
        if unknown:
            raise ValueError(f"{self.name} has no parameter {', '.join(sorted(unknown))}; "
                             f"it has {', '.join(sorted(self.params)) or 'none'}")
        return getattr(import_module(module), func)(**{**self.params, **overrides})


TOPS = {top.name: top for top in [
    Top("card_codec", "pokerhdl.rtl.cards:card_codec_top",
        doc="card code <-> rank/suit/flags, ASCII text and 7-segment glyphs"),
]}


def get_top(name):
    try:
        return TOPS[name]
    except KeyError:
        raise SystemExit(f"unknown top {name!r}; known tops: {', '.join(sorted(TOPS))}") from None

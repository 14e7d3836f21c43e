"""The ECP5's PLL (EHXPLLL) as a MyHDL block: a board's clock multiplied to the clock a top
asks for, its settings computed at elaboration.

``pll_setting`` is Project Trellis's ecppll search (libtrellis/tools/ecppll.cpp, its simple
mode), in the same single-precision arithmetic, so it picks the same dividers: every
CLKI_DIV 1..128 whose phase detector runs at 3.125..400 MHz, every CLKFB_DIV 1..80 and
CLKOP_DIV 1..128 whose VCO runs at 400..800 MHz; the output nearest the request, ties to the
VCO nearest 600 MHz. The output feeds back (FEEDBK_PATH CLKOP), so
f_out = f_in / CLKI_DIV * CLKFB_DIV. Where that cannot make the clock asked for exactly (from
25 MHz nothing between 100 and 103.125 MHz), ecppll's high-resolution mode (``--highres``) may
come nearer: CLKOP (10..400 MHz) feeds back and CLKOS, every CLKOS_DIV 1..128 of the same
VCO, is the output, so f_out = f_in / CLKI_DIV * CLKFB_DIV * CLKOP_DIV / CLKOS_DIV (25 MHz / 5
* 2 * 51 / 5 = 102 MHz). tb/boards/test_ecp5_pll.py checks both against yowasp-ecppll.

``ecp5_pll`` converts to an EHXPLLL instance (user-defined Verilog and VHDL: a component in a
VHDL block statement, so the VHDL analyses without the primitive and binds to the vendor's
library or to the simulation model). In MyHDL's own simulation, and in the simulation models
tb/support/ecp5/EHXPLLL.v and .vhd, CLKOP is CLKI and LOCK is high: a testbench drives the board's
clock pin at the PLL's output rate.
"""

import struct
from dataclasses import dataclass

from myhdl import always_comb, block

PFD_MHZ = (3.125, 400.0)
VCO_MHZ = (400.0, 800.0)
OUT_MHZ = (10.0, 400.0)
PRIMARY_CPHASE = 9     # ecppll's CLKOP_CPHASE where it does not compute one (high resolution)
FEEDBACK = "ehxplll_0_clkop"    # the high-resolution mode's feedback wire, CLKOP to CLKFB


def _f32(x):
    """x rounded to single precision (ecppll computes in C floats)."""
    return struct.unpack("f", struct.pack("f", x))[0]


@dataclass(frozen=True)
class PllSetting:
    clki_div: int
    clkfb_div: int
    clkop_div: int
    clkop_cphase: int      # ecppll's 180-degree shift of the primary output, in VCO cycles
    in_mhz: float
    vco_mhz: float
    out_mhz: float         # what the PLL makes (the nearest it can to the request)
    clkos_div: int = 0     # high-resolution mode: CLKOS's divider (CLKOS the output), else 0

    @property
    def out_hz(self):
        return round(self.out_mhz * 1e6)


def pll_setting(in_hz, out_hz):
    """ecppll's dividers for an output of ``out_hz`` from a CLKI of ``in_hz``: its simple
    mode's where it makes the request exactly, else its high-resolution mode's where that comes
    nearer."""
    simple = simple_setting(in_hz, out_hz)
    want = _f32(out_hz / 1e6)
    if simple.out_mhz == want:
        return simple
    highres = highres_setting(in_hz, out_hz)
    return highres if abs(highres.out_mhz - want) < abs(simple.out_mhz - want) else simple


def _request(in_hz, out_hz):
    inp, want = _f32(in_hz / 1e6), _f32(out_hz / 1e6)
    if not OUT_MHZ[0] <= want <= OUT_MHZ[1]:
        raise ValueError(f"an ECP5 PLL makes {OUT_MHZ[0]:g}..{OUT_MHZ[1]:g} MHz, "
                         f"not {want:g}")
    return inp, want


def _loops(inp):
    """ecppll's loops: (CLKI_DIV, CLKFB_DIV, CLKOP_DIV, VCO) whose phase detector and VCO are
    in range, in its order."""
    for clki_div in range(1, 129):
        pfd = _f32(inp / clki_div)
        if not PFD_MHZ[0] <= pfd <= PFD_MHZ[1]:
            continue
        for clkfb_div in range(1, 81):
            step = _f32(pfd * clkfb_div)
            # the output dividers whose VCO is in range (one either side, then checked exactly)
            low = max(1, int(VCO_MHZ[0] / step) - 1)
            for clkop_div in range(low, min(128, int(VCO_MHZ[1] / step) + 1) + 1):
                vco = _f32(step * clkop_div)
                if VCO_MHZ[0] <= vco <= VCO_MHZ[1]:
                    yield clki_div, clkfb_div, clkop_div, vco


def highres_setting(in_hz, out_hz):
    """ecppll --highres: CLKOP (in its output range) feeds back, CLKOS is the output."""
    inp, want = _request(in_hz, out_hz)
    best, error = None, float("inf")
    for clki_div, clkfb_div, clkop_div, vco in _loops(inp):
        feedback = _f32(vco / clkop_div)
        if not OUT_MHZ[0] <= feedback <= OUT_MHZ[1]:
            continue
        for clkos_div in range(1, 129):
            out = _f32(vco / clkos_div)
            miss = _f32(abs(out - want))
            if miss < error or (miss == error and abs(vco - 600) < abs(best.vco_mhz - 600)):
                best = PllSetting(clki_div, clkfb_div, clkop_div, PRIMARY_CPHASE, inp, vco,
                                  out, clkos_div)
                error = miss
    if best is None:
        raise ValueError(f"no ECP5 PLL setting makes {want:g} MHz from {inp:g} MHz")
    return best


def simple_setting(in_hz, out_hz):
    """ecppll's simple mode: CLKOP is the output and feeds back."""
    inp, want = _request(in_hz, out_hz)
    best, error = None, float("inf")
    for clki_div, clkfb_div, clkop_div, vco in _loops(inp):
        out = _f32(vco / clkop_div)
        miss = _f32(abs(out - want))
        if miss < error or (miss == error and abs(vco - 600) < abs(best.vco_mhz - 600)):
            half_period = _f32(1 / (out * 1e6) * 0.5)
            best = PllSetting(clki_div, clkfb_div, clkop_div, int(half_period * (vco * 1e6)),
                              inp, vco, out)
            error = miss
    if best is None:
        raise ValueError(f"no ECP5 PLL setting makes {want:g} MHz from {inp:g} MHz")
    return best


def _mhz(value):
    return f"{value:.6f}".rstrip("0").rstrip(".")


@block
def ecp5_pll(clki, clkop, lock, in_hz=25_000_000, out_hz=100_000_000):
    """An EHXPLLL: ``clkop`` at (nearly: PllSetting.out_mhz) ``out_hz`` from ``clki`` at
    ``in_hz``; ``lock`` high once it is stable (a top holds its reset until then)."""
    setting = pll_setting(in_hz, out_hz)
    clki_div, clkfb_div = setting.clki_div, setting.clkfb_div
    clkop_div, clkop_cphase = setting.clkop_div, setting.clkop_cphase
    in_mhz, out_mhz = _mhz(setting.in_mhz), _mhz(setting.out_mhz)
    # the instance's lines that differ in the high-resolution mode (CLKOS out, CLKOP back)
    highres = setting.clkos_div != 0
    out_pin = "CLKOS" if highres else "CLKOP"
    feedback = FEEDBACK if highres else clkop
    fb_wire = f"wire {FEEDBACK};\n" if highres else ""
    feedback_out = f"    .CLKOP({FEEDBACK}),\n" if highres else ""
    clkos_verilog = (f'    .CLKOS_ENABLE("ENABLED"),\n    .CLKOS_DIV({setting.clkos_div}),\n'
                     f'    .CLKOS_CPHASE(0),\n    .CLKOS_FPHASE(0),\n' if highres else "")
    clkos_generics = ("            CLKOS_ENABLE: string;\n"
                      "            CLKOS_DIV, CLKOS_CPHASE, CLKOS_FPHASE: integer;\n"
                      if highres else "")
    clkos_port = "CLKOS, " if highres else ""
    clkos_signal = "    signal clkos_out: std_logic;\n" if highres else ""
    clkos_vhdl = (f'            CLKOS_ENABLE => "ENABLED", CLKOS_DIV => {setting.clkos_div}, '
                  f'CLKOS_CPHASE => 0,\n            CLKOS_FPHASE => 0,\n' if highres else "")
    clkos_map = "CLKOS => clkos_out, " if highres else ""
    vhdl_out = "clkos_out" if highres else "clkop_fb"
    clki.read = True
    clkop.driven = "wire"
    lock.driven = "wire"

    @always_comb
    def model():
        """MyHDL's simulation: the output is the input, and locked."""
        clkop.next = clki
        lock.next = True

    return model


# The ecppll's instance and attributes (the loop filter settings nextpnr-ecp5 writes into the
# bitstream). CLKOP feeds back (the output, or in the high-resolution mode a wire of its own
# beside the output CLKOS); the dynamic phase inputs are idle.
ecp5_pll.verilog_code = """\
$fb_wire(* FREQUENCY_PIN_CLKI="$in_mhz" *)
(* FREQUENCY_PIN_$out_pin="$out_mhz" *)
(* ICP_CURRENT="12" *) (* LPF_RESISTOR="8" *) (* MFG_ENABLE_FILTEROPAMP="1" *) (* MFG_GMCREF_SEL="2" *)
EHXPLLL #(
    .PLLRST_ENA("DISABLED"),
    .INTFB_WAKE("DISABLED"),
    .STDBY_ENABLE("DISABLED"),
    .DPHASE_SOURCE("DISABLED"),
    .OUTDIVIDER_MUXA("DIVA"),
    .OUTDIVIDER_MUXB("DIVB"),
    .OUTDIVIDER_MUXC("DIVC"),
    .OUTDIVIDER_MUXD("DIVD"),
    .CLKI_DIV($clki_div),
    .CLKOP_ENABLE("ENABLED"),
    .CLKOP_DIV($clkop_div),
    .CLKOP_CPHASE($clkop_cphase),
    .CLKOP_FPHASE(0),
$clkos_verilog    .FEEDBK_PATH("CLKOP"),
    .CLKFB_DIV($clkfb_div)
) ehxplll_0 (
    .RST(1'b0),
    .STDBY(1'b0),
    .CLKI($clki),
    .CLKFB($feedback),
    .PHASESEL0(1'b0),
    .PHASESEL1(1'b0),
    .PHASEDIR(1'b1),
    .PHASESTEP(1'b1),
    .PHASELOADREG(1'b1),
    .PLLWAKESYNC(1'b0),
    .ENCLKOP(1'b0),
$feedback_out    .$out_pin($clkop),
    .LOCK($lock)
);
"""

ecp5_pll.vhdl_code = """\
EHXPLLL_0: block
    component EHXPLLL is
        generic (
            PLLRST_ENA, INTFB_WAKE, STDBY_ENABLE, DPHASE_SOURCE: string;
            OUTDIVIDER_MUXA, OUTDIVIDER_MUXB, OUTDIVIDER_MUXC, OUTDIVIDER_MUXD: string;
            CLKI_DIV: integer;
            CLKOP_ENABLE: string;
            CLKOP_DIV, CLKOP_CPHASE, CLKOP_FPHASE: integer;
$clkos_generics            FEEDBK_PATH: string;
            CLKFB_DIV: integer);
        port (
            RST, STDBY, CLKI, CLKFB, PHASESEL0, PHASESEL1, PHASEDIR, PHASESTEP,
            PHASELOADREG, PLLWAKESYNC, ENCLKOP: in std_logic;
            CLKOP, ${clkos_port}LOCK: out std_logic);
    end component;
    signal clkop_fb: std_logic;
${clkos_signal}begin
    PLL: EHXPLLL
        generic map (
            PLLRST_ENA => "DISABLED", INTFB_WAKE => "DISABLED", STDBY_ENABLE => "DISABLED",
            DPHASE_SOURCE => "DISABLED",
            OUTDIVIDER_MUXA => "DIVA", OUTDIVIDER_MUXB => "DIVB", OUTDIVIDER_MUXC => "DIVC",
            OUTDIVIDER_MUXD => "DIVD",
            CLKI_DIV => $clki_div,
            CLKOP_ENABLE => "ENABLED",
            CLKOP_DIV => $clkop_div, CLKOP_CPHASE => $clkop_cphase, CLKOP_FPHASE => 0,
$clkos_vhdl            FEEDBK_PATH => "CLKOP",
            CLKFB_DIV => $clkfb_div)
        port map (
            RST => '0', STDBY => '0', CLKI => $clki, CLKFB => clkop_fb,
            PHASESEL0 => '0', PHASESEL1 => '0', PHASEDIR => '1', PHASESTEP => '1',
            PHASELOADREG => '1', PLLWAKESYNC => '0', ENCLKOP => '0',
            CLKOP => clkop_fb, ${clkos_map}LOCK => $lock);
    $clkop <= $vhdl_out;
end block EHXPLLL_0;
"""

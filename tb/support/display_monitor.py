"""Watch a multiplexed 7-segment display (active-high seg/dp/an) the way an eye does: over one
refresh period, which glyph and dot each digit shows and for how long."""

from dataclasses import dataclass, field

from cocotb.triggers import First, ReadOnly, Timer
from cocotb.utils import get_sim_time


@dataclass
class Frame:
    """One refresh period as seen: per digit its glyph, dot and lit clocks, and the blank gaps."""
    glyphs: dict = field(default_factory=dict)     # digit -> glyph while lit
    dots: dict = field(default_factory=dict)       # digit -> dp while lit
    lit: dict = field(default_factory=dict)        # digit -> clocks lit (in one piece)
    order: list = field(default_factory=list)      # digits in the order they lit
    gaps: list = field(default_factory=list)       # clocks with no anode between digits
    period: int = 0                                # clocks from one digit-0 start to the next


class DisplayMonitor:
    def __init__(self, dut, digits, clock_ns):
        self.dut, self.digits, self.clock_ns = dut, digits, clock_ns

    def _now(self):
        return round(get_sim_time("ns") / self.clock_ns)

    def _state(self):
        return int(self.dut.an.value), int(self.dut.seg.value), int(self.dut.dp.value)

    async def changes(self, clocks, digit0_starts=None):
        """(clock, an, seg, dp) at the start and at every change, for ``clocks`` clocks or until
        digit 0 has lit ``digit0_starts`` times (not counting one lit at the start)."""
        dut = self.dut
        end = self._now() + clocks
        await ReadOnly()
        log = [(self._now(), *self._state())]
        timeout = Timer(round(clocks * self.clock_ns), "ns")
        starts = 0
        while True:
            fired = await First(dut.an.value_change, dut.seg.value_change, dut.dp.value_change,
                                timeout)
            if fired is timeout or self._now() >= end:
                log.append((end, None, None, None))
                break
            await ReadOnly()
            state = self._state()
            if state != log[-1][1:]:
                starts += state[0] == 1 and log[-1][1] != 1
                log.append((self._now(), *state))
                if starts == digit0_starts:
                    break
        await Timer(1, "ps")    # leave the read-only phase
        return log

    async def frame(self, period_clocks):
        """Capture from one digit-0 start to the next: a whole refresh period."""
        log = await self.changes(3 * period_clocks, digit0_starts=2)
        starts = [i for i in range(1, len(log)) if log[i][1] == 1 and log[i - 1][1] != 1]
        assert len(starts) >= 2, f"digit 0 did not light twice in {3 * period_clocks} clocks"
        first, second = starts[0], starts[1]
        frame = Frame()
        previous_an = None
        spans = zip(log[first:second], log[first + 1:second + 1])
        for (clock, an, seg, dp), (next_clock, *_) in spans:
            length = next_clock - clock
            if an == 0:
                if previous_an == 0:
                    frame.gaps[-1] += length       # segments changing in the dark
                else:
                    frame.gaps.append(length)
            else:
                assert an & (an - 1) == 0 and an < 1 << self.digits, f"an={an:b} is not one-hot"
                digit = an.bit_length() - 1
                assert previous_an != an, f"digit {digit} changed while lit: seg={seg:07b} dp={dp}"
                assert digit not in frame.lit, f"digit {digit} lit twice in one refresh period"
                frame.order.append(digit)
                frame.glyphs[digit], frame.dots[digit], frame.lit[digit] = seg, dp, length
            previous_an = an
        frame.period = log[second][0] - log[first][0]
        return frame


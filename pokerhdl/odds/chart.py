"""The preflop chart (`pokerhdl chart`): the 169 starting hands on the usual 13 x 13 grid, each
with its equity against N random hands or against a range, as a PNG heat map and as JSON.

The grid: row and column ranks A, K, ..., 2; a pair on the diagonal, a suited hand above it
(row rank first: row A, column K is AKs), an offsuit hand below it (row K, column A is AKo).

Against random hands every combo of a starting hand has the same equity (suits are symmetric),
so each cell runs one combo (the hand's first: golden/equity/ranges.py's class_combos). Against a
range the suits matter (AhKh meets fewer AK combos of the range than AsKh does not), so the hand
runs as a range of its own (AKs is its four combos), card removal exact. Each cell is one
calculator run (pokerhdl.equity) with the same seed, on any backend.
"""

import os
import time

from ..golden.cards import RANKS
from ..golden.equity.ranges import class_combos, hand_class, range_text
from ..golden.cards import format_cards
from .calculator import DEFAULT_SEED, equity

SIZE = 13
DEFAULT_CHART_TRIALS = 100_000
FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
         "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
         "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")


def grid_hand(row, column):
    """The starting hand at (row, column) of the grid (0, 0 is AA; 0, 1 AKs; 1, 0 AKo)."""
    high, low = SIZE - 1 - min(row, column), SIZE - 1 - max(row, column)
    if row == column:
        return hand_class(high, high, "")
    return hand_class(high, low, "s" if row < column else "o")


def grid_hands():
    return [[grid_hand(r, c) for c in range(SIZE)] for r in range(SIZE)]


def chart(random=1, against=None, trials=DEFAULT_CHART_TRIALS, seed=DEFAULT_SEED, lanes=None,
          backend="golden", port=None, progress=None):
    """{hand: equity} of the 169 hands (and the run's facts) against ``random`` random hands,
    or against the range ``against``; progress(done, 169) after each hand."""
    if against is None and not 1 <= random <= 9:
        raise ValueError(f"1 to 9 random opponents, got {random}")
    opponents = [against] if against is not None else ["random"] * random
    equities, start, done = {}, time.perf_counter(), 0
    total_trials, used_lanes = 0, lanes
    for row in grid_hands():
        for hand in row:
            hero = hand if against is not None else \
                format_cards(class_combos(hand)[0]).replace(" ", "")
            report = equity(hero, *opponents, trials=trials, seed=seed, lanes=lanes,
                            backend=backend, port=port)
            equities[hand] = report.players[0].equity
            total_trials += report.trials
            used_lanes = report.lanes
            done += 1
            if progress:
                progress(done, SIZE * SIZE)
    return {"against": range_text(against) if against is not None else
            f"{random} random hand" + ("s" if random > 1 else ""),
            "trials_per_hand": trials, "trials": total_trials, "seed": seed,
            "lanes": used_lanes,   # with the seed, what the counts depend on (any backend)
            "backend": backend, "seconds": time.perf_counter() - start,
            "hands": equities,
            "grid": [[equities[h] for h in row] for row in grid_hands()]}


def _colour(x, low, high):
    """A heat colour: blue (weakest) through pale yellow to red (strongest)."""
    t = 0.5 if high <= low else (x - low) / (high - low)
    stops = [(0.0, (49, 54, 149)), (0.25, (116, 173, 209)), (0.5, (255, 255, 191)),
             (0.75, (244, 109, 67)), (1.0, (165, 0, 38))]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            f = (t - t0) / (t1 - t0)
            return tuple(round(a + (b - a) * f) for a, b in zip(c0, c1))
    return stops[-1][1]


def colours(grid):
    """Each cell's heat colour (r, g, b), from the weakest (blue) to the strongest (red) hand
    of this grid: the PNG's and the web page's."""
    low, high = min(min(r) for r in grid), max(max(r) for r in grid)
    return [[_colour(x, low, high) for x in row] for row in grid]


def _font(size):
    from PIL import ImageFont
    for path in FONTS:
        if os.path.exists(path):
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)


def save_png(answer, path, cell=56):
    """The chart as a heat map: each cell its hand and equity %, coloured from the weakest
    (blue) to the strongest (red) hand of this chart; a title line above."""
    from PIL import Image, ImageDraw
    grid, hands = answer["grid"], grid_hands()
    fills = colours(grid)
    margin, title_h = 8, 40
    image = Image.new("RGB", (2 * margin + SIZE * cell, title_h + margin + SIZE * cell),
                      (255, 255, 255))
    ink = ImageDraw.Draw(image)
    big, small, head = _font(cell // 4), _font(cell // 5), _font(15)
    ink.text((margin, 10), f"Preflop equity against {answer['against']} "
                           f"({answer['trials_per_hand']:,} trials a hand, seed "
                           f"{answer['seed']}, {answer['backend']})", font=head, fill=(0, 0, 0))
    for r in range(SIZE):
        for c in range(SIZE):
            x, y = margin + c * cell, title_h + r * cell
            fill = fills[r][c]
            ink.rectangle((x, y, x + cell - 1, y + cell - 1), fill=fill, outline=(255, 255, 255))
            dark = sum(fill) < 360
            text = (255, 255, 255) if dark else (0, 0, 0)
            cx = x + cell / 2
            ink.text((cx, y + cell * 0.36), hands[r][c], font=big, fill=text, anchor="mm")
            ink.text((cx, y + cell * 0.70), f"{100 * grid[r][c]:.1f}", font=small, fill=text,
                     anchor="mm")
    image.save(path)

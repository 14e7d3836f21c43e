"""Plain-ASCII text of a Hold'em table, for the UART transcript and the terminal.

Nobody's hole cards appear unless asked for: ``render_table(table, viewer=seat)`` shows that
seat's cards only; after a showdown the live hands are public and shown with their names.
"""

from ..cards import NO_CARD, format_cards
from .table import (ALLIN, BET, CALL, CHECK, FOLD, PHASE_BETTING, PHASE_GAME_OVER, POST_BB,
                    POST_SB, RAISE, RESULT_TEXT, STREET_NAMES)


def seat_name(seat):
    return f"P{seat}"


def entry_text(entry):
    """One log entry as a sentence: 'P1 raises to 40'."""
    who = seat_name(entry.seat)
    text = {
        POST_SB: f"{who} posts small blind {entry.put}",
        POST_BB: f"{who} posts big blind {entry.put}",
        FOLD: f"{who} folds",
        CHECK: f"{who} checks",
        CALL: f"{who} calls {entry.put}",
        BET: f"{who} bets {entry.total}",
        RAISE: f"{who} raises to {entry.total}",
        ALLIN: f"{who} goes all-in for {entry.put} (bet {entry.total})",
    }[entry.action]
    return text + " (all-in)" if entry.all_in and entry.action != ALLIN else text


def result_text(code):
    """'ok' or the reason an input was refused."""
    return RESULT_TEXT[code] if 0 <= code < len(RESULT_TEXT) else f"code {code}"


def _board_text(board):
    cards = [c for c in board if c != NO_CARD]
    return format_cards(cards) if cards else "(none)"


def render_table(table, viewer=None, log_lines=12):
    """The table as text lines joined by newlines. ``viewer``: the seat whose cards to show."""
    t = table
    lines = [f"Hand {t.hand_no}  {STREET_NAMES[t.street]}  dealer {seat_name(t.dealer)}  "
             f"pot {t.pot}",
             f"Board: {_board_text(t.board)}"]
    if t.phase == PHASE_BETTING:
        lines.append(f"To act: {seat_name(t.to_act)}  to call {t.to_call}  "
                     f"min raise to {t.min_raise_to}")
    for s in range(t.n):
        tags = [tag for tag, on in (("D", s == t.dealer), ("SB", s == t.sb_seat),
                                    ("BB", s == t.bb_seat)) if on]
        flags = ("out" if t.busted[s] else "folded" if t.folded[s] else
                 "all-in" if t.all_in[s] else "")
        line = (f"{seat_name(s)} {' '.join(tags):8} stack {t.stacks[s]:6}  bet {t.street_bet[s]:5}"
                f"  in {t.committed[s]:6}  {flags}")
        if s == viewer and t.hole[s][0] != NO_CARD:
            line += f"  cards {format_cards(t.hole[s])}"
        if s == t.to_act and t.to_act != t.no_seat:
            line += "  <- to act"
        lines.append(line.rstrip())
    entries = [e for e in t.log if e.hand == t.hand_no]
    if entries:
        lines.append("Actions:")
        shown = entries[-log_lines:]
        if len(shown) < len(entries):
            lines.append("  ...")
        lines.extend(f"  [{STREET_NAMES[e.street]}] {entry_text(e)}" for e in shown)
    if t.result is not None:
        lines.extend(result_lines(t))
    if t.phase == PHASE_GAME_OVER:
        lines.append(f"Game over: {seat_name(t.game_winner)} holds all {t.total} chips")
    return "\n".join(lines)


def result_lines(table):
    """The end of the last hand: shown hands, pots and who took what."""
    r = table.result
    lines = []
    if r.showdown:
        lines.append("Showdown:")
        for s, (word, text) in enumerate(zip(r.words, r.descriptions)):
            if word is not None:
                lines.append(f"  {seat_name(s)} {format_cards(table.hole[s])}  {text}"
                             f"  ({word:06x})")
    for k, pot in enumerate(r.pots):
        name = "Main pot" if k == 0 else f"Side pot {k}"
        who = ", ".join(f"{seat_name(s)} {pot.shares[s]}" for s in pot.winners)
        lines.append(f"{name}: {pot.amount} to {who}")
    for s, chips in enumerate(r.refund):
        if chips:
            lines.append(f"Uncalled {chips} returned to {seat_name(s)}")
    return lines

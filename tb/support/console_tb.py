"""The Hold'em console's test set-up, shared by its test and the soak: its clock and baud rate,
and a random session of keys and buttons checked against the golden terminal."""

import random
from collections import Counter

from holdem_checks import check_probe, expected_probe, panel_of

from pokerhdl.golden.cards import format_cards, NO_CARD
from pokerhdl.golden.holdem.play import RandomAgent, shuffled_deck
from pokerhdl.golden.holdem.table import (ALLIN, BET, CALL, cards_needed, CHECK, FOLD,
                                          PHASE_BETTING, PHASE_GAME_OVER, RAISE, Table)
from pokerhdl.golden.holdem.terminal import FOLD_SWITCH, HoldemTerminal


CLK_NS = 10


CLK_HZ = 100_000_000


FAST_BAUD = CLK_HZ // 8


DEADLOCK_NS = 5_000_000      # the longest answer (a showdown at clk/8) takes well under 1 ms


KEYS = {FOLD: "f", CHECK: "k", CALL: "c", ALLIN: "a"}


async def check_observables(tb, t):
    """Every probe address against the golden table (the console's commands are its own, so
    the last result code is left out); chips conserved and no card twice on the hardware's
    own figures first."""
    addresses = sorted(expected_probe(t))
    check_probe(await tb.read_probe(addresses), t, context="console")


def check_panel(tb, t, view):
    led = tb.output("led")
    want, figure = panel_of(t, view)
    assert led == want, f"led {led:#06x} != {want:#06x}"
    assert tb.output("disp_value") == figure, ("display", view, figure)


def check_privacy(t, answer, asked_on_turn, showdown):
    """A seat's hole cards in an answer: only its own request (h on its turn, s<seat>), or a
    showdown."""
    for s in range(t.n):
        if t.hole[s][0] == NO_CARD:
            continue
        if format_cards(t.hole[s]) in answer:
            shown = showdown and t.result is not None and t.result.showdown \
                and t.result.words[s] is not None
            assert s == asked_on_turn or shown, f"P{s}'s cards leaked: {answer!r}"


async def read_seat(tb, term, seat, rng, seen):
    """s<seat><Enter>: (the golden answer, the console's); counts the reads of a seat's cards
    in ``seen`` (and of a seat out of the game: "-- --")."""
    want = got = ""
    for ch in f"s{seat}" + rng.choice("\r\n"):
        want += term.key(ch)
        got += await tb.send_key(ch)
    seen["seat_reads"] += " cards " in want
    seen["out_seat_reads"] += " cards -- --" in want
    return want, got


def keys_for(inp, rng):
    """Keystrokes for one agent input (the seat is always the one to act)."""
    if inp[0] == "deal":
        return "d"
    if inp[0] == "new_game":
        return "n"
    if inp[0] == "sit":                               # o<seat> sits out, i<seat> sits in
        _, seat, out = inp
        return ("o" if out else "i") + (str(seat) if seat >= 0 else "") + rng.choice("\r\n")
    _, _, action, amount = inp
    if action in KEYS:
        key = KEYS[action]
        return key.upper() if rng.random() < 0.1 else key
    if action in (BET, RAISE):
        letter = "b" if action == BET else "r"
        roll = rng.random()
        if roll < 0.04:
            return letter + "\r"                      # no digits
        if roll < 0.08:
            return letter + "1x"                      # not a digit
        return f"{letter}{amount}" + rng.choice("\r\n")
    return rng.choice("xz?5")                         # unknown action code: unknown key


async def play_console(tb, rules, hands, seed, reset_rate, inputs=0):
    """Random agents play through the console's keys and buttons until ``hands`` hands have
    ended and ``inputs`` inputs were sent, every answer checked (module docstring); returns a
    Counter of what was seen. ``tb`` is the cocotb TB here, or the fast engine's console in
    the soak test."""
    deck_rng = random.Random(seed ^ 0x5EED)

    def next_deck():
        deck = shuffled_deck(deck_rng)[:cards_needed(len(table.seats_dealt_in()))]
        tb.decks.append(deck)
        return deck

    def fresh_table():
        return Table(rules.players, rules.stack, rules.small_blind, rules.big_blind)

    table = fresh_table()
    term = HoldemTerminal(table, next_deck)
    seen = Counter()
    agent = RandomAgent(seed, illegal_rate=0.15, deal_rate=0.02)
    rng = tb.rng
    reads = random.Random(seed ^ 0x5EA7)       # seat reads: the other draws stay as they were
    view = 0
    assert await tb.boot() == term.boot()
    while seen["hands"] < hands or seen["inputs"] < inputs:
        # sometimes look at one's cards or redraw first
        roll = rng.random()
        if roll < 0.25:
            asker, pick = table.to_act, rng.random()
            if pick < 0.35:
                want, got = term.key("h"), await tb.send_key("h")
            elif pick < 0.7:
                want, got = term.press("left"), await tb.press("btn_reveal")
            else:                                       # a seat's cards: the server's read
                asker = reads.randrange(table.n + 2)    # and two seats the table lacks
                want, got = await read_seat(tb, term, asker, reads, seen)
            assert got == want, (got, want)
            check_privacy(table, got, asker, False)
            seen["inputs"] += 1
        elif roll < 0.3:
            want, got = term.key("t"), await tb.send_key("t")
            assert got == want
            check_privacy(table, got, None, False)
            seen["inputs"] += 1
        elif roll < 0.35:
            button = rng.choice(("btn_up", "btn_down"))
            view = (view + (1 if button == "btn_up" else -1)) % 4
            assert await tb.press(button) == ""
            seen["inputs"] += 1
        inp = agent.decide(table)
        seen["inputs"] += 1
        if rng.random() < reset_rate:
            deck = shuffled_deck(rng)[:cards_needed(len(table.seats_dealt_in()))]
            got = await tb.reset_while_answering(keys_for(inp, rng)[0], deck)
            table = fresh_table()
            term = HoldemTerminal(table, next_deck)
            view = 0
            seen["resets"] += 1
            assert got == term.boot(), f"after a reset: {got!r}"
            await check_observables(tb, table)
            check_panel(tb, table, view)
            continue
        was_betting, hand_before = table.phase == PHASE_BETTING, table.hand_no
        use_panel = inp[0] == "act" and inp[2] in (FOLD, CHECK, CALL, BET, RAISE) \
            and 0 <= inp[3] < FOLD_SWITCH and rng.random() < 0.15
        if use_panel:
            action, amount = inp[2], inp[3]
            switches = FOLD_SWITCH if action == FOLD else amount if action in (BET, RAISE) else 0
            want, got = term.press("center", switches), await tb.press("btn_act", switches)
        elif inp[0] == "deal" and rng.random() < 0.2:
            want, got = term.press("right"), await tb.press("btn_deal")
        else:
            want = got = ""
            for ch in keys_for(inp, rng):
                want += term.key(ch)
                got += await tb.send_key(ch)
        assert got == want, f"TX differs after {inp}:\n got {got!r}\nwant {want!r}"
        # a hand ends by an action, or within its deal when the blinds put everyone all-in
        ended = table.phase != PHASE_BETTING and (was_betting or table.hand_no != hand_before)
        check_privacy(table, got, None, ended)
        if table.hand_no != hand_before and not ended and reads.random() < 0.5:
            for seat in reads.sample(range(table.n + 1), table.n + 1):  # as the server does
                want, got = await read_seat(tb, term, seat, reads, seen)
                assert got == want, (got, want)
                check_privacy(table, got, seat, False)
        seen["hands"] += ended
        seen["games"] += ended and table.phase == PHASE_GAME_OVER
        seen["sits"] += inp[0] == "sit"
        await check_observables(tb, table)
        check_panel(tb, table, view)
    return seen

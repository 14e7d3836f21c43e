"""What the Hold'em hardware must show, from the golden Table: shared by the cocotb tests
(Icarus, GHDL) and the soak tests on the fast engine, so both judge a step the same way.

Each check takes the hardware's figures as plain values (probe reads, result code, log pulses)
and the golden table, and fails with a message that names the step.
"""

from dataclasses import fields

from pokerhdl.golden.holdem.contract import (FLAG_ALL_IN, FLAG_FOLDED, FLAG_OUT, FLAG_SITTING,
                                             PROBE, Rules)
from pokerhdl.golden.cards import NO_CARD
from pokerhdl.golden.holdem.table import NO_SEAT, OK, PHASE_BETTING, PHASE_GAME_OVER, cards_needed

NAMES = {v: k for k, v in PROBE.items()}


def rules_from(get):
    """The table's Rules from a parameter lookup (a dict's get, or harness.param in a cocotb
    test); a parameter not given keeps its default."""
    given = {f.name: get(f.name) for f in fields(Rules)}
    return Rules(**{k: v for k, v in given.items() if v is not None})


def panel_of(t, view):
    """(the LEDs, the display's figure) the Hold'em panel shows for the golden table ``t`` in
    display view ``view`` (0 stack, 1 street bet, 2 to call, 3 pot of the seat to act):
    LED0..3 whose turn, LED4..7 the last hand's winners, LED8 game over, LED12+view."""
    turn = 1 << t.to_act if t.phase == PHASE_BETTING else 0
    winners = 0
    if t.phase != PHASE_BETTING and t.result is not None:
        winners = sum(1 << s for s in t.result.winners)
    leds = turn | winners << 4 | (t.phase == PHASE_GAME_OVER) << 8 | 1 << (12 + view)
    s = t.to_act
    figures = (t.stacks[s] if s != NO_SEAT else 0, t.street_bet[s] if s != NO_SEAT else 0,
               t.to_call, t.pot)
    return leds, figures[view]


def probe_name(addr):
    base = max(b for b in NAMES if b <= addr)
    return NAMES[base] + (f"[{addr - base}]" if addr - base else "")


def expected_probe(t, last_code=None, hand_bits=16):
    """address -> value of every mapped observable, from the golden table (``last_code`` None:
    that address is left out, for tops whose commands the test does not see)."""
    r, e = t.result, {}
    for i in range(t.n):
        e[PROBE["stack"] + i] = t.stacks[i]
        e[PROBE["street_bet"] + i] = t.street_bet[i]
        e[PROBE["committed"] + i] = t.committed[i]
        e[PROBE["flags"] + i] = (t.folded[i] << FLAG_FOLDED | t.all_in[i] << FLAG_ALL_IN
                                  | t.busted[i] << FLAG_OUT | t.sitting[i] << FLAG_SITTING)
        e[PROBE["hole"] + 2 * i] = t.hole[i][0]
        e[PROBE["hole"] + 2 * i + 1] = t.hole[i][1]
        e[PROBE["word"] + i] = (r.words[i] or 0) if r else 0
        e[PROBE["payout"] + i] = r.payout[i] if r else 0
        e[PROBE["refund"] + i] = r.refund[i] if r else 0
    for j in range(5):
        e[PROBE["board"] + j] = t.board[j]
    e.update({PROBE["pot"]: t.pot, PROBE["current_bet"]: t.current_bet,
              PROBE["to_call"]: t.to_call, PROBE["min_raise"]: t.min_raise,
              PROBE["min_raise_to"]: t.min_raise_to, PROBE["to_act"]: t.to_act,
              PROBE["street"]: t.street, PROBE["phase"]: t.phase, PROBE["dealer"]: t.dealer,
              PROBE["sb_seat"]: t.sb_seat, PROBE["bb_seat"]: t.bb_seat,
              PROBE["hand_no"]: t.hand_no % (1 << hand_bits),
              PROBE["winners"]: sum(1 << s for s in r.winners) if r else 0,
              PROBE["showdown"]: int(r.showdown) if r else 0,
              PROBE["game_winner"]: t.game_winner})
    if last_code is not None:
        e[PROBE["last_code"]] = last_code
    return e


def check_invariants(hw, n, total):
    """On the hardware's own figures: chips conserved, no card twice, only deck codes."""
    stacks = [hw[PROBE["stack"] + i] for i in range(n)]
    assert sum(stacks) + hw[PROBE["pot"]] == total, \
        f"chips not conserved: stacks {stacks} pot {hw[PROBE['pot']]}, total {total}"
    cards = [hw[PROBE["board"] + j] for j in range(5)]
    cards += [hw[PROBE["hole"] + k] for k in range(2 * n)]
    cards = [c for c in cards if c != NO_CARD]
    assert len(set(cards)) == len(cards) and all(c < 52 for c in cards), f"cards {cards}"


def check_probe(hw, t, last_code=None, hand_bits=16, context=""):
    """The probe reads ``hw`` (address -> value) against the golden table, invariants first
    (a clearer failure than a mismatch)."""
    check_invariants(hw, t.n, t.total)
    want = expected_probe(t, last_code, hand_bits)
    bad = [f"{probe_name(a)}: hw {hw[a]} golden {want[a]}" for a in want if hw[a] != want[a]]
    assert not bad, f"{context}: " + "; ".join(bad)


def check_unchanged(before, after, context=""):
    """A refused command changes nothing but the last result code."""
    changed = [probe_name(a) for a in before
               if a != PROBE["last_code"] and before[a] != after[a]]
    assert not changed, f"{context}: refused, yet changed {changed}"


def hw_input(inp, amount_bits):
    """An agent's input in the hardware's terms (3-bit seat/action, W-bit amount); the golden
    table gets the same values, so both judge the same thing."""
    if inp[0] == "sit":
        _, seat, out = inp
        return ("sit", seat if 0 <= seat < 8 else NO_SEAT, int(out))
    if inp[0] != "act":
        return inp
    _, seat, action, amount = inp
    seat = seat if 0 <= seat < 8 else NO_SEAT
    action = action if 0 <= action < 8 else 7
    amount = min(max(amount, 0), (1 << amount_bits) - 1)
    return ("act", seat, action, amount)


def apply_step(t, inp, deck, code, logs, done, requests, taken):
    """Apply ``inp`` to the golden table and check what the hardware answered: the result
    code, the log pulses, hand_done, deck_request and the cards it took. Returns
    (golden code, whether the input ended a hand)."""
    before_log, before_phase = len(t.log), t.phase
    k = len(t.seats_dealt_in())
    if inp[0] == "act":
        want = t.act(*inp[1:])
    elif inp[0] == "sit":
        want = t.sit(*inp[1:])
    elif inp[0] == "deal":
        want = t.start_hand(deck)
    else:
        want = t.new_game()
        before_log = 0
    context = f"hand {t.hand_no} input {inp}"
    assert code == want, f"{context}: code hw {code} golden {want}"
    entries = [(e.seat, e.action, e.put, e.total, e.all_in) for e in t.log[before_log:]]
    assert logs == entries, f"{context}: log hw {logs} golden {entries}"
    ended = want == OK and inp[0] in ("act", "deal") and t.phase != PHASE_BETTING \
        and (before_phase == PHASE_BETTING or inp[0] == "deal")
    assert done == int(ended), f"{context}: hand_done pulses {done}, hand ended {ended}"
    dealt = inp[0] == "deal" and want == OK
    assert requests == int(dealt), f"{context}: deck_request pulses {requests}"
    assert list(taken) == (list(deck[:cards_needed(k)]) if dealt else []), \
        f"{context}: took {len(taken)} cards"
    return want, ended


def tally_end(seen, t):
    """Count what kind of hand just ended (coverage figures for the report); returns its kind,
    "showdown" or "fold-out"."""
    r = t.result
    kind = "showdown" if r.showdown else "fold-out"
    seen[kind] += 1
    seen["split"] += any(len(p.winners) > 1 for p in r.pots)
    seen["side pot"] += len(r.pots) > 1
    seen["refund"] += any(r.refund)
    seen["game over"] += t.game_over
    return kind

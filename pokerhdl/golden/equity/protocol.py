"""The equity engine's byte protocol, and the engine's answer to a request (its golden twin).

A host and the hardware engine (rtl/equity/engine.py, on a board through the UART) talk in
frames, both ways:

    SOF (0xA5), LEN, LEN payload bytes, CRC

CRC is CRC-8 (polynomial 0x07, initial 0; CRC-8/SMBUS) over LEN and the payload, so a corrupted
byte is refused, not misread. A request's payload:

    0        mode: 1 = Monte Carlo, 2 = exact (every completion; trials and seed unused)
    1        opponents k (1..9, at most the engine's own maximum)
    2..6     trials, 40 bits, little-endian
    7..22    seed, 128 bits, little-endian
    23, 24   the hero's cards
    25..     each opponent's two cards, 63 63 (NO_CARD twice) for a random hand
    then     the number of known board cards b, then those b cards
    then     dead cards: the rest of the payload

A payload of the one byte 3 (MODE_DESCRIBE) asks the engine what it is: the reply is OK, its
lanes (1 byte), the most opponents it seats (1 byte) and its clock in Hz (4 bytes,
little-endian), so a host learns a board's engine from the board (``describe_payload``).

A reply's payload is a status (OK or an ERR_* code of golden/equity/readable.py) and, when OK, the
trials counted (40 bits) and per player, hero first, wins (40 bits), ties (40 bits) and tie
units (56 bits), little-endian: the counts summed over the engine's lanes. A frame that is
corrupted, cut short (no byte for the engine's timeout) or too short for what it says it holds
is answered ERR_FRAME; a frame that arrives while a run is on is answered ERR_BUSY after the
run's own reply. Every request gets exactly one reply.
"""

from ..cards import NO_CARD
from .readable import (ERR_BUSY, ERR_FRAME, ERR_MODE, ERR_OPPONENTS, ERR_TRIALS, EquityError,
                       MAX_OPPONENTS, OK, Result, Setup, monte_carlo)
from .exact import check_exact, split_exact

SOF = 0xA5
MODE_MONTE_CARLO, MODE_EXACT, MODE_DESCRIBE = 1, 2, 3
DESCRIBE_REQUEST = bytes([MODE_DESCRIBE])  # the whole payload of a describe request
CLOCK_BYTES = 4                            # the clock in Hz, in a describe reply
TRIAL_BYTES, SEED_BYTES = 5, 16
HEADER = 2 + TRIAL_BYTES + SEED_BYTES      # mode, opponents, trials, seed: then the cards
COUNT_BYTES = (5, 5, 7)                    # wins, ties, tie units of a player in a reply
CRC_POLY = 0x07


def crc8(data, crc=0):
    """CRC-8/SMBUS of ``data`` (bytes), bit by bit as the hardware does it."""
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = ((crc << 1) ^ CRC_POLY if crc & 0x80 else crc << 1) & 0xFF
    return crc


def frame(payload):
    """A frame around ``payload`` (at most 255 bytes)."""
    payload = bytes(payload)
    if len(payload) > 255:
        raise ValueError(f"a payload is at most 255 bytes, got {len(payload)}")
    body = bytes([len(payload)]) + payload
    return bytes([SOF]) + body + bytes([crc8(body)])


def request_payload(hero, opponents, board=(), dead=(), trials=1, seed=0,
                    mode=MODE_MONTE_CARLO):
    """A request's payload from card codes (an opponent None: a random hand). Nothing is
    checked here: the engine checks, so a host can also send what the engine must refuse."""
    cards = list(hero)
    for hand in opponents:
        cards += [NO_CARD, NO_CARD] if hand is None else list(hand)
    cards += [len(board)] + list(board) + list(dead)
    return bytes([mode, len(opponents)]) + trials.to_bytes(TRIAL_BYTES, "little") + \
        seed.to_bytes(SEED_BYTES, "little") + bytes(cards)


def setup_request(setup, trials, seed):
    """The request frame of a golden Setup's Monte Carlo run (``trials`` None: its exact
    enumeration)."""
    if trials is None:
        return frame(request_payload(setup.hero, setup.opponents, setup.board, setup.dead,
                                     0, 0, MODE_EXACT))
    return frame(request_payload(setup.hero, setup.opponents, setup.board, setup.dead,
                                 trials, seed))


def parse_request(payload, max_opponents):
    """(setup, trials, seed) of a request payload (trials None for an exact enumeration), or
    EquityError with the code the engine answers: a frame too short for what it holds, an
    unknown mode, more opponents than ``max_opponents`` (or than 9), then the setup's own
    checks (golden Setup.check), then no trials (Monte Carlo) or an enumeration too large
    (exact, golden equity_exact.check_exact)."""
    def short():
        return EquityError(ERR_FRAME, f"a payload of {len(payload)} bytes is too short")
    if len(payload) < HEADER + 2:
        raise short()
    mode, k = payload[0], payload[1]
    board_at = HEADER + 2 + 2 * k
    if len(payload) <= board_at or len(payload) < board_at + 1 + payload[board_at]:
        raise short()
    if mode not in (MODE_MONTE_CARLO, MODE_EXACT):
        raise EquityError(ERR_MODE, f"mode {mode}")
    if not 1 <= k <= min(max_opponents, MAX_OPPONENTS):
        raise EquityError(ERR_OPPONENTS, f"got {k}, this engine takes 1..{max_opponents}")
    trials = int.from_bytes(payload[2:2 + TRIAL_BYTES], "little")
    seed = int.from_bytes(payload[2 + TRIAL_BYTES:HEADER], "little")
    hero = tuple(payload[HEADER:HEADER + 2])
    opponents = []
    for j in range(k):
        hand = tuple(payload[HEADER + 2 + 2 * j:HEADER + 4 + 2 * j])
        opponents.append(None if hand == (NO_CARD, NO_CARD) else hand)
    b = payload[board_at]
    board = tuple(payload[board_at + 1:board_at + 1 + b])
    dead = tuple(payload[board_at + 1 + b:])
    setup = Setup(hero, opponents, board, dead)          # EquityError: the setup's checks
    if mode == MODE_EXACT:
        check_exact(setup)
        return setup, None, seed
    if trials < 1:
        raise EquityError(ERR_TRIALS)
    return setup, trials, seed


def reply_payload(status, result=None):
    """A reply's payload: the status, and for OK the trials and every player's counts."""
    out = bytes([status])
    if status == OK:
        out += result.trials.to_bytes(TRIAL_BYTES, "little")
        for p in range(result.players):
            for value, size in zip((result.wins[p], result.ties[p], result.tie_units[p]),
                                   COUNT_BYTES):
                out += value.to_bytes(size, "little")
    return out


def parse_reply(payload, players):
    """(status, Result or None) of a reply payload for ``players`` players."""
    status = payload[0]
    if status != OK:
        return status, None
    want = 1 + TRIAL_BYTES + players * sum(COUNT_BYTES)
    if len(payload) != want:
        raise ValueError(f"a reply for {players} players is {want} bytes, got {len(payload)}")
    result = Result(players, int.from_bytes(payload[1:1 + TRIAL_BYTES], "little"))
    at = 1 + TRIAL_BYTES
    for p in range(players):
        for name, size in zip(("wins", "ties", "tie_units"), COUNT_BYTES):
            getattr(result, name)[p] = int.from_bytes(payload[at:at + size], "little")
            at += size
    return status, result


def describe_payload(lanes, max_opponents, clk_hz):
    """The reply payload to a describe request: OK, lanes, most opponents, clock in Hz."""
    return bytes([OK, lanes, max_opponents]) + clk_hz.to_bytes(CLOCK_BYTES, "little")


def parse_description(payload):
    """(lanes, most opponents, clock Hz) of a describe reply; ValueError if it is not one."""
    if len(payload) != 3 + CLOCK_BYTES or payload[0] != OK:
        raise ValueError(f"not a describe reply: {bytes(payload).hex()}")
    return payload[1], payload[2], int.from_bytes(payload[3:], "little")


def engine_reply(payload, lanes, max_opponents, clk_hz=100_000_000):
    """The reply payload the engine (``lanes`` lanes of ``max_opponents`` seats at ``clk_hz``)
    gives to a request payload: the golden twin of the whole engine."""
    if bytes(payload) == DESCRIBE_REQUEST:
        return describe_payload(lanes, max_opponents, clk_hz)
    try:
        setup, trials, seed = parse_request(payload, max_opponents)
    except EquityError as exc:
        return reply_payload(exc.code)
    if trials is None:
        return reply_payload(OK, split_exact(setup, lanes))
    return reply_payload(OK, monte_carlo(setup, trials, seed, lanes))


class FrameReader:
    """Frames out of a byte stream (a host reading replies): ``feed(data)`` returns the
    payloads of the frames completed; a frame whose CRC fails raises ValueError; bytes
    between frames that are not SOF are skipped."""

    def __init__(self):
        self.buffer = bytearray()

    def feed(self, data):
        self.buffer += data
        payloads = []
        while True:
            start = self.buffer.find(SOF)
            if start < 0:
                self.buffer.clear()
                return payloads
            del self.buffer[:start]
            if len(self.buffer) < 2 or len(self.buffer) < self.buffer[1] + 3:
                return payloads
            size = self.buffer[1]
            body, crc = bytes(self.buffer[1:2 + size]), self.buffer[2 + size]
            del self.buffer[:3 + size]
            if crc8(body) != crc:
                raise ValueError("a reply frame failed its CRC")
            payloads.append(body[1:])

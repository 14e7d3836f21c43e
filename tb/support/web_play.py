"""Browser pages play at a `pokerhdl serve --web` table, through clicks and keys as a person
would, and the checks of what each page showed (tb/host/test_web_table.py).

After every action the pages settle on the server's last state; each page's DOM is then
compared with the golden table at the moment its state was drawn (tb/support/table_play.py's
``Truth``, keyed by the bytes the table had sent): board, pot, stacks, bets, seat states,
dealer, whose turn, the phase, its own cards, the cards shown, the actions offered; chips are
conserved; and no other seat's hole card is anywhere in the page (as a code or as drawn)
unless it was shown. The WebSocket frames every page received are checked the same way
afterwards (``check_frames``), so a state the page drew over too fast to be read is checked
too.
"""

import asyncio
import re
from types import SimpleNamespace

from browser import count_broadcasts, DESKTOP, launch, PHONE, playwright, Seat
from browser import settled
from table_play import check_views
from table_play import watched_golden_link

from pokerhdl.table.link import GoldenLink
from pokerhdl.table.server import TableServer
from pokerhdl.table.web import start_web

SUITS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
PASSIVE = ("check", "call")
# the table's log line each accepted action leaves (an all-in may call, bet or raise)
LOGGED = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets {amount}",
          "raise": "raises to {amount}", "allin": "(calls|bets|raises|goes all-in).*"}


def drawn(card):
    """A card as the page draws it: 'Th' -> '10♥'."""
    return ("10" if card[0] == "T" else card[0]) + SUITS[card[1]]


def check_page(read, truth, me, total, names, server=None, house=()):
    """One page's DOM (browser.READ) against the golden table (module docstring); ``names``:
    the players' names by seat, ``house``: the house's seats."""
    public, hole, shown = truth.snapshots[read["received"]]
    seats = read["seats"]
    where = f"P{me} at {read['received']}"
    assert read["phase"] == public["phase"] and read["hand"] == public["hand"], where
    assert read["board"] == public["board"], (where, read["board"], public["board"])
    assert read["pot"] == public["pot"], where
    assert [s["stack"] for s in seats] == public["stacks"], (where, seats, public)
    assert [s["bet"] for s in seats] == public["bets"], (where, seats, public)
    assert [s["status"] for s in seats] == public["status"], (where, seats, public)
    assert [k for k, s in enumerate(seats) if s["dealer"]] == [public["dealer"]], where
    assert read["to_act"] == public["to_act"], where
    assert [k for k, s in enumerate(seats) if s["acting"]] == (
        [public["to_act"]] if public["phase"] == "betting" else []), where
    assert sum(s["stack"] for s in seats) + read["pot"] == total, where
    named = lambda k: names.get(k, f"P{k}")                 # noqa: E731
    assert [s["name"] for s in seats] == [names.get(k, "house" if k in house else "free")
                                          for k in range(len(seats))], where
    if public["phase"] == "betting":
        who = "Your turn" if public["to_act"] == me else f"{named(public['to_act'])} to act"
        assert read["turn"].startswith(f"{who} \u00b7 to call {public['to_call']}"), where
    elif public["phase"] == "over":
        assert read["turn"] == f"Game over: {named(public['winner'])} wins", where
    if me is not None:
        in_hand = public["phase"] == "betting" and public["status"][me] in ("in", "all-in")
        assert read["hole"] == hole[me] if in_hand else read["hole"] in ([], hole[me]), where
    for k, seat in enumerate(seats):
        if seat["cards"]:
            assert k == me or k in shown, (where, k, seat["cards"])
            assert seat["cards"] == hole[k], (where, k)
    for k, cards in enumerate(hole):
        for card in cards if k != me and k not in shown else ():
            assert not re.search(rf"(?<![0-9A-Za-z]){card}(?![0-9A-Za-z])", read["text"]) \
                and drawn(card) not in read["text"], (where, "holds", k, card)
    if server is not None and read["received"] == server.received and me is not None:
        offered = {a["action"] for a in server.view.legal(me)}
        assert set(read["actions"]) == offered, (where, read["actions"], offered)


def check_frames(seats, truth, total):
    """Every state message each page received, as tb/support/table_play.py checks a TCP client's."""
    return check_views([SimpleNamespace(name=s.name, lines=s.frames,
                                        client=SimpleNamespace(seat=s.seat)) for s in seats],
                       truth, total)


async def act(seat, read, server, rng, stats, patience=10.0):
    """The seat does one thing its page offers, by a click or a key; a bet or raise with an
    amount from the presets, typed, keyed, or below the minimum (the server refuses it)."""
    page = seat.page
    legal = {a["action"]: a for a in server.view.legal(seat.seat)}
    assert set(read["actions"]) == set(legal), (read["actions"], legal)
    passive = [a for a in PASSIVE if a in legal]
    action = passive[0] if passive and rng.random() < 0.55 else rng.choice(sorted(legal))
    amount, refusal = legal[action].get("amount"), None
    before = server.received
    by_key = rng.random() < 0.4
    if action in ("bet", "raise"):
        low, high = legal[action]["min"], legal[action]["max"]
        how = rng.choice(["min", "pot", "max", "typed", "keys"] + ["below"] * (low > 1))
        if how in ("min", "pot", "max"):
            t = server.view
            pot = max(low, min(high, t.current_bet + t.pot + t.to_call))
            amount = {"min": low, "max": high, "pot": pot}[how]
            await page.click(f"#raise [data-preset={how}]")
            await page.click(f"#raise [data-action={action}]")
        else:
            amount = low - 1 if how == "below" else rng.randint(low, high)
            if how == "keys":
                await page.keyboard.press(action[0])
                await page.keyboard.type(str(amount))
                await page.keyboard.press("Enter")
            else:
                await page.fill("#amount", str(amount))
                await page.click(f"#raise [data-action={action}]")
            if how == "below":
                refusal = (f"refused: {action} to {amount}: below the minimum "
                           f"({low}..{high})")
        stats["amounts"][how] = stats["amounts"].get(how, 0) + 1
    elif by_key:
        await page.keyboard.press({"new_game": "n", "allin": "a", "check": "k"}.get(
            action, action[0]))
    else:
        await page.click(f"#actions [data-action={action}]")
    stats["keys" if by_key else "clicks"] += 1
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while server.received == before and loop.time() < deadline:
        if refusal and (await seat.read())["note"] == refusal:
            stats["refused"] += 1
            return action
        await asyncio.sleep(0.005)
    assert refusal is None and server.received != before, (action, amount, refusal)
    await settled(server, [seat], patience)
    if server.final and server.final[0] == "refused":   # the server passed it, the table not
        said = f"refused: the table refused: {server.final[1].group(1)}"
        while (note := (await seat.read())["note"]) != said:    # after the state, its reason
            assert loop.time() < deadline, (note, said)
            await asyncio.sleep(0.005)
        stats["table_refused"].append(said)
        return action
    for _ in range(100):                    # the frame after the state (an animation frame)
        delay = await seat.delay()
        if delay is not None:
            stats["dom_delays"].append(delay[0])
            stats["delays"].append(delay[1])
            break
        await asyncio.sleep(0.005)
    if action in LOGGED:
        line = f"P{seat.seat} " + LOGGED[action].format(amount=amount)
        assert any(re.match(line, entry) for entry in server.view.log), (line, server.view.log)
    return action


async def come_back(server, seat, seats, patience=10.0):
    """The seat's page is closed mid-hand; the others see the seat away; a new page in the
    same browser takes the seat back by its token (kept in localStorage), with its cards."""
    before = await seat.read()
    await seat.close_page()
    others = [s for s in seats if s is not seat]
    loop = asyncio.get_running_loop()
    deadline = loop.time() + patience
    while not (await others[0].read())["seats"][seat.seat]["away"]:
        assert loop.time() < deadline, "the others never saw the seat away"
        await asyncio.sleep(0.01)
    await seat.open()
    await seat.page.wait_for_selector("#table[data-you]")
    back = (await settled(server, seats, patience))[seats.index(seat)]
    assert back["you"] == seat.seat and back["hole"] == before["hole"] != [], (back, before)
    assert not back["joining"]


async def play(server, seats, truth, total, actions, rng, names, come_back_at=None,
               patience=10.0):
    """The seated pages take ``actions`` actions (deals and new games too), each page checked
    after every one; one page leaves and comes back mid-hand after ``come_back_at``
    actions. Returns the figures (states checked, deals, clicks, keys, refusals, delays ...)."""
    stats = {"states": 0, "refused": 0, "table_refused": [], "clicks": 0, "keys": 0,
             "delays": [], "dom_delays": [], "amounts": {}, "hands": 0, "came_back": None,
             "over": 0}
    hand = None
    players = [s for s in seats if s.seat is not None]
    house = {s.index for s in server.seats if s.house}
    done = 0
    while done < actions:
        reads = await settled(server, seats, patience)
        for seat, read in zip(seats, reads):
            check_page(read, truth, seat.seat, total, names, server, house)
        stats["states"] += len(reads)
        first = reads[0]
        stats["hands"] += first["hand"] not in (hand, 0)       # a deal
        hand = first["hand"]
        stats["over"] += first["phase"] == "over"
        if first["phase"] == "betting":
            actor = next(p for p in players if p.seat == first["to_act"])
            if come_back_at is not None and done >= come_back_at and first["board"] \
                    and stats["came_back"] is None:
                await come_back(server, actor, seats, patience)
                stats["came_back"] = actor.seat
                continue
        else:                                   # deal, or a new game: anyone who may
            actor = rng.choice([p for p in players if server.view.legal(p.seat)])
        await act(actor, reads[seats.index(actor)], server, rng, stats, patience)
        done += 1
    return stats


STACK = 200                     # short stacks: all-ins, busts and game overs come often


NAMES = ["Ann", "Bob", "Cyd", "Dot"]


def golden(seed, players=None, limits=None):
    """A golden table with its truth (table_play.Truth) beside it; players deal themselves."""
    link, truth = watched_golden_link(4, seed, STACK)
    return link, truth, 4 * STACK


async def table_with_pages(link, body, players=None, limits=None, pages=4, watcher=True):
    """The server behind ``link`` with its page, a browser, ``pages`` seated pages (and a
    watching one); runs ``body(server, seats, names)``."""
    # the golden table boots at once; the emulator's boot text comes in bursts (the server's
    # own settle: quiet for 2 s)
    settle = 0.05 if isinstance(link, GoldenLink) else None
    server = TableServer(link, players=players, auto_deal=None, settle=settle,
                         log=lambda text: None, limits=limits)
    count_broadcasts(server)
    await server.start()
    web, port = await start_web(server)
    url = f"http://127.0.0.1:{port}/"
    try:
        async with playwright() as p:
            browser = await launch(p)
            seats = [Seat(browser, url, NAMES[k], PHONE if k % 2 else DESKTOP)
                     for k in range(pages)]
            for seat in seats:
                await seat.open()
                await seat.join()
            if watcher:
                seats.append(await Seat(browser, url, "watcher", PHONE).open())
            names = {s.seat: s.name for s in seats if s.seat is not None}
            try:
                return await body(server, seats, names)
            finally:
                assert not [e for s in seats for e in s.errors], "errors in the page"
                await browser.close()
    finally:
        web.close(close_connections=False)
        await server.close()
        await web.wait_closed()

"""Draw README's picture of a `pokerhdl join` client from the real thing: four clients play
basys3_holdem's generated RTL in the emulator through the server; the others call or check,
P0 raises on its first turn after the flop, and when P0 is to act again its screen (the
lines the curses client draws) is saved as a PNG.

    .venv/bin/python tb/support/client_picture.py docs/client_basys3_holdem.png
"""

import asyncio
import sys

from pokerhdl.sim.screenshot import save_png
from pokerhdl.table.client import RED_CARD, TableClient, client_lines
from pokerhdl.table.link import EmulatorLink
from pokerhdl.table.server import TableServer

NAMES = ("Ann", "Bob", "Cleo", "Dev")


async def main(path):
    server = TableServer(EmulatorLink("basys3_holdem"), auto_deal=0.0, log=print)
    port = await server.start()
    clients = []
    for name in NAMES:
        client = TableClient()
        await client.connect("127.0.0.1", port)
        await client.join(name=name)
        clients.append(client)
    raised = False

    async def player(k, client):
        nonlocal raised
        while True:
            msg = await client.receive()
            if msg is None or msg["type"] != "state":
                continue
            t, you = msg["table"], msg["you"]
            if t["to_act"] != k or not you["cards"]:
                continue
            if k == 0 and raised and t["street"] != "preflop":
                return msg
            legal = {a["action"]: a for a in you["legal"]}
            if k == 0 and t["street"] == "flop" and not raised and "bet" in legal:
                raised = True
                await client.send({"op": "act", "token": client.token, "action": "bet",
                                   "amount": 40})
            else:
                action = "check" if "check" in legal else "call"
                await client.send({"op": "act", "token": client.token, "action": action})

    tasks = [asyncio.create_task(player(k, c)) for k, c in enumerate(clients)]
    await asyncio.wait_for(tasks[0], 600)
    for task in tasks[1:]:
        task.cancel()
    me = clients[0]
    save_png(client_lines(me.state, me.welcome), path, columns=80, red=RED_CARD)
    for client in clients:
        client.close()
    await server.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1] if len(sys.argv) > 1 else "client.png"))

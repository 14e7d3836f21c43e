"""`pokerhdl serve --web PORT`: the table's page and its WebSocket on one HTTP port.

The page is a few plain files (page/: HTML, CSS, JavaScript modules, no build step), served as
every pokerhdl page is (pokerhdl/web/serving.py: only its files, read once at start, with a
Content-Security-Policy); ``/socket`` upgrades to a WebSocket that speaks the table protocol
(protocol.py), one JSON message per WebSocket message, onto the same server as the TCP clients
(``TableServer.serve_connection``): the same seats, tokens, refusals, caps and clock. The page's
requests are short HTTP exchanges the connection caps do not count; each WebSocket counts as a
connection.
"""

from pathlib import Path

from ..web import serving
from .web_connection import MAX_SIZE, WebConnection

PAGE = Path(__file__).with_name("page")


def page_files():
    """URL path -> (content type, body, gzipped body) of every file of the page."""
    return serving.page_files(PAGE)


async def start_web(server, host="127.0.0.1", port=0, allow_hosts=()):
    """Serve the page and the WebSocket for ``server`` (a started TableServer); returns the
    websockets server (close() it before the table server) and the port it listens on.
    ``allow_hosts``: names the page answers to besides its own (serving.Gate)."""
    async def handler(ws):
        conn = WebConnection(ws, server.limits)
        try:
            await server.serve_connection(conn)
        finally:
            await conn.finish()

    return await serving.serve_page(handler, PAGE, host, port, allow_hosts=allow_hosts,
                                    max_size=MAX_SIZE,
                                    ping_interval=20, ping_timeout=20)

"""`pokerhdl serve --web PORT`: the table's page and its WebSocket on one HTTP port.

The page is a few plain files (page/: HTML, CSS, JavaScript modules, no build step) served as
they are; ``/socket`` upgrades to a WebSocket that speaks the table protocol (protocol.py), one
JSON message per WebSocket message, onto the same server as the TCP clients
(``TableServer.serve_connection``): the same seats, tokens, refusals, caps and clock. Only the
page's files are served, read once at start; any other path is 404. The page's requests are
short HTTP exchanges the connection caps do not count; each WebSocket counts as a connection.
"""

import email.utils
import gzip
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import serve
from websockets.datastructures import Headers
from websockets.http11 import Response

from .web_connection import MAX_SIZE, WebConnection

PAGE = Path(__file__).with_name("page")
SOCKET_PATH = "/socket"
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
# the page may load only its own files and talk only to its own server
POLICY = ("default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def page_files():
    """URL path -> (content type, body, gzipped body) of every file of the page."""
    files = {}
    for path in sorted(PAGE.iterdir()):
        if path.suffix in TYPES:
            body = path.read_bytes()
            url = "/" if path.name == "index.html" else f"/{path.name}"
            files[url] = (TYPES[path.suffix], body, gzip.compress(body, 9, mtime=0))
    return files


def responder(files):
    """The ``process_request`` hook: a page file, a 404, or None to go on with the
    WebSocket's handshake on SOCKET_PATH."""
    def respond(connection, request):
        path = request.path.partition("?")[0]
        if path == SOCKET_PATH:
            return None
        found = files.get(path)
        if found is None:
            status, kind, body, encoding = HTTPStatus.NOT_FOUND, "text/plain", b"not found\n", None
        else:
            status, (kind, body, packed) = HTTPStatus.OK, found
            zipped = "gzip" in request.headers.get("Accept-Encoding", "")
            body, encoding = (packed, "gzip") if zipped else (body, None)
        headers = Headers([("Date", email.utils.formatdate(usegmt=True)),
                           ("Connection", "close"), ("Content-Type", kind),
                           ("Content-Length", str(len(body))), ("Cache-Control", "no-cache"),
                           ("X-Content-Type-Options", "nosniff"),
                           ("Content-Security-Policy", POLICY), ("Vary", "Accept-Encoding")])
        if encoding:
            headers["Content-Encoding"] = encoding
        return Response(status.value, status.phrase, headers, body)
    return respond


async def start_web(server, host="127.0.0.1", port=0):
    """Serve the page and the WebSocket for ``server`` (a started TableServer); returns the
    websockets server (close() it before the table server) and the port it listens on."""
    async def handler(ws):
        conn = WebConnection(ws, server.limits)
        try:
            await server.serve_connection(conn)
        finally:
            await conn.finish()

    web = await serve(handler, host, port, process_request=responder(page_files()),
                      max_size=MAX_SIZE, ping_interval=20, ping_timeout=20)
    return web, web.sockets[0].getsockname()[1]

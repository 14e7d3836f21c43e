"""A page and its WebSocket on one HTTP port: the one way every pokerhdl page is served (the
table's, `pokerhdl serve --web`; a board top's, `pokerhdl emulate TOP --web`).

A page is a few plain files read once at start from its folders (and shared/, the JavaScript
every page uses); only those are served, any other path is 404, each with a
Content-Security-Policy that lets the page load only its own files and talk only to its own
server. ``/socket`` upgrades to the page's WebSocket (PyPI's websockets, its asyncio server). The
listening socket can be opened before anything slow (a Verilator build) so that a port in use is
told at once, in one line.
"""

import email.utils
import gzip
import socket
from http import HTTPStatus
from pathlib import Path

SHARED = Path(__file__).with_name("shared")
SOCKET_PATH = "/socket"
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
# the page may load only its own files and talk only to its own server
POLICY = ("default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def page_files(folder):
    """URL path -> (content type, body, gzipped body) of every file of the page in ``folder``
    and of shared/ (index.html is ``/``); a name in both is an error."""
    files = {}
    for path in sorted(Path(folder).iterdir()) + sorted(SHARED.iterdir()):
        if path.suffix in TYPES:
            url = "/" if path.name == "index.html" else f"/{path.name}"
            if url in files:
                raise ValueError(f"{path.name} is both the page's and shared/'s")
            body = path.read_bytes()
            files[url] = (TYPES[path.suffix], body, gzip.compress(body, 9, mtime=0))
    return files


def responder(files):
    """The ``process_request`` hook: a page file, a 404, or None to go on with the
    WebSocket's handshake on SOCKET_PATH."""
    from websockets.datastructures import Headers
    from websockets.http11 import Response

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


async def serve_page(handler, folder, host="127.0.0.1", port=0, sock=None, **options):
    """Serve the page in ``folder`` and run ``handler(websocket)`` for each WebSocket on
    SOCKET_PATH, on ``sock`` (a listening socket, see listen) or on ``host``:``port``; returns
    the websockets server (close() it) and the port it listens on. ``options`` go to
    websockets' serve (max_size, compression, pings)."""
    from websockets.asyncio.server import serve
    where = {"sock": sock} if sock is not None else {"host": host, "port": port}
    web = await serve(handler, process_request=responder(page_files(folder)), **where,
                      **options)
    return web, web.sockets[0].getsockname()[1]


def parse_address(text, default_host="127.0.0.1"):
    """(host, port) of HOST:PORT (an empty host is ``default_host``); ValueError otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r}: give HOST:PORT, e.g. 127.0.0.1:7777")
    return host or default_host, int(port)


def page_address(text, default_host="127.0.0.1"):
    """(host, port) of a page's [HOST:]PORT: a port alone listens on ``default_host``, an
    empty host (``:8080``) on every interface; ValueError otherwise."""
    if ":" in text:
        return parse_address(text, "0.0.0.0")
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise ValueError(f"{text!r}: give [HOST:]PORT, e.g. 8080 or 0.0.0.0:8080")
    return default_host, int(text)


def listen(host, port):
    """A listening TCP socket on ``host``:``port`` for serve_page, or OSError with a
    sentence (the address is in use, the host is not this machine's, ...)."""
    try:
        return socket.create_server((host, port))
    except OSError as exc:
        # create_server's words without the address again
        why = (exc.strerror or str(exc)).split(" (while attempting to bind")[0]
        raise OSError(f"cannot listen on {host}:{port}: {why}") from None

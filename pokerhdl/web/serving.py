"""A page and its WebSocket on one HTTP port: the one way every pokerhdl page is served (the
table's, `pokerhdl serve --web`; a board top's, `pokerhdl emulate TOP --web`).

A page is a few plain files read once at start from its folders (and shared/, the JavaScript
every page uses); only those are served, any other path is 404, each with a
Content-Security-Policy that lets the page load only its own files and talk only to its own
server. ``/socket`` upgrades to the page's WebSocket (PyPI's websockets, its asyncio server). The
listening socket can be opened before anything slow (a Verilator build) so that a port in use is
told at once, in one line.

Only the page's own origin may drive it (``Gate``): a request whose Host is not a name this
server answers to is refused with 421 (DNS rebinding: another site's name resolved to this
machine), and a WebSocket handshake whose Origin is not the page's own with 403 (a page of
another site, open in the same browser, opening the socket).
"""

import email.utils
import gzip
import ipaddress
import socket
import sys
from http import HTTPStatus
from pathlib import Path
from urllib.parse import urlsplit

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


def _split_host(text):
    """(name, port or None) of a Host header's value (``name``, ``name:port``, ``[v6]:port``),
    the name lowercased without brackets; None when it does not parse."""
    try:
        parts = urlsplit("//" + text.strip())
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path:
        return None
    return name.rstrip("."), port


def one(values):
    """The header's value when it came once, None when absent, "" (refused) when repeated."""
    return values[0] if len(values) == 1 else None if not values else ""


class Gate:
    """The Host and Origin headers this server answers. A Host is good when its name is an
    address literal (DNS rebinding needs a name: an attacker's name that resolves to this
    machine), ``localhost`` or a name under it, this machine's own name, or one of
    ``allowed`` (``--allow-host``: the public name of a reverse proxy in front). A WebSocket
    handshake's Origin is good when it is absent (not a browser: browsers always send one),
    or names the request's own Host (the page's origin: scheme aside, since a TLS proxy
    changes it) or an allowed name; ``null`` and every other site are refused. Each refusal
    is said once per client address through ``log``."""

    DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}

    def __init__(self, allowed=(), log=None):
        self.allowed = {name.lower().rstrip(".") for name in allowed}
        self.own = {socket.gethostname().lower(), socket.getfqdn().lower()}
        self.log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self.told = set()

    def host_ok(self, host):
        split = _split_host(host or "")
        if split is None:
            return False
        name = split[0]
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            pass
        return (name == "localhost" or name.endswith(".localhost") or name in self.own
                or name in self.allowed)

    def origin_ok(self, origin, host):
        if origin is None:
            return True
        try:
            parts = urlsplit(origin.strip())
            name, port = parts.hostname, parts.port
        except ValueError:
            return False
        if parts.scheme not in self.DEFAULT_PORTS or not name:
            return False                                 # "null", file:, data:, ...
        if name.rstrip(".") in self.allowed:
            return True
        own = _split_host(host or "")
        if own is None:
            return False
        default = self.DEFAULT_PORTS[parts.scheme]
        return (name.rstrip("."), port or default) == (own[0], own[1] or default)

    def refusal(self, request, address):
        """None for a request this server answers, else (status, why) and the log line said
        once for the client's address and the kind of refusal."""
        hosts, origins = request.headers.get_all("Host"), request.headers.get_all("Origin")
        host = one(hosts)
        if not host or not self.host_ok(host):
            status, why = HTTPStatus.MISDIRECTED_REQUEST, (
                f"this server does not answer to the host {', '.join(hosts)!r} (a name "
                f"another site may point here); localhost, addresses and this machine's "
                f"name do, --allow-host NAME adds one (a reverse proxy's)")
        elif (request.path.partition("?")[0] == SOCKET_PATH
              and not self.origin_ok(one(origins), host)):
            status, why = HTTPStatus.FORBIDDEN, (
                f"a page from {', '.join(origins)!r} may not open this page's socket: only "
                f"the page's own origin may (--allow-host NAME adds a proxy's public name)")
        else:
            return None
        who = address[0] if address else "?"
        if (who, status) not in self.told:
            self.told.add((who, status))
            self.log(f"refused {who}: {status.value} {status.phrase}: {why}")
        return status, why


def responder(files, gate):
    """The ``process_request`` hook: a refusal (``gate``: a foreign Host or Origin), a page
    file, a 404, or None to go on with the WebSocket's handshake on SOCKET_PATH."""
    from websockets.datastructures import Headers
    from websockets.http11 import Response

    def respond(connection, request):
        path = request.path.partition("?")[0]
        refused = gate.refusal(request, connection.remote_address)
        if refused is None and path == SOCKET_PATH:
            return None
        found = files.get(path)
        if refused is not None:
            status, why = refused
            kind, body, encoding = "text/plain; charset=utf-8", (why + "\n").encode(), None
        elif found is None:
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


async def serve_page(handler, folder, host="127.0.0.1", port=0, sock=None, allow_hosts=(),
                     log=None, **options):
    """Serve the page in ``folder`` and run ``handler(websocket)`` for each WebSocket on
    SOCKET_PATH, on ``sock`` (a listening socket, see listen) or on ``host``:``port``; returns
    the websockets server (close() it) and the port it listens on. ``allow_hosts``: names
    the server answers to besides its own (Gate; ``log`` says each refusal, stderr by
    default). ``options`` go to websockets' serve (max_size, compression, pings)."""
    from websockets.asyncio.server import serve
    where = {"sock": sock} if sock is not None else {"host": host, "port": port}
    gate = Gate(allow_hosts, log)
    web = await serve(handler, process_request=responder(page_files(folder), gate), **where,
                      **options)
    return web, web.sockets[0].getsockname()[1]


def add_allow_host(parser):
    """--allow-host, for every command that serves a page."""
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="a name the page also answers to (repeatable): a reverse proxy's "
                             "public name. Requests whose Host is another name are refused "
                             "(421), and a WebSocket opened from another site's page (403); "
                             "localhost, addresses and this machine's own name always work")


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

"""Only a page's own origin drives it (pokerhdl/web/serving.py, Gate), on all three pages: the
table's (`pokerhdl serve --web`), a board's (`pokerhdl emulate TOP --web`, here the fake board
of tb/support/fake_board.py) and the equity calculator's (`pokerhdl equity --web`).

In Chromium: a page of another site (another local port) opens each page's socket and is
refused, while the page itself still opens its own; a name that resolves to this machine (as
DNS rebinding makes one) is refused until `--allow-host` names it, the reverse-proxy setup, and
then the page and its socket work under that name. Without a browser: raw requests with a
foreign Host (421), a handshake with a foreign or `null` Origin (403), each refusal logged once
per address.
"""

import asyncio
import contextlib
import http.server
import threading

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from board_browser import run, served
from browser import chromium, playwright
from fake_board import FakeBoard
from pokerhdl.odds.equity_web import start_equity_web
from pokerhdl.table.link import GoldenLink
from pokerhdl.table.server import TableServer
from pokerhdl.table.web import start_web

PAGES = ("table", "board", "equity")
PROXY_NAME = "poker.example.test"      # the reverse proxy's public name in these tests
# the other site's page: it tries a WebSocket to the address it is given
ATTACK = b"""<!doctype html><title>another site</title><script>
window.attempt = (url) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  ws.onopen = () => { resolve("open"); ws.close(); };
  ws.onerror = () => resolve("refused");
});
</script>"""
ATTEMPT = "(url) => window.attempt(url)"
# the same try from inside a page of ours (its own origin)
OWN_ATTEMPT = """(url) => new Promise((resolve) => {
  const ws = new WebSocket(url);
  ws.onopen = () => { resolve("open"); ws.close(); };
  ws.onerror = () => resolve("refused");
})"""


@contextlib.asynccontextmanager
async def page_served(which, allow_hosts=()):
    """The port of page ``which`` (PAGES) served on 127.0.0.1 (refusals said on stderr)."""
    options = {"allow_hosts": allow_hosts}
    if which == "table":
        server = TableServer(GoldenLink(seed=5), log=lambda text: None)
        await server.start()
        web, port = await start_web(server, **options)
        try:
            yield port
        finally:
            web.close()
            await server.close()
    elif which == "board":
        async with served(FakeBoard()) as (session, url):
            # a second page server on the same session, with the options under test
            from pokerhdl.sim.emulator_web import start_board_web
            web, port = await start_board_web(session, **options)
            try:
                yield port
            finally:
                web.close()
    else:
        web, port = await start_equity_web(**options)
        try:
            yield port
        finally:
            web.close()


@contextlib.contextmanager
def another_site():
    """A plain HTTP server on another local port with the ATTACK page: its URL."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(ATTACK)))
            self.end_headers()
            self.wfile.write(ATTACK)

        def log_message(self, *args):
            pass
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@contextlib.asynccontextmanager
async def chromium_browser(*args):
    async with playwright() as p:
        browser = await p.chromium.launch(executable_path=chromium(), args=list(args))
        try:
            yield browser
        finally:
            await browser.close()


async def raw_status(port, host):
    """The status code of GET / with the Host header ``host``."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET / HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    await writer.drain()
    line = await reader.readline()
    writer.close()
    return int(line.split()[1])


async def handshake(port, host=None, origin=None):
    """A WebSocket handshake on the page's socket with these headers: 101 or the refusal's
    status."""
    try:
        async with connect(f"ws://{host or f'127.0.0.1:{port}'}/socket", origin=origin,
                           host="127.0.0.1", port=port, open_timeout=5):
            return 101
    except InvalidStatus as exc:
        return exc.response.status_code


@pytest.mark.parametrize("which", PAGES)
def test_another_sites_page_cannot_open_the_socket(which, capsys):
    """Chromium on another local port's page: the socket is refused (403); our own page, in
    the same browser, still opens its socket and draws itself."""
    async def body():
        async with page_served(which) as port, chromium_browser() as browser:
            with another_site() as attacker:
                page = await browser.new_page()
                await page.goto(attacker)
                socket = f"ws://127.0.0.1:{port}/socket"
                assert await page.evaluate(ATTEMPT, socket) == "refused"
                assert await page.evaluate(ATTEMPT, socket) == "refused"
                ours = await browser.new_page()
                errors = []
                ours.on("pageerror", lambda exc: errors.append(str(exc)))
                response = await ours.goto(f"http://127.0.0.1:{port}/")
                assert response.status == 200
                assert await ours.evaluate(OWN_ATTEMPT, socket) == "open"
                # localhost is the same machine but another origin than 127.0.0.1
                assert await ours.evaluate(
                    OWN_ATTEMPT, f"ws://localhost:{port}/socket") == "refused"
                assert not errors, errors
    run(body())
    said = [line for line in capsys.readouterr().err.splitlines() if "refused" in line]
    assert len(said) == 1 and "403" in said[0] and "127.0.0.1" in said[0], said


@pytest.mark.parametrize("which", PAGES)
def test_a_name_that_points_here_needs_allow_host(which):
    """Chromium with PROXY_NAME resolving to 127.0.0.1 (what DNS rebinding does to a name of
    the attacker's, and what a reverse proxy's public name is): the page is refused (421)
    until allow_hosts names it; then it loads and its socket opens under that name."""
    async def body():
        rules = f"--host-resolver-rules=MAP {PROXY_NAME} 127.0.0.1"
        async with chromium_browser(rules) as browser:
            for allowed, status, socket in (((), 421, "refused"),
                                            ((PROXY_NAME,), 200, "open")):
                async with page_served(which, allowed) as port:
                    page = await browser.new_page()
                    url = f"http://{PROXY_NAME}:{port}/"
                    response = await page.goto(url)
                    assert response.status == status, (allowed, response.status)
                    if status == 200:
                        got = await page.evaluate(OWN_ATTEMPT,
                                                  f"ws://{PROXY_NAME}:{port}/socket")
                        assert got == socket
                    await page.close()
    run(body())


@pytest.mark.parametrize("which", PAGES)
def test_foreign_host_and_origin_without_a_browser(which, capsys):
    """Raw requests: a foreign Host is 421 for the files and the socket; the page's own and
    localhost names and addresses are answered; an Origin of another site or `null` is 403;
    no Origin (not a browser) and the page's own are let through; a proxy's name with
    allow_hosts, as Host and as Origin (https: the proxy's TLS), works."""
    async def body():
        async with page_served(which, (PROXY_NAME,)) as port:
            here = f"127.0.0.1:{port}"
            assert await raw_status(port, "evil.example") == 421
            assert await raw_status(port, f"evil.example:{port}") == 421
            assert await raw_status(port, f"{PROXY_NAME}.evil.example") == 421
            assert await raw_status(port, "") == 421
            for good in (here, f"localhost:{port}", f"[::1]:{port}", PROXY_NAME):
                assert await raw_status(port, good) == 200, good
            assert await handshake(port, f"evil.example:{port}") == 421
            assert await handshake(port, origin="http://evil.example") == 403
            assert await handshake(port, origin="null") == 403
            assert await handshake(port, origin=f"http://127.0.0.1:{port + 1}") == 403
            assert await handshake(port) == 101
            assert await handshake(port, origin=f"http://{here}") == 101
            assert await handshake(port, PROXY_NAME, origin=f"https://{PROXY_NAME}") == 101
    run(body())
    # one line per address and kind of refusal, however many were refused
    said = [line for line in capsys.readouterr().err.splitlines() if "refused" in line]
    assert len(said) == 2 and {line.split(":")[1].split()[0] for line in said} == \
        {"421", "403"}, said

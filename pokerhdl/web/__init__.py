"""Pages in a browser, served by the host: a page's plain files (HTML, CSS, JavaScript modules,
no build step) and its WebSocket on one HTTP port (``serving``, on PyPI's websockets), and the
JavaScript every page shares (``shared/``: the WebSocket that opens again after a drop). The
pages themselves live with what they show: the table's in ``table``, a board top's in ``sim``.

It imports nothing else of pokerhdl, so that any host package may serve a page.
"""

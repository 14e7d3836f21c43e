"""The equity page in the browser, shared by its test and the page bench: the page read as the
user sees it, and a calculation typed and clicked through."""

import time

from board_browser import until


# the answer as the page shows it
READ = """() => ({
  note: document.querySelector("#equity-note").textContent,
  facts: document.querySelector("#facts").textContent,
  players: [...document.querySelectorAll("#players tbody tr")].map((r) => ({
    cards: r.dataset.cards, win: Number(r.dataset.win), tie: Number(r.dataset.tie),
    equity: Number(r.dataset.equity), shown: [...r.cells].map((c) => c.textContent)})),
  busy: document.querySelector("#equity button[type=submit]").disabled,
  answers: Number(document.querySelector("#equity").dataset.answers || 0),
  charts: Number(document.querySelector("#chart").dataset.answers || 0),
  chart: [...document.querySelectorAll("#grid div")].map((d) => [d.dataset.hand,
    Number(d.dataset.equity)]),
  colours: [...document.querySelectorAll("#grid div")].map((d) => d.style.background),
  chartFacts: document.querySelector("#chart-facts").textContent,
})"""


async def calculate(page, hero, opponents, board="", dead="", trials=None, seed=1):
    """Fill the form as a person does and wait for the answer (or a refusal)."""
    await page.fill("#hero", hero)
    while len(await page.query_selector_all(".opponent")) < len(opponents):
        await page.click("#add")
    for k, text in enumerate(opponents):
        await page.fill(f"#opponents label:nth-child({k + 1}) input", text)
    await page.fill("#board", board)
    await page.fill("#dead", dead)
    await page.check("#equity input[value=trials]" if trials else "#equity input[value=auto]")
    if trials:
        await page.fill("#trials", str(trials))
        await page.fill("#seed", str(seed))
    before = await page.evaluate(READ)
    t0 = time.perf_counter()
    await page.click("#equity button[type=submit]")

    async def answered():
        got = await page.evaluate(READ)
        return got if got["answers"] > before["answers"] else None
    got = await until(answered, 30, f"the answer to {hero} {opponents}", every=0.01)
    got["waited"] = time.perf_counter() - t0          # the click to the answer in the DOM
    return got

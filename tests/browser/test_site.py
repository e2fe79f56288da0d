"""The static site (``make site``): every lesson runs in the learner's browser on Pyodide,
served as plain files (here by Python's own http.server on loopback) with every request to any
other host blocked.  The site is built once for the session, as ``make site`` builds it.

- **Every page runs in the site's kernel**: each notebook is run, cell by cell, by the site's
  own Pyodide and pyodide_kernel under Node (``pyodide_notebooks.mjs``: the runtime, lock file
  and wheels of the built site, each cell's imports loaded from it), and must raise nothing, log
  nothing, and show its widgets, every one of which serialises.  One Pyodide serves every
  notebook (a few seconds in all, where a page in the browser costs about 10 s of both cores).
- **Every front end draws under Pyodide in the browser**: the pages loaded in Chromium
  (``BROWSER_PAGES``, and those a test of their own opens) between them make every kind of
  widget view the lessons use (each ipywidgets view, each anywidget of ours), which
  ``test_every_widget_view_is_drawn_in_the_browser`` checks from the kernel's own record; each
  such page loads with no error and no request leaving the site.  (Every page is also drawn
  in Chromium under Voila by the page pass.)
- an exercise is answered wrong and right, and the browser keeps it over a reload; a guided hand
  is played to its score; the lesson map's links lead to the pages' files; class mode says it
  needs the server.
- **Every language is on the site** (one build: each language's pages in a folder of their
  own): every page of one other language (``LANG``) runs in the site's kernel under Node, its
  widgets' words and its prose in that language; its start page in Chromium through the site's
  ``?lang=``, whole in it, the choice kept for the next page; a first visit follows the
  browser's languages."""

from __future__ import annotations

import functools
import json
import re
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from guiding import play_guided_hand
from playwright.sync_api import expect
from quizzing import to_step_of, wrong_then_right
from voila_harness import REPO, lesson_notebooks
from watch import click, settle, watch

from tutor.teach import i18n
from tutor.teach.content import EXERCISES

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.site, pytest.mark.timeout(900)]

LOAD = 180_000  # ms: a first visit compiles Pyodide and loads its packages
# The pages loaded in Chromium under Pyodide, each once (a page costs about 10 s of both
# cores): those a test of their own opens, checked there as every page is
# (``Visit.check_page``), and the pages that make a widget view no other page makes
# (``test_every_widget_view_is_drawn_in_the_browser`` says which page to add here).
OWN_TESTS = {"index.ipynb", "55/01-cards.ipynb", "55/08-guided.ipynb", "class.ipynb",
             "join.ipynb"}
BROWSER_PAGES = ["board.ipynb", "56/05-conventions.ipynb"]
LANG = "fr"  # the language, besides English, whose every page runs in the site's kernel
LANG_KEY = "trick-tutor-lang"  # where the site's pages keep the browser's choice (the template)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the test says what failed
        pass


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    run = subprocess.run(["bash", str(REPO / "deploy" / "static" / "build.sh"), str(out)],
                         cwd=REPO, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    return out


def run_in_kernel(site: Path, drive: Path, notebooks: list[str]) -> dict[str, dict]:
    """``notebooks`` (paths in ``drive``, the kernel's drive) run by the site's kernel under
    Node: {notebook: what it made and what went wrong} (``pyodide_notebooks.mjs``)."""
    run = subprocess.run(["node", str(Path(__file__).with_name("pyodide_notebooks.mjs")),
                          str(site), *notebooks], cwd=drive, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    runs = {r["notebook"]: r for r in map(json.loads, run.stdout.splitlines())}
    assert sorted(runs) == sorted(notebooks), run.stderr[-3000:]
    return runs


@pytest.fixture(scope="session")
def kernel_runs(site) -> dict[str, dict]:
    """Every notebook run by the site's kernel under Node, in English."""
    return run_in_kernel(site, REPO / "lessons", lesson_notebooks())


@pytest.fixture(scope="session")
def kernel_runs_in_lang(site) -> dict[str, dict]:
    """Every notebook of ``LANG`` run by the site's kernel under Node: the site's own copies
    (``files/fr/55/04-renege.ipynb``), each run in its folder on the drive, as JupyterLite
    runs it (``/drive/fr/55``: the kernel's language is its folder's)."""
    runs = run_in_kernel(site, site / "files", [f"{LANG}/{nb}" for nb in lesson_notebooks()])
    return {nb.removeprefix(f"{LANG}/"): run for nb, run in runs.items()}


def widget_words(run: dict) -> str:
    """The words of a run's widgets (their stylesheets and scripts left out)."""
    return re.sub(r"<(style|script)\b.*?</\1>", " ", run["text"], flags=re.S | re.I)


@pytest.mark.parametrize("notebook", lesson_notebooks())
def test_every_page_runs_in_the_sites_kernel(kernel_runs, notebook):
    run = kernel_runs[notebook]
    assert run["errors"] == [], "\n".join(run["errors"])
    assert run["logged"] == [], run["logged"]  # an error a widget caught is logged
    assert run["stderr"] == "", run["stderr"][-2000:]
    # what the page shows: a widget view a cell (and no other output)
    assert run["shown"] and all("application/vnd.jupyter.widget-view+json" in data
                                for data in run["shown"]), run["shown"]
    assert run["opened"] >= len(run["widgets"]) > 0  # each widget's model sent to the page


@pytest.mark.parametrize("notebook", lesson_notebooks())
def test_every_page_runs_in_another_language_in_the_sites_kernel(kernel_runs_in_lang, site,
                                                                  notebook):
    """Each page of ``LANG`` runs as its English page does, and says it all in ``LANG``: its
    widgets' words (the kernel found its language in its folder) and its prose (worded when
    the site was built)."""
    from wording import untranslated

    run = kernel_runs_in_lang[notebook]
    assert run["errors"] == [], "\n".join(run["errors"])
    assert run["logged"] == [] and run["stderr"] == "", (run["logged"], run["stderr"][-2000:])
    assert run["opened"] >= len(run["widgets"]) > 0
    words = widget_words(run)
    assert words.strip() and untranslated(words, LANG) == [], untranslated(words, LANG)[:10]
    page = json.loads((site / "files" / LANG / notebook).read_text(encoding="utf-8"))
    prose = "\n\n".join("".join(c["source"]) for c in page["cells"]
                         if c["cell_type"] == "markdown")
    assert untranslated(prose, LANG) == [], untranslated(prose, LANG)[:10]
    assert page["metadata"]["tutor"]["lang"] == LANG


def test_the_check_for_english_sees_it(kernel_runs):
    """The check above finds the English of a page in English (so it can fail)."""
    from wording import untranslated

    assert untranslated(widget_words(kernel_runs["index.ipynb"]), LANG)


def test_every_widget_view_is_drawn_in_the_browser(kernel_runs):
    """Each front end a lesson uses (an ipywidgets view; each of our anywidgets, its own
    script) is drawn by Chromium under Pyodide on a page a test here loads."""
    def views(notebook: str) -> set[str]:
        return {cls if view.startswith("anywidget.") else view
                for cls, view in kernel_runs[notebook]["widgets"].items()}

    drawn = set().union(*(views(n) for n in OWN_TESTS | set(BROWSER_PAGES)))
    missing = {}
    for notebook in lesson_notebooks():
        for view in sorted(views(notebook) - drawn):
            missing.setdefault(view, notebook)
    assert missing == {}, f"views no page loaded in the browser draws (add the page to " \
                          f"BROWSER_PAGES): {missing}"


@pytest.fixture(scope="session")
def site_url(site) -> str:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


class Visit:
    """A page of the site in its own browser context, every request to another host
    blocked and noted, every error noted."""

    def __init__(self, browser, site_url: str, viewport=None, name: str = "site"):
        self.site = urlsplit(site_url).netloc
        self.site_url = site_url
        self.context = browser.new_context(viewport=viewport or {"width": 1366, "height": 800})
        self.blocked: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.errors = watch(self.page, site_url, name).errors  # console and page errors

    def tab(self, name: str) -> "Visit":
        """A new tab in this browser (its cache, its storage, its blocking): the same learner
        going on to another page.  Its own errors; the requests blocked are the browser's, so
        they are counted from now."""
        other = object.__new__(Visit)
        other.site, other.site_url, other.context = self.site, self.site_url, self.context
        other.blocked = self.blocked
        del self.blocked[:]
        other.page = self.context.new_page()
        other.page.set_default_timeout(60_000)
        other.errors = watch(other.page, self.site_url, name).errors
        return other

    def _route(self, route) -> None:
        url = route.request.url
        if urlsplit(url).scheme in ("data", "blob") or urlsplit(url).netloc == self.site:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def open(self, notebook: str, site_url: str) -> None:
        html = notebook.removesuffix(".ipynb") + ".html"
        self.page.goto(f"{site_url}/voici/render/{html}", timeout=LOAD)
        expect(self.page.locator(".tt-app").first).to_be_visible(timeout=LOAD)

    def check_page(self) -> None:
        """What the pass checks of every page: it has settled, its links go to the site's
        pages (not to notebooks), and :meth:`check`."""
        settle(self.page.locator("body"), quiet=1.0, limit=30)
        assert ".ipynb" not in " ".join(a.get_attribute("href") or "" for a in
                                        self.page.locator("a[href]").all())
        self.check()

    def check(self) -> None:
        text = self.page.inner_text("body")
        assert "Traceback" not in text and "Sorry, that did not work" not in text, text[-2000:]
        assert self.blocked == [], f"requests left the site: {self.blocked}"
        assert self.errors == [], self.errors

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def visit(browser, site_url):
    made: list[Visit] = []

    def make(**options) -> Visit:
        v = Visit(browser, site_url, **options)
        made.append(v)
        return v

    yield make
    for v in made:
        v.close()


def test_the_start_page_leads_to_the_lesson_map(visit, site_url):
    v = visit()
    v.page.goto(f"{site_url}/", timeout=LOAD)  # a relative redirect: the site may be a folder
    expect(v.page.locator(".tt-tile").first).to_be_visible(timeout=LOAD)
    assert v.page.url.endswith("/voici/render/index.html")
    v.check_page()
    # every tile leads to its lesson's page, a file of the site (each page is loaded by a test
    # of its own, once: loading it here again would cost its seconds of Pyodide)
    tiles = v.page.locator(".tt-tile").all()
    assert len(tiles) >= 17
    for tile in tiles:
        href = tile.get_attribute("href")
        assert href.endswith(".html"), href
        url = tile.evaluate("a => a.href")  # resolved against the page's URL
        response = v.page.request.get(url)
        assert response.ok, f"{href}: {response.status}"
        assert "<html" in response.text().lower(), f"{href} is no page"
    v.check()


def test_the_start_page_in_another_language_and_the_choice_kept(visit, site_url):
    """``index.html?lang=fr``, the site's start page with a link's language: the lesson map in
    French, whole (``<html lang>``, no English left), its choice of languages each in its own
    name with French marked; the choice kept in the browser, so that a link to a page in
    English leads to the page in French, and a link's ``?lang=`` still wins."""
    from wording import untranslated

    v = visit()
    v.page.goto(f"{site_url}/index.html?lang={LANG}", timeout=LOAD)
    expect(v.page.locator(".tt-tile").first).to_be_visible(timeout=LOAD)
    assert urlsplit(v.page.url).path.endswith(f"/voici/render/{LANG}/index.html"), v.page.url
    assert v.page.evaluate("document.documentElement.lang") == LANG
    v.check_page()
    left = untranslated(v.page.inner_text("body"), LANG)
    assert left == [], f"English shows: {left[:10]}"
    menu = v.page.locator("nav.tt-languages a")
    langs = [lang for lang in i18n.languages() if lang != i18n.PSEUDO]
    expect(menu).to_have_count(len(langs))
    expect(v.page.locator("nav.tt-languages a[aria-current]")).to_have_text(i18n.own_name(LANG))
    for link in menu.all():  # each language's start page, a file of the site
        url = link.evaluate("a => a.href")
        lang = link.get_attribute("lang")
        folder = "" if lang == i18n.ENGLISH else f"{lang}/"
        assert urlsplit(url).path.endswith(f"/voici/render/{folder}index.html"), url
        assert link.inner_text() == i18n.own_name(lang)
        assert v.page.request.get(url).ok, url
    tile = v.page.locator(".tt-tile").first.evaluate("a => a.href")
    assert f"/voici/render/{LANG}/" in tile, tile  # the map's links stay in the language
    assert v.page.evaluate(f"localStorage.getItem('{LANG_KEY}')") == LANG
    v.check()
    # the next page, from a link to it in English: the page in French (the kernel not awaited)
    v.page.goto(f"{site_url}/voici/render/55/01-cards.html#step-2", wait_until="commit")
    v.page.wait_for_url(f"**/voici/render/{LANG}/55/01-cards.html#step-2", timeout=LOAD)
    v.page.wait_for_load_state("domcontentloaded")
    assert v.page.evaluate("document.documentElement.lang") == LANG
    prose = v.page.locator(".jp-RenderedMarkdown").first.text_content()
    assert prose.strip() and untranslated(prose, LANG) == [], prose
    # a link's ?lang= wins over the choice kept, and is kept in its turn
    v.page.goto(f"{site_url}/voici/render/index.html?lang=en", wait_until="domcontentloaded")
    assert urlsplit(v.page.url).path.endswith("/voici/render/index.html"), v.page.url
    assert v.page.evaluate("document.documentElement.lang") == "en"
    assert v.page.evaluate(f"localStorage.getItem('{LANG_KEY}')") == "en"


def test_a_first_visit_follows_the_browsers_languages(browser, site_url):
    """A browser in Swedish, never on the site before, opening the site: the map in Swedish
    (the page's kernel not awaited)."""
    assert "sv" in i18n.languages()
    context = browser.new_context(locale="sv-SE")
    try:
        page = context.new_page()
        page.goto(f"{site_url}/", wait_until="commit")
        page.wait_for_url("**/voici/render/sv/index.html", timeout=LOAD)
        page.wait_for_load_state("domcontentloaded")
        assert page.evaluate("document.documentElement.lang") == "sv"
        assert page.evaluate(f"localStorage.getItem('{LANG_KEY}')") is None  # nothing chosen
    finally:
        context.close()


@pytest.fixture(scope="module")
def learner(browser, site_url):
    """One learner's browser going from page to page, as a learner does: Pyodide and the
    packages come from its cache after the first page."""
    v = Visit(browser, site_url, name="site-pages")
    yield v
    v.close()


@pytest.mark.parametrize("notebook", BROWSER_PAGES)
def test_the_page_loads_offline(learner, site_url, notebook):
    v = learner.tab(f"site-{notebook.removesuffix('.ipynb').replace('/', '-')}")
    try:
        v.open(notebook, site_url)
        v.check_page()
    finally:
        v.page.close()


def test_an_exercise_wrong_and_right_and_kept_over_a_reload(visit, site_url):
    """An exercise answered wrong and right, and the browser keeps it over a reload.

    On the way, the page's kernel looks for no module on its drive: JupyterLite's kernel works
    in its drive (the site's notebooks, through the service worker) and Pyodide puts the
    working directory first on sys.path; without the site's sitecustomize, each module imported
    was first looked for there, a synchronous request to the page each (over 100 for this
    page, 84 before its first cell ran)."""
    v = visit()
    asked: list[str] = []

    def on_request(request) -> None:
        if urlsplit(request.url).path.endswith("/api/drive") and request.post_data:
            data = json.loads(request.post_data)["data"]
            asked.append(f"{data['method']} {data['path']!r}")

    v.page.on("request", on_request)
    v.open("55/01-cards.ipynb", site_url)
    v.check_page()
    assert asked, "no request to the drive seen: is it still mounted?"
    looks = [a for a in asked if a.startswith("getattr")]
    assert len(looks) < 10, f"{len(looks)} looks at the drive: {looks[:20]}"
    quiz = v.page.locator(".tt-quiz").last
    to_step_of(v.page, quiz)  # the lesson in steps, as under make serve: to the exercise's
    expect(quiz.locator(".tt-quiz-top")).to_contain_text(" to go", timeout=LOAD)
    exercise = next(e for e in EXERCISES if e.name == "55-cards")
    wrong_then_right(v.page, quiz, exercise.count)
    kept = quiz.locator(".tt-quiz-top").text_content()  # what is left, the score, the stars
    v.page.reload(timeout=LOAD)  # the browser remembers, as it does under make serve
    quiz = v.page.locator(".tt-quiz").last
    expect(quiz.locator(".tt-quiz-top")).to_have_text(kept, timeout=LOAD)
    expect(quiz).to_be_visible()  # the reload opened the lesson at the exercise's step
    v.check()


def test_a_guided_hand_to_its_score(visit, site_url):
    v = visit()
    v.open("55/08-guided.ipynb", site_url)
    v.check_page()
    box = v.page.locator(".tt-guided").first
    expect(box).to_contain_text("Seed", timeout=LOAD)
    to_step_of(v.page, box)  # the lesson in steps: the guided hand's

    def coach_discards(box, text, discard, words):  # the coach's cards come selected
        click(box.locator("button", has_text="Hint: what would you discard?"))
        click(discard)

    play_guided_hand(box, discard=coach_discards)
    expect(box.locator(".tt-score-table")).to_be_visible()
    v.check()


@pytest.mark.parametrize("notebook", ["class.ipynb", "join.ipynb"])
def test_class_mode_says_it_needs_the_server(visit, site_url, notebook):
    v = visit()
    v.open(notebook, site_url)
    v.check_page()
    expect(v.page.locator(".tt-needs-server")).to_contain_text("Class mode needs the tutor's "
                                                               "server")
    v.check()

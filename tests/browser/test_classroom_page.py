"""Class mode in real pages: a teacher's page and three learners' pages (each a browser
context of its own, as three phones are) run two questions from the ask to the reveal through
one Voila server and its class store; a learner reloads mid-question and keeps their place.
The learner's page offers no hint and no next question, a sent answer locks, the verdict is
the store's, the teacher's screen tells nothing of right or wrong before the reveal, the
projector view shows the room the count, the timer, the bars and the top three, and the end
leaves the final standings (and their CSV) on the teacher's page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from quizzing import pick
from test_axe import audit, describe, severe, tall_window
from voila_harness import free_port, open_notebook, render_url, running_voila

from tutor.ui.aria import Heartbeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(420)]

PHONE = {"width": 390, "height": 844}



def answer_something(box) -> None:
    """Every choice clicked (an order places them all, "many" takes them all, "one" the
    last), then Send; the answer locks."""
    buttons = box.locator(".tt-cardrow button")
    expect(buttons.first).to_be_enabled()
    pick(box, list(range(buttons.count())))
    box.get_by_role("button", name="Send my answer").click()
    expect(box.locator(".tt-msg").filter(has_text="Answer received")).to_be_visible()
    expect(box.get_by_role("button", name="Send my answer")).to_be_disabled()
    for i in range(buttons.count()):
        expect(buttons.nth(i)).to_be_disabled()


def only_the_question(box) -> None:
    """A class page offers the question and its choices, and no help of a lesson's quiz."""
    expect(box.get_by_role("button", name="Send my answer")).to_be_visible()
    for name in ("Hint", "Next question", "New questions"):
        expect(box.get_by_role("button", name=re.compile(f"^{name}"))).to_have_count(0)
    expect(box.locator(".tt-msg-hint")).to_have_count(0)


def verdicts_match_the_scoreboard(teacher, learners, names, told: dict) -> None:
    """Each learner's screen says what the teacher's scoreboard counted for them (``told``:
    the right answers each screen has said so far). The scoreboard is its own widget and may
    be drawn a moment after the reveal's marks, so it is read until it agrees (10 s at most)."""
    said = {}
    for seen, name in zip(learners, names):
        box = seen.page.locator(".tt-class-learner")
        verdict = box.locator(".tt-msg-ok, .tt-msg-bad").filter(
            has_text=re.compile("Right!|Not quite."))
        expect(verdict).to_be_visible()
        said[name] = verdict.inner_text()
        told[name] = told.get(name, 0) + ("Right!" in said[name])
    rows = teacher.locator(".tt-scoreboard tbody tr")
    for _ in range(50):
        right = {}
        for i in range(rows.count()):
            cells = rows.nth(i).locator("td")
            right[cells.nth(1).inner_text()] = int(cells.nth(2).inner_text())
        if all(right.get(name) == told[name] for name in names):
            return
        teacher.wait_for_timeout(200)
    assert right == {name: told[name] for name in names}, (right, said)


def test_a_class_from_the_teachers_start_to_the_reveal(new_page, server_url, tmp_path):
    teacher = new_page().page
    open_notebook(teacher, render_url(server_url, "class.ipynb"))
    teacher.get_by_role("button", name="Start a class").click()
    code_box = teacher.locator(".tt-class-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z]{5}$"))
    code = code_box.inner_text()
    url = teacher.locator(".tt-class-url").inner_text()
    assert url.endswith(f"/join.ipynb?code={code}"), url
    expect(teacher.locator("svg.tt-qr")).to_be_visible()
    # the teacher opened the page at 127.0.0.1: said to be out of other devices' reach
    expect(teacher.get_by_text("HOST=0.0.0.0", exact=False)).to_be_visible()

    learners = []
    for name in ("Ana", "Bo", "<i>Cy</i>"):
        seen = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        open_notebook(seen.page, url)  # the join link as the teacher's page shows it
        box = seen.page.locator(".tt-class-learner")
        expect(box.get_by_role("textbox", name="Class code")).to_have_value(code)
        box.get_by_role("textbox", name="Nickname").fill(name)
        box.get_by_role("button", name="Join").click()
        expect(box.locator(".tt-class-me")).to_contain_text(f"You have joined, {name}")
        expect(box.locator(".tt-msg").filter(has_text="Waiting for your teacher")).to_be_visible()
        learners.append(seen)
    expect(teacher.locator(".tt-class-joined")).to_have_text("Learners joined: 3")

    teacher.get_by_role("button", name="Ask the class").click()
    expect(teacher.locator(".tt-class-count")).to_have_text("0 of 3 answered")
    # once questions start the QR code gives way to one line (latecomers still join)
    expect(teacher.locator("svg.tt-qr")).to_have_count(0)
    expect(teacher.locator(".tt-class-joinline")).to_contain_text(code)
    for seen in learners[:2]:
        box = seen.page.locator(".tt-class-learner")
        expect(box.locator(".tt-quiz-top")).to_contain_text(f"Question 1 · class {code}")
        only_the_question(box)
        answer_something(box)
    expect(teacher.locator(".tt-class-count")).to_have_text("2 of 3 answered")
    # nothing of right or wrong on the teacher's screen before the reveal
    expect(teacher.get_by_text("✓ right")).to_have_count(0)
    rights = teacher.locator(".tt-scoreboard tbody tr td:nth-child(3)")
    expect(rights).to_have_count(3)
    assert set(rights.all_inner_texts()) == {"0"}

    # the third learner's phone reloads before answering: back in the same place
    third = learners[2].page
    third.reload()
    open_notebook(third, third.url)
    box = third.locator(".tt-class-learner")
    expect(box.locator(".tt-class-me")).to_contain_text("Welcome back, <i>Cy</i>")
    answer_something(box)
    expect(teacher.locator(".tt-class-count")).to_have_text("3 of 3 answered")
    third.reload()  # an answer given stays given
    open_notebook(third, third.url)
    expect(third.locator(".tt-msg").filter(has_text="Answer received")).to_be_visible()

    teacher.get_by_role("button", name="Reveal the answers").click()
    expect(teacher.get_by_text("✓ right").first).to_be_visible()
    expect(teacher.locator(".tt-msg-ok").filter(has_text="The answer: ")).to_be_visible()
    expect(teacher.locator(".tt-rule").first).to_be_visible()
    board = teacher.locator(".tt-scoreboard")
    expect(board).to_contain_text("<i>Cy</i>")  # a nickname is text, never HTML
    assert board.locator("i").count() == 0
    names, told = ["Ana", "Bo", "<i>Cy</i>"], {}
    verdicts_match_the_scoreboard(teacher, learners, names, told)
    # the revealed question, on the teacher's screen and on a phone: axe-clean, whole page
    for page in (teacher, learners[0].page):
        tall_window(page)
        results = audit(page)
        found = severe(results)
        assert found == {}, describe(results, found)

    # the second question on the projector, with a timer
    teacher.get_by_role("button", name="Projector view").click()
    stage = teacher.locator(".tt-class-stage")
    expect(stage.locator(".tt-stage-number")).to_have_text("Question 1")  # as revealed
    expect(teacher.locator(".tt-scoreboard")).to_be_hidden()
    teacher.get_by_role("combobox", name="Timer").select_option("60 s")
    teacher.get_by_role("button", name="Ask the class").click()
    expect(stage.locator(".tt-stage-number")).to_have_text("Question 2")
    expect(stage.locator(".tt-stage-count")).to_have_text("0 of 3 answered")
    expect(stage.get_by_role("timer")).to_have_text(re.compile(r"^\d+$"))
    for seen in learners:
        box = seen.page.locator(".tt-class-learner")
        expect(box.locator(".tt-quiz-top")).to_contain_text(f"Question 2 · class {code}")
        expect(box.get_by_role("timer")).to_contain_text("s left")
        only_the_question(box)
        answer_something(box)
    expect(stage.locator(".tt-stage-count")).to_have_text("3 of 3 answered")
    expect(stage.get_by_text("✓ right")).to_have_count(0)
    learners[0].page.screenshot(path=str(tmp_path / "class-phone-sent.png"))
    teacher.screenshot(path=str(tmp_path / "class-projector-question.png"))
    teacher.get_by_role("button", name="Reveal the answers").click()
    expect(stage.get_by_text("✓ right").first).to_be_visible()
    expect(stage.locator(".tt-hist").first).to_be_visible()
    expect(learners[0].page.locator(".tt-msg-ok, .tt-msg-bad").filter(
        has_text=re.compile("Right!|Not quite."))).to_be_visible()
    learners[0].page.screenshot(path=str(tmp_path / "class-phone-verdict.png"))
    teacher.screenshot(path=str(tmp_path / "class-projector-reveal.png"))
    teacher.get_by_role("button", name="Teacher view").click()
    expect(teacher.locator(".tt-scoreboard")).to_be_visible()
    verdicts_match_the_scoreboard(teacher, learners, names, told)
    if any(told.values()):  # the top three: those with a right answer
        teacher.get_by_role("button", name="Projector view").click()
        expect(stage.locator(".tt-podium li").first).to_be_visible()
        teacher.get_by_role("button", name="Teacher view").click()

    end = teacher.get_by_role("button", name="End the class")
    end.click()
    teacher.get_by_role("button", name=re.compile("Press again")).click()
    expect(teacher.locator(".tt-msg").filter(
        has_text="its nicknames and answers are deleted")).to_be_visible()
    final = teacher.locator(".tt-class-final")
    expect(final.locator(".tt-scoreboard tbody tr")).to_have_count(3)
    with teacher.expect_download() as got:
        final.get_by_role("link", name="Download the standings (CSV)").click()
    saved = got.value.path().read_text(encoding="utf-8")
    assert saved.splitlines()[0] == "class,rank,nickname,right,answered"
    assert all(name in saved for name in names) and f"{code},1," in saved
    teacher.screenshot(path=str(tmp_path / "class-final-standings.png"), full_page=True)
    for seen in learners:
        expect(seen.page.locator(".tt-msg").filter(has_text=f"Class {code} has ended")
               ).to_be_visible()
    # past the heartbeat's patience, no page says it lost touch with the server: the class
    # ended, the beats stopped on purpose
    teacher.wait_for_timeout(1000 * (Heartbeat.patience.default_value + 2))
    for page in (teacher, *(seen.page for seen in learners)):
        expect(page.locator(".tt-heartbeat")).to_be_hidden()
    for seen in (new_page().page,):  # the code is gone
        open_notebook(seen, url)
        seen.get_by_role("textbox", name="Nickname").fill("Late")
        seen.get_by_role("button", name="Join").click()
        expect(seen.locator(".tt-msg").filter(has_text=f"there is no class {code} now")
               ).to_be_visible()


def test_a_class_outlives_a_server_restart(browser, tmp_path):
    """The server stops mid-question: both pages say they lost touch and offer a reload; a
    new server on the same address finds the class, its question and its answer, and the
    reloaded pages take it up (the teacher by Resume, the learner at once)."""
    port = free_port()
    with running_voila(tmp_path / "first.log", port=port) as server:
        teacher = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
        phone = browser.new_context(viewport=PHONE).new_page()
        for page in (teacher, phone):
            page.set_default_timeout(30_000)
        open_notebook(teacher, render_url(server.url, "class.ipynb"))
        teacher.get_by_role("button", name="Start a class").click()
        code = teacher.locator(".tt-class-code").inner_text()
        open_notebook(phone, teacher.locator(".tt-class-url").inner_text())
        phone.get_by_role("textbox", name="Nickname").fill("Ana")
        phone.get_by_role("button", name="Join").click()
        teacher.get_by_role("button", name="Ask the class").click()
        answer_something(phone.locator(".tt-class-learner"))
        expect(teacher.locator(".tt-class-count")).to_have_text("1 of 1 answered")
    for page in (teacher, phone):  # the server is gone: said, with a way on
        expect(page.locator(".tt-heartbeat")).to_be_visible(timeout=30_000)
        expect(page.locator(".tt-heartbeat")).to_contain_text("lost touch")
    with running_voila(tmp_path / "second.log", port=port):
        teacher.get_by_role("button", name="Reload the page").click()
        open_notebook(teacher, teacher.url)
        teacher.get_by_role("button", name=f"Resume class {code}").click()
        expect(teacher.locator(".tt-class-count")).to_have_text("1 of 1 answered")
        expect(teacher.locator(".tt-class-joinline")).to_contain_text("Learners joined: 1")
        phone.get_by_role("button", name="Reload the page").click()
        open_notebook(phone, phone.url)
        expect(phone.locator(".tt-class-me")).to_contain_text("Welcome back, Ana")
        expect(phone.locator(".tt-msg").filter(has_text="Answer received")).to_be_visible()
        teacher.get_by_role("button", name="Reveal the answers").click()
        expect(phone.locator(".tt-msg-ok, .tt-msg-bad").filter(
            has_text=re.compile("Right!|Not quite."))).to_be_visible()
        expect(teacher.locator(".tt-heartbeat")).to_be_hidden()
        for page in (teacher, phone):
            page.context.close()


def try_join(page, join: str, nickname: str, code: str):
    """Open the join page in ``page``, join ``code`` as ``nickname``: the page's message."""
    open_notebook(page, join)
    box = page.locator(".tt-class-learner")
    box.get_by_role("textbox", name="Nickname").fill(nickname)
    box.get_by_role("textbox", name="Class code").fill(code)
    box.get_by_role("button", name="Join").click()
    return box.locator(".tt-msg:not(.tt-heartbeat)")


def test_guessing_class_codes_is_limited_for_every_page_of_a_browser(new_page, server_url):
    """A browser trying codes: eight codes that are no class in a minute, then every page of
    that browser waits (the server tells each page's kernel its client); another browser
    does not."""
    guesser = new_page(viewport=PHONE)
    join = render_url(server_url, "join.ipynb")
    open_notebook(guesser.page, join)
    box = guesser.page.locator(".tt-class-learner")
    box.get_by_role("textbox", name="Nickname").fill("Eve")
    codes = ["ACEFH", "CEFHJ", "EFHJK", "FHJKM", "HJKMN", "JKMNP", "KMNPR", "MNPRT", "NPRTW"]
    for i, code in enumerate(codes):
        box.get_by_role("textbox", name="Class code").fill(code)
        box.get_by_role("button", name="Join").click()
        said = f"there is no class {code} now" if i < 8 else "codes that are no class in a minute"
        expect(box.locator(".tt-msg:not(.tt-heartbeat)")).to_contain_text(said)
    second = guesser.page.context.new_page()  # another tab of the same browser
    second.set_default_timeout(30_000)
    expect(try_join(second, join, "Eve", "PRTWX")).to_contain_text("wait")
    second.close()
    other = new_page(viewport=PHONE).page  # another browser
    box = try_join(other, join, "Bo", "PRTWX")
    expect(box).to_contain_text("there is no class PRTWX now")

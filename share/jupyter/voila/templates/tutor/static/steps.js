// A lesson in short steps (issue #39): the page turns the notebook's sections into steps, one
// on the screen at a time.  The notebook stays the lesson's source (prose in markdown cells,
// one call per widget): each markdown cell that opens with a "## " heading begins a step, the
// cells after it (its widgets) belong to it, and the lesson's footer (what the learner can now
// do, the next lesson) is the last step, "Finish".  Only pages whose header says so
// (.tt-header[data-tt-steps], a lesson of a track: tutor/ui/nav.py) are cut into steps.
//
// A step bar under the header says where the learner is ("Step 2 of 5: ...", also to a screen
// reader), with a button per step; Back and Next under the step move between them.  A step
// whose cells hold a task (.tt-task: the exercise) is passed when the task is done
// (.tt-task-done: mastered), any other once the learner has moved on from it.
//
// Where the learner is: the address's #step-N (a reload, a shared link) and, in this browser,
// the page's `step:<page>` item of the progress document (tutor/teach/progress.py), so the
// lesson map's Continue comes back to the same step.  The kernel keeps the exercise's
// question itself (tutor/ui/quiz.py).  "?steps=off" (or the bar's "Whole lesson") shows
// every step at once, as one page: for a teacher at a projector, or to print.
(function () {
  "use strict";
  var APP = "trick-tutor";
  var WORDS = {
    bar: "Lesson steps", where: "Step {n} of {count}: {title}", step: "Step {n}: {title}",
    passed: "passed", back: "Back", next: "Next: {title} →", finish: "Finish",
    whole: "Whole lesson",
    steps: "One step at a time"
  };

  function words() {
    var tag = document.getElementById("tt-steps-words");
    if (tag) {
      try {
        var given = JSON.parse(tag.textContent);
        for (var k in given) if (typeof given[k] === "string") WORDS[k] = given[k];
      } catch (e) { /* the English above */ }
    }
  }

  function fill(text, params) {
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return name in params ? String(params[name]) : all;
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // -- the learner's place, in the progress document -----------------------------------------
  function store() {
    try { return window.localStorage; } catch (e) { return null; }
  }

  function readDoc(key) {
    var s = store();
    if (!s) return null;
    try {
      var doc = JSON.parse(s.getItem(key) || "null");
      return doc && doc.app === APP && doc.items && typeof doc.items === "object" ? doc : null;
    } catch (e) { return null; }
  }

  function keptStep(key, page) {
    var doc = readDoc(key);
    var item = doc && doc.items["step:" + page];
    return item && typeof item.step === "number" ? item : null;
  }

  function keepStep(key, page, step, seen) {
    var s = store();
    var doc = readDoc(key);
    if (!s || !doc) return;  // nothing stored yet (the page's memory writes the document)
    doc.items["step:" + page] = { t: Date.now(), step: step, seen: seen };
    try { s.setItem(key, JSON.stringify(doc)); } catch (e) { /* full: the address keeps it */ }
  }

  // -- the steps -------------------------------------------------------------------------------
  function cellOf(node) {
    return node.closest ? node.closest(".jp-Cell") : null;
  }

  function heading(cell) {
    if (!cell.classList.contains("jp-MarkdownCell")) return null;
    var first = cell.querySelector(".jp-RenderedMarkdown > *:not(a.jp-InternalAnchorLink)");
    return first && first.tagName === "H2" ? first : null;
  }

  function cut(header) {
    var headerCell = cellOf(header);
    var all = Array.prototype.slice.call(document.querySelectorAll("#tt-lesson .jp-Cell"));
    var cells = all.slice(all.indexOf(headerCell) + 1);
    var steps = [];
    var before = [];
    cells.forEach(function (cell) {
      var h = heading(cell);
      var finish = !!cell.querySelector(".tt-lesson-end");
      if (h || finish) {
        steps.push({ title: h ? h.textContent.replace(/¶$/, "").trim() : WORDS.finish,
                     heading: h, cells: [cell], finish: finish });
      } else if (steps.length) {
        steps[steps.length - 1].cells.push(cell);
      } else {
        before.push(cell);
      }
    });
    if (steps.length) steps[0].cells = before.concat(steps[0].cells);
    return steps;
  }

  function setUp(header) {
    var page = header.getAttribute("data-tt-steps");
    var key = header.getAttribute("data-tt-key") || APP;
    var steps = cut(header);
    if (steps.length < 2) return;
    var whole = new URLSearchParams(window.location.search).get("steps") === "off";
    var headerCell = cellOf(header);
    var kept = keptStep(key, page);
    var seen = kept && typeof kept.seen === "number" ? kept.seen : 0;
    var current = 0;
    var m = /^#step-(\d+)$/.exec(window.location.hash);
    if (m) current = parseInt(m[1], 10) - 1;
    else if (kept) current = kept.step;
    current = Math.max(0, Math.min(steps.length - 1, current || 0));

    // the bar: where the learner is, and a button per step
    var bar = el("nav", "tt-app tt-steps");
    bar.setAttribute("aria-label", WORDS.bar);
    var where = el("p", "tt-steps-where");
    where.setAttribute("aria-live", "polite");
    var list = el("ol", "tt-steps-list");
    var buttons = steps.map(function (s, i) {
      var li = el("li");
      var b = el("button", "tt-step-dot", String(i + 1));
      b.type = "button";
      b.setAttribute("data-step", String(i + 1));
      b.addEventListener("click", function () { go(i, true); });
      li.appendChild(b);
      list.appendChild(li);
      return b;
    });
    var view = el("a", "tt-steps-view", whole ? WORDS.steps : WORDS.whole);
    var url = new URL(window.location.href);
    if (whole) url.searchParams.delete("steps"); else url.searchParams.set("steps", "off");
    url.hash = "";
    view.href = url.toString();
    bar.appendChild(where);
    bar.appendChild(list);
    bar.appendChild(view);
    headerCell.parentNode.insertBefore(bar, headerCell.nextSibling);

    // Back and Next, moved under the step on show
    var moves = el("nav", "tt-app tt-step-moves");
    moves.setAttribute("aria-label", WORDS.bar);
    var back = el("button", "tt-step-back", "← " + WORDS.back);
    var next = el("button", "tt-step-next");
    back.type = next.type = "button";
    back.addEventListener("click", function () { go(current - 1, true); });
    next.addEventListener("click", function () { go(current + 1, true); });
    moves.appendChild(back);
    moves.appendChild(next);

    steps.forEach(function (s, i) {
      s.cells.forEach(function (c) { c.setAttribute("data-tt-step", String(i + 1)); });
    });
    document.documentElement.classList.toggle("tt-stepped", !whole);
    if (whole) {
      bar.classList.add("tt-steps-whole");
      where.textContent = "";
      list.hidden = true;
      return;
    }

    function passed(i) {
      var task = steps[i].cells.some(function (c) { return c.querySelector(".tt-task"); });
      if (task) {
        return steps[i].cells.some(function (c) { return c.querySelector(".tt-task-done"); });
      }
      return i < seen;
    }

    function draw() {
      var s = steps[current];
      where.textContent = fill(WORDS.where, { n: current + 1, count: steps.length,
                                              title: s.title });
      buttons.forEach(function (b, i) {
        var done = passed(i);
        // only what changes: the page's class changes call draw (a loop otherwise)
        if (b.classList.contains("tt-step-passed") !== done) {
          b.classList.toggle("tt-step-passed", done);
        }
        b.textContent = done && i !== current ? "✓" : String(i + 1);
        var label = fill(WORDS.step, { n: i + 1, title: steps[i].title });
        b.setAttribute("aria-label", done ? label + " (" + WORDS.passed + ")" : label);
        if (i === current) b.setAttribute("aria-current", "step");
        else b.removeAttribute("aria-current");
      });
      back.hidden = current === 0;
      next.hidden = current === steps.length - 1;
      if (!next.hidden) {
        next.textContent = fill(WORDS.next, { title: steps[current + 1].title });
      }
    }

    function go(i, moved) {
      if (i < 0 || i >= steps.length) return;
      current = i;
      seen = Math.max(seen, i);
      steps.forEach(function (s, j) {
        s.cells.forEach(function (c) { c.classList.toggle("tt-step-hidden", j !== i); });
      });
      var last = steps[i].cells[steps[i].cells.length - 1];
      last.parentNode.insertBefore(moves, last.nextSibling);
      draw();
      if (window.history && window.history.replaceState) {
        window.history.replaceState(null, "", "#step-" + (i + 1));
      }
      keepStep(key, page, i, seen);
      if (moved) {  // the learner moved: the new step's top, and the focus on its heading
        var target = steps[i].heading || steps[i].cells[0];
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        bar.scrollIntoView({ block: "start" });
        target.focus({ preventScroll: true });
      }
    }

    go(current, false);
    // a task done (the exercise mastered) marks its step at once
    new MutationObserver(function (records) {
      var outside = records.some(function (r) { return !bar.contains(r.target); });
      if (outside) draw();
    }).observe(document.getElementById("tt-lesson"),
                                       { subtree: true, attributes: true,
                                         attributeFilter: ["class"] });
  }

  // The page's widgets are drawn once every model of the page is made, nearly at once but
  // in no set order: the steps are cut when the header and the lesson's end are both drawn
  // (or WAIT ms after the header, for a lesson without an end).
  var WAIT = 5000;

  function start() {
    words();
    var done = false;
    var timer = null;
    function header() {
      return document.querySelector("#tt-lesson .tt-header[data-tt-steps]");
    }
    function begin() {
      if (done) return;
      done = true;
      observer.disconnect();
      if (timer) clearTimeout(timer);
      setUp(header());
    }
    function look() {
      if (done || !header()) return;
      if (document.querySelector("#tt-lesson .tt-lesson-end")) begin();
      else if (!timer) timer = setTimeout(begin, WAIT);
    }
    var observer = new MutationObserver(look);
    observer.observe(document.documentElement, { childList: true, subtree: true });
    look();
  }

  // A verdict (.tt-verdict: a card or call allowed or refused, an answer checked) is brought
  // into view as it appears, by the least scroll that shows it: the learner sees it beside the
  // cards they clicked, on a phone too, without looking for it.
  function watchVerdicts() {
    new MutationObserver(function (records) {
      var found = null;
      records.forEach(function (r) {
        r.addedNodes.forEach(function (n) {
          if (n.nodeType !== 1) return;
          var v = n.classList.contains("tt-verdict") ? n : n.querySelector(".tt-verdict");
          if (v) found = v;
        });
      });
      if (found && found.getClientRects().length) found.scrollIntoView({ block: "nearest" });
    }).observe(document.documentElement, { childList: true, subtree: true });
  }

  function both() {
    start();
    watchVerdicts();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", both);
  else both();
})();

// The learner's progress, kept in this browser's localStorage (tutor/ui/memory.py reads and
// checks it in the kernel: tutor/teach/progress.py).  Nothing leaves the browser but this
// page's own kernel.
//
// The learner's settings (a colour per suit) are applied here, to the page's root element.
//
// To the kernel: `stored` (the text under the key, once at the start and again when another
// tab changes it) and `status` ("ok", "unavailable": storage is off or private browsing,
// "full").  From the kernel: {op: "save", version, items} merges the items into what is
// stored, the newer of each kept (two tabs lose nothing of each other's), and writes only over
// the tutor's own document of the same version, or over nothing; {op: "replace", text} writes
// the whole document (start afresh, import).  `key`: the localStorage key, from the kernel
// ("trick-tutor"; under a JupyterHub, where every learner's pages share one origin, one key
// per user).
//
// Sizes (issue #35): the server closes a page's socket at a message over 1 MiB, and then the
// page's widgets stop answering, silently.  So the stored text is sent only when it is at most
// `limit` characters and, as it goes (a JSON string: quotes and backslashes escaped, UTF-8), at
// most `wire_limit` bytes; otherwise the status is "toobig" with its `size`, and the kernel
// says so and offers Start afresh.  Nothing over `limit` is written.  The start page's "Import
// a file" (.tt-import) is chosen and read here: {event: "import-file", name, text} to the
// kernel, or, for a file over the limits, {event: "refused-file", name, size}.

const APP = "trick-tutor";

// The first report waits until the page's widgets are shown (this widget's render: Voila shows
// the widgets once every model of the page is made).  Sent sooner, the kernel's answer (the
// notice, a lesson's "question 2 of 5", the map's "Due for review") could reach a widget whose
// model the browser was still making, and ipywidgets drops such an update: the page would
// stay as if nothing were stored.  If this widget is never shown, the report goes after FIRST.
const FIRST = 5000;
const starts = new Set();

function wireBytes(text) {
  return new TextEncoder().encode(JSON.stringify(text)).length;
}

function storage(KEY) {
  try {
    const s = window.localStorage;
    s.setItem(`${KEY}-probe`, "1");
    s.removeItem(`${KEY}-probe`);
    return s;
  } catch (e) {
    return null;
  }
}

function parse(text) {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : null;
  } catch (e) {
    return null;
  }
}

// the learner's settings that the page applies itself, at once: a colour per suit
function apply(text) {
  const doc = text ? parse(text) : null;
  const settings = doc && doc.app === APP && doc.items && doc.items.settings;
  document.documentElement.classList.toggle("tt-four-colour",
                                            !!(settings && settings.four_colour === true));
}

function tell(model) {
  try {
    model.save_changes();
  } catch (e) {
    console.warn("tutor: the page's memory could not tell the kernel", e);
  }
}

function initialize({ model }) {
  const KEY = model.get("key") || APP;
  const LIMIT = model.get("limit") || 400000;
  const WIRE = model.get("wire_limit") || 1000000;
  const store = storage(KEY);
  const report = (status) => {
    let text = "";
    try {
      text = store ? store.getItem(KEY) || "" : "";
    } catch (e) {
      status = "unavailable";
    }
    let size = 0;
    if (text.length > LIMIT || (text.length > WIRE / 6 && wireBytes(text) > WIRE)) {
      size = text.length;  // not sent: the kernel is told how big it is
      text = "";
      status = "toobig";
    }
    model.set("stored", text);
    model.set("size", size);
    model.set("status", status);
    tell(model);
    apply(text);
  };
  const write = (text) => {
    if (text.length > LIMIT) {  // the kernel would not read it back
      model.set("status", "full");
      tell(model);
      return false;
    }
    try {
      store.setItem(KEY, text);
      return true;
    } catch (e) {  // over the quota
      model.set("status", "full");
      tell(model);
      return false;
    }
  };
  const onMessage = (msg) => {
    if (!store || !msg || typeof msg !== "object") return;
    if (msg.op === "replace" && typeof msg.text === "string") {
      if (write(msg.text)) report("ok");
    } else if (msg.op === "save" && msg.items && typeof msg.items === "object") {
      const text = store.getItem(KEY);
      const doc = text ? parse(text) : { app: APP, version: msg.version, items: {} };
      if (!doc || doc.app !== APP || doc.version !== msg.version ||
          !doc.items || typeof doc.items !== "object") {
        report("ok");  // not ours to write over: the kernel reads it again and says why
        return;
      }
      for (const [key, item] of Object.entries(msg.items)) {
        const old = doc.items[key];
        if (!old || !(old.t > item.t)) doc.items[key] = item;  // the newer wins; a tie, the kernel
      }
      const text2 = JSON.stringify(doc);
      if (write(text2)) apply(text2);
    }
  };
  const onStorage = (e) => {
    if (e.key === KEY || e.key === null) report(store ? "ok" : "unavailable");
  };
  // "Import a file" (.tt-import, the start page's file upload): the file is chosen and read
  // here, and sent to the kernel only if it is small enough (ipywidgets' file upload would send
  // any file, and one over the server's limit closes the page's socket).  Its button stays.
  const onImport = (e) => {
    const button = e.target && e.target.closest ? e.target.closest(".tt-import") : null;
    if (!button) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      const name = String(file.name).slice(0, 80);
      if (file.size > LIMIT) {
        model.send({ event: "refused-file", name, size: file.size });
        return;
      }
      let text;
      try {
        text = await file.text();
      } catch (err) {
        model.send({ event: "refused-file", name, size: file.size });
        return;
      }
      if (text.length > LIMIT || wireBytes(text) > WIRE) {
        model.send({ event: "refused-file", name, size: file.size });
        return;
      }
      model.send({ event: "import-file", name, text });
    });
    input.click();
  };
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", onStorage);
  document.addEventListener("click", onImport, true);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    starts.delete(start);
    report(store ? "ok" : "unavailable");
  };
  starts.add(start);
  const timer = setTimeout(start, FIRST);
  return () => {
    clearTimeout(timer);
    starts.delete(start);
    model.off("msg:custom", onMessage);
    window.removeEventListener("storage", onStorage);
    document.removeEventListener("click", onImport, true);
  };
}

function render({ el }) {
  el.hidden = true;  // the kernel says what there is to say, in the page header
  // after the page's other views are made (this one is among them)
  setTimeout(() => { for (const start of [...starts]) start(); }, 0);
}

export default { initialize, render };

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

const APP = "trick-tutor";

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
  const store = storage(KEY);
  const report = (status) => {
    let text = "";
    try {
      text = store ? store.getItem(KEY) || "" : "";
    } catch (e) {
      status = "unavailable";
    }
    model.set("stored", text);
    model.set("status", status);
    tell(model);
    apply(text);
  };
  const write = (text) => {
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
  model.on("msg:custom", onMessage);
  window.addEventListener("storage", onStorage);
  report(store ? "ok" : "unavailable");
  return () => {
    model.off("msg:custom", onMessage);
    window.removeEventListener("storage", onStorage);
  };
}

function render({ el }) {
  el.hidden = true;  // the kernel says what there is to say, in the page header
}

export default { initialize, render };

// Buttons that say their state to a screen reader (tutor/ui/aria.py, whose widgets import
// this module: under Voila the page preloads it once, elsewhere it is sent inline): a toggle with
// aria-pressed, a group of choices as radio buttons with aria-checked, and a button that may
// be pressed (a card or an answer chosen: aria-pressed) or be a plain one.  They look like
// ipywidgets' ToggleButton and ToggleButtons (same classes), and keep the keyboard focus on the
// control while the kernel answers.

const uid = () => Math.random().toString(36).slice(2, 10);

// A widget the kernel has just closed may still be clicked (or be handing back the focus
// request): there is no one left to tell, and ipywidgets throws "no comm channel defined".
const tell = (model, content) => {
  try {
    if (content) model.send(content);
    else model.save_changes();
  } catch (e) {
    console.warn("tutor: a closed widget was not told", e);
  }
};

function toggle({ model, el }) {
  const b = document.createElement("button");
  b.type = "button";
  const draw = () => {
    const on = !!model.get("value");
    b.className = ["jupyter-widgets", "jupyter-button", "widget-toggle-button",
                   ...(on ? ["mod-active"] : []), ...model.get("_dom_classes")].join(" ");
    b.textContent = model.get("description");
    b.title = model.get("tooltip") || "";
    b.disabled = !!model.get("disabled");
    b.setAttribute("aria-pressed", on ? "true" : "false");
  };
  b.addEventListener("click", () => {
    model.set("value", !model.get("value"));
    tell(model);
  });
  for (const name of ["value", "description", "tooltip", "disabled", "_dom_classes"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  el.appendChild(b);
  return () => {
    for (const name of ["value", "description", "tooltip", "disabled", "_dom_classes"]) {
      model.off(`change:${name}`, draw);
    }
  };
}

function choices({ model, el }) {
  const id = `tt-choices-${uid()}`;
  const box = document.createElement("div");
  box.className = "widget-inline-hbox widget-toggle-buttons tt-choices";
  const label = document.createElement("span");
  label.className = "widget-label";
  label.id = `${id}-label`;
  const group = document.createElement("div");
  group.className = "widget-toggle-buttons-group tt-choices-group";
  group.setAttribute("role", "radiogroup");
  box.append(label, group);
  let buttons = [];

  const choose = (i, focus) => {
    if (i === model.get("index") || model.get("disabled")) {
      if (focus) buttons[i]?.focus();
      return;
    }
    model.set("index", i);
    tell(model);
    if (focus) buttons[i]?.focus();
  };

  const draw = () => {
    const hadFocus = group.contains(document.activeElement);
    const labels = model.get("labels");
    const tips = model.get("tooltips") || [];
    const index = model.get("index");
    const text = model.get("description") || "";
    label.textContent = text;
    label.style.display = text ? "" : "none";
    if (text) group.setAttribute("aria-labelledby", label.id);
    else group.setAttribute("aria-label", model.get("group_name") || "Choices");
    if (buttons.length !== labels.length) {
      group.replaceChildren();
      buttons = labels.map((_, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.setAttribute("role", "radio");
        b.addEventListener("click", () => choose(i, false));
        group.appendChild(b);
        return b;
      });
    }
    labels.forEach((t, i) => {
      const b = buttons[i];
      const on = i === index;
      b.className = "jupyter-widgets jupyter-button widget-toggle-button" +
        (on ? " mod-active" : "");
      b.textContent = t;
      b.title = tips[i] || "";
      b.disabled = !!model.get("disabled");
      b.setAttribute("aria-checked", on ? "true" : "false");
      // one stop for Tab: the chosen button (or the first); the arrows move within
      b.tabIndex = on || (index === null && i === 0) ? 0 : -1;
    });
    if (hadFocus && !group.contains(document.activeElement)) {
      buttons[index ?? 0]?.focus();
    }
  };

  group.addEventListener("keydown", (e) => {
    const n = buttons.length;
    const at = buttons.indexOf(document.activeElement);
    if (!n || at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1,
                 Home: 0, End: n - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose((to + n) % n, true);
  });

  const names = ["labels", "tooltips", "index", "description", "disabled"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  el.appendChild(box);
  return () => { for (const name of names) model.off(`change:${name}`, draw); };
}

function button({ model, el }) {
  const b = document.createElement("button");
  b.type = "button";
  const names = ["description", "tooltip", "disabled", "pressed", "button_style", "classes"];
  const draw = () => {
    const style = model.get("button_style");
    b.className = ["jupyter-widgets", "jupyter-button", "widget-button",
                   ...(style ? [`mod-${style}`] : []), ...model.get("classes")].join(" ");
    b.textContent = model.get("description");
    b.title = model.get("tooltip") || model.get("description");
    b.disabled = !!model.get("disabled");
    const pressed = model.get("pressed");
    if (pressed === null) b.removeAttribute("aria-pressed");
    else b.setAttribute("aria-pressed", pressed ? "true" : "false");
  };
  b.addEventListener("click", () => tell(model, { event: "click" }));
  // the kernel asks for the focus once (after a play, a call, Check...): a view made later
  // (the button is new) takes it when drawn, and hands the request back
  const focus = () => {
    if (!model.get("_focus")) return;
    requestAnimationFrame(() => {
      if (b.isConnected && !b.disabled) b.focus();
      model.set("_focus", false);
      tell(model);
    });
  };
  for (const name of names) model.on(`change:${name}`, draw);
  model.on("change:_focus", focus);
  draw();
  el.appendChild(b);
  focus();
  return () => {
    for (const name of names) model.off(`change:${name}`, draw);
    model.off("change:_focus", focus);
  };
}

// A row of plain buttons in one widget (tutor/ui/aria.py ButtonRow): the calls of an
// auction.  Each is a Tab stop, named as a single button; a click tells the kernel which
// button of which drawing (`version`); the kernel may ask for the focus on one (`_focus`).
// A button may be hidden (`hidden`), and may have a caption under it (`caption`: the seat
// that played a card of a trick), said after its name.
function buttons({ model, el }) {
  const row = document.createElement("div");
  row.className = "tt-buttons";
  row.setAttribute("role", "group");
  let drawn = [];
  let captions = [];  // per button: its caption element, if the row has captions
  const draw = () => {
    const hadFocus = drawn.indexOf(document.activeElement);
    const items = model.get("items") || [];
    const name = model.get("group_name");
    if (name) row.setAttribute("aria-label", name);
    else row.removeAttribute("aria-label");
    const captioned = items.some((it) => it.caption);
    if (drawn.length !== items.length || captioned !== (captions.length > 0)) {
      row.replaceChildren();
      captions = [];
      drawn = items.map((_, i) => {
        const b = document.createElement("button");
        b.type = "button";
        b.addEventListener("click", () => {
          if (!b.disabled) tell(model, { event: "click", index: i, version: model.get("version") });
        });
        if (captioned) {
          const cell = document.createElement("div");
          cell.className = "tt-captioned";
          const cap = document.createElement("div");
          cap.className = "tt-caption tt-muted";
          cap.setAttribute("aria-hidden", "true");  // said with the button's name
          cell.append(b, cap);
          captions.push(cap);
          row.appendChild(cell);
        } else {
          row.appendChild(b);
        }
        return b;
      });
    }
    items.forEach((it, i) => {
      const b = drawn[i];
      b.className = ["jupyter-widgets", "jupyter-button",
                     ...(it.toggle ? ["widget-toggle-button", ...(it.pressed ? ["mod-active"] : [])]
                       : ["widget-button"]),
                     ...(it.classes || [])].join(" ");
      b.textContent = it.label;
      b.title = it.tip || it.label;
      b.disabled = !!it.disabled;
      b.hidden = !!it.hidden;
      if (captions[i]) {
        captions[i].textContent = it.caption || "";
        captions[i].parentElement.hidden = !!it.hidden;
      }
      if (it.pressed === null || it.pressed === undefined) b.removeAttribute("aria-pressed");
      else b.setAttribute("aria-pressed", it.pressed ? "true" : "false");
    });
    // the focus stays where it was when the row is redrawn (the same place, or the row's
    // first enabled button if that one went)
    if (hadFocus >= 0 && !row.contains(document.activeElement)) {
      (drawn[hadFocus] && !drawn[hadFocus].hidden ? drawn[hadFocus]
        : drawn.find((b) => !b.disabled && !b.hidden))?.focus();
    }
  };
  const focus = () => {
    const i = model.get("_focus");
    if (i === null || i === undefined) return;
    requestAnimationFrame(() => {
      const b = drawn[i];
      if (b && b.isConnected && !b.disabled && !b.hidden) b.focus();
      model.set("_focus", null);
      tell(model);
    });
  };
  const names = ["items", "group_name"];
  for (const n of names) model.on(`change:${n}`, draw);
  model.on("change:_focus", focus);
  draw();
  el.appendChild(row);
  focus();
  return () => {
    for (const n of names) model.off(`change:${n}`, draw);
    model.off("change:_focus", focus);
  };
}

function live({ model, el }) {
  const region = document.createElement("div");
  region.className = "tt-live";
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  const draw = () => { region.textContent = model.get("text"); };
  model.on("change:text", draw);
  el.appendChild(region);  // present (and empty) from the start: changes are announced
  return () => model.off("change:text", draw);
}

// A live page's pulse (tutor/ui/aria.py Heartbeat): the kernel counts `beat` up every few
// seconds; when no beat comes for `patience` seconds (the server restarted, the network went)
// the page says so and offers a reload, which takes up the class where it was.
function heartbeat({ model, el }) {
  const box = document.createElement("div");
  box.className = "tt-msg tt-msg-bad tt-heartbeat";
  box.setAttribute("role", "alert");
  box.hidden = true;
  const words = document.createElement("span");
  const again = document.createElement("button");
  again.className = "jupyter-button tt-action";
  again.textContent = model.get("reload_text");
  again.addEventListener("click", () => window.location.reload());
  box.append(words, " ", again);
  let last = null;  // no beat yet: the page is not live (a class not started) until one comes
  const check = () => {
    if (last === null) return;
    const lost = Date.now() - last > model.get("patience") * 1000;
    if (lost && box.hidden) {
      words.textContent = model.get("lost_text");
      box.hidden = false;
    } else if (!lost && !box.hidden) {
      box.hidden = true;
    }
  };
  const beat = () => { last = Date.now(); check(); };
  // the kernel stopped beating on purpose (the class ended): nothing to wait for
  const rest = () => { if (model.get("resting")) { last = null; box.hidden = true; } };
  model.on("change:beat", beat);
  model.on("change:resting", rest);
  const timer = setInterval(check, 1000);
  el.appendChild(box);
  return () => {
    clearInterval(timer);
    model.off("change:beat", beat);
    model.off("change:resting", rest);
  };
}

// A link to copy (tutor/ui/aria.py CopyLink): the link in a read-only box, named, and a
// button that copies it (the clipboard where the page may use it, else the box's selection),
// saying in its status line that it did.
function copy({ model, el }) {
  const row = document.createElement("div");
  row.className = "tt-copy";
  const id = `tt-copy-${Math.random().toString(36).slice(2)}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  label.className = "tt-label";
  const box = document.createElement("input");
  box.id = id;
  box.readOnly = true;
  box.className = "tt-copy-text";
  const b = document.createElement("button");
  b.className = "jupyter-button tt-action";
  const said = document.createElement("span");
  said.className = "tt-muted tt-copy-said";
  said.setAttribute("role", "status");
  const draw = () => {
    label.textContent = model.get("label");
    box.value = model.get("text");
    b.textContent = model.get("button");
    said.textContent = "";
  };
  b.addEventListener("click", async () => {
    const text = model.get("text");
    let done = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(text);
        done = true;
      }
    } catch (e) { done = false; }
    if (!done) {
      box.focus();
      box.select();
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
    }
    said.textContent = done ? model.get("copied") : model.get("select");
  });
  model.on("change:text", draw);
  draw();
  row.append(label, box, b, said);
  el.appendChild(row);
  return () => model.off("change:text", draw);
}

// Keys for a presenter (tutor/ui/aria.py Keys): while `active`, the keys of `bindings` (a
// presenter's clicker sends PageDown and PageUp) anywhere on the page, except in a text box,
// are sent to the kernel by name.
function keys({ model, el }) {
  const down = (e) => {
    if (!model.get("active") || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName))) return;
    const name = model.get("bindings")[e.key];
    if (!name) return;
    e.preventDefault();
    model.send({ event: "key", name });
  };
  document.addEventListener("keydown", down);
  return () => document.removeEventListener("keydown", down);
}

const KINDS = { toggle, choices, button, buttons, live, heartbeat, copy, keys };

function render({ model, el }) {
  return KINDS[model.get("kind")]({ model, el });
}

export default { render };

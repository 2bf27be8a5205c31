// Keyboard shortcuts for lists marked [data-keyboard-list]: j/k move, Enter opens,
// c/r/d claim/resolve/dismiss, u undoes, ? shows the help. The buttons they press are
// ordinary forms, so everything also works with a mouse or without JavaScript.
(function () {
  "use strict";
  let selected = -1;

  function rows() {
    return Array.from(document.querySelectorAll("[data-keyboard-list] tr[data-item]"));
  }

  function select(index) {
    const all = rows();
    if (!all.length) return;
    selected = Math.max(0, Math.min(index, all.length - 1));
    all.forEach((row, i) => row.classList.toggle("selected", i === selected));
    all[selected].scrollIntoView({ block: "nearest" });
  }

  function current() {
    const all = rows();
    if (selected < 0 || selected >= all.length) return null;
    return all[selected];
  }

  function press(row, action) {
    const control = row && row.querySelector('[data-action="' + action + '"]');
    if (!control || control.disabled) return;
    if (control.tagName === "SUMMARY") {
      control.parentElement.open = true;
      const input = control.parentElement.querySelector("input[name=reason]");
      if (input) input.focus();
    } else {
      clickProcessed(control);
    }
  }

  // A control swapped in a moment ago may not be wired to htmx yet: wire it first, so
  // the click is an htmx request and not a full page submission.
  function clickProcessed(control) {
    const form = control.closest("form");
    if (window.htmx && form) window.htmx.process(form);
    control.click();
  }

  function toggleHelp(show) {
    const help = document.getElementById("help");
    if (help) help.hidden = show === undefined ? !help.hidden : !show;
  }

  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (target.closest("input, textarea, select, [contenteditable]")) {
      if (event.key === "Escape") target.blur();
      return;
    }
    const keys = {
      j: () => select(selected + 1),
      k: () => select(selected - 1),
      Enter: () => { const row = current(); if (row) window.location = row.dataset.href; },
      c: () => press(current(), "claim"),
      r: () => press(current(), "resolve"),
      d: () => press(current(), "dismiss"),
      u: () => { const undo = document.querySelector('#toast [data-action="undo"]'); if (undo) clickProcessed(undo); },
      "?": () => toggleHelp(),
      Escape: () => toggleHelp(false),
    };
    if (keys[event.key]) {
      keys[event.key]();
      event.preventDefault();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-close-help]")) toggleHelp(false);
  });

  // After htmx swaps a row, keep the selection where it was.
  document.addEventListener("htmx:afterSwap", function () {
    if (selected >= 0) select(selected);
  });
})();

// Charts: each figure is a JSON data block (kbaudit/lib/figures.py) drawn here, so the
// Content-Security-Policy needs no inline script. Forms marked [data-autosubmit] on a
// <select> submit when it changes.
(function () {
  "use strict";

  function drawCharts(root) {
    if (!window.Plotly) return;
    (root || document).querySelectorAll("[data-plotly]:not([data-drawn])").forEach(function (holder) {
      const block = holder.querySelector('script[type="application/json"]');
      if (!block) return;
      const spec = JSON.parse(block.textContent);
      const target = document.createElement("div");
      target.className = "plotly-graph-div";
      holder.appendChild(target);
      holder.dataset.drawn = "true";
      window.Plotly.newPlot(target, spec.figure.data || [], spec.figure.layout || {}, spec.config || {});
    });
  }

  document.addEventListener("DOMContentLoaded", function () { drawCharts(document); });
  document.addEventListener("htmx:afterSettle", function (event) { drawCharts(event.target); });

  document.addEventListener("change", function (event) {
    const select = event.target.closest("select[data-autosubmit]");
    if (select && select.form) select.form.submit();
  });
})();

// The toast offers "Undo" only as long as the server accepts it (content/review.py).
(function () {
  "use strict";
  document.addEventListener("htmx:afterSettle", function () {
    const toast = document.querySelector("#toast[data-undo-seconds]");
    if (!toast || toast.dataset.timer) return;
    toast.dataset.timer = "set";
    window.setTimeout(function () {
      toast.querySelectorAll("form").forEach(function (form) { form.remove(); });
    }, Number(toast.dataset.undoSeconds) * 1000);
  });
})();

/* remikcalc score pad: entry pages (counts, scores, cards, the deal together, the edit page).

   The pages work without this file: plain forms, a "Check" button for the engine's answer.
   With it:
   - the counts page types with its own number pad of big keys (digits, delete, next; no
     minus: a count is never negative) into the count chosen, and the phone's keyboard stays
     down; the closer who went out has no count to give;
   - a tap on a card cycles its copies (0, 1, 2 in two packs) and shows the count; a card the
     other hands hold is greyed out (the pack has no copy left); a two-pack card is one spin
     button (its count, Up and Down, Home and End, Space or Enter to cycle) in place of the
     check boxes, one a copy, that a page without this file shows;
   - the engine's answer (each hand's melds and count, what the deal will record) follows the
     taps and the numbers typed (on the edit page, what the edit changes too): a debounced
     POST of the form to the page's preview address, whose HTML fragments (made and escaped
     by the server) are put in place;
   - what is typed is kept in sessionStorage, so a reload (or the sheet's live refresh) does
     not lose a half-entered hand;
   - the hands entered one by one (entry_steps.html): each hand's count is put on its step as
     the engine answers, the closer who went out is marked on his, and the step open when the
     form is sent is sent with it (the page comes back at that step); the steps themselves are
     links and CSS, and work without this file;
   - a signed number field (data-signed) gets the digits pad and the ± key beside it; without
     this file it keeps the full keyboard, whose minus every phone has;
   - the edit page hears of each change and of each preview (the events remikcalc:change and
     remikcalc:preview on the form, for corrections.js).
   The deal together follows the other phones with draft.js.
   No inline script, no eval, names are only ever set as text. */
"use strict";

(function () {
  document.documentElement.classList.add("js");

  var PREVIEW_WAIT = 350;

  function boxes(cell) {
    return cell.querySelectorAll("input[type=checkbox]");
  }

  function own(cell) {
    var n = 0;
    boxes(cell).forEach(function (box) { if (box.checked) { n += 1; } });
    return n;
  }

  function grids(form) {
    return form.querySelectorAll(".hand-grid");
  }

  /* each grid's taps by card code */
  function tapsOf(grid) {
    var taps = {};
    grid.querySelectorAll(".card").forEach(function (cell) {
      taps[cell.dataset.code] = own(cell);
    });
    return taps;
  }

  /* grey out what the other hands hold, show each cell's count */
  function sync(form) {
    var all = [];
    grids(form).forEach(function (grid) { all.push([grid, tapsOf(grid)]); });
    all.forEach(function (pair) {
      var grid = pair[0];
      grid.querySelectorAll(".card").forEach(function (cell) {
        var code = cell.dataset.code;
        var copies = parseInt(cell.dataset.copies, 10) || 1;
        var others = parseInt(cell.dataset.fixed, 10) || 0;
        all.forEach(function (other) {
          if (other[0] !== grid) { others += other[1][code] || 0; }
        });
        var mine = pair[1][code] || 0;
        var free = Math.max(copies - others, mine, 0);
        boxes(cell).forEach(function (box, i) { box.disabled = i >= free; });
        cell.dataset.free = String(free);
        cell.classList.toggle("on", mine > 0);
        cell.classList.toggle("taken", free === 0);
        var count = cell.querySelector(".count");
        if (count) { count.textContent = mine ? "\u00d7" + mine : ""; }
        if (copies > 1) {  /* one control for the copies: a count from 0 to what is free */
          cell.setAttribute("tabindex", free ? "0" : "-1");
          cell.setAttribute("role", "spinbutton");
          cell.setAttribute("aria-label", cell.querySelector(".face").textContent);
          cell.setAttribute("aria-valuemin", "0");
          cell.setAttribute("aria-valuemax", String(free));
          cell.setAttribute("aria-valuenow", String(mine));
          if (free) { cell.removeAttribute("aria-disabled"); }
          else { cell.setAttribute("aria-disabled", "true"); }
        }
      });
    });
  }

  /* a tap: one copy more, and none again after the last one free */
  function tap(cell) {
    var free = Math.min(parseInt(cell.dataset.free, 10) || 0, boxes(cell).length);
    var n = own(cell) + 1;
    count(cell, n > free ? 0 : n);
  }

  function count(cell, n) {
    var list = boxes(cell);
    var free = Math.min(parseInt(cell.dataset.free, 10) || 0, list.length);
    n = Math.max(0, Math.min(n, free));
    list.forEach(function (box, i) { box.checked = i < n; });
  }

  /* the keys of a spin button on a two-pack card: up and down by one, Home none, End all */
  var STEPS = { ArrowUp: 1, ArrowDown: -1 };

  /* the closer's hand when the closer went out: nothing to tap, no count to give */
  function wentOut(form) {
    if (!form.dataset.wentOut) { return; }
    var chosen = form.querySelector("input[name=closer]:checked");
    var closer = chosen ? chosen.value : "";
    form.querySelectorAll("[data-count-seat]").forEach(function (row) {
      var out = closer !== "" && closer === row.dataset.countSeat;
      row.classList.toggle("went-out", out);
      var field = row.querySelector("input");
      if (field) { field.disabled = out; }  /* a disabled field is not sent: left out */
    });
    form.querySelectorAll(".seat[data-seat]").forEach(function (seat) {
      var index = seat.dataset.seat;
      var typed = form.querySelector("input[name='hands." + index + "']");
      var empty = !seat.querySelector(".hand-grid input:checked") && !(typed && typed.value.trim());
      var out = closer !== "" && closer === index && empty;
      seat.classList.toggle("went-out", out);
      var note = seat.querySelector(".went-out-note");
      if (note) { note.hidden = !out; }
      form.querySelectorAll("[data-step-tab='" + index + "']").forEach(function (tab) {
        tab.classList.toggle("went-out", out);
      });
    });
  }

  /* --- the hands as steps ---------------------------------------------------------------------- */

  /* the step on screen: the first shown (every one, in a browser without :has()) */
  function openStep(form) {
    var steps = form.querySelectorAll(".steps > .step");
    for (var i = 0; i < steps.length; i += 1) {
      if (steps[i].getClientRects().length) { return steps[i].id.replace("step-", ""); }
    }
    return "";
  }

  function counts(form, data) {
    Object.keys(data.counts || {}).forEach(function (seat) {
      form.querySelectorAll("[data-tab-count='" + seat + "']").forEach(function (place) {
        place.textContent = data.counts[seat];
      });
    });
  }

  /* --- the engine's answer ------------------------------------------------------------------ */

  var timers = new WeakMap();
  var asked = new WeakMap();

  function schedule(form) {
    if (!form.dataset.preview) { return; }
    asked.set(form, (asked.get(form) || 0) + 1);  /* an answer on its way is out of date */
    clearTimeout(timers.get(form));
    timers.set(form, setTimeout(function () { preview(form); }, PREVIEW_WAIT));
  }

  function put(id, html) {
    var place = document.getElementById(id);
    if (place) { place.innerHTML = html; }  /* made and escaped by the server's templates */
  }

  function preview(form) {
    var mine = (asked.get(form) || 0) + 1;
    asked.set(form, mine);
    fetch(form.dataset.preview, {
      method: "POST",
      body: new URLSearchParams(new FormData(form)),
      credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (answer) {
      return answer.ok ? answer.json() : null;
    }).then(function (data) {
      if (!data || asked.get(form) !== mine) { return; }
      Object.keys(data.hands || {}).forEach(function (seat) { put("look-" + seat, data.hands[seat]); });
      if (typeof data.deal === "string") { put("look-deal", data.deal); }
      if (typeof data.changes === "string") { put("look-changes", data.changes); }  /* an edit */
      counts(form, data);
      form.dispatchEvent(new CustomEvent("remikcalc:preview", { detail: data }));
    }).catch(function () { /* the Check button still works */ });
  }

  /* --- the counts' number pad ------------------------------------------------------------------ */

  function padFields(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input[data-pad]"), function (el) {
      return !el.disabled;
    });
  }

  var aimed = new WeakMap();  /* each form's field the pad types into */

  function aim(form, field) {
    form.querySelectorAll("input[data-pad]").forEach(function (el) {
      el.classList.toggle("aimed", el === field);
    });
    aimed.set(form, field);
  }

  function target(form) {
    var fields = padFields(form);
    var now = aimed.get(form);
    if (now && fields.indexOf(now) >= 0) { return now; }
    var empty = fields.filter(function (el) { return !el.value; });
    return empty[0] || fields[0] || null;
  }

  function press(form, key) {
    var field = target(form);
    if (!field) { return; }
    if (key === "next") {
      var fields = padFields(form);
      var at = fields.indexOf(field);
      if (at === fields.length - 1) {
        /* past the last count: what the deal will record, and Save under it, come into view */
        var record = document.getElementById("look-deal");
        if (record) { record.scrollIntoView({ block: "start" }); }
        return;
      }
      var next = fields[at + 1];
      aim(form, next);
      next.focus();
      return;
    }
    var text = field.value;
    if (key === "back") {
      text = text.slice(0, -1);
    } else if (text.length < (field.maxLength > 0 ? field.maxLength : 7)) {
      text = text === "0" ? key : text + key;
    }
    field.value = text;
    aim(form, field);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function wirePad(form) {
    var pad = form.querySelector("[data-numpad]");
    if (!pad) { return; }
    form.querySelectorAll("input[data-pad]").forEach(function (el) {
      el.setAttribute("inputmode", "none");  /* the pad's keys, not the phone's keyboard */
      el.addEventListener("focus", function () { aim(form, el); });
    });
    pad.hidden = false;
    /* a key keeps the focus where it is (the field being typed into) */
    pad.addEventListener("mousedown", function (event) { event.preventDefault(); });
    pad.addEventListener("click", function (event) {
      var key = event.target.closest ? event.target.closest("[data-key]") : null;
      if (key) { press(form, key.dataset.key); }
    });
    aim(form, target(form));
  }

  /* --- keeping a half-entered hand ------------------------------------------------------------ */

  function storeKey(form) {
    return "remikcalc:" + form.dataset.keep;
  }

  function keep(form) {
    if (!form.dataset.keep) { return; }
    var fields = [];
    form.querySelectorAll("input").forEach(function (el) {
      if (el.type === "hidden" || !el.name) { return; }
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked) { fields.push([el.name, el.value]); }
      } else if (el.value) {
        fields.push([el.name, el.value]);
      }
    });
    try {
      sessionStorage.setItem(storeKey(form), JSON.stringify({ fields: fields }));
    } catch (e) { /* private mode: nothing kept */ }
  }

  function forget(form) {
    try { sessionStorage.removeItem(storeKey(form)); } catch (e) { /* nothing kept */ }
  }

  function restore(form) {
    if (!form.dataset.keep || form.dataset.fresh !== "1") { return false; }
    var saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(storeKey(form)) || "null"); } catch (e) { saved = null; }
    if (!saved || !Array.isArray(saved.fields) || !saved.fields.length) { return false; }
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
    var used = [];
    saved.fields.forEach(function (field) {
      var name = field[0], value = field[1];
      for (var i = 0; i < inputs.length; i += 1) {
        var el = inputs[i];
        if (el.name !== name || el.type === "hidden" || used.indexOf(el) >= 0) { continue; }
        if (el.type === "checkbox" || el.type === "radio") {
          if (el.value === value) { el.checked = true; used.push(el); break; }
        } else {
          el.value = value; used.push(el); break;
        }
      }
    });
    return true;
  }

  /* --- wiring a form --------------------------------------------------------------------------- */

  function changed(form) {
    sync(form);
    wentOut(form);
    keep(form);
    schedule(form);
    form.dispatchEvent(new CustomEvent("remikcalc:change"));
  }

  function wire(form) {
    form.addEventListener("click", function (event) {
      var cell = event.target.closest(".hand-grid .card");
      if (!cell || event.target.tagName === "INPUT") { return; }  /* a box itself: native */
      event.preventDefault();
      tap(cell);
      changed(form);
    });
    form.addEventListener("keydown", function (event) {
      var cell = event.target.closest ? event.target.closest(".hand-grid .card.multi") : null;
      if (!cell || event.target !== cell) { return; }
      if (event.key === " " || event.key === "Enter") {
        tap(cell);
      } else if (event.key in STEPS) {
        count(cell, own(cell) + STEPS[event.key]);
      } else if (event.key === "Home" || event.key === "End") {
        count(cell, event.key === "Home" ? 0 : boxes(cell).length);
      } else {
        return;
      }
      event.preventDefault();
      changed(form);
    });
    form.addEventListener("change", function (event) {
      var el = event.target;
      if (el.name === "draw" && el.checked) {
        var nobody = form.querySelector("input[name=closer][value='']");
        if (nobody) { nobody.checked = true; }
      } else if (el.name === "closer" && el.value !== "") {
        var draw = form.querySelector("input[name=draw]");
        if (draw) { draw.checked = false; }
      }
      var picker = el.closest ? el.closest(".picker") : null;
      if (picker && el.checked) {  /* the up-card: show it, fold the grid away */
        var shown = picker.querySelector(".picked");
        var face = el.closest(".card");
        if (shown && face) {
          var chosen = document.createElement("span");
          chosen.textContent = face.querySelector(".face").textContent;
          if (face.classList.contains("red")) { chosen.className = "red"; }
          shown.textContent = "";
          shown.appendChild(chosen);
        }
        picker.open = false;
      }
      changed(form);
    });
    form.addEventListener("input", function () {
      keep(form);
      wentOut(form);
      schedule(form);
    });
    form.addEventListener("submit", function (event) {
      var by = event.submitter;
      if (by && by.value !== "check") { forget(form); }
      var step = form.querySelector("input[name=step]");
      if (step) { step.value = openStep(form); }
    });
    form.addEventListener("click", function (event) {
      /* a link to the cards typed (a hand's skip link): open them where they are folded */
      var link = event.target.closest ? event.target.closest("a[href^='#f-']") : null;
      var field = link ? document.getElementById(link.getAttribute("href").slice(1)) : null;
      var folded = field ? field.closest("details") : null;
      if (folded) { folded.open = true; }
    });
    form.querySelectorAll("[data-sign]").forEach(function (button) {
      var signed = document.getElementById(button.dataset.sign);
      if (signed) { signed.setAttribute("inputmode", "numeric"); }  /* the ± gives the sign */
      button.hidden = false;
      button.addEventListener("click", function () {
        var field = document.getElementById(button.dataset.sign);
        if (!field) { return; }
        var text = field.value.trim();
        field.value = text.charAt(0) === "-" || text.charAt(0) === "\u2212" ? text.slice(1) : "-" + text;
        field.focus();
        keep(form);
        schedule(form);
        form.dispatchEvent(new CustomEvent("remikcalc:change"));
      });
    });
    var restored = restore(form);
    sync(form);
    wentOut(form);
    wirePad(form);
    if (restored) { schedule(form); }
  }

  function start() {
    document.querySelectorAll("form[data-entry]").forEach(wire);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());

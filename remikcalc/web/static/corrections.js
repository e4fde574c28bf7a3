/* remikcalc score pad: corrections. Works without it; with it, a deal changed after its
   preview cannot be saved before it is previewed again (the server checks that too), and the
   preview follows the changes: entry.js asks the page's preview address as cards are tapped
   and numbers typed, and says so with the events remikcalc:change and remikcalc:preview; a
   preview that can be saved brings the Save button (back), with the fingerprint of the deal it
   showed: the server saves only that deal. */
"use strict";
(function () {
  var form = document.querySelector("form[data-corr-edit]");
  if (!form) { return; }
  var note = form.querySelector("[data-corr-stale-note]");

  function saveButton(make) {
    var save = form.querySelector("[data-corr-save]");
    var row = form.querySelector(".actions");
    if (!save && make && row && form.dataset.saveWords) {
      save = document.createElement("button");
      save.type = "submit";
      save.name = "do";
      save.value = "save";
      save.setAttribute("data-corr-save", "");
      save.textContent = form.dataset.saveWords;
      row.appendChild(save);
    }
    return save;
  }

  function changed(event) {
    var el = event.target;
    if (event.type !== "remikcalc:change" && (!el || !el.name || el.type === "hidden")) { return; }
    var save = saveButton(false);
    if (!save || save.hidden) { return; }  /* nothing previewed to go out of date */
    save.hidden = true;
    save.disabled = true;
    if (note) { note.hidden = false; }
  }

  function previewed(event) {
    var data = event.detail || {};
    var save = saveButton(typeof data.previewed === "string");
    if (!save) { return; }
    if (typeof data.previewed !== "string") {  /* cannot be saved as it is */
      save.hidden = true;
      save.disabled = true;
      return;
    }
    var field = form.querySelector("input[name=previewed]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "previewed";
      form.appendChild(field);
    }
    field.value = data.previewed;
    /* Save is the step now: "Show what changes" steps back, as on the page the server answers */
    var again = form.querySelector("button[name=do][value=preview]");
    if (again) { again.classList.add("quiet"); }
    save.hidden = false;
    save.disabled = false;
    if (note) { note.hidden = true; }
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("remikcalc:change", changed);
  form.addEventListener("remikcalc:preview", previewed);
})();

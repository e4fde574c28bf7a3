/* remikcalc score pad: corrections. Works without it; with it, a deal changed after its
   preview cannot be saved before it is previewed again (the server checks that too). */
"use strict";
(function () {
  var form = document.querySelector("form[data-corr-edit]");
  if (!form) { return; }
  var save = form.querySelector("[data-corr-save]");
  var note = form.querySelector("[data-corr-stale-note]");
  if (!save) { return; }
  function changed(event) {
    if (!event.target || !event.target.name || event.target.type === "hidden") { return; }
    save.hidden = true;
    save.disabled = true;
    if (note) { note.hidden = false; }
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
})();

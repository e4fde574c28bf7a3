/* remikcalc score pad: the table view keeps its screen on.

   The table view is the host's screen across the table; it should not go dark between deals.
   Where the browser has the Screen Wake Lock API (only in a secure context: the host's own
   screen at http://127.0.0.1 or http://localhost, not a phone on the Wi-Fi address), the page
   asks for a screen wake lock, and asks again each time it is shown again (the browser lets
   the lock go whenever the page is hidden).

   The element marked `data-wake` says how it went: its own text, which a page without
   JavaScript shows too, says what to do instead; while the lock is held it says `data-on`,
   and its `data-state` is "on" ("off" otherwise). */
"use strict";

(function () {
  var note = null;
  var held = null;
  var asking = false;

  function say(on) {
    note.textContent = note.getAttribute(on ? "data-on" : "data-off");
    note.setAttribute("data-state", on ? "on" : "off");
  }

  function ask() {
    if (held || asking || document.visibilityState !== "visible") { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      held = sentinel;
      say(true);
      sentinel.addEventListener("release", function () {
        held = null;
        say(false);
      });
    }, function () {
      asking = false;  // refused (battery saver, a policy): the note says what to do instead
      say(false);
    });
  }

  function start() {
    note = document.querySelector("[data-wake]");
    if (!note) { return; }
    if (!window.isSecureContext || !navigator.wakeLock) { say(false); return; }
    document.addEventListener("visibilitychange", ask);
    ask();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

/* remikcalc score pad: the deal entered together, followed live on every phone.

   The page works without this file (plain forms, a Refresh link, a "Keep these for everyone"
   button). With it:
   - the page follows /s/ID/draft/events (server-sent events, never polling): on "draft" (the
     draft or its seats changed on another phone) it fetches itself and puts each part marked
     data-draft-live in place, but a part the player is typing in; on "change" (the sheet
     changed: the deal was confirmed, or added elsewhere) it loads the next deal's draft;
   - when this phone is no longer who it was (its seat taken over on another phone) or the
     draft was started again, it loads the page afresh;
   - a choice in the deal's own part (the closer, how it ended, a draw...) is kept for everyone
     at once, and the preview that comes back is put in place.
   The hand form itself is entry.js's. No inline script; names only ever set as text by the
   server's templates. */
"use strict";

(function () {
  function root() {
    return document.querySelector("[data-draft]");
  }

  /* a part with a field being typed in (or changed and not yet sent) is left as it is */
  function typingIn(part) {
    var active = document.activeElement;
    if (active && part.contains(active) && active.tagName === "INPUT" &&
        (active.type === "text" || active.type === "number")) {
      return true;
    }
    var fields = part.querySelectorAll("input[type=text]");
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i].value !== fields[i].defaultValue) { return true; }
    }
    return false;
  }

  /* set once this page is on its way to another (a form sent, a reload): from then on it
     neither reloads itself nor puts parts in place, which would cut that navigation short */
  var leaving = false;

  function afresh(url) {
    if (leaving) { return; }
    leaving = true;
    window.location.replace(url || window.location.href);
  }

  var sending = 0;

  /* the parts of a page the server made for this phone, put in place */
  function swap(html) {
    var here = root();
    var doc = new DOMParser().parseFromString(html, "text/html");
    var there = doc.querySelector("[data-draft]");
    if (leaving || !here || !there) { return; }
    if (there.dataset.who !== here.dataset.who || there.dataset.base !== here.dataset.base ||
        there.dataset.sheetVersion !== here.dataset.sheetVersion) {
      afresh(there.dataset.sheetVersion !== here.dataset.sheetVersion ? here.dataset.home : null);
      return;
    }
    document.querySelectorAll("[data-draft-live][id]").forEach(function (part) {
      var fresh = doc.getElementById(part.id);
      if (!fresh || !fresh.hasAttribute("data-draft-live") || typingIn(part)) { return; }
      part.replaceWith(document.importNode(fresh, true));
    });
    here.dataset.stamp = there.dataset.stamp;
  }

  var fetching = false;
  var again = false;

  function refresh() {
    if (leaving) { return; }
    if (sending) { again = true; return; }  /* the answer to our own choice is on its way */
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store",
                                  headers: { "Accept": "text/html" } })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) { if (html) { swap(html); } })
      .catch(function () { /* the Refresh link still works */ })
      .then(function () {
        fetching = false;
        if (again) { again = false; refresh(); }
      });
  }

  /* --- the deal's own inputs: kept for everyone as they are chosen ------------------------ */

  function key() {
    var bytes = new Uint8Array(12);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function keep(form) {
    var body = new URLSearchParams(new FormData(form));
    body.set("do", "set");
    body.set("key", key());  /* each choice its own write */
    sending += 1;
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin",
                         headers: { "Accept": "text/html" } })
      .then(function (answer) { return answer.text(); })
      .then(function (html) { swap(html); })
      .catch(function () { /* the "Keep these for everyone" button still works */ })
      .then(function () {
        sending -= 1;
        if (again && !sending) { again = false; refresh(); }
      });
  }

  function choose(event) {
    var el = event.target;
    var form = el.closest ? el.closest("#deal-form") : null;
    if (!form) { return; }
    if (el.name === "draw" && el.checked) {  /* a draw has no closer, a closer no draw */
      var nobody = form.querySelector("input[name=closer][value='']");
      if (nobody) { nobody.checked = true; }
    } else if (el.name === "closer" && el.value !== "") {
      var draw = form.querySelector("input[name=draw]");
      if (draw) { draw.checked = false; }
    }
    keep(form);
  }

  /* --- following the draft ------------------------------------------------------------------ */

  function follow(here) {
    if (!window.EventSource) { return; }
    var url = here.dataset.events + "?v=" + encodeURIComponent(here.dataset.sheetVersion) +
      "&d=" + encodeURIComponent(here.dataset.stamp);
    var stream = new EventSource(url);
    stream.addEventListener("change", function (e) {
      var data = {};
      try { data = JSON.parse(e.data); } catch (err) { return; }
      var now = root();
      if (now && data.version && data.version !== now.dataset.sheetVersion) {
        stream.close();
        afresh(now.dataset.home);
      }
    });
    stream.addEventListener("draft", function (e) {
      var data = {};
      try { data = JSON.parse(e.data); } catch (err) { return; }
      var now = root();
      if (now && data.stamp !== now.dataset.stamp) { refresh(); }
    });
    stream.addEventListener("bye", function () { stream.close(); });
    window.addEventListener("pagehide", function () { stream.close(); });
  }

  function start() {
    var here = root();
    if (!here) { return; }
    document.documentElement.classList.add("js");
    document.addEventListener("change", choose);
    document.addEventListener("submit", function (event) {
      if (!event.defaultPrevented) { leaving = true; }
    });
    follow(here);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());

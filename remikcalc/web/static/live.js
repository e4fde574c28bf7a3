/* remikcalc score pad: live pages.

   A page that shows a sheet marks the parts that follow it with `data-live` (each with an id),
   and one of them carries where to learn of changes:
     data-events="/s/ID/events"               server-sent events (EventSource)
     data-poll="/api/sheets/ID/version"       polled instead when events do not get through
     data-version="..."                       the sheet's version the page was made from
   On a change the page is fetched again and each `data-live` part is replaced by the new one,
   except a part holding a form the player is typing in (a focused field, or one changed):
   that one is kept and the banner says the sheet changed. A small banner says what changed
   ("Deal 7 added"); while the sheet cannot be read (moved away, replaced by something that is
   not a sheet) the banner says so and stays until it can. Without JavaScript the pages are plain HTML (the table view refreshes
   itself every 5 seconds). Also: "Select all" buttons for the text to copy. */
"use strict";

(function () {
  var POLL_MS = 3000;
  var BANNER_MS = 8000;

  function source() {
    return document.querySelector("[data-live][data-events], [data-live][data-poll]");
  }

  function currentVersion() {
    var el = source();
    return el ? el.getAttribute("data-version") || "" : "";
  }

  function typingIn(part) {
    var active = document.activeElement;
    if (active && active !== document.body && part.contains(active) &&
        /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && !active.readOnly) {
      return true;
    }
    var fields = part.querySelectorAll("input, textarea, select");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.readOnly || f.type === "hidden") { continue; }
      if (f.type === "checkbox" || f.type === "radio") {
        if (f.checked !== f.defaultChecked) { return true; }
      } else if (f.tagName === "SELECT") {
        for (var j = 0; j < f.options.length; j++) {
          if (f.options[j].selected !== f.options[j].defaultSelected) { return true; }
        }
      } else if (f.value !== f.defaultValue) {
        return true;
      }
    }
    return false;
  }

  var bannerTimer = null;

  function banner(text, keep) {
    if (!text) { return; }
    var el = document.getElementById("live-banner");
    if (!el) {
      el = document.createElement("div");
      el.id = "live-banner";
      el.className = "live-banner";
      el.setAttribute("role", "status");
      el.setAttribute("aria-live", "polite");
      var main = document.getElementById("main") || document.body;
      main.insertBefore(el, main.firstChild);
    }
    el.textContent = text;
    el.hidden = false;
    if (bannerTimer) { clearTimeout(bannerTimer); bannerTimer = null; }
    if (!keep) { bannerTimer = setTimeout(function () { el.hidden = true; }, BANNER_MS); }
  }

  var fetching = false;
  var again = null;

  function refresh(version, message) {
    if (version && version === currentVersion()) { return; }
    if (fetching) { again = { version: version, message: message }; return; }
    fetching = true;
    fetch(window.location.href, { credentials: "same-origin", cache: "no-store",
                                  headers: { "Accept": "text/html" } })
      .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var kept = false;
        var old = source();
        var keptText = old ? old.getAttribute("data-kept") || "" : "";
        var parts = document.querySelectorAll("[data-live][id]");
        for (var i = 0; i < parts.length; i++) {
          var part = parts[i];
          var fresh = doc.getElementById(part.id);
          if (!fresh || !fresh.hasAttribute("data-live")) { continue; }
          if (typingIn(part)) { kept = true; continue; }
          part.replaceWith(document.importNode(fresh, true));
        }
        var el = source();
        if (el === old && el && version) { el.setAttribute("data-version", version); }
        wireSelectButtons();
        banner(message + (kept && keptText ? " " + keptText : ""));
      })
      .catch(function () { banner(message); })
      .then(function () {
        fetching = false;
        if (again) { var next = again; again = null; refresh(next.version, next.message); }
      });
  }

  var pollTimer = null;

  function poll(url) {
    if (pollTimer) { return; }
    pollTimer = setInterval(function () {
      fetch(url, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (data && data.version && data.version !== currentVersion()) {
            refresh(data.version, "");
          }
        })
        .catch(function () {});
    }, POLL_MS);
  }

  function follow() {
    var el = source();
    if (!el) { return; }
    var events = el.getAttribute("data-events");
    var pollUrl = el.getAttribute("data-poll");
    if (!events || !window.EventSource) { if (pollUrl) { poll(pollUrl); } return; }
    var failures = 0;
    var stream = null;
    var unreadable = false;
    function open() {
      var url = events + (events.indexOf("?") < 0 ? "?" : "&") + "v=" +
        encodeURIComponent(currentVersion());
      stream = new EventSource(url);
      stream.addEventListener("open", function () { failures = 0; });
      stream.addEventListener("change", function (e) {
        var data = {};
        try { data = JSON.parse(e.data); } catch (err) { return; }
        if (unreadable) {  /* readable again: say so even if the version is the page's own */
          unreadable = false;
          banner(data.message || "");
        }
        refresh(data.version, data.message || "");
      });
      /* the sheet cannot be read for now (moved away, replaced): said until it can again */
      stream.addEventListener("unreadable", function (e) {
        var data = {};
        try { data = JSON.parse(e.data); } catch (err) { return; }
        unreadable = true;
        banner(data.message || "", true);
      });
      stream.addEventListener("bye", function () { stream.close(); if (pollUrl) { poll(pollUrl); } });
      stream.addEventListener("error", function () {
        failures += 1;
        /* closed for good (an answer that is not a stream) or events do not get through (a
           proxy, an old browser): poll */
        if (stream.readyState === EventSource.CLOSED || failures >= 3) {
          stream.close();
          if (pollUrl) { poll(pollUrl); }
        }
      });
    }
    open();
    window.addEventListener("pagehide", function () { if (stream) { stream.close(); } });
  }

  function wireSelectButtons() {
    var buttons = document.querySelectorAll("button[data-select]");
    for (var i = 0; i < buttons.length; i++) {
      var b = buttons[i];
      b.hidden = false;
      if (b.getAttribute("data-wired")) { continue; }
      b.setAttribute("data-wired", "1");
      b.addEventListener("click", function (e) {
        var target = document.getElementById(e.currentTarget.getAttribute("data-select"));
        if (!target) { return; }
        target.focus();
        target.select();
        target.setSelectionRange(0, target.value.length);
      });
    }
  }

  function start() {
    document.documentElement.classList.add("js");
    wireSelectButtons();
    follow();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

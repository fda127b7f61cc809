/* Behaviour the Content Security Policy keeps out of the HTML (no inline handlers). */
(function () {
  "use strict";
  // The phone menu: one "Menu" button (shown only on a narrow screen, by phone.css) folds
  // the main links away; without JavaScript the links stay shown.
  document.documentElement.classList.add("js");
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest(".menu-toggle");
    if (!toggle) return;
    var open = toggle.getAttribute("aria-expanded") !== "true";
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    var nav = document.getElementById(toggle.getAttribute("aria-controls"));
    if (nav) nav.classList.toggle("open", open);
  });
  // <a data-print>: print the page.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("[data-print]");
    if (link) {
      event.preventDefault();
      window.print();
    }
  });
  // [data-swap-refusals]: a 400/403 answer to an HTMX request inside it carries the page
  // with its message, so swap it in instead of treating it as an error.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var inside = event.target.closest && event.target.closest("[data-swap-refusals]");
    var status = event.detail.xhr.status;
    if (inside && (status === 400 || status === 403)) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });
})();

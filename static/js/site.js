/* Behaviour the Content Security Policy keeps out of the HTML (no inline handlers). */
(function () {
  "use strict";
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

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
  // A refusal shows where the player tapped: the swapped-in body's messages move to just
  // above the form that was sent (found again by its action and item key, else by its
  // place among the forms with that action), scrolled into view.
  var tapped = null;
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.tagName !== "FORM" || !form.closest("[data-swap-refusals]")) {
      tapped = null;
      return;
    }
    var post = form.getAttribute("hx-post");
    var same = document.querySelectorAll('[data-swap-refusals] form[hx-post="' + post + '"]');
    var key = form.querySelector("input[name=key]");
    tapped = {post: post, key: key ? key.value : null,
              index: Array.prototype.indexOf.call(same, form)};
  });
  document.addEventListener("htmx:afterSettle", function (event) {
    var status = event.detail.xhr && event.detail.xhr.status;
    var was = tapped;
    tapped = null;
    if (!was || (status !== 400 && status !== 403)) return;
    var same = document.querySelectorAll('[data-swap-refusals] form[hx-post="' + was.post + '"]');
    var form = null;
    Array.prototype.forEach.call(same, function (f) {
      var key = f.querySelector("input[name=key]");
      if (!form && was.key && key && key.value === was.key) form = f;
    });
    form = form || same[was.index] || null;
    var list = document.querySelector("[data-swap-refusals] .messages");
    if (!form || !list) return;
    list.classList.add("at-tap");
    form.parentNode.insertBefore(list, form);
    list.scrollIntoView({block: "nearest"});
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

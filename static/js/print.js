// Print buttons: shown only when JavaScript runs (without it, the browser's own Print works).
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});

/* The replay of an auto-resolved Malediction match: draws each step of #replay-data on
   the SVG table (terrain, husks, units, relic holders) and steps through them, like
   replay.js for Malifaux. Without JavaScript the page shows the round-by-round log. */
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";

  function el(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (parent) { parent.appendChild(node); }
    return node;
  }

  function start() {
    var source = document.getElementById("replay-data");
    var root = document.getElementById("replay");
    if (!source || !root) { return; }
    var data = JSON.parse(source.textContent);
    var steps = data.steps;
    if (!steps.length) { return; }
    root.hidden = false;
    var svg = document.getElementById("replay-board");
    var board = data.board;
    var size = board.size;
    el("rect", {x: 0, y: 0, width: size, height: size, "class": "table"}, svg);
    board.terrain.forEach(function (p) {
      var node = el("rect", {x: p.x, y: size - p.y - p.h, width: p.w, height: p.h,
        "class": "terrain" + (p.tall ? " impassable" : "")}, svg);
      el("title", {}, node).textContent = p.name;
    });
    var layer = el("g", {"class": "pieces"}, svg);
    var index = 0;
    var timer = null;
    var select = document.getElementById("replay-round");
    var seen = [];
    steps.forEach(function (step, i) {
      if (seen.indexOf(step.round) < 0) {
        seen.push(step.round);
        var option = document.createElement("option");
        option.value = String(i);
        option.textContent = String(step.round);
        select.appendChild(option);
      }
    });

    function draw() {
      var step = steps[index];
      while (layer.firstChild) { layer.removeChild(layer.firstChild); }
      step.husks.forEach(function (h) {
        el("circle", {cx: h[0], cy: size - h[1], r: 0.6, "class": "husk"}, layer);
      });
      step.units.forEach(function (u) {
        var info = board.units[String(u[0])] || {name: "?", side: 0};
        var node = el("circle", {cx: u[1], cy: size - u[2], r: 0.6,
          "class": "model side-" + (info.side === 0 ? "a" : "b") + (u[5] ? " relic" : "")}, layer);
        el("title", {}, node).textContent = info.name + " (" + u[3] + "/" + u[4] + ")";
      });
      var m = step.mastery.length ? step.mastery : [0, 0];
      document.getElementById("replay-vp-a").textContent = m[0];
      document.getElementById("replay-vp-b").textContent = m[m.length - 1];
      document.getElementById("replay-title").textContent = step.line;
      document.getElementById("replay-position").textContent = (index + 1) + "/" + steps.length;
      for (var t = select.options.length - 1; t >= 0; t--) {
        if (Number(select.options[t].value) <= index) { select.selectedIndex = t; break; }
      }
    }

    function go(to) {
      index = Math.max(0, Math.min(steps.length - 1, to));
      draw();
    }

    var play = document.getElementById("replay-play");
    function stop() {
      if (timer) { window.clearInterval(timer); timer = null; }
      play.textContent = play.getAttribute("data-play");
    }
    play.addEventListener("click", function () {
      if (timer) { stop(); return; }
      if (index >= steps.length - 1) { go(0); }
      play.textContent = play.getAttribute("data-pause");
      timer = window.setInterval(function () {
        if (index >= steps.length - 1) { stop(); return; }
        go(index + 1);
      }, 150);
    });
    document.getElementById("replay-prev").addEventListener("click", function () { stop(); go(index - 1); });
    document.getElementById("replay-next").addEventListener("click", function () { stop(); go(index + 1); });
    select.addEventListener("change", function () { stop(); go(Number(select.value)); });
    draw();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

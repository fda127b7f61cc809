/* The replay of an auto-resolved game: draws each step of #replay-data on the SVG board
   and steps through them (previous, next, play, jump to a turn). Without JavaScript the
   page shows the turn-by-turn log instead. */
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
    el("rect", {x: 0, y: 0, width: 36, height: 36, "class": "table"}, svg);
    board.zones.forEach(function (points, i) {
      el("polygon", {points: points, "class": "zone zone-" + (i === 0 ? "a" : "b")}, svg);
    });
    if (board.centerline.length === 2) {
      el("line", {x1: board.centerline[0][0], y1: board.centerline[0][1],
        x2: board.centerline[1][0], y2: board.centerline[1][1], "class": "centerline"}, svg);
    }
    board.terrain.forEach(function (piece) {
      var cls = "terrain " + piece.traits.join(" ");
      var node = piece.shape === "rect"
        ? el("rect", {x: piece.x, y: piece.y, width: piece.w, height: piece.h, "class": cls}, svg)
        : el("circle", {cx: piece.cx, cy: piece.cy, r: piece.r, "class": cls}, svg);
      el("title", {}, node).textContent = piece.name;
    });
    var layer = el("g", {"class": "pieces"}, svg);
    var index = 0;
    var timer = null;
    var turnSelect = document.getElementById("replay-turn");
    var turns = [];
    steps.forEach(function (step, i) {
      if (turns.indexOf(step.turn) < 0) {
        turns.push(step.turn);
        var option = document.createElement("option");
        option.value = String(i);
        option.textContent = step.turn ? String(step.turn) : "0";
        turnSelect.appendChild(option);
      }
    });

    function draw() {
      var step = steps[index];
      while (layer.firstChild) { layer.removeChild(layer.firstChild); }
      step.markers.forEach(function (m) {
        var node = el("circle", {cx: m[3], cy: 36 - m[4], r: 0.59,
          "class": "marker marker-" + m[1] + (m[2] === 0 ? " side-a" : m[2] === 1 ? " side-b" : "")}, layer);
        el("title", {}, node).textContent = m[1];
      });
      step.models.forEach(function (m) {
        var info = board.models[m[0]];
        var node = el("circle", {cx: m[1], cy: 36 - m[2], r: info.r,
          "class": "model side-" + info.side + (step.acting === m[0] ? " acting" : "")}, layer);
        el("title", {}, node).textContent = info.name + " (" + m[3] + " Wd)";
      });
      document.getElementById("replay-vp-a").textContent = step.vp[0];
      document.getElementById("replay-vp-b").textContent = step.vp[1];
      document.getElementById("replay-title").textContent = step.title;
      // The status says what just happened (the step's last line), not only who acted.
      document.getElementById("replay-happened").textContent =
        step.lines.length ? step.lines[step.lines.length - 1] : "";
      document.getElementById("replay-position").textContent = (index + 1) + "/" + steps.length;
      var lines = document.getElementById("replay-lines");
      var duels = document.getElementById("replay-duels");
      lines.textContent = "";
      duels.textContent = "";
      step.lines.forEach(function (text) {
        var li = document.createElement("li");
        li.textContent = text;
        lines.appendChild(li);
      });
      step.duels.forEach(function (duel) {
        var li = document.createElement("li");
        li.textContent = duel.action + ": " + duel.cards.join(", ");
        duels.appendChild(li);
      });
      for (var t = turnSelect.options.length - 1; t >= 0; t--) {
        if (Number(turnSelect.options[t].value) <= index) { turnSelect.selectedIndex = t; break; }
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
      }, 400);
    });
    document.getElementById("replay-prev").addEventListener("click", function () { stop(); go(index - 1); });
    document.getElementById("replay-next").addEventListener("click", function () { stop(); go(index + 1); });
    turnSelect.addEventListener("change", function () { stop(); go(Number(turnSelect.value)); });
    draw();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

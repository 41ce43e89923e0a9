// The board's page: draws the view the server sends (only what your seat sees), plays
// a move by a click on the map (a piece, then one of its lit destinations; or a lit
// hex), on a card's use, or on a choice, asks for a hint, and polls while the computer
// is thinking. The table companion's page is this page over a notebook (TABLE): a
// choice writes that entry down, a line can be typed, the last entry struck out.
"use strict";

let view = null;
let belief = null;
let offline = false;  // the last poll found no server
let clicks = null;    // what a click on the map plays (the board's data-clicks)
let selected = null;  // the key of the piece selected on the map
let keyed = false;    // a key played a choice: the redraw sends the focus to the map
let loggedBefore = null;  // the log's length when you last played (what came since is new)
// The buttons beside the map that play a choice (a card's use, a piece's, the list's).
const PLAYING = "#hands button, #actions button, #choices button, #selection button, " +
  "#board button[data-move]";

// An answer of the server's, or {error, offline} when it did not answer (stopped,
// restarting): said on the page, never dropped silently.
async function call(path, options) {
  let data;
  try {
    const response = await fetch(`${API}/${path}`, options);
    data = await response.json();
  } catch (failure) {
    data = {error: "The server does not answer; trying again...", offline: true};
  }
  if (data.error) showError(data.error);
  return data;
}

function showError(text) {
  document.getElementById("error").textContent = text || "";
}

function draw(data) {
  const moved = !view || view.position !== data.position;
  view = data;
  noteGame(data);
  const status = document.getElementById("status");
  status.textContent = data.over ? data.verdict
    : data.table ? data.table.asked
    : data.thinking ? "The computer is thinking..."
    : data.choices.length ? `You are ${data.you}: your move.`
    : data.waiting_for ? `Waiting for ${data.waiting_for}.` : "";
  status.className = data.thinking ? "thinking" : "";
  const screen = document.getElementById("screen");
  screen.textContent = data.screen;
  // a game whose panels show the state says it all in parts; a log alone does not
  screen.hidden = Boolean(data.panels && data.panels.status);
  if (moved) selected = null;
  drawBoard(data);
  drawHands(data);
  drawChoices(data);
  drawPanels(data);
  drawEnding(data);
  if (data.problem) showError(data.problem);
  // a notebook's record is the seat's own, to take away at any time; a game's is given
  // at its end, with its replay and analysis (a notebook has no full game to replay)
  document.getElementById("analysis-button").hidden = !data.over || TABLE;
  drawReplay(data);
  document.getElementById("record-link").hidden = !data.over && !TABLE;
  if (moved) followBelief();
  shade();
  if (data.thinking) setTimeout(refresh, 150);
  else if (data.waiting_for) setTimeout(refresh, 1000);  // a friend's move
}

// The map, and what its clicks play: a piece with moves or uses is selected by a
// click (its destinations light up, its uses become buttons); a lit hex plays the
// choice it stands for.
function drawBoard(data) {
  const board = document.getElementById("board");
  board.innerHTML = data.board || "";
  const map = board.querySelector("[data-clicks]");
  clicks = map ? JSON.parse(map.dataset.clicks) : null;
  // shading needs a map of hexes; a board without one has no belief to shade
  document.getElementById("shade-label").hidden = !board.querySelector(".hex");
  if (clicks && !(selected in clicks.pieces)) selected = null;
  if (clicks && selected === null && !Object.keys(clicks.hexes).length) {
    // one piece to move and nothing else on the map: it is selected already
    const movers = Object.keys(clicks.pieces).filter(
      (key) => Object.keys(clicks.pieces[key].hexes).length);
    if (movers.length === 1) selected = movers[0];
  }
  board.querySelectorAll(".hex").forEach((hex) => {
    hex.addEventListener("click", () => clickHex(hex.dataset.hex));
  });
  // a table of cards (no map) puts a choice on what it names: a button that plays it
  board.querySelectorAll("button[data-move]").forEach((button) => {
    button.addEventListener("click", () => play(button.dataset.move));
  });
  board.querySelectorAll(".piece[data-select]").forEach((piece) => {
    piece.addEventListener("click", (event) => {
      event.stopPropagation();
      clickPiece(piece.dataset.select, piece.dataset.at);
    });
  });
  markMap();
}

// The hexes a click plays now: the selected piece's destinations, or else the hexes
// a choice names by themselves.
function targets() {
  if (!clicks) return {};
  return selected === null ? clicks.hexes : clicks.pieces[selected].hexes;
}

function markMap() {
  const lit = targets();
  const costs = clicks && selected !== null ? clicks.pieces[selected].costs || {} : {};
  document.querySelectorAll("#board .hex").forEach((hex) => {
    hex.classList.toggle("target", hex.dataset.hex in lit);
    hex.querySelector(".cost")?.remove();
    if (hex.dataset.hex in costs) {  // what a click there spends, on the hex
      const box = hex.querySelector("polygon").getBBox();
      const cost = document.createElementNS("http://www.w3.org/2000/svg", "text");
      cost.setAttribute("class", "cost");
      cost.setAttribute("x", box.x + box.width / 2);
      // under the pieces, above a port's name
      cost.setAttribute("y", box.y + box.height * (hex.querySelector(".port") ? 0.74 : 0.86));
      cost.textContent = costs[hex.dataset.hex];
      hex.appendChild(cost);
    }
  });
  document.querySelectorAll("#board .piece[data-select]").forEach((piece) => {
    const key = piece.dataset.select;
    piece.classList.toggle("selectable", Boolean(clicks && key in clicks.pieces));
    piece.classList.toggle("selected", key === selected);
  });
  drawSelection();
  markKeys();
}

// The map by keyboard: each hex a press plays now and each piece that can be selected
// is a button in the Tab order, named for what it does; the others are not, so that
// Tab does not walk the whole map. Enter or Space on one is a click (`pressOnMap`).
function markKeys() {
  const lit = targets();
  const says = (clicks && clicks.says) || {};
  document.querySelectorAll("#board .hex").forEach((hex) => {
    const id = hex.dataset.hex;
    keyButton(hex, id in lit ? `hex ${id}: ${says[lit[id]] || lit[id]}` : null);
  });
  document.querySelectorAll("#board .piece[data-select]").forEach((piece) => {
    const key = piece.dataset.select;
    const at = piece.dataset.at;
    const name = piece.querySelector("title").textContent + (at ? ` at hex ${at}` : "");
    let label = null;
    if (key === selected) {
      // pressed again, it plays the move to its own hex, as a second click does
      label = `${name}, selected` + (at in lit ? `: ${says[lit[at]] || lit[at]}` : "");
    } else if (clicks && key in clicks.pieces) {
      label = `select ${name}`;
    }
    keyButton(piece, label);
  });
  // a move played by a key redraws the map or takes its button away (the map is
  // drawn before the cards): the focus goes to the map, unless it was moved since
  const focused = document.activeElement;
  if (keyed && (!focused || focused === document.body || focused.closest(PLAYING))) {
    const first = document.querySelector('#board [role="button"]');
    if (first) {
      first.focus();
      keyed = false;
    }
  }
}

// An element of the map made a button named `label`, or no button when it is null.
function keyButton(element, label) {
  if (label === null) {
    for (const name of ["tabindex", "role", "aria-label"]) element.removeAttribute(name);
    return;
  }
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
}

// A choice played by a key on one of them: the redraw takes the button away, and the
// focus goes to the map when it has something to play next (`markKeys`).
function pressedToPlay(event) {
  if ((event.key === "Enter" || event.key === " ") && event.target.closest(PLAYING)) {
    keyed = true;
  }
}

// Enter or Space on a button of the map clicks it. A piece selected by a key sends the
// focus on to its first destination (or its first use): the hexes come before the
// pieces in the map, so Tab would not reach them next. Escape lets the piece go.
function pressOnMap(event) {
  if (event.key === "Escape" && selected !== null) {
    const piece = document.querySelector(
      `#board .piece[data-select="${CSS.escape(selected)}"]`);
    selected = null;
    markMap();
    if (piece) piece.focus();
    return;
  }
  const button = event.target.closest('#board [role="button"]');
  if (!button || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();  // a space would scroll the page
  const before = selected;
  button.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  if (selected !== null && selected !== before) {
    const next = document.querySelector("#board .hex.target, #selection button");
    if (next) next.focus();
  } else {
    keyed = true;  // it played: the answer redraws the map
  }
}

// The selected piece: what it is, how to move it, and its uses as buttons.
function drawSelection() {
  const panel = document.getElementById("selection");
  panel.innerHTML = "";
  if (selected === null) {
    const pieces = clicks ? Object.keys(clicks.pieces) : [];
    if (pieces.length) {
      panel.textContent = "Click a ringed piece to select it (or Tab to it, then Enter).";
    }
    return;
  }
  const piece = document.querySelector(`#board .piece[data-select="${CSS.escape(selected)}"]`);
  const name = piece ? piece.querySelector("title").textContent : selected;
  const moves = Object.keys(clicks.pieces[selected].hexes).length;
  const said = document.createElement("span");
  said.textContent = `Selected: ${name}.` + (moves
    ? " Click a lit hex to move it there (the cheapest move)." : "");
  panel.appendChild(said);
  for (const [label, move] of clicks.pieces[selected].uses) {
    const button = makeButton("use", label, () => play(move));
    button.dataset.move = move;
    panel.appendChild(button);
  }
}

function clickPiece(key, at) {
  if (key === selected) {
    // a second click on it plays a move to its own hex, where it stays; else it
    // stays selected (a click on an unlit hex lets it go)
    if (at in targets()) play(targets()[at]);
  } else if (clicks && key in clicks.pieces) {
    selected = key;
    markMap();
  } else {
    clickHex(at);
  }
}

function clickHex(hexId) {
  const lit = targets();
  if (hexId in lit) play(lit[hexId]);
  else if (selected !== null) { selected = null; markMap(); }
}

// The choices no part of the table plays (end the phase, pass, ...) as buttons; every
// choice, the map's and the cards' too, in the list under them (folded away).
function drawChoices(data) {
  const covered = new Set(clicks ? clicks.covers : []);
  for (const card of data.cards) for (const [, move] of card.uses) covered.add(move);
  document.querySelectorAll("#board button[data-move]").forEach(
    (button) => covered.add(button.dataset.move));
  const actions = document.getElementById("actions");
  const choices = document.getElementById("choices");
  actions.innerHTML = "";
  choices.innerHTML = "";
  for (const choice of data.choices) {
    // in words, its note after it; the typed form (what the prompt and a record say)
    // in the tooltip
    const words = choice.words || choice.text;
    const label = choice.note ? `${words} ${choice.note}` : words;
    for (const list of covered.has(choice.text) ? [choices] : [actions, choices]) {
      const button = makeButton("choice", label, () => play(choice.text));
      button.dataset.move = choice.text;
      button.title = choice.text;
      list.appendChild(button);
    }
  }
  if (data.choices.length && !actions.children.length) {  // say where to play instead
    const onMap = clicks && Object.keys(clicks.pieces).length + Object.keys(clicks.hexes).length;
    const withCard = data.cards.some((card) => card.uses.length);
    const onTable = document.querySelector("#board button[data-move]");
    const where = [onMap && "on the map", onTable && "on the table",
                   withCard && "with a card"].filter(Boolean);
    actions.appendChild(textOf("p", "play-here",
      `Play ${where.join(" or ") || "from the list of every choice"}.`));
  }
  document.getElementById("choice-count").textContent = data.choices.length;
  document.getElementById("all-choices").hidden = !data.choices.length;
}

// The state at a glance (the game's own markup, built from your view) and the log of
// everything you have seen, scrolled to its end when it grows.
function drawPanels(data) {
  const panels = data.panels;
  document.getElementById("state").innerHTML = panels ? panels.status : "";
  document.getElementById("log-panel").hidden = !panels;
  if (!panels) return;
  const log = document.getElementById("log");
  if (log.children.length === panels.log.length) return;
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  log.innerHTML = "";
  panels.log.forEach((line, index) => {
    const fresh = loggedBefore !== null && index >= loggedBefore;
    log.appendChild(textOf("li", fresh ? "fresh" : "", line));
  });
  if (atEnd || !log.dataset.drawn) log.scrollTop = log.scrollHeight;
  log.dataset.drawn = "yes";
}

// The end of the game: a banner with the outcome and why; the hand, the choices and
// the hint are put away.
function drawEnding(data) {
  const banner = document.getElementById("banner");
  banner.hidden = !data.over;
  if (data.over) {
    const why = data.panels && data.panels.ending;
    banner.className = data.verdict === "You won." ? "won" : "lost";
    banner.textContent = `Game over. ${data.verdict || ""}` + (why ? ` ${why}` : "");
  }
  document.getElementById("hint-button").disabled = data.over;
  document.getElementById("undo-button").disabled = data.over;
  document.querySelectorAll("#hand button, #actions button, #choices button").forEach(
    (button) => { button.disabled = data.over; });
  document.getElementById("hands").classList.toggle("over", data.over);
}

// A button of the page: its class, its text and what a click does.
function makeButton(className, text, onClick) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  button.textContent = text;
  button.addEventListener("click", onClick);
  return button;
}

// Your cards face up, each with its name, value, text and the uses you may make of it
// now as buttons (each plays that choice); the opponent's face down, with their count.
function drawHands(data) {
  const hand = document.getElementById("hand");
  hand.innerHTML = "";
  for (const card of data.cards) {
    const face = document.createElement("div");
    face.className = card.uses.length ? "card face usable" : "card face";
    face.dataset.card = card.card;
    const top = document.createElement("div");
    top.className = "card-top";
    top.append(textOf("b", "card-name", card.name), textOf("span", "card-value", card.value));
    face.append(top, textOf("p", "card-text", card.text));
    if (card.mark) face.appendChild(textOf("p", "card-mark", card.mark));
    const uses = document.createElement("div");
    uses.className = "card-uses";
    for (const [label, move] of card.uses) {
      const button = makeButton("card-use", label, () => play(move));
      button.dataset.move = move;
      uses.appendChild(button);
    }
    face.appendChild(uses);
    hand.appendChild(face);
  }
  const other = document.getElementById("opponent-hand");
  other.innerHTML = "";
  const count = data.opponent_cards;
  if (count === null || count === undefined) return;
  for (let i = 0; i < count; i++) {
    const back = document.createElement("span");
    back.className = "card back";
    other.appendChild(back);
  }
  other.appendChild(textOf("span", "card-count",
    `${data.opponent}: ${count} card${count === 1 ? "" : "s"} in hand, face down`));
}

// An element of the page with a class and a text (never markup).
function textOf(tag, className, text) {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

async function refresh() {
  const data = await call("view");
  if (data.position !== undefined) {
    if (offline) showError("");  // back: the message of its absence goes
    offline = false;
    draw(data);
  } else if (data.offline) {
    offline = true;
    setTimeout(refresh, 2000);  // polling goes on until the server is back
  }
}

async function play(text) {
  showError("");
  clearTakeBack();
  // what is logged from here on, your move and the others' answer, is marked as new
  loggedBefore = view && view.panels ? view.panels.log.length : null;
  const data = await call("move", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({move: text, position: view.position}),
  });
  document.getElementById("hint").textContent = "";  // advice of a position gone by
  if (data.position !== undefined) draw(data);
}

async function hint() {
  const panel = document.getElementById("hint");
  panel.textContent = "Thinking about your position...";
  const data = await call("hint");
  panel.innerHTML = data.html || "";  // the server's markup, every text escaped
  if (data.belief) keepBelief(data.belief, view.position);
  shade();
}

// The games this browser has played, newest first, for the index's "Your games": the
// page's address is the seat's own (it is in the browser's history already).
const MY_GAMES = "hunt-games";
const MY_GAMES_KEPT = 12;

function noteGame(data) {
  try {
    let kept = JSON.parse(localStorage.getItem(MY_GAMES) || "[]");
    if (!Array.isArray(kept)) kept = [];  // a tampered or older list starts again
    const games = kept.filter((game) => game && typeof game.token === "string"
                                        && game.token !== TOKEN);
    games.unshift({token: TOKEN, table: TABLE, title: data.title, you: data.you,
                   over: data.over,
                   verdict: data.verdict, position: data.actions ?? data.position,
                   at: Date.now()});
    localStorage.setItem(MY_GAMES, JSON.stringify(games.slice(0, MY_GAMES_KEPT)));
  } catch (full) { /* a browser that keeps nothing lists no games */ }
}

// The belief shading follows the game: after each move it is asked again (the belief
// alone, without a search), and it is kept in this browser for a reload.
const SHADING = `hunt-shading-${TOKEN}`;

function keepBelief(found, position) {
  belief = found;
  try {
    localStorage.setItem(SHADING, JSON.stringify({
      on: document.getElementById("shade").checked, position, belief: found}));
  } catch (full) { /* a browser that keeps nothing still shades this page */ }
}

function keptShading() {
  try {
    return JSON.parse(localStorage.getItem(SHADING) || "null");
  } catch (broken) {
    return null;
  }
}

async function followBelief() {
  if (!document.getElementById("shade").checked || !view || view.over) return;
  const kept = keptShading();
  if (kept && kept.position === view.position && kept.belief) {
    belief = kept.belief;
    return;
  }
  const asked = view.position;
  const data = await call("belief");
  if (data.belief && view.position === asked) {
    keepBelief(data.belief, asked);
    shade();
  }
}

// Each hex shaded by its share of the likeliest hex's belief, so a belief spread over
// many hexes shows as much as a sharp one; a hex ruled out is left clear.
function shade() {
  const on = document.getElementById("shade").checked && belief;
  const most = on ? Math.max(...Object.values(belief), 0) : 0;
  document.querySelectorAll("#board .hex").forEach((hex) => {
    const p = on ? belief[hex.dataset.hex] || 0 : 0;
    hex.style.setProperty("--belief", p > 0 && most > 0
      ? (0.15 + 0.7 * p / most).toFixed(3) : "0");
    hex.classList.toggle("shaded", Boolean(on));
    hex.querySelector("title")?.remove();
    if (on && p > 0) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = `${hex.dataset.hex}: ${(100 * p).toFixed(1)}%`;
      hex.appendChild(title);
    }
  });
  const legend = document.getElementById("legend");
  legend.hidden = !on;
  legend.innerHTML = "";
  if (on) {
    const possible = Object.values(belief).filter((p) => p > 0).length;
    legend.append(textOf("span", "", "Belief by hex:"),
      textOf("span", "legend-bar", ""),
      textOf("span", "", `clear: ruled out; palest: least likely; darkest: ${
        (100 * most).toFixed(1)}% (the likeliest); ${possible} ${possible === 1 ? "hex" : "hexes"} possible`));
  }
}

async function analysis() {
  const panel = document.getElementById("hint");
  panel.textContent = "Looking back on the game (this takes a while)...";
  const data = await call("analysis");
  panel.textContent = "";
  panel.appendChild(textOf("pre", "", data.text || ""));  // the terminal's lines
  if (data.chart) drawChart(data.chart);
}

// After the game: the game again as your seat saw it, a slider over its positions (the
// board, the state and your belief at each), and the analysis's chart of the win
// chance, each turning point a link to the position it was decided in.
let replaying = null;  // the position the replay shows; null: the end, the live view

function drawReplay(data) {
  document.getElementById("replay").hidden = !data.over || TABLE;
  if (!data.over || TABLE) return;
  const slider = document.getElementById("replay-at");
  slider.max = data.actions;
  if (replaying === null) {
    slider.value = data.actions;
    document.getElementById("replay-where").textContent =
      `the end, after ${data.actions} actions`;
  }
}

async function replayAt(wanted) {
  const slider = document.getElementById("replay-at");
  const at = Math.max(0, Math.min(view.actions, wanted));
  slider.value = at;
  if (at === view.actions) {
    replaying = null;
    belief = (keptShading() || {}).belief || null;
    draw(view);
    return;
  }
  replaying = at;
  const data = await call(`replay?at=${at}`);
  if (data.position === undefined || replaying !== data.position) return;  // moved on
  const board = document.getElementById("board");
  board.innerHTML = data.board || "";
  clicks = null;
  selected = null;
  drawSelection();
  document.getElementById("shade-label").hidden = !board.querySelector(".hex");
  document.getElementById("state").innerHTML = data.status || "";
  const screen = document.getElementById("screen");
  screen.textContent = data.screen;
  screen.hidden = Boolean(data.status);
  belief = data.belief;
  shade();
  document.getElementById("replay-where").textContent =
    `after ${data.position} of ${data.end} actions`;
}

const SVG = "http://www.w3.org/2000/svg";

function svgOf(tag, attributes, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function drawChart(chart) {
  const width = 360, height = 160, left = 36, right = 8, top = 18, bottom = 22;
  const x = (index) => left + (width - left - right) * index / Math.max(1, chart.end);
  const y = (p) => top + (height - top - bottom) * (1 - p);
  // a group, not an image: an image's parts are hidden from a screen reader, and its
  // turning points are buttons
  const svg = svgOf("svg", {viewBox: `0 0 ${width} ${height}`, class: "chart",
                            role: "group", "aria-label": `P(${chart.of} win) by action`});
  svg.append(svgOf("text", {x: left, y: 12}, `P(${chart.of} win${
    chart.of === "you" ? "" : "s"}), by action; dots: turning points`));
  for (const p of [0, 0.5, 1]) {
    svg.append(svgOf("line", {x1: left, x2: width - right, y1: y(p), y2: y(p),
                              class: p === 0.5 ? "even" : "axis"}));
    svg.append(svgOf("text", {x: left - 4, y: y(p) + 4, "text-anchor": "end"},
                     `${100 * p}%`));
  }
  svg.append(svgOf("text", {x: left, y: height - 6}, "start"));
  svg.append(svgOf("text", {x: width - right, y: height - 6, "text-anchor": "end"},
                   `action ${chart.end}`));
  svg.append(svgOf("polyline", {class: "chance", points: chart.points
    .map(([index, p]) => `${x(index).toFixed(1)},${y(p).toFixed(1)}`).join(" ")}));
  for (const point of chart.turning) {
    const dot = svgOf("circle", {cx: x(point.index), cy: y(point.before), r: 5,
                                 class: "turning", tabindex: 0, role: "button"});
    // numbered from 1, as the analysis's words number them; shown before it is played
    dot.append(svgOf("title", {}, `action ${point.index + 1}: ${point.action}, ${
      Math.round(100 * point.before)}% to ${Math.round(100 * point.after)}%`));
    const show = () => replayAt(point.index);
    dot.addEventListener("click", show);
    dot.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();  // a space would scroll the page
      show();
    });
    svg.append(dot);
  }
  const holder = document.getElementById("chart");
  holder.innerHTML = "";
  holder.append(svg);
}

// A game's last choice taken back (while it is still your turn and you have seen
// nothing since; the server says why not), or a notebook's last entry struck out.
async function takeBack() {
  showError("");
  const data = await call("undo", {method: "POST"});
  document.getElementById("hint").textContent = "";
  if (data.position === undefined) return;
  document.getElementById("struck").textContent = data.error ? ""
    : !TABLE ? "Your last choice is taken back."
    : data.struck ? `Struck out: ${data.struck}.` : "Nothing to strike out.";
  draw(data);
}

// the message of a take-back goes with the next move
function clearTakeBack() {
  document.getElementById("struck").textContent = "";
}

if (TABLE) {
  document.getElementById("entry-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const field = document.getElementById("entry");
    if (!field.value.trim()) return;
    const before = view.position;
    await play(field.value);
    if (view.position !== before) field.value = "";  // written down; kept if refused
  });
}
document.getElementById("undo-button").addEventListener("click", takeBack);

document.getElementById("hint-button").addEventListener("click", hint);
document.getElementById("board").addEventListener("keydown", pressOnMap);
document.addEventListener("keydown", pressedToPlay);
// a pointer's click is no key's: the focus stays where the pointer leaves it
document.addEventListener("pointerdown", () => { keyed = false; });
document.getElementById("replay-at").addEventListener("input",
  (event) => replayAt(Number(event.target.value)));
document.getElementById("replay-back").addEventListener("click",
  () => replayAt(Number(document.getElementById("replay-at").value) - 1));
document.getElementById("replay-next").addEventListener("click",
  () => replayAt(Number(document.getElementById("replay-at").value) + 1));
document.getElementById("analysis-button").addEventListener("click", analysis);
document.getElementById("leave-button").addEventListener("click", async () => {
  // the computer stops (a notebook closes); the game or the record stays saved
  await call("leave", {method: "POST"});
  window.location.href = "/";
});
document.getElementById("shade").addEventListener("change", () => {
  const on = document.getElementById("shade").checked;
  const kept = keptShading();
  try {
    localStorage.setItem(SHADING, JSON.stringify({...(kept || {}), on}));
  } catch (full) { /* the choice lasts as long as the page */ }
  if (on && (!belief || !kept || kept.position !== view.position)) followBelief();
  shade();
});
document.getElementById("shade").checked = Boolean((keptShading() || {}).on);
refresh();

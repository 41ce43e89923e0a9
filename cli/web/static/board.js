// The board's page: draws the view the server sends (only what your seat sees), plays
// a move by a click on a choice or on a highlighted hex, asks for a hint, and polls
// while the computer is thinking.
"use strict";

let view = null;
let belief = null;
let offline = false;  // the last poll found no server

// An answer of the server's, or {error, offline} when it did not answer (stopped,
// restarting): said on the page, never dropped silently.
async function call(path, options) {
  let data;
  try {
    const response = await fetch(`/api/${TOKEN}/${path}`, options);
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
  view = data;
  const status = document.getElementById("status");
  status.textContent = data.over ? data.verdict
    : data.thinking ? "The computer is thinking..."
    : data.choices.length ? `You are ${data.you}: your move.`
    : data.waiting_for ? `Waiting for ${data.waiting_for}.` : "";
  status.className = data.thinking ? "thinking" : "";
  document.getElementById("screen").textContent = data.screen;
  const board = document.getElementById("board");
  board.innerHTML = data.board || "";
  // shading needs a map of hexes; a board without one has no belief to shade
  document.getElementById("shade-label").hidden = !board.querySelector(".hex");
  board.querySelectorAll(".hex.target").forEach((hex) => {
    hex.addEventListener("click", () => chooseHex(hex.dataset.hex));
  });
  drawHands(data);
  const choices = document.getElementById("choices");
  choices.innerHTML = "";
  for (const choice of data.choices) {
    const label = choice.note ? `${choice.text} ${choice.note}` : choice.text;
    const button = makeButton("choice", label, () => play(choice.text));
    button.dataset.move = choice.text;
    choices.appendChild(button);
  }
  if (data.problem) showError(data.problem);
  document.getElementById("analysis-button").hidden = !data.over;
  document.getElementById("record-link").hidden = !data.over;
  shade();
  if (data.thinking) setTimeout(refresh, 150);
  else if (data.waiting_for) setTimeout(refresh, 1000);  // a friend's move
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

// Your cards face up (a click picks out the choices that play or use it, or plays the
// one that does); the opponent's face down, as many as they hold.
function drawHands(data) {
  const hand = document.getElementById("hand");
  hand.innerHTML = "";
  for (const card of data.hand) {
    const face = makeButton("card", card, () => chooseBy((words) => words.includes(card)));
    face.dataset.card = card;
    hand.appendChild(face);
  }
  const other = document.getElementById("opponent-hand");
  other.innerHTML = "";
  for (let i = 0; i < (data.opponent_cards || 0); i++) {
    const back = document.createElement("span");
    back.className = "card back";
    other.appendChild(back);
  }
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
  const data = await call("move", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({move: text, position: view.position}),
  });
  belief = null;
  document.getElementById("hint").textContent = "";
  if (data.position !== undefined) draw(data);
}

// A click on a highlighted hex or on a card plays the one choice it stands for, or
// picks out the choices it could mean (several pieces may reach a hex; a card is
// played for its AP or for its event).
function chooseHex(hexId) {
  chooseBy((words) => words[words.length - 1] === hexId);
}

function chooseBy(matches) {
  const found = view.choices.filter((c) => matches(c.text.split(" ")));
  if (found.length === 1) {
    play(found[0].text);
    return;
  }
  document.querySelectorAll(".choice").forEach((button) => {
    const match = matches(button.dataset.move.split(" "));
    button.classList.toggle("match", match);
    if (match) button.parentNode.prepend(button);
  });
}

async function hint() {
  const panel = document.getElementById("hint");
  panel.textContent = "Thinking about your position...";
  const data = await call("hint");
  panel.textContent = data.text || "";
  belief = data.belief || null;
  shade();
}

function shade() {
  const on = document.getElementById("shade").checked && belief;
  document.querySelectorAll("#board .hex").forEach((hex) => {
    const p = on ? belief[hex.dataset.hex] || 0 : 0;
    hex.style.setProperty("--belief", Math.min(1, p * 5).toFixed(3));
    hex.classList.toggle("shaded", Boolean(on));
  });
}

async function analysis() {
  const panel = document.getElementById("hint");
  panel.textContent = "Looking back on the game (this takes a while)...";
  const data = await call("analysis");
  panel.textContent = data.text || "";
}

document.getElementById("hint-button").addEventListener("click", hint);
document.getElementById("analysis-button").addEventListener("click", analysis);
document.getElementById("leave-button").addEventListener("click", async () => {
  await call("leave", {method: "POST"});  // the computer stops; the game stays saved
  window.location.href = "/";
});
document.getElementById("shade").addEventListener("change", () => {
  if (!belief && document.getElementById("shade").checked) hint();
  else shade();
});
refresh();

// The list of games: resuming sends the chosen record file itself (the server never
// reads a path it is given), then opens the game it resumed; the games this browser
// has played (noted by board.js) are listed while the server still holds them.
"use strict";

document.getElementById("resume").addEventListener("submit", async (event) => {
  event.preventDefault();
  const form = event.target;
  const error = document.getElementById("resume-error");
  const file = form.elements.record.files[0];
  if (!file) {
    error.textContent = "Choose a record file first.";
    return;
  }
  const level = encodeURIComponent(form.elements.level.value);
  try {
    const response = await fetch(`/resume?level=${level}`, {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept": "application/json"},
      body: file,
    });
    if (response.ok && response.redirected) {
      window.location.href = response.url;
      return;
    }
    const data = await response.json().catch(() => ({}));
    error.textContent = data.error || `The server answered ${response.status}.`;
  } catch (failure) {
    error.textContent = "The server did not answer; is hunt serve still running?";
  }
});

const MY_GAMES = "hunt-games";

async function listMyGames() {
  let games = [];
  try {
    games = JSON.parse(localStorage.getItem(MY_GAMES) || "[]");
  } catch (broken) { /* a list this page cannot read is written anew below */ }
  // only well-formed entries: a tampered or older list must not stop the page
  if (!Array.isArray(games)) games = [];
  games = games.filter((game) => game && typeof game.token === "string");
  const list = document.getElementById("my-games-list");
  const kept = [];
  for (const game of games) {
    // a game the server has let go of (ended and gone, or the server restarted
    // without its store) is dropped from the list
    const token = encodeURIComponent(game.token);
    const response = await fetch(game.table ? `/api/table/${token}/view`
                                            : `/api/${token}/view`).catch(() => null);
    if (!response || !response.ok) continue;
    kept.push(game);
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = game.table ? `/table/${token}` : `/game/${token}`;
    link.textContent = `${game.title}${game.table ? " at the table" : ""}, as ${game.you}`;
    item.append(link, ` - ${game.over ? game.verdict || "over" : "in play"}, ` +
                `${game.position} ${game.table ? "entries" : "moves"}, ` +
                new Date(game.at).toLocaleString());
    list.append(item);
  }
  try {
    localStorage.setItem(MY_GAMES, JSON.stringify(kept));
  } catch (full) { /* nothing kept: the list is shown all the same */ }
  document.getElementById("my-games").hidden = kept.length === 0;
}

listMyGames();

// A game whose player count is chosen offers only the seats of that many players.
for (const form of document.querySelectorAll("form.game")) {
  const players = form.elements["o-players"];
  const seat = form.elements.as;
  if (!players || !seat) continue;
  const fit = () => {
    const count = Number(players.value);
    for (const [index, option] of [...seat.options].entries()) option.hidden = index >= count;
    if (seat.selectedIndex >= count) seat.selectedIndex = 0;
  };
  players.addEventListener("change", fit);
  fit();
}

// The list of games: resuming sends the chosen record file itself (the server never
// reads a path it is given), then opens the game it resumed.
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

// Upload a record (a JSON file) to replay it.

import { app, el, fill } from "./common.js";

const status = el("p");
const file = el("input", { type: "file", name: "record", accept: ".json,application/json", required: true });
const form = el("form.panel", {
  onsubmit: async (event) => {
    event.preventDefault();
    const response = await fetch("/api/replays", { method: "POST", body: new FormData(form) });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (response.ok) location.href = data.url;
    else fill(status, el("span.error", {}, data.error));
  },
}, el("h2", {}, "Replay a record"), el("p", {}, "A record is the JSON a finished game downloads."),
  file, " ", el("button.primary", { type: "submit" }, "Replay"), status);

fill(app, form);

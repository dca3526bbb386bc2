// My games: a signed-in player's games from the server (those where it is their
// move first, with how long they have; then the others; then finished ones with
// their place), and the games this browser holds tokens for. Polled, so the tab
// title says "Your move" whenever it is, in any of them. Seats given to the player
// by name are accepted or declined here; below, the account itself (its password,
// deleting it) and the place of the notifications' settings.

import { forgetGame, heldGames, moveTitle, notify, notifyButton, signedIn } from "./account.js";
import { app, el, fill, request } from "./common.js";
import { notificationsPanel } from "./notifications.js";

const POLL_MS = 4000;
const HELD_SHOWN = 30;  // the newest games of this browser asked for
const account = await signedIn;
let myMoves = new Set();

async function accountGames() {
  if (!account) return null;
  try {
    return await request("/api/me/games");
  } catch {
    return null;
  }
}

// The games this browser holds tokens for, each with its public summary (a game gone is forgotten).
async function browserGames(known) {
  const held = heldGames().filter((game) => !known.has(game.id)).slice(0, HELD_SHOWN);
  const found = await Promise.all(held.map(async (game) => {
    const response = await fetch(`/api/games/${game.id}`);
    if (response.status === 404) forgetGame(game.id);
    return response.ok ? { held: game, summary: await response.json() } : null;
  }));
  return found.filter(Boolean);
}

async function invitations() {
  if (!account) return [];
  try {
    return await request("/api/me/invitations");
  } catch {
    return [];
  }
}

// A seat given by name: kept (accept), or given back to the table's host (decline).
function invitationItem(entry) {
  const answer = (what) => async () => {
    try {
      await request(`/api/games/${entry.id}/seats/${entry.seat}/${what}`, { method: "POST" });
    } catch (error) {
      alert(error.message);
    }
    await draw();
  };
  return el("li", { "data-invitation": entry.id }, gameLink(entry), " ", el("span.muted", {}, `${entry.seat_label} · `),
    el("button.accept", { onclick: answer("accept") }, "Accept"), " ",
    el("button.decline", { onclick: answer("decline") }, "Decline"));
}

function gameLink(entry) {
  return el("a", { href: entry.url }, entry.name);
}

function runningItem(entry) {
  const turn = entry.status === "open" ? `waiting for ${entry.waiting_for} more`
    : entry.my_move ? "your move" : `waiting for ${entry.to_move.join(", ")}`;
  return el("li", { "data-game": entry.id, class: entry.my_move ? "mine" : null }, gameLink(entry), " ",
    el("span.muted", {}, `${entry.title} · ${entry.names.join(" · ")} · you are ${entry.names[entry.seat]} · `),
    entry.my_move ? el("strong", {}, turn) : turn,
    entry.time_left ? ` · ${entry.time_left} left` : null,
    entry.status === "running" ? el("span.muted", {}, ` · ${entry.progress}% played`) : null);
}

function finishedItem(entry) {
  return el("li", { "data-game": entry.id }, gameLink(entry), " ",
    el("span.muted", {}, `${entry.title} · ${entry.names.join(" · ")} · `),
    entry.place ? `you finished ${entry.place}` : "finished", " · ", el("a", { href: `${entry.url}/replay` }, "replay"));
}

// A browser-held game as the account's entries look: which of its seats are this browser's.
function browserEntry({ held, summary }) {
  const mine = (held.seats || []).filter((seat) => seat !== null);
  const names = summary.seats.map((seat) => seat.name);
  const entry = { id: summary.id, url: `/games/${summary.id}`, name: summary.name, title: summary.title, names,
    status: summary.status, progress: summary.progress, seat: mine.length ? mine[0] : null,
    waiting_for: summary.seats.filter((seat) => !seat.claimed).length,
    my_move: summary.status === "running" && summary.to_move.some((seat) => mine.includes(seat)),
    to_move: summary.to_move.map((seat) => names[seat]), time_left: null, place: null };
  if (summary.result && entry.seat !== null) {
    entry.place = `${ordinal(summary.result.ranking[entry.seat])} of ${summary.players}`;
  }
  return entry;
}

function ordinal(rank) {
  const suffix = rank % 100 >= 10 && rank % 100 <= 20 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[rank % 10] || "th";
  return `${rank}${suffix}`;
}

function section(title, entries, item, empty) {
  return el("section.panel", {}, el("h2", {}, title),
    entries.length ? el("ul.my-games", {}, entries.map(item)) : el("p.muted", {}, empty));
}

const gamesArea = el("div");

async function draw() {
  const [mineOnServer, invited] = await Promise.all([accountGames(), invitations()]);
  const known = new Set(mineOnServer ? [...mineOnServer.running, ...mineOnServer.finished].map((g) => g.id) : []);
  const here = (await browserGames(known)).map(browserEntry).filter((entry) => entry.seat !== null);
  const running = [...(mineOnServer ? mineOnServer.running : []), ...here.filter((e) => e.status !== "finished")];
  const finished = [...(mineOnServer ? mineOnServer.finished : []), ...here.filter((e) => e.status === "finished")];
  const yours = running.filter((entry) => entry.my_move);
  const now = new Set(yours.map((entry) => entry.id));
  if ([...now].some((id) => !myMoves.has(id))) notify(`Your move in ${yours.find((e) => !myMoves.has(e.id)).name}`);
  myMoves = now;
  moveTitle(yours.length > 0, "My games · headframe");
  fill(gamesArea,
    invited.length ? section("Invitations", invited, invitationItem, "") : null,
    section("Your move", yours, runningItem, "It is nobody's move of yours."),
    section("Running", running.filter((entry) => !entry.my_move), runningItem, "none"),
    section("Finished", finished, finishedItem, "none"));
}

// --- your account: drawn once (the poll redraws only the games) ----------------

function passwordForm(legend, fields, button, send) {
  const inputs = fields.map(([name, label]) => el("input", { type: "password", name, autocomplete: name === "password"
    ? "current-password" : "new-password", minlength: 8, maxlength: 128, required: true, "aria-label": label,
  placeholder: label }));
  const said = el("p.muted", { role: "status" });
  const form = el("form", {}, el("h3", {}, legend), inputs, el("button", { type: "submit" }, button), said);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      said.textContent = await send(Object.fromEntries(inputs.map((input) => [input.name, input.value])));
      form.reset();
    } catch (error) {
      said.textContent = error.message;
    }
  });
  return form;
}

function accountSection() {
  if (!account) return null;
  const change = passwordForm("Change your password", [["password", "your password now"], ["new_password", "new password"]],
    "Change password", async (body) => {
      await request("/api/me/password", { method: "POST", body });
      return "Your password is changed: your other browsers are signed out.";
    });
  const remove = passwordForm("Delete your account", [["password", "your password"]], "Delete my account",
    async (body) => {
      if (!confirm("Delete your account? Your name will never sign in again.")) return "";
      await request("/api/me/delete", { method: "POST", body });
      location.assign("/");
      return "Your account is deleted.";
    });
  return el("section.panel.your-account", {}, el("h2", {}, "Your account"),
    el("p.muted", {}, "Deleting it ends your sessions; your finished games show you as “a former player”, and stand-ins play your seats in running ones."),
    change, remove);
}

// The notifications' settings (email, web push), in a place of their own.
const notificationsSlot = account ? el("div.notifications-slot", { id: "notifications" }, notificationsPanel()) : null;

fill(app,
  el("h1", {}, "My games"),
  el("p.muted", {}, account ? `Signed in as ${account.name}; and the games this browser holds a seat of. `
    : ["The games this browser holds a seat of. ", el("a", { href: "/signin?next=/me" }, "Sign in"),
      " to find your games from any browser. "], notifyButton()),
  gamesArea, accountSection(), notificationsSlot);
await draw();
setInterval(draw, POLL_MS);

// Who is signed in (the header's name and "Sign out", or "Sign in"), the CSRF
// token that cookie-authorised writes carry, the games this browser holds
// tokens for (local storage, shared by every tab), the tab title and the
// optional browser notification that say when it is your move.

// Asked once per page; never a 401 (GET /api/session says null when signed out).
export const signedIn = fetch("/api/session").then((response) => response.json())
  .then((data) => data.account).catch(() => null);

export async function csrfToken() {
  const account = await signedIn;
  return account ? account.csrf : null;
}

function link(href, text) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.textContent = text;
  return anchor;
}

async function drawHeader() {
  const slot = document.getElementById("account");
  if (!slot) return;
  const account = await signedIn;
  if (!account) {
    const back = location.pathname === "/signin" ? "" : `?next=${encodeURIComponent(location.pathname)}`;
    slot.replaceChildren(link(`/signin${back}`, "Sign in"));
    return;
  }
  const name = document.createElement("span");
  name.className = "name";
  name.textContent = account.name;
  const out = document.createElement("button");
  out.textContent = "Sign out";
  out.addEventListener("click", async () => {
    await fetch("/api/session", { method: "DELETE", headers: { "X-CSRF-Token": account.csrf } });
    location.reload();
  });
  slot.replaceChildren(name, out);
}

drawHeader();

// --- the games this browser holds tokens for --------------------------------

const PREFIX = "headframe:";
const KEEP_FINISHED_MS = 14 * 24 * 3600 * 1000;

export function heldGame(gameId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + gameId) || "null");
  } catch {
    return null;
  }
}

export function keepGame(gameId, entry) {
  localStorage.setItem(PREFIX + gameId, JSON.stringify({ ...entry, at: Date.now() }));
}

export function forgetGame(gameId) {
  localStorage.removeItem(PREFIX + gameId);
}

// Every game this browser holds tokens for, newest first; finished ones are let go after two weeks.
export function heldGames() {
  const found = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(PREFIX)) continue;
    const entry = heldGame(key.slice(PREFIX.length));
    if (entry) found.push({ id: key.slice(PREFIX.length), ...entry });
  }
  const stale = found.filter((g) => g.status === "finished" && Date.now() - (g.at || 0) > KEEP_FINISHED_MS);
  stale.forEach((g) => forgetGame(g.id));
  return found.filter((g) => !stale.includes(g)).sort((a, b) => (b.at || 0) - (a.at || 0));
}

// --- telling the player it is their move --------------------------------------

export function moveTitle(myMove, title) {
  document.title = myMove ? `Your move · ${title}` : title;
}

// A notification when it becomes your move while the tab is hidden, once the player asked for them.
export function notify(text) {
  if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
    new Notification(text, { tag: "headframe-your-move" });
  }
}

// "Notify me": asks the browser for permission only when clicked.
export function notifyButton() {
  if (!("Notification" in window) || Notification.permission !== "default") return null;
  const button = document.createElement("button");
  button.textContent = "Notify me";
  button.title = "A browser notification when it is your move and this tab is in the background";
  button.addEventListener("click", async () => {
    await Notification.requestPermission();
    button.remove();
  });
  return button;
}

// Shared helpers of the generic client: the page's boot data, JSON requests,
// element building, seats' names and colours, and a readable rendering of any JSON view.

import { csrfToken } from "./account.js";

export const boot = JSON.parse(document.getElementById("boot").textContent);
export const app = document.getElementById("app");

export async function request(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const csrf = method === "GET" ? null : await csrfToken();  // a signed-in browser's writes carry it
  if (csrf) headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

// el("div.panel", {onclick}, child, "text", ...): an element with a class, props and children.
export function el(spec, props = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(props || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// Replace a node's children, skipping the null and false that conditional parts give.
export function fill(node, ...children) {
  node.replaceChildren(...children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false));
}

export const words = (key) => String(key).replace(/[_-]+/g, " ");

const isScalar = (value) => value === null || typeof value !== "object";

function scalar(value) {
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

// Views number seats from 0; these keys hold a seat (or a list of seats), shown
// by name and colour rather than as a number.
const SEAT_KEYS = new Set(["active", "current", "first", "first_player", "worker", "winner", "victim", "seat",
  "to_move", "order_of_play", "player_order", "placement_order", "passed"]);

const isSeat = (value, seats) => Number.isInteger(value) && value >= 0 && value < seats.length;

// Any JSON value as readable HTML: scalars as text, lists of scalars joined,
// lists of like objects as tables, objects as definition lists; seats by name.
// `names`: what a person calls the strings a view holds ({id: name}, the game's value names).
export function renderValue(value, seats = [], key = null, names = {}) {
  if (key !== null && SEAT_KEYS.has(key)) {
    if (isSeat(value, seats)) return seatLabel(seats, value);
    if (Array.isArray(value) && value.length && value.every((item) => isSeat(item, seats))) {
      return el("span", {}, value.map((seat, i) => [i ? ", " : "", seatLabel(seats, seat)]));
    }
  }
  if (typeof value === "string" && Object.hasOwn(names, value)) return document.createTextNode(names[value]);
  if (isScalar(value)) return document.createTextNode(scalar(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span.muted", {}, "none");
    if (value.every(isScalar)) {
      return document.createTextNode(value.map((item) => (Object.hasOwn(names, item) ? names[item] : scalar(item))).join(", "));
    }
    if (value.every((item) => item && typeof item === "object" && !Array.isArray(item))) {
      const columns = [...new Set(value.flatMap(Object.keys))];
      return el("table", {}, el("tr", {}, columns.map((c) => el("th", {}, words(c)))),
        value.map((row) => el("tr", {}, columns.map((c) => el("td", {}, c in row ? renderValue(row[c], seats, c, names) : "")))));
    }
    return el("ol", {}, value.map((item) => el("li", {}, renderValue(item, seats, null, names))));
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return el("span.muted", {}, "none");
  return el("dl", {}, entries.map(([name, item]) => [el("dt", {}, Object.hasOwn(names, name) ? names[name] : words(name)), el("dd", {}, renderValue(item, seats, name, names))]));
}

// The keys of a view that the frame shows itself rather than as panels.
const FRAME_KEYS = new Set(["game", "players", "options", "seat", "to_move", "over", "decision", "result"]);

export function viewPanels(view, seats, names = {}) {
  return Object.entries(view).filter(([key]) => !FRAME_KEYS.has(key))
    .map(([key, value]) => el("section.panel", {}, el("h3", {}, words(key)), renderValue(value, seats, key, names)));
}

// A game's value names, fetched once per page (the server lets the browser keep them).
const valueNames = new Map();
export function namesOf(game) {
  if (!valueNames.has(game)) valueNames.set(game, request(`/api/rules/${encodeURIComponent(game)}/names`).catch(() => ({})));
  return valueNames.get(game);
}

// Seat colours come from the server (engine/svg.py), the same the boards use.
export function seatColour(seat) {
  const colours = boot.seat_colours;
  return colours[seat % colours.length];
}

// "Ann (vermilion)": a seat's name and colour, as the board shows it.
export function seatName(seats, seat) {
  if (seat === null || seat === undefined) return "spectator";
  const info = seats && seats[seat];
  const name = info && info.name ? info.name : `Seat ${seat + 1}`;
  return `${name} (${seatColour(seat).name})`;
}

// The seat's name after a dot of its colour.
export function seatLabel(seats, seat) {
  const dot = el("span.seat-dot", { "aria-hidden": "true" });
  dot.style.setProperty("--seat", seatColour(seat).colour);  // CSSOM: allowed by the page's style policy
  return el("span.seat", {}, dot, seatName(seats, seat));
}

export function resultPanel(result, seats) {
  const order = result.ranking.map((rank, seat) => ({ rank, seat })).sort((a, b) => a.rank - b.rank);
  return el("section.panel.result", {}, el("h3", {}, "result"),
    el("table", {}, el("tr", {}, el("th", {}, "rank"), el("th", {}, "player"), el("th", {}, "score")),
      order.map(({ rank, seat }) => el("tr", {}, el("td", {}, rank), el("td", {}, seatLabel(seats, seat)),
        el("td", {}, result.scores[seat])))),
    result.tiebreak ? el("p.muted", {}, `decided by ${result.tiebreak}`) : null);
}

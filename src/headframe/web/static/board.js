// The generic board client. A game draws its board server-side as SVG from the
// seat's view; every element where a legal action happens carries
// `data-actions="id id"` and a <title> saying what clicking does. This module
// knows no game: it makes those elements clickable (a small menu when one
// element offers several actions) and reports which actions have a place, so
// the page shows only the others as buttons.

import { el } from "./common.js";

// The board's SVG markup as a node, or null if it does not parse. The markup is
// parsed as XML and imported: no script in it could run (and the page's policy
// forbids inline scripts anyway).
function parse(markup) {
  const parsed = new DOMParser().parseFromString(markup, "image/svg+xml");
  const root = parsed.documentElement;
  if (root.localName !== "svg" || parsed.getElementsByTagName("parsererror").length) return null;
  return document.importNode(root, true);
}

const hintOf = (node) => {
  const title = [...node.children].find((child) => child.localName === "title");
  return title ? title.textContent : "";
};

// A board to look at: a replay's, a seat that has nothing to decide, or one
// whose move is on its way (`waiting`).
export function staticBoard(markup, waiting = false) {
  const svg = parse(markup);
  if (!svg) return el("p.error", {}, "The board could not be drawn.");
  for (const node of svg.querySelectorAll(".clickable")) node.classList.remove("clickable");
  return el("div.board-frame" + (waiting ? ".waiting" : ""), {}, svg);
}

// A board to play on. `choices`: the decision's legal actions, [{id, label}];
// `choose(id)` plays one. `memory` outlives redraws (others' moves redraw the
// page): a menu left open is opened again on the new board if its place is
// still there. Returns the board's node and the ids it has a place for.
export function playableBoard(markup, choices, choose, memory = {}) {
  const svg = parse(markup);
  if (!svg) return { node: el("p.error", {}, "The board could not be drawn."), placed: new Set() };
  const labels = new Map(choices.map((choice) => [choice.id, choice.label]));
  const placed = new Set();
  const hint = el("p.hint", { "aria-live": "polite" });
  const frame = el("div.board-frame", {}, svg, hint);
  let chosen = false;

  const play = (id) => {
    if (chosen) return;
    chosen = true;
    frame.classList.add("waiting");
    closeMenu(frame, memory);
    choose(id);
  };

  const places = new Map();  // element -> the legal ids it offers
  for (const node of svg.querySelectorAll("[data-actions]")) {
    const ids = node.getAttribute("data-actions").split(/\s+/).filter((id) => labels.has(id));
    if (ids.length === 0) {
      node.classList.remove("clickable");
      continue;
    }
    ids.forEach((id) => placed.add(id));
    places.set(node, ids);
    node.classList.add("clickable");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.addEventListener("focus", () => hover(node));
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        activate(node, event);
      }
    });
  }

  // The place under the pointer, even beneath a label or token drawn over it.
  const placeAt = (event) => document.elementsFromPoint(event.clientX, event.clientY)
    .map((node) => node.closest("[data-actions]")).find((node) => places.has(node));
  let hovered = null;
  const hover = (node) => {
    if (hovered) hovered.classList.remove("hovered");
    hovered = node || null;
    if (hovered) hovered.classList.add("hovered");
    const ids = hovered ? places.get(hovered) : [];
    hint.textContent = hovered ? hintOf(hovered) || ids.map((id) => labels.get(id)).join(" or ")
      : placed.size ? "Click a glowing place on the board." : "";
  };
  const menuAt = (node, at) => openMenu(frame, memory, node, at, hintOf(node),
    places.get(node).map((id) => ({ id, label: labels.get(id) })), play);
  const activate = (node, event) => {
    event.stopPropagation();
    const ids = places.get(node);
    if (ids.length === 1) play(ids[0]);
    else menuAt(node, pointIn(frame, event));
  };
  svg.addEventListener("mousemove", (event) => hover(placeAt(event)));
  svg.addEventListener("mouseleave", () => hover(null));
  svg.addEventListener("click", (event) => {
    const node = placeAt(event);
    if (node) activate(node, event);
  });
  frame.addEventListener("click", () => closeMenu(frame, memory));
  hover(null);
  const reopen = memory.menu && [...places.keys()].find((node) => node.getAttribute("data-actions") === memory.menu.actions);
  if (reopen) menuAt(reopen, memory.menu.at);
  else memory.menu = null;
  return { node: frame, placed };
}

// Where an event happened in the frame (a key press: near the top middle).
function pointIn(frame, event) {
  const box = frame.getBoundingClientRect();
  return event.clientX ? { x: event.clientX - box.left, y: event.clientY - box.top } : { x: box.width / 2, y: 40 };
}

// Several actions on one place: a small menu where it was clicked, one button
// per action in the game's own words.
function openMenu(frame, memory, node, at, heading, options, play) {
  closeMenu(frame, memory);
  memory.menu = { actions: node.getAttribute("data-actions"), at };
  const menu = el("div.board-menu", { role: "menu" },
    heading ? el("p", {}, heading) : null,
    options.map(({ id, label }) => el("button", { role: "menuitem", "data-action": id,
      onclick: (clicked) => { clicked.stopPropagation(); play(id); } }, label)),
    el("button.cancel", { onclick: (clicked) => { clicked.stopPropagation(); closeMenu(frame, memory); } }, "Cancel"));
  menu.style.setProperty("--x", `${at.x}px`);
  menu.style.setProperty("--y", `${at.y}px`);
  frame.append(menu);
}

function closeMenu(frame, memory) {
  frame.querySelectorAll(".board-menu").forEach((menu) => menu.remove());
  memory.menu = null;
}

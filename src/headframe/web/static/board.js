// The generic board client. A game draws its board server-side as SVG from the
// seat's view; every element where a legal action happens carries
// `data-actions="id id"` and a <title> saying what clicking does. This module
// knows no game: it makes those elements clickable (a small menu when one
// element offers several actions) and reports which actions have a place, so
// the page shows only the others as buttons.
//
// A game draws two layouts of its board: "wide", and "narrow" for a phone (one
// column, at most 400 units wide). `layout()` is the one this screen wants and
// `onLayoutChange` hears when that changes (a phone turned, a window resized).
//
// The board sits in a frame that scales it (its viewBox) and lets it be panned:
// on a wide screen the whole board fits the frame's width and the window's height;
// on a narrow one it fits the frame's width (or is drawn larger, where its
// smallest label would read under 11 CSS px), pans with a finger (the page
// pinch-zooms too), and "Whole board" fits it. The frame's zoom outlives redraws
// (every update draws a new board).

import { el } from "./common.js";

const READABLE_PX = 11;  // the smallest label's size on a narrow screen
const NARROW = "(max-width: 900px), (max-height: 500px)";
const ZOOM_STEP = 1.25;
const LONG_PRESS_MS = 500;
// mode: "fit" | "readable" | a scale chosen with the zoom buttons; null: the screen's default.
// width: the last board's, in CSS px; left, top: where the board was panned to.
const zoom = { mode: null, width: null, left: 0, top: 0 };
let shown = null;  // the board last framed: where it is panned is read off it when the next comes

export function layout() {
  return matchMedia(NARROW).matches ? "narrow" : "wide";
}

export function onLayoutChange(callback) {
  matchMedia(NARROW).addEventListener("change", () => callback(layout()));
}

// What a person asks about a board element that explains itself (`data-explain`):
// `callback(key, node)`, for a click on one with no legal action of the seat, a
// right-click or a long-press (touch) on any, or "What is this?" in a place's menu.
let explainer = null;
export function onExplain(callback) {
  explainer = callback;
}

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

const explained = (node) => node && (node.closest("[data-explain]") || node.querySelector("[data-explain]"));

function explain(node) {
  if (!explainer || !node) return false;
  explainer(node.getAttribute("data-explain"), node);
  return true;
}

// Right-click and long-press ask what an element is, whatever clicking it does.
// A long-press swallows the click that ends it (and the context menu a phone opens).
function explainOnPress(svg) {
  let timer = null;
  let pressed = false;
  let release = () => {};
  svg.addEventListener("contextmenu", (event) => {
    const node = event.target.closest("[data-explain]");
    if (!explainer || !node) return;
    event.preventDefault();
    release();
    if (!pressed) pressed = explain(node);
  });
  svg.addEventListener("pointerdown", (event) => {
    pressed = false;
    const node = event.target.closest("[data-explain]");
    if (event.pointerType !== "touch" || !node) return;
    const { clientX, clientY } = event;
    const moved = (move) => Math.hypot(move.clientX - clientX, move.clientY - clientY) > 10 && release();
    release = () => {
      clearTimeout(timer);
      svg.removeEventListener("pointermove", moved);
    };
    timer = setTimeout(() => { pressed = explain(node); }, LONG_PRESS_MS);
    svg.addEventListener("pointermove", moved);
  });
  for (const end of ["pointerup", "pointercancel"]) svg.addEventListener(end, () => release());
  svg.addEventListener("click", (event) => {
    if (pressed) event.stopImmediatePropagation();
    pressed = false;
  }, true);
}

// The frame: a bar of zoom buttons, the board in a view that pans, and `after` (the hint).
function frameFor(svg, classes, after = null) {
  const view = el("div.board-view", {}, svg);
  const { width, height } = svg.viewBox.baseVal;  // every board has one (engine/svg.py's document)
  const board = { svg, view, width, height, smallest: null };  // measured once drawn: see drawnSmallest
  // A scroll event comes only with the page's next frame, which a hidden or busy tab may not have
  // drawn before the update: the last board's own position, not the last event's, is kept.
  if (shown?.panned && shown.view.isConnected) Object.assign(zoom, { left: shown.view.scrollLeft, top: shown.view.scrollTop });
  shown = board;
  const set = (mode) => { zoom.mode = mode; size(board); };
  const bar = el("div.board-zoom", {},
    el("button.zoom-out", { type: "button", "aria-label": "Zoom out", title: "Zoom out",
      onclick: () => set(scaleOf(board) / ZOOM_STEP) }, "−"),
    el("button.zoom-in", { type: "button", "aria-label": "Zoom in", title: "Zoom in",
      onclick: () => set(scaleOf(board) * ZOOM_STEP) }, "+"),
    el("button.zoom-fit", { type: "button", onclick: () => set("fit") }, "Whole board"),
    el("button.zoom-readable", { type: "button", onclick: () => set("readable") }, "Readable"));
  const frame = el("div.board-frame" + classes, {}, bar, view, after);
  explainOnPress(svg);
  if (zoom.width) svg.style.width = `${zoom.width}px`;  // the last board's size: no jump before measuring
  new ResizeObserver(() => size(board)).observe(view);
  view.addEventListener("scroll", () => {
    // A scroll event comes a frame late: one of a board already replaced (which reads 0, 0) is not kept.
    if (board.panned && board === shown) Object.assign(zoom, { left: view.scrollLeft, top: view.scrollTop });
  });
  return frame;
}

// The smallest text's size in the board's units as drawn: its font size (its own attribute, else
// its group's, else the board's) times the scale of the groups it is in. Read once the board is in
// the page (a scale is known only then).
function drawnSmallest(svg) {
  const board = Math.hypot(svg.getScreenCTM().a, svg.getScreenCTM().b);
  const sizes = [...svg.querySelectorAll("text")].map((text) => {
    const holder = text.closest("[font-size]");
    const ctm = text.getScreenCTM();
    return holder && ctm ? parseFloat(holder.getAttribute("font-size")) * Math.hypot(ctm.a, ctm.b) / board : 0;
  }).filter((size) => size > 0);
  return sizes.length ? Math.min(...sizes) : 14;
}

function innerWidth(view) {
  const style = getComputedStyle(view);
  return view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
}

// The frame's height: the window's height below the frame's top at scroll 0 less what goes
// under it (--below). The view is kept that high, so a board drawn larger pans inside it. On a
// wide screen a board pushed down (under a game's results) still gets most of the window's
// height: the page scrolls to it.
function frameHeight(board) {
  const style = getComputedStyle(board.view);
  const top = board.view.getBoundingClientRect().top + window.scrollY;
  const least = matchMedia(NARROW).matches ? 160 : 0.7 * window.innerHeight;
  return Math.max(window.innerHeight - top - parseFloat(style.getPropertyValue("--below") || 0) - 8, least);
}

// The scale (CSS px per board unit) of the whole board in the frame: its width and height.
function fitScale(board) {
  return Math.min(innerWidth(board.view) / board.width, frameHeight(board) / board.height);
}

// Fitted to the frame's width, or larger where that leaves labels under READABLE_PX.
const readableScale = (board) => Math.max(innerWidth(board.view) / board.width, READABLE_PX / board.smallest);

function scaleOf(board) {
  const mode = zoom.mode ?? (matchMedia(NARROW).matches ? "readable" : "fit");
  if (mode === "fit") return fitScale(board);
  if (mode === "readable") return readableScale(board);
  return Math.min(Math.max(mode, fitScale(board) / 2), 4);
}

function size(board) {
  if (!board.view.isConnected || !board.view.clientWidth) return;
  board.view.style.maxHeight = `${Math.floor(frameHeight(board))}px`;
  board.smallest ??= drawnSmallest(board.svg);
  const scale = scaleOf(board);
  const exact = board.width * scale;  // a board that fits the frame's width stays inside it; a larger one is not smaller
  zoom.width = exact > innerWidth(board.view) + 0.5 ? Math.ceil(exact) : Math.floor(exact);
  board.svg.style.width = `${zoom.width}px`;
  if (!board.panned) {  // a new board (each update draws one) is panned where the last one was
    board.view.scrollTo(zoom.left, zoom.top);
    board.panned = true;
  }
}

// A board to look at: a replay's, a seat that has nothing to decide, or one
// whose move is on its way (`waiting`). Clicking an element asks what it is.
export function staticBoard(markup, waiting = false) {
  const svg = parse(markup);
  if (!svg) return el("p.error", {}, "The board could not be drawn.");
  for (const node of svg.querySelectorAll(".clickable")) node.classList.remove("clickable");
  svg.addEventListener("click", (event) => explain(event.target.closest("[data-explain]")));
  return frameFor(svg, waiting ? ".waiting" : "");
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
  const frame = frameFor(svg, "", hint);
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
    places.get(node).map((id) => ({ id, label: labels.get(id) })), play, explainer && explained(node));
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
    else explain(event.target.closest("[data-explain]"));
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
// per action in the game's own words; a place that explains itself offers "What is this?" too.
function openMenu(frame, memory, node, at, heading, options, play, explains) {
  closeMenu(frame, memory);
  memory.menu = { actions: node.getAttribute("data-actions"), at };
  const menu = el("div.board-menu", { role: "menu" },
    heading ? el("p", {}, heading) : null,
    options.map(({ id, label }) => el("button", { role: "menuitem", "data-action": id,
      onclick: (clicked) => { clicked.stopPropagation(); play(id); } }, label)),
    explains ? el("button.what", { onclick: (clicked) => { clicked.stopPropagation(); closeMenu(frame, memory); explain(explains); } },
      "What is this?") : null,
    el("button.cancel", { onclick: (clicked) => { clicked.stopPropagation(); closeMenu(frame, memory); } }, "Cancel"));
  menu.style.setProperty("--x", `${at.x}px`);
  menu.style.setProperty("--y", `${at.y}px`);
  frame.append(menu);
}

function closeMenu(frame, memory) {
  frame.querySelectorAll(".board-menu").forEach((menu) => menu.remove());
  memory.menu = null;
}

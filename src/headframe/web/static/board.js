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
// pinch-zooms too), and one button turns it between the whole board and readable.
// The frame's zoom outlives redraws (every update draws a new board). At each new
// decision the board is panned to the places it offers, and the frame's bar keeps
// the decision's prompt and a button that brings them back into view.

import { el } from "./common.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const READABLE_PX = 11;  // the smallest label's size on a narrow screen
const NARROW = "(max-width: 900px), (max-height: 500px)";
const ZOOM_STEP = 1.25;
const LONG_PRESS_MS = 500;
// Where else a tap may have meant, around its point (CSS px): a finger is wider than a pixel.
const NEAR = [[0, -8], [8, 0], [0, 8], [-8, 0], [6, -6], [6, 6], [-6, 6], [-6, -6], [0, -14], [14, 0], [0, 14], [-14, 0]];
// A finger's target (CSS px): a tap on a smaller place with another playable one within reach of the
// finger zooms the board in around it first, until the place is this large, and the next tap chooses.
const FINGER_PX = 40;
const MAX_SCALE = 4;
// mode: "fit" | "readable" | a scale chosen with the zoom buttons; null: the screen's default.
// width: the last board's, in CSS px; left, top: where the board was panned to; restore: the zoom and
// pan before a zoom in to choose among small places, taken back once the choice is made.
const zoom = { mode: null, width: null, left: 0, top: 0, restore: null };
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

// What clicking a place does, in a line: its title's first part (the rest says what the place is,
// which "What is this?" and the detail panel tell).
const hintOf = (node) => {
  const title = [...node.children].find((child) => child.localName === "title");
  return title ? title.textContent.split(" — ")[0].split(/(?<=[.!?])\s/)[0] : "";
};

const explained = (node) => node && (node.closest("[data-explain]") || node.querySelector("[data-explain]"));

// What a tap at the event's point is about: the first element that explains itself under it, even
// beneath a label or token drawn over it.
const explainedAt = (event) => document.elementsFromPoint(event.clientX, event.clientY)
  .map((node) => node.closest("[data-explain]")).find(Boolean) || null;

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

// The frame: a bar (the prompt, if any, and the zoom buttons), the board in a view that pans,
// and `after` (the hint).
function frameFor(svg, classes, after = null, prompt = null) {
  const view = el("div.board-view", {}, svg);
  const { width, height } = svg.viewBox.baseVal;  // every board has one (engine/svg.py's document)
  const board = { svg, view, width, height, smallest: null };  // measured once drawn: see drawnSmallest
  // A scroll event comes only with the page's next frame, which a hidden or busy tab may not have
  // drawn before the update: the last board's own position, not the last event's, is kept.
  if (shown?.panned && shown.view.isConnected) Object.assign(zoom, { left: shown.view.scrollLeft, top: shown.view.scrollTop });
  shown = board;
  const toggle = el("button.zoom-toggle", { type: "button" });
  const set = (mode) => {
    zoom.mode = mode;
    size(board);
    toggle.textContent = fitted() ? "Readable" : "Whole board";
  };
  // To `scale`, the board's point at (x, y) on the screen staying there, until the next choice is made
  // (a zoom to choose among places smaller than a finger: the board then opens as it was).
  board.zoomAround = (scale, x, y) => {
    const before = scaleOf(board);
    zoom.restore ??= { mode: zoom.mode, left: view.scrollLeft, top: view.scrollTop };
    const box = view.getBoundingClientRect();
    const [atX, atY] = [(x - box.left + view.scrollLeft) / before, (y - box.top + view.scrollTop) / before];
    set(scale);
    const after = scaleOf(board);
    view.scrollTo(atX * after - (x - box.left), atY * after - (y - box.top));
    Object.assign(zoom, { left: view.scrollLeft, top: view.scrollTop });
  };
  toggle.textContent = fitted() ? "Readable" : "Whole board";
  toggle.addEventListener("click", () => set(fitted() ? "readable" : "fit"));
  // The bar is as tall whatever the decision (a prompt or none, choices on the board or none), so the
  // board under it never moves when a decision comes or goes.
  const bar = el("div.board-zoom", {},
    el("span.board-prompt", {}, prompt || ""),
    el("button.show-choices", { type: "button", hidden: true }, "My choices"),
    el("button.zoom-out", { type: "button", "aria-label": "Zoom out", title: "Zoom out",
      onclick: () => set(scaleOf(board) / ZOOM_STEP) }, "−"),
    el("button.zoom-in", { type: "button", "aria-label": "Zoom in", title: "Zoom in",
      onclick: () => set(Math.min(scaleOf(board) * ZOOM_STEP, MAX_SCALE)) }, "+"),
    toggle);
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
  const least = (matchMedia(NARROW).matches ? 0.65 : 0.7) * window.innerHeight;
  return Math.max(window.innerHeight - top - parseFloat(style.getPropertyValue("--below") || 0) - 8, least);
}

// The scale (CSS px per board unit) of the whole board in the frame: its width and height.
function fitScale(board) {
  return Math.min(innerWidth(board.view) / board.width, frameHeight(board) / board.height);
}

// Fitted to the frame's width, or larger where that leaves labels under READABLE_PX.
const readableScale = (board) => Math.max(innerWidth(board.view) / board.width, READABLE_PX / board.smallest);

const modeNow = () => zoom.mode ?? (matchMedia(NARROW).matches ? "readable" : "fit");
const fitted = () => modeNow() === "fit";

function scaleOf(board) {
  const mode = modeNow();
  if (mode === "fit") return fitScale(board);
  if (mode === "readable") return readableScale(board);
  return Math.min(Math.max(mode, fitScale(board) / 2), MAX_SCALE);
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

// The amounts that changed since the view `before` (what the seat saw when its player last acted):
// every element the game ties to a place in the view (`data-view="players.0.cash"`) whose value
// there is not what it was.
function markChanged(svg, before) {
  if (!before) return;
  for (const node of svg.querySelectorAll("[data-view]")) {
    const was = valueAt(before, node.getAttribute("data-view"));
    if (was !== undefined && was !== node.textContent.trim()) node.classList.add("changed");
  }
}

function valueAt(view, path) {
  let value = view;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = value[key];
  }
  if (value === undefined || value === null || typeof value === "object") return undefined;
  return typeof value === "boolean" ? (value ? "True" : "False") : String(value);  // as the server writes it
}

// The bot's top choices (a hint) marked on a playable board: each place offering one gets the choice's
// rank in a badge at its corner and a ring, its title saying why. `ranked`: [{id, rank, why}], best first.
export function markHinted(frame, ranked) {
  const svg = frame.querySelector("svg");
  if (!svg) return;
  for (const { id, rank, why } of [...ranked].reverse()) {  // a place offering several: the best rank shown
    for (const node of svg.querySelectorAll("[data-actions]")) {
      if (!node.getAttribute("data-actions").split(/\s+/).includes(id)) continue;
      node.classList.add("hinted");
      node.setAttribute("data-hint", rank);
      requestAnimationFrame(() => badge(node, rank, why));
    }
  }
}

function badge(node, rank, why) {
  if (!node.isConnected) return;
  node.querySelector(":scope > .hint-badge")?.remove();
  const box = node.getBBox();
  const r = Math.max(7, Math.min(14, Math.min(box.width, box.height) / 3));
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "hint-badge");
  group.setAttribute("aria-hidden", "true");
  const circle = document.createElementNS(SVG_NS, "circle");
  for (const [key, value] of Object.entries({ cx: box.x + box.width - r / 2, cy: box.y + r / 2, r })) circle.setAttribute(key, value);
  const text = document.createElementNS(SVG_NS, "text");
  for (const [key, value] of Object.entries({ x: box.x + box.width - r / 2, y: box.y + r / 2, "font-size": r * 1.3,
    "text-anchor": "middle", "dominant-baseline": "central" })) text.setAttribute(key, value);
  text.textContent = String(rank);
  const title = document.createElementNS(SVG_NS, "title");
  title.textContent = why ? `The bot's choice ${rank}: ${why}` : `The bot's choice ${rank}`;
  group.append(circle, text, title);
  node.append(group);
}

// A board to look at: a replay's, a seat that has nothing to decide, or one
// whose move is on its way (`waiting`). Clicking an element asks what it is.
export function staticBoard(markup, waiting = false, before = null) {
  const svg = parse(markup);
  if (!svg) return el("p.error", {}, "The board could not be drawn.");
  markChanged(svg, before);
  for (const node of svg.querySelectorAll(".clickable")) node.classList.remove("clickable");
  svg.addEventListener("click", (event) => explain(explainedAt(event)));
  return frameFor(svg, waiting ? ".waiting" : "");
}

// A board to play on. `choices`: the decision's legal actions, [{id, label}];
// `choose(id)` plays one; `decision` names the decision (a new one pans the board to
// its places) and `prompt` says it. `memory` outlives redraws (others' moves redraw
// the page): a menu left open is opened again on the new board if its place is
// still there. Returns the board's node and the ids it has a place for.
export function playableBoard(markup, choices, choose, memory = {}, decision = null, prompt = null, before = null) {
  const svg = parse(markup);
  if (!svg) return { node: el("p.error", {}, "The board could not be drawn."), placed: new Set() };
  markChanged(svg, before);
  const labels = new Map(choices.map((choice) => [choice.id, choice.label]));
  const placed = new Set();
  const hint = el("p.hint", { "aria-live": "polite" });
  const frame = frameFor(svg, "", hint, prompt);
  const board = shown;
  let chosen = false;

  const play = (id) => {
    if (chosen) return;
    chosen = true;
    if (zoom.restore) {  // zoomed in to choose: the next board opens at the zoom the player had
      Object.assign(zoom, zoom.restore, { restore: null });
    }
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

  // The place under the pointer, even beneath a label or token drawn over it; for a finger, one
  // within a few pixels of the tap when none is right under it.
  const placeAtPoint = (x, y) => document.elementsFromPoint(x, y)
    .map((node) => node.closest("[data-actions]")).find((node) => places.has(node));
  const placeAt = (event) => placeAtPoint(event.clientX, event.clientY) || (lastPointer === "touch"
    ? NEAR.map(([dx, dy]) => placeAtPoint(event.clientX + dx, event.clientY + dy)).find(Boolean) : undefined);
  let lastPointer = "mouse";
  let touched = null;
  svg.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
    touched = [event.clientX, event.clientY];
  });
  let hovered = null;
  const hover = (node) => {
    if (hovered) hovered.classList.remove("hovered");
    hovered = node || null;
    if (hovered) hovered.classList.add("hovered");
    const ids = hovered ? places.get(hovered) : [];
    hint.textContent = hovered ? hintOf(hovered) || ids.map((id) => labels.get(id)).join(" or ")
      : placed.size ? "Choose a glowing place on the board." : "";
  };
  const menuAt = (node, at) => openMenu(frame, memory, node, at,
    places.get(node).map((id) => ({ id, label: labels.get(id) })), play, explainer && explained(node));
  const activate = (node, event) => {
    event.stopPropagation();
    const ids = places.get(node);
    if (ids.length === 1) play(ids[0]);
    else menuAt(node, pointIn(frame, event));
  };
  svg.addEventListener("mousemove", (event) => hover(placeAt(event)));
  svg.addEventListener("mouseleave", () => hover(null));
  // A finger's tap on a place smaller than a finger, another playable place within its reach: the
  // scale at which the place is a finger's size (null: it is, or the board is as large as it goes).
  const closer = (node, event) => {
    const box = node.getBoundingClientRect();
    const smaller = Math.min(box.width, box.height);
    if (lastPointer !== "touch" || smaller >= FINGER_PX) return null;
    const near = NEAR.some(([dx, dy]) => {
      const other = placeAtPoint(event.clientX + dx, event.clientY + dy);
      return other && other !== node;
    });
    const scale = Math.min(scaleOf(board) * Math.max(ZOOM_STEP, FINGER_PX / smaller), MAX_SCALE);
    return near && scale > scaleOf(board) * 1.01 ? scale : null;
  };
  svg.addEventListener("click", (event) => {
    // A finger's click comes where the browser's touch adjustment moved it, which may be off every
    // place though the finger was on one: where the finger touched comes first.
    const node = (lastPointer === "touch" && touched && placeAtPoint(...touched)) || placeAt(event);
    touched = null;  // a click no finger made (the keyboard's, say) is where it says
    const scale = node && closer(node, event);
    if (scale) {
      event.stopPropagation();
      board.zoomAround(scale, event.clientX, event.clientY);
      hint.textContent = "Zoomed in to the places you tapped among: tap your choice.";
    } else if (node) activate(node, event);
    else explain(explainedAt(event));
  });
  frame.addEventListener("click", () => closeMenu(frame, memory));
  hover(null);
  const reopen = memory.menu && [...places.keys()].find((node) => node.getAttribute("data-actions") === memory.menu.actions);
  if (reopen) menuAt(reopen, memory.menu.at);
  else memory.menu = null;
  if (places.size) {
    const button = frame.querySelector(".show-choices");
    button.hidden = false;
    button.addEventListener("click", () => bringIntoView(board, [...places.keys()], true));
  }
  if (decision !== null && memory.decision !== decision && places.size) {
    memory.decision = decision;  // a new decision: its places brought into view once the board is sized
    requestAnimationFrame(() => requestAnimationFrame(() => bringIntoView(board, [...places.keys()])));
  }
  return { node: frame, placed };
}

// The places a decision offers, when none of them is in sight (`always`: whether or not): on a phone,
// the page scrolled so that the board's frame is at the top of the screen; and the board's view panned
// so that they are in sight (as many as fit, from the first).
function bringIntoView(board, nodes, always = false) {
  if (!board || !board.view.isConnected || !nodes.length || !always && nodes.some(inSight)) return;
  if (matchMedia(NARROW).matches) board.view.closest(".board-frame").scrollIntoView({ block: "start" });
  const view = board.view.getBoundingClientRect();
  const boxes = nodes.map((node) => node.getBoundingClientRect());
  const left = Math.min(...boxes.map((box) => box.left)) - view.left + board.view.scrollLeft;
  const top = Math.min(...boxes.map((box) => box.top)) - view.top + board.view.scrollTop;
  const right = Math.max(...boxes.map((box) => box.right)) - view.left + board.view.scrollLeft;
  const bottom = Math.max(...boxes.map((box) => box.bottom)) - view.top + board.view.scrollTop;
  const inside = (from, to, at, size) => (to - from <= size ? Math.max(0, (from + to - size) / 2) : from) - at;
  const dx = left >= board.view.scrollLeft && right <= board.view.scrollLeft + view.width ? 0
    : inside(left, right, board.view.scrollLeft, view.width);
  const dy = top >= board.view.scrollTop && bottom <= board.view.scrollTop + view.height ? 0
    : inside(top, bottom, board.view.scrollTop, view.height);
  if (dx || dy) board.view.scrollBy(dx, dy);
}

// Where an event happened in the frame (a key press: near the top middle).
function pointIn(frame, event) {
  const box = frame.getBoundingClientRect();
  return event.clientX ? { x: event.clientX - box.left, y: event.clientY - box.top } : { x: box.width / 2, y: 40 };
}

// Several actions on one place: a chooser, one large button per action in the game's own
// words, first; then "What is this?" for a place that explains itself, and "Cancel". On a
// wide screen it opens where the place was clicked, kept inside the window; on a phone it is
// a sheet along the bottom of the screen. Escape, or a tap outside it, closes it.
function openMenu(frame, memory, node, at, options, play, explains) {
  closeMenu(frame, memory);
  memory.menu = { actions: node.getAttribute("data-actions"), at };
  const close = () => closeMenu(frame, memory);
  const menu = el("div.board-menu" + (matchMedia(NARROW).matches ? ".sheet" : ""), { role: "menu" },
    options.map(({ id, label }) => el("button", { role: "menuitem", "data-action": id,
      onclick: (clicked) => { clicked.stopPropagation(); play(id); } }, label)),
    el("div.menu-more", {},
      explains ? el("button.what", { onclick: (clicked) => { clicked.stopPropagation(); close(); explain(explains); } },
        "What is this?") : null,
      el("button.cancel", { onclick: (clicked) => { clicked.stopPropagation(); close(); } }, "Cancel")));
  menu.style.setProperty("--x", `${at.x}px`);
  menu.style.setProperty("--y", `${at.y}px`);
  frame.append(menu);
  keepInWindow(menu);
  const outside = (event) => { if (!menu.contains(event.target)) close(); };
  const escape = (event) => { if (event.key === "Escape") close(); };
  document.addEventListener("pointerdown", outside, true);
  document.addEventListener("keydown", escape);
  memory.release = () => {
    document.removeEventListener("pointerdown", outside, true);
    document.removeEventListener("keydown", escape);
  };
  menu.querySelector("button").focus({ preventScroll: true });
}

// Whether a place's middle is in the window and in its board's view, and not under the frame's bar
// (which stays at the top of the window while the page is scrolled past it).
function inSight(node) {
  const place = node.getBoundingClientRect();
  const view = node.closest(".board-view").getBoundingClientRect();
  const bar = node.closest(".board-frame").querySelector(".board-zoom").getBoundingClientRect();
  const x = (place.left + place.right) / 2;
  const y = (place.top + place.bottom) / 2;
  return x > Math.max(view.left, 0) && x < Math.min(view.right, window.innerWidth)
    && y > Math.max(view.top, bar.bottom, 0) && y < Math.min(view.bottom, window.innerHeight);
}

// A chooser that would reach past the window's bottom opens upwards from where it was asked for.
function keepInWindow(menu) {
  if (menu.classList.contains("sheet")) return;
  const box = menu.getBoundingClientRect();
  if (box.bottom > window.innerHeight) {
    menu.style.setProperty("--y", `${Math.max(0, parseFloat(menu.style.getPropertyValue("--y")) - box.height)}px`);
  }
  if (menu.getBoundingClientRect().top < 0) menu.scrollIntoView({ block: "nearest" });
}

function closeMenu(frame, memory) {
  frame.querySelectorAll(".board-menu").forEach((menu) => menu.remove());
  memory.release?.();
  memory.release = null;
  memory.menu = null;
}

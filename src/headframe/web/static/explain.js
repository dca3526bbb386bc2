// What a card, tile, building or space is and does: the detail panel. A board
// element that explains itself carries `data-explain="<key>"`, a key of the
// game's glossary (GET /api/rules/{game}/glossary, fetched once). board.js asks
// (`onExplain`): a click on such an element with no legal action of the seat, a
// right-click or a long-press on any, or "What is this?" in a place's menu.
// The panel outlives the page's redraws; Escape or its close button closes it. An
// entry whose text is not the printed one says so in one line, a link to the game's
// Sources page (issue 53).

import { onExplain } from "./board.js";
import { el, fill, request } from "./common.js";

const glossaries = new Map();  // game -> a promise of key -> entry

// The game's glossary, fetched once per page: a promise of a Map from key to entry.
export function glossaryOf(game) {
  if (!glossaries.has(game)) {
    glossaries.set(game, request(`/api/rules/${encodeURIComponent(game)}/glossary`)
      .then((found) => new Map(found.map((entry) => [entry.key, entry])))
      .catch((error) => { glossaries.delete(game); throw error; }));
  }
  return glossaries.get(game);
}

// The panel for `game` (its name): a node the page places beside the board (over it, on a phone).
export function explainPanel(game) {
  const entries = () => glossaryOf(game);
  const close = el("button.explain-close", { type: "button", "aria-label": "Close", title: "Close (Esc)" }, "×");
  const body = el("div.explain-body");
  const panel = el("aside.explain", { role: "dialog", "aria-label": "What this is", hidden: true }, close, body);
  const hide = () => { panel.hidden = true; };
  close.addEventListener("click", hide);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) hide();
  });

  const show = (entry, missing) => {
    fill(body, entry
      ? [el("h3.explain-name", {}, entry.name), el("p.explain-kind", {}, entry.kind),
        el("p.explain-text", {}, entry.text),
        entry.printed ? null : el("p.explain-caveat", {},
          el("a", { href: `/games/${encodeURIComponent(game)}/sources` }, "Not the printed text: see Sources"))]
      : el("p.explain-text", {}, missing));
    panel.hidden = false;
    close.focus({ preventScroll: true });
  };
  onExplain(async (key) => {
    try {
      show((await entries()).get(key), "The game says nothing more about this.");
    } catch (error) {
      show(null, `The explanation could not be loaded: ${error.message}`);
    }
  });
  return panel;
}

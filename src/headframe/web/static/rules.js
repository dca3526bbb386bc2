// The rules at hand beside the board, in the game's own words (issue 53): for the
// decision the seat is making, the printed rulebook's sections about it; the rules
// in brief; the whole rulebook, section by section; and a link to the Sources page,
// where the rulings that fill the rulebook's gaps say where they come from. The
// game's rules come once per page (GET /api/rules/{game}); the panel outlives the
// page's redraws.

import { el, fill, request } from "./common.js";

function paragraphs(text) {
  return el("div.rules-text", {}, text.split(/\n\s*\n/).map((part) => el("p", {}, part.trim())));
}

// A section of the printed rulebook, folded under its heading (after `label`, e.g. "Rulebook: ").
export function sectionPart(section, open = false, label = "") {
  return el("details.rules-section", { open }, el("summary", {}, label, section.heading), paragraphs(section.text));
}

// A link to a game's Sources page (`url`), worded `words`.
export function sourcesLink(url, words = "How this version fills the rulebook's gaps: see Sources") {
  return el("p.sources-link", {}, el("a", { href: url }, words));
}

function decisionPart(rules, decision) {
  const about = rules.decisions[decision.kind];
  if (!about) return el("p.muted", {}, "The rulebook below covers this decision.");
  const sections = about.sections.map((heading) => rules.sections.find((s) => s.heading === heading));
  return [el("h4", {}, "For this decision: ", decision.prompt), sections.map((section, i) => sectionPart(section, i === 0))];
}

// The panel for `game` (its name): {node, show(decision)}; `decision` is the view's, or null.
export function rulesPanel(game) {
  const body = el("div.rules-body", {}, "…");
  const node = el("details.panel.rules-at-hand", {}, el("summary", {}, "Rules at hand"), body);
  const found = request(`/api/rules/${encodeURIComponent(game)}`);
  let shown;
  const show = async (decision) => {
    const kind = decision ? decision.kind : null;
    if (kind === shown) return;
    shown = kind;
    node.dataset.decision = kind || "";
    try {
      const rules = await found;
      if (shown !== kind) return;
      fill(body,
        decision ? decisionPart(rules, decision) : null,
        el("details.rules-section", {}, el("summary", {}, "The rules in brief"), paragraphs(rules.summary)),
        rules.sections.length ? el("details.rules-book", {}, el("summary", {}, `The rulebook of ${rules.title}`),
          rules.sections.map((section) => sectionPart(section, false))) : null,
        sourcesLink(rules.sources));
    } catch (error) {
      fill(body, el("p", {}, `The rules could not be loaded: ${error.message}`));
    }
  };
  return { node, show };
}

// The rules at hand beside the board: for the decision the seat is making, the
// printed rulebook's sections about it and the rulings that bear on it, each with
// its source label (a reconstruction is never passed off as the printed game);
// the rules in brief; and the whole rulebook, section by section. The game's rules
// come once per page (GET /api/rules/{game}); the panel outlives the page's redraws.

import { el, fill, request } from "./common.js";

const SOURCES = {
  RULEBOOK: "printed in the rulebook",
  PUBLISHED: "published by the designer or publisher",
  DERIVED: "follows from the printed rules",
  RECONSTRUCTED: "reconstructed: the printed text is lost or unclear",
  INVENTED: "not a rule of the printed game",
};

function paragraphs(text) {
  return el("div.rules-text", {}, text.split(/\n\s*\n/).map((part) => el("p", {}, part.trim())));
}

// A section of the printed rulebook, folded under its heading (after `label`, e.g. "Rulebook: ").
export function sectionPart(section, open = false, label = "") {
  return el("details.rules-section", { open }, el("summary", {}, label, section.heading), paragraphs(section.text));
}

// A ruling, folded under its id and title, with its source label.
export function rulingPart(ruling) {
  return el("details.ruling", { "data-ruling": ruling.id },
    el("summary", {}, `Ruling ${ruling.id}: ${ruling.title} `,
      el("span.source", { title: SOURCES[ruling.source] || "" }, ruling.source.toLowerCase())),
    paragraphs(ruling.text));
}

function decisionPart(rules, decision) {
  const about = rules.decisions[decision.kind];
  if (!about) return el("p.muted", {}, "The rulebook below covers this decision.");
  const sections = about.sections.map((heading) => rules.sections.find((s) => s.heading === heading));
  const rulings = about.rulings.map((id) => rules.rulings.find((r) => r.id === id));
  return [
    el("h4", {}, "For this decision: ", decision.prompt),
    sections.map((section, i) => sectionPart(section, i === 0)),
    rulings.length ? el("details.rules-rulings", {}, el("summary", {}, `Rulings that bear on it (${rulings.length})`),
      rulings.map(rulingPart)) : null,
  ];
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
          rules.sections.map((section) => sectionPart(section, false))) : null);
    } catch (error) {
      fill(body, el("p", {}, `The rules could not be loaded: ${error.message}`));
    }
  };
  return { node, show };
}

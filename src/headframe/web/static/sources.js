// A game's Sources page (issue 53): every ruling, with where it comes from in words,
// what it rules, why and which cards, tiles or spaces rest on it. While playing, the
// game speaks in its own words; a text that is not the printed one points here.
// The page boots with its data (GET /api/rules/{game}/sources gives the same).

import { app, boot, el, fill } from "./common.js";

function paragraphs(text) {
  return text.split(/\n\s*\n/).map((part) => el("p", {}, part.trim()));
}

function rulingPart(ruling) {
  return el("section.panel.source-ruling", { id: ruling.id },
    el("h2", {}, `${ruling.id} · ${ruling.title} `, el("span.source", {}, ruling.label)),
    el("div.rules-text", {}, paragraphs(ruling.ruling)),
    ruling.reason ? el("div.rules-text", {}, el("h3", {}, "Why"), paragraphs(ruling.reason)) : null,
    ruling.components.length ? el("p", {}, "Affects: ", ruling.components.join(", "), ".") : null);
}

fill(app,
  el("h1", {}, `Sources: ${boot.title}`),
  el("p.muted", {}, "The printed rulebook leaves gaps, and some of this game's cards and tables are lost or unclear. ",
    "These rulings fill them, and each says where it comes from: from the rulebook, a published clarification, ",
    "derived from the rulebook, reconstructed, or invented."),
  boot.rulings.map(rulingPart),
  el("p", {}, el("a", { href: "/" }, "Back to the lobby")));

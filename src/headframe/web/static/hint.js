// "What would the bot do?": the game's search (ISMCTS) for one held seat's decision,
// on what that seat knows only (server/hints.py); its top three choices with their
// shares of the search's visits, as bars, each with what it gains or costs, and numbered
// on the board where it has a place. Shown only at tables that give hints
// (never rated games); an answer belongs to one decision (the seat's version).

import { el, request } from "./common.js";

const tables = new Map();  // game id -> {hints, reason} once asked (null while asking)
const answers = new Map();  // `${game}:${seat}` -> {version, thinking, choices, error}

function hintsHere(gameId, redraw) {
  if (!tables.has(gameId)) {
    tables.set(gameId, null);
    request(`/api/games/${gameId}/hints`)
      .then((found) => tables.set(gameId, found), () => tables.set(gameId, { hints: false }))
      .then(redraw);
  }
  return tables.get(gameId);
}

async function ask(gameId, state, token, redraw) {
  const key = `${gameId}:${state.seat}`;
  answers.set(key, { version: state.version, thinking: true });
  redraw();
  let answer;
  try {
    const found = await request(`/api/games/${gameId}/seats/${state.seat}/hint`, { method: "POST", token });
    answer = { version: state.version, choices: found.choices };
  } catch (error) {
    answer = { version: state.version, error: error.message };
  }
  const current = answers.get(key);
  if (current && current.version === state.version) answers.set(key, answer);
  redraw();
}

function choiceList(choices) {
  return el("ol.hint-choices", {}, choices.map(({ id, label, share, why }) => {
    const percent = `${Math.round(share * 100)}%`;
    return el("li", { "data-share": share, "data-action": id }, el("span.hint-label", {}, label), " ",
      el("meter", { min: 0, max: 1, value: share, title: percent }), " ", el("span.hint-share", {}, percent),
      why ? el("span.hint-why", {}, why) : null);
  }));
}

// The answer's choices for the seat's current decision, best first ([{id, rank, why}]), to mark on the
// board; empty while there is none.
export function hinted(gameId, state) {
  const found = answers.get(`${gameId}:${state.seat}`);
  if (!found || found.version !== state.version || !found.choices) return [];
  return found.choices.map(({ id, why }, index) => ({ id, rank: index + 1, why }));
}

// The button and its answer for the seat's decision; null where the table gives no hints.
export function hintPanel(gameId, state, token, redraw) {
  if (state.seat === null || !state.view.decision) return null;
  const table = hintsHere(gameId, redraw);
  if (!table || !table.hints) return null;
  const found = answers.get(`${gameId}:${state.seat}`);
  const answer = found && found.version === state.version ? found : null;
  return el("section.panel.bot-hint", {},
    el("button.hint-button", { disabled: answer && answer.thinking, onclick: () => ask(gameId, state, token, redraw) },
      answer && answer.thinking ? "The bot is thinking…" : "What would the bot do?"),
    answer && answer.choices ? [el("p.muted", {}, "The bot would (numbered on the board):"), choiceList(answer.choices)] : null,
    answer && answer.error ? el("p.error", {}, answer.error) : null);
}

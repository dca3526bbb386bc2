// Ratings in the pages: the bot levels of a game by rating (Easy, Medium, Hard)
// for the lobby, and a finished game's change to each rated seat's rating.

import { el, fill, request, seatLabel } from "./common.js";

// The game's bot levels, weakest first: [{agent, name, difficulty, rating}].
export async function botLevels(game) {
  try {
    return (await request(`/api/ratings/${encodeURIComponent(game)}`)).levels;
  } catch {
    return [];
  }
}

// A select of the levels as "Medium · Heuristic bot"; the first Medium one chosen.
export function levelSelect(levels, fallback) {
  if (!levels.length) return el("select", { name: "bots" }, el("option", { value: fallback }, fallback));
  const chosen = levels.find((level) => level.difficulty === "Medium") || levels[0];
  return el("select", { name: "bots" }, levels.map((level) => el("option", {
    value: level.agent, selected: level === chosen, title: `rating ${level.rating}`,
  }, `${level.difficulty} · ${level.name}`)));
}

// A finished game's rating changes ("+1.2" per rated seat), fetched once for the
// page; the update is written just after the final move, so it is asked again a few times.
let changes = null;
export function ratingChanges(gameId, seats) {
  if (changes) return changes;
  changes = el("section.panel.rating-changes", { hidden: true });
  const load = async (tries) => {
    let found;
    try {
      found = await request(`/api/games/${gameId}/ratings`);
    } catch {
      return;
    }
    if (found.rated && !found.seats.length && tries > 0) {
      setTimeout(() => load(tries - 1), 1000);
      return;
    }
    if (!found.seats.length) return;
    changes.hidden = false;
    fill(changes, el("h3", {}, "ratings"),
      el("table", {}, el("tr", {}, el("th", {}, "player"), el("th", {}, "place"), el("th", {}, "rating"), el("th", {}, "change")),
        found.seats.map((entry) => el("tr", {}, el("td", {}, seatLabel(seats, entry.seat)), el("td", {}, entry.place),
          el("td", {}, entry.rating), el("td.rating-change", {}, entry.change)))));
  };
  load(5);
  return changes;
}

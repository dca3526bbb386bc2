// A game's leaderboard: its players and bot levels by rating (mu - 3 sigma,
// openskill's conservative estimate), with the games each has played rated.

import { app, boot, el, fill, request } from "./common.js";

// "Random bot" says it is one already; "ISMCTS · 100 iterations" does not.
const saysBot = (name) => /\bbot\b/i.test(name);

const board = await request(`/api/ratings/${encodeURIComponent(boot.game)}`);

fill(app,
  el("h1", {}, `Ratings: ${board.title}`),
  el("p.muted", {}, "From rated games: not hot seat, the server's deal, a signed-in player and someone to play. ",
    "A player who leaves a rated game finishes last."),
  el("div.columns", {},
    el("section.panel", {}, el("h2", {}, "Leaderboard"),
      board.rows.length === 0 ? el("p.muted", {}, "No rated game has been played yet.")
        : el("table.leaderboard", {}, el("tr", {}, ["rank", "player", "rating", "games"].map((h) => el("th", {}, h))),
          board.rows.map((row) => el("tr", {}, el("td", {}, row.rank),
            el("td", {}, row.name, row.bot && !saysBot(row.name) ? el("span.muted", {}, " (bot)") : null),
            el("td", {}, row.rating), el("td", {}, row.games))))),
    el("section.panel", {}, el("h2", {}, "Bot levels"),
      el("table", {}, el("tr", {}, ["level", "bot", "rating"].map((h) => el("th", {}, h))),
        board.levels.map((level) => el("tr", {}, el("td", {}, level.difficulty), el("td", {}, level.name),
          el("td", {}, level.rating)))),
      el("p", {}, el("a", { href: "/" }, "Back to the lobby")))));

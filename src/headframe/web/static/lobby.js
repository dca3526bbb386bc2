// The lobby: a card per game that starts it against bots in one click, games
// open to join, running and finished, and the form that sets up any table from
// the catalog (game, players, options, seats, name).

import { signedIn } from "./account.js";
import { app, el, fill, request, words } from "./common.js";
import { botLevels, levelSelect } from "./ratings.js";

const catalog = await request("/api/catalog");
const levels = new Map(await Promise.all(catalog.map(async (entry) => [entry.name, await botLevels(entry.name)])));
const account = await signedIn;  // a signed-in player's own seats belong to their account (`me`)
const clockChoices = await request("/api/clocks");
const learnable = new Set((await request("/api/learn")).map((entry) => entry.game));  // games with a guided first game
// How long a bot's turn takes at least (`think_time`; null: the server's, half a second), each step of it shown.
const PACES = {
  fast: { words: "fast: a bot plays its turn in about a second", thinkTime: null },
  slow: { words: "slow: a bot's turn takes 3 seconds or more, to follow it", thinkTime: 3 },
};

async function draw(created = null) {
  const [open, running, finished] = await Promise.all(
    ["open", "running", "finished"].map((status) => request(`/api/games?status=${status}`)));
  fill(app,
    el("h1", {}, "Play a mining game"),
    el("div.cards", {}, catalog.map(gameCard)),
    created ? createdPanel(created) : null,
    el("div.columns", {},
      el("div", {},
        gameList("Open games", open, joinButtons),
        gameList("Running games", running, (game) =>
          game.progress === null ? null : el("span.progress.muted", {}, `${game.progress}% played`)),
        gameList("Finished games", finished, (game) => el("a", { href: `/games/${game.id}/replay` }, "replay"))),
      createForm()));
}

// One game: its summary, how many play, and a button that seats you against
// bots at once: a signed-in player in their own seat (a rated game, played at
// /games/{id} through the session), a guest at a hot-seat table (never rated).
function gameCard(entry) {
  const players = el("select", { name: "players" }, entry.players.map((n) => el("option", { value: n }, n)));
  const short = Object.keys(entry.short_options).length
    ? el("input", { type: "checkbox", name: "short" }) : null;
  const bots = levelSelect(levels.get(entry.name), entry.agents.includes("heuristic") ? "heuristic" : "random");
  const start = async (button) => {
    button.disabled = true;
    const count = Number(players.value);
    const bot = bots.value;
    // Bot seats named by their level ("Heuristic bot", "Heuristic bot 2"), not by the agent's spec.
    const level = levels.get(entry.name).find((found) => found.agent === bot);
    const botName = (i) => (level ? (count > 2 ? `${level.name} ${i + 1}` : level.name) : null);
    try {
      const created = await request("/api/games", { method: "POST", body: {
        game: entry.name, players: count, hotseat: !account,
        options: short && short.checked ? entry.short_options : {},
        seats: [account ? { type: "human", me: true } : { type: "human", name: "Guest" }, ...Array.from({ length: count - 1 }, (_, i) => ({ type: "bot", agent: bot, name: botName(i) }))],
      } });
      location.href = account ? created.spectate_url : created.play_url;
    } catch (error) {
      button.disabled = false;
      alert(error.message);
    }
  };
  return el("section.panel.card", { "data-game": entry.name },
    el("h2", {}, entry.title),
    summary(entry.summary),
    el("p.setup", {}, el("label", {}, "Players ", players),
      short ? el("label", { title: "Fewer rounds, for a first game" }, short, " short game") : null,
      el("label", { title: "The bot levels, by their ratings" }, "Bots ", bots)),
    el("p.start", {}, el("button.primary.play", { onclick: (event) => start(event.currentTarget) }, "Play against bots"),
      learnable.has(entry.name) ? el("a.learn-link", { href: `/learn/${entry.name}` }, "Learn to play") : null,
      el("a.ratings-link", { href: `/ratings/${entry.name}` }, "Ratings"),
      el("a.sources-link", { href: `/games/${entry.name}/sources` }, "Sources")));
}

// A game's rule summary: its first sentence, the rest folded away.
function summary(text) {
  if (!text) return null;
  const [first, ...rest] = text.split(/(?<=\.)\s+/);
  return [el("p", {}, first),
    rest.length ? el("details.rules", {}, el("summary", {}, "The rules in brief"), el("p", {}, rest.join(" "))) : null];
}

function gameList(title, games, extra) {
  return el("section.panel", {}, el("h2", {}, title),
    games.length === 0 ? el("p.muted", {}, "none") : el("ul", {}, games.map((game) => el("li", {},
      el("a", { href: `/games/${game.id}` }, game.name), " ",
      el("span.muted", {}, `${game.title}, ${game.seats.map((s) => s.name).join(" · ")}`), " ", extra(game)))));
}

// An open table: who is waiting, and a button for each seat its host opened to the lobby.
function joinButtons(game) {
  const taken = game.seats.filter((seat) => seat.claimed);
  const open = game.seats.filter((seat) => seat.controller === "human" && !seat.claimed && seat.open);
  return [el("span.waiting", {}, `${taken.length} of ${game.seats.length} seats taken`,
    taken.length ? ` (${taken.map((seat) => seat.name).join(", ")} waiting)` : ""), " ",
  open.length ? open.map((seat) => el("button", { onclick: () => join(game, seat.seat) }, `join as seat ${seat.seat + 1}`))
    : el("span.muted", {}, "by invitation")];
}

async function join(game, seat) {
  const name = account ? "" : prompt("Your name?", "") ?? "";
  try {
    const joined = await request(`/api/games/${game.id}/seats/${seat}/claim`, { method: "POST", body: { name } });
    location.href = joined.url;
  } catch (error) {
    alert(error.message);
  }
}

function createdPanel(created) {
  const origin = location.origin;
  return el("section.panel.links", {}, el("h2", {}, `Created: ${created.name}`),
    el("p", {}, "Each link below is private: send each player theirs. Keep the host link to hand seats to bots."),
    el("ul", {},
      created.play_url ? el("li", {}, el("a", { href: created.play_url }, "Play at this table (hot seat)")) : null,
      created.mine && !created.play_url ? el("li", {}, el("a", { href: created.host_url }, "Go to your seat")) : null,
      created.join.map((entry) => el("li", {}, `Seat ${entry.seat + 1}: `, el("code", {}, origin + entry.url), " ",
        el("a", { href: entry.url }, "open"))),
      (created.given || []).map(([seat, name]) => el("li.given", {}, `Seat ${seat + 1}: ${name}'s, in their My games`)),
      el("li", {}, "Spectators: ", el("code", {}, origin + created.spectate_url)),
      el("li", {}, "Host: ", el("code", {}, origin + created.host_url))));
}

function createForm() {
  const game = el("select", { name: "game" }, catalog.map((g) => el("option", { value: g.name }, g.title)));
  const body = el("div");
  const form = el("form.panel", { onsubmit: (event) => { event.preventDefault(); submit(form); } },
    el("h2", {}, "Set up a table"), el("p.muted", {}, "Friends on other computers, hot seat, other bots, options."),
    el("label", {}, "Game ", game), body);
  const choose = () => fillForm(body, catalog.find((g) => g.name === game.value));
  game.addEventListener("change", choose);
  choose();
  return form;
}

function fillForm(body, entry) {
  const players = el("select", { name: "players" }, entry.players.map((n) => el("option", { value: n }, n)));
  const seats = el("div");
  const fillSeats = () => fill(seats, ...Array.from({ length: Number(players.value) }, (_, i) => seatRow(entry, i)));
  players.addEventListener("change", fillSeats);
  fillSeats();
  fill(body,
    el("label", {}, "Name ", el("input", { name: "name", maxlength: 80, placeholder: `${entry.title} game` })),
    el("label", {}, "Players ", players), seats,
    el("label", {}, el("input", { type: "checkbox", name: "hotseat" }), " hot seat: I play every human seat here"),
    account ? el("label", {}, el("input", { type: "checkbox", name: "mine", checked: true }),
      ` I take the first person's seat (as ${account.name})`) : null,
    el("label", {}, el("input", { type: "checkbox", name: "open_seats" }), " Anyone in the lobby may take open seats"),
    el("label", {}, el("input", { type: "checkbox", name: "hints", checked: true }),
      " Hints: players may ask \"What would the bot do?\"", el("span.muted", {}, " (never in rated games)")),
    el("label", {}, "Clock ", el("select", { name: "clock" }, clockChoices.map((choice) =>
      el("option", { value: JSON.stringify({ mode: choice.mode, preset: choice.preset }) }, choice.words))),
      el("span.muted", {}, " (hot seat and bots alone: no clock)")),
    el("label", {}, "Bots' pace ", el("select", { name: "pace" }, Object.entries(PACES).map(([pace, { words }]) =>
      el("option", { value: pace }, words)))),
    entry.options.length ? el("details", {}, el("summary", {}, "Options"), entry.options.map(optionField)) : null,
    el("button.primary", { type: "submit" }, "Create"));
}

// A seat: a person (named, invited by a link, or given to an account by its name) or a bot of a level;
// a person's seat offers no bot to choose, a bot's no account.
function seatRow(entry, index) {
  const friend = el("input", { name: `account-${index}`, maxlength: 64, placeholder: "or an account's name",
    "aria-label": `Seat ${index + 1}'s account` });
  const agent = el("select", { name: `agent-${index}`, "aria-label": `Seat ${index + 1}'s bot` },
    entry.agents.map((a) => el("option", { value: a, selected: a === "heuristic" }, agentWords(entry, a))));
  const type = el("select", { name: `type-${index}`, "aria-label": `Seat ${index + 1} is played by` },
    el("option", { value: "human" }, "a person"), el("option", { value: "bot", selected: index > 0 }, "a bot"));
  const shown = () => { agent.hidden = type.value !== "bot"; friend.hidden = type.value === "bot"; };
  type.addEventListener("change", shown);
  shown();
  return el("fieldset", {}, el("legend", {}, `Seat ${index + 1}`),
    type, " ", agent, " ", el("input", { name: `name-${index}`, maxlength: 40, placeholder: "name" }), " ", friend);
}

const AGENT_WORDS = { random: "Random bot", heuristic: "Heuristic bot", ismcts: "Searching bot" };

// A bot in words: its level where it has one ("Medium · Heuristic bot"), else what kind of bot it is.
function agentWords(entry, agent) {
  const level = levels.get(entry.name).find((found) => found.agent === agent);
  if (level) return `${level.difficulty} · ${level.name}`;
  return AGENT_WORDS[agent] || agent.replace(/^policy:name=/, "Learned bot: ");
}

function optionField(option) {
  const name = `option-${option.name}`;
  let input;
  if (option.choices) {
    input = el("select", { name }, option.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === option.default }, choiceWords(c))));
  } else if (typeof option.default === "boolean") {
    input = el("select", { name }, [true, false].map((c) => el("option", { value: JSON.stringify(c), selected: c === option.default }, c ? "yes" : "no")));
  } else {
    input = el("input", { name, value: option.default === null ? "" : option.default, "data-kind": typeof option.default });
  }
  return el("label", { title: option.help }, `${words(option.name)} `, input, el("span.muted", {}, ` ${option.help}`));
}

// An option's value in words; a seat counted from 1, as people count them ("seat_0": "seat 1").
const choiceWords = (value) => words(String(value).replace(/^seat_(\d+)$/, (_, n) => `seat_${Number(n) + 1}`));

function optionValue(input) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.value === "") return null;
  return input.dataset.kind === "number" || /^-?\d+$/.test(input.value) ? Number(input.value) : input.value;
}

async function submit(form) {
  const data = new FormData(form);
  const players = Number(data.get("players"));
  const options = {};
  form.querySelectorAll("[name^=option-]").forEach((input) => { options[input.name.slice(7)] = optionValue(input); });
  const seats = Array.from({ length: players }, (_, i) => ({
    type: data.get(`type-${i}`), name: data.get(`name-${i}`) || null,
    agent: data.get(`type-${i}`) === "bot" ? data.get(`agent-${i}`) : null,
    account: data.get(`type-${i}`) === "human" ? data.get(`account-${i}`).trim() || null : null,
  }));
  const mine = data.get("mine") === "on" ? seats.find((seat) => seat.type === "human" && !seat.account) : undefined;
  if (mine) mine.me = true;
  try {
    const created = await request("/api/games", { method: "POST", body: {
      game: data.get("game"), players, seats, options, name: data.get("name") || null,
      hotseat: data.get("hotseat") === "on", think_time: PACES[data.get("pace")].thinkTime,
      open_seats: data.get("open_seats") === "on",
      hints: data.get("hints") === "on",
      clock: JSON.parse(data.get("clock")),
    } });
    const given = seats.map((seat, index) => [index, seat.account]).filter(([, name]) => name);
    await draw({ ...created, mine: Boolean(mine), given });
  } catch (error) {
    alert(error.message);
  }
}

await draw();

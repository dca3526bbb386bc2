// The generic game page: the game's board (legal actions clicked on it, the
// others as buttons; a game without a board shows its view as panels), the log,
// whose turn it is, and the result. Tokens come in the link's fragment (never
// sent in a URL to the server) and are kept in this browser's local storage, so
// every tab returns to the seat; a signed-in player's seats come with the session.

import { heldGame, keepGame, moveTitle, notify, notifyButton, signedIn } from "./account.js";
import { layout, markHinted, onLayoutChange, playableBoard, staticBoard } from "./board.js";
import { chatPanel } from "./chat.js";
import { seatClock } from "./clock.js";
import { app, boot, el, fill, namesOf, request, resultPanel, seatLabel, viewPanels, words } from "./common.js";
import { explainPanel } from "./explain.js";
import { invitationLinkButton, invitationPanel, invitedSeats, playAgainButton } from "./friends.js";
import { hinted, hintPanel } from "./hint.js";
import { logSection } from "./log.js";
import { botLevels, ratingChanges } from "./ratings.js";
import { resultsPanel } from "./results.js";
import { rulesPanel } from "./rules.js";

const gameId = boot.game.id;
const secrets = readSecrets();
const live = { seats: boot.game.seats, status: boot.game.status, states: new Map(), logs: new Map(), shown: null,
  error: null, connection: "connecting", textOpen: false, detailsOpen: false, logSteps: null, results: null,
  levels: new Map(),  // a bot level's agent -> {name, difficulty}: the players panel says "Medium bot"
  pending: new Map(), board: {},  // ref of an action or undo in flight -> its seat
  clock: boot.game.clock, clockAt: performance.now(), notices: boot.game.notices || [],
  thinking: new Map(),  // a searching bot's seat -> when it began thinking (performance.now())
  names: {},  // what a person calls the view's ids (the tables panel), once fetched
  account: null, given: [] };  // who is signed in; this game's seats given to them by name, not yet kept
namesOf(boot.game.game).then((names) => { live.names = names; });
let socket = null;
let retry = 500;
let sent = 0;

function readSecrets() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const stored = heldGame(gameId) || {};
  const tokens = fragment.get("tokens") ? fragment.get("tokens").split(",").filter(Boolean) : stored.tokens || [];
  const host = fragment.get("host") || stored.host || null;
  const found = { tokens, host, seats: stored.seats || [], invited: [] };
  keepSecrets(found, boot.game.status);
  if (location.hash) history.replaceState(null, "", location.pathname);
  return found;
}

// Only a browser that holds something keeps the game (My games lists it); a spectator's tab keeps nothing.
function keepSecrets({ tokens, host, seats }, status) {
  if (tokens.length || host) keepGame(gameId, { tokens, host, seats, status });
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`);
  socket.onopen = () => {
    retry = 500;
    live.connection = "live";
    socket.send(JSON.stringify({ type: "hello", tokens: secrets.tokens, layout: layout() }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    live.connection = "reconnecting";
    live.pending.clear();
    draw();
    if (event.code === 4403 || event.code === 4404) return;  // refused for good: no point retrying
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function receive(message) {
  if (message.type === "welcome") {
    secrets.seats = message.seats;
    secrets.invited = message.invited || [];
    keepSecrets(secrets, live.status);
    live.states.clear();  // what this connection holds now: an invitation taken is a seat, no longer a spectator
    live.logs.clear();
    live.thinking.clear();  // the bots thinking now are told after the welcome
  } else if (message.type === "state") {
    if (!whole(message)) return;
    const log = (live.logs.get(message.seat) || []).slice(0, message.log_start);
    message.log_text.forEach((text, i) => log.push({ text, entry: message.log[i] }));
    live.logs.set(message.seat, log);
    live.states.set(message.seat, message);
    live.seats = message.seats;
    live.status = message.status;
    live.error = null;
  } else if (message.type === "seats") {
    // A seat taken under a new name: the boards and the log are written with the names, so ask again.
    const names = (seats) => seats.map((info) => info.name).join("\n");
    if (names(message.seats) !== names(live.seats)) send({ type: "sync" });
    live.seats = message.seats;
    live.status = message.status;
  } else if (message.type === "thinking") {
    if (message.since) live.thinking.set(message.seat, performance.now() - Math.max(0, Date.now() - Date.parse(message.since)));
    else live.thinking.delete(message.seat);
  } else if (message.type === "chat") {
    chat.receive(message.messages);
  } else if (message.type === "error" && !chat.refused(message)) {
    live.error = message.message;
  }
  if (message.type === "ack" || message.type === "error") live.pending.delete(message.ref);
  const timed = message.type === "welcome" ? message.game : message;
  if (timed.clock) Object.assign(live, { clock: timed.clock, clockAt: performance.now() });
  if (timed.notices) live.notices = timed.notices;
  if (live.status === "finished" && live.logSteps === null) {
    keepSecrets(secrets, live.status);
    loadLogSteps();
    loadResults();
  }
  draw();
}

// A state message made whole: a later one carries a patch of the view against the last one
// (`patch_of` is its version) and of the board, or says the board is unchanged (docs/api.md). A client that
// does not hold that version has lost track: it asks for everything again, once, and ignores the rest.
let syncing = false;
function whole(message) {
  if (!message.view_patch) {
    syncing = false;
    return true;
  }
  const last = live.states.get(message.seat);
  if (!last || last.version !== message.patch_of) {
    if (!syncing) send({ type: "sync" });
    syncing = true;
    return false;
  }
  const view = { ...last.view, ...message.view_patch.set };
  message.view_patch.unset.forEach((key) => delete view[key]);
  message.view = view;
  if (message.board_unchanged) {
    message.board = last.board;
    message.boardBefore = last.boardBefore;
  } else {
    message.boardBefore = last.board;  // a patch may copy from the last board and from the one before
    if (message.board_patch) message.board = patchedBoard(message.board_patch, [last.board, last.boardBefore]);
  }
  return true;
}

// A board patch's pieces: [start, end] of the last board, [start, end, 1] of the one before, or new markup.
function patchedBoard(patch, boards) {
  return patch.map((piece) => (typeof piece === "string" ? piece : boards[piece[2] || 0].slice(piece[0], piece[1])))
    .join("");
}

// A finished game's log lines open its replay at the step that wrote them.
async function loadLogSteps() {
  live.logSteps = [];
  try {
    live.logSteps = (await request(`/api/games/${gameId}/replay`)).log.map((line) => line.step);
  } catch (error) {
    live.error = error.message;
  }
  draw();
}

// A finished game's results screen: score parts, the tie-breaker, its length (results.js).
async function loadResults() {
  try {
    live.results = await request(`/api/games/${gameId}/results`);
  } catch (error) {
    live.error = error.message;
  }
  draw();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// A seat's action or undo: until it is answered, that seat's board and buttons wait
// (other seats' moves may redraw the page meanwhile; they must not offer it again).
function move(seat, message) {
  const ref = `${seat}-${++sent}`;
  live.pending.set(ref, seat);
  acted(seat);
  send({ ...message, seat, ref });
  draw();
}

const waiting = (seat) => [...live.pending.values()].includes(seat);

// What the seat knew when its player last acted here: what changed since is marked on the board
// and in the log until the player acts again (nothing is marked before the first action).
const since = new Map();  // seat -> {view, log: the log's length}
function acted(seat) {
  const state = live.states.get(seat);
  if (state) since.set(seat, { view: state.view, log: (live.logs.get(seat) || []).length });
}

// Which of the held seats to show: the one chosen, else one that must move now.
function shownSeat() {
  const held = [...live.states.keys()];
  if (live.shown !== null && live.states.has(live.shown)) return live.shown;
  const toMove = held.find((seat) => live.states.get(seat).view.decision);
  return toMove !== undefined ? toMove : held[0];
}

// What a redraw makes again only when what it is made from changed (compared with ===): the board and
// the decision's buttons, which a tap may be landing on while a message for someone else redraws the
// page (a player arriving, a chat line): a tap whose element were replaced between the finger's
// touching and lifting would do nothing.
const made = new Map();  // name -> {inputs, value}
function kept(name, inputs, make) {
  const last = made.get(name);
  if (last && last.inputs.length === inputs.length && last.inputs.every((input, i) => input === inputs[i])) return last.value;
  const value = make();
  made.set(name, { inputs, value });
  return value;
}

// Messages come in bursts (bots move at once): the page is drawn once per frame.
let drawing = false;
function draw() {
  if (drawing) return;
  drawing = true;
  requestAnimationFrame(() => {
    drawing = false;
    drawNow();
  });
}

// The tab's title says when it is your move (and a notification, if the player asked for them).
let wasMyMove = false;
function tellMyMove() {
  const myMove = [...live.states.values()].some((state) => state.view.decision);
  moveTitle(myMove, `${boot.game.name} · ${boot.game.title}`);
  if (myMove && !wasMyMove) notify(`Your move in ${boot.game.name}`);
  wasMyMove = myMove;
}

function drawNow() {
  const seat = shownSeat();
  const state = live.states.get(seat);
  tellMyMove();
  chat.update();
  if (live.status === "cancelled") {
    fill(app, el("h1", {}, boot.game.name), el("p", {}, "The host cancelled this table before it started."),
      el("p", {}, el("a", { href: "/" }, "Back to the lobby")));
    return;
  }
  fill(app,
    el("h1", {}, boot.game.name, " ", el("span.status." + live.status, {}, words(live.status))),
    el("p.muted", {}, `${boot.game.title} · ${boot.game.players} players · `,
      state && live.status === "running" ? `${state.progress}% played · ` : null,
      live.clock && live.clock.mode !== "none" ? `${live.clock.words} · ` : null, live.connection,
      live.status === "finished" ? [" · ", el("a", { href: `/games/${gameId}/replay` }, "replay")] : null,
      live.states.size && live.status !== "finished" ? [" ", notifyButton()] : null),
    live.error ? el("p.error", { role: "alert" }, live.error) : null,
    unclaimedPanel(),
    invitationPanel(gameId, live.status === "finished" ? [] : live.given, answered),
    seatTabs(seat),
    state ? table(state) : el("p.muted", {}, "Loading…"),
  );
  if (state) revealChoices(state);
}

// A new decision whose choices have no place on the board: its buttons are scrolled into sight (the
// board brings a decision's places into view itself, board.js).
let revealed = null;
function revealChoices(state) {
  const key = `${state.seat}:${state.version}`;
  if (!state.view.decision || waiting(state.seat) || revealed === key) return;
  revealed = key;
  requestAnimationFrame(() => requestAnimationFrame(() => {
    const panel = document.querySelector(".decision");
    if (panel && !document.querySelector(".board-frame:not(.waiting) .clickable[data-actions]")) {
      panel.scrollIntoView({ block: "nearest" });
    }
  }));
}

// An invitation opened for the first time: the player takes the seat under a name,
// and gets a token of their own in place of the invitation (which dies).
function unclaimedPanel() {
  const mine = secrets.invited.map((seat, index) => ({ seat, index })).filter(({ seat }) => seat !== null);
  if (mine.length === 0) return null;
  const name = el("input", { maxlength: 40, placeholder: "your name" });
  const take = async () => {  // signed in: the seat is the account's, under its name
    try {
      for (const { seat, index } of mine) {
        const claimed = await request(`/api/games/${gameId}/seats/${seat}/claim`,
          { method: "POST", token: secrets.tokens[index], body: { name: name.value || null } });
        secrets.tokens[index] = claimed.token;
      }
      keepSecrets(secrets);
      secrets.invited = [];
      socket.close();  // reconnects with the seat's own token
    } catch (error) {
      live.error = error.message;
      draw();
    }
  };
  if (live.account) {
    return el("section.panel", {}, el("h3", {}, "take your seat"),
      el("button.primary.take-as", { onclick: take }, `Take this seat as ${live.account.name}`));
  }
  return el("section.panel", {}, el("h3", {}, "take your seat"), name, el("button.primary", { onclick: take }, "Join the game"));
}

function seatTabs(current) {
  const held = [...live.states.keys()];
  if (held.length < 2) return null;
  return el("nav.tabs", {}, "Seat: ", held.map((seat) => el("button" + (seat === current ? ".active" : ""), {
    onclick: () => { live.shown = seat; draw(); },
  }, seatLabel(live.seats, seat), live.states.get(seat).view.decision ? " • to move" : "")));
}

// A seat a stand-in plays (its player left or ran out of time) offers nothing to
// click but taking the seat back; a person's seat in a running game may be left.
function standIn(state) {
  const info = state.seat === null ? null : live.seats[state.seat];
  return info && info.person_seat && info.controller === "bot" ? info : null;
}

// The token this browser holds for a seat; null for a seat held through the
// session (signed in), whose writes carry the session's CSRF header instead.
function seatToken(seat) {
  const index = secrets.seats.indexOf(seat);
  return index < 0 ? null : secrets.tokens[index];
}

function seatHandling(state, info) {
  if (state.seat === null || live.status !== "running" || !info || !info.person_seat) return null;
  const call = async (what) => {
    try {
      await request(`/api/games/${gameId}/seats/${state.seat}/${what}`, { method: "POST", token: seatToken(state.seat) });
    } catch (error) {
      live.error = error.message;
      draw();
    }
  };
  if (info.controller === "bot") {
    return el("section.panel.stand-in", {},
      el("p", {}, info.forfeited ? "A stand-in plays your seat now." : "A bot plays your seat now (the host handed it over)."),
      info.forfeited ? el("button.primary.take-back", { onclick: () => call("return") }, "Take my seat back") : null);
  }
  return el("p.leave", {}, el("button.leave", {
    onclick: () => { if (confirm("Leave the game? A stand-in plays your seat, and in a rated game you finish last.")) call("leave"); },
  }, "Leave the game"));
}

function table(shownState) {
  const info = shownState.seat === null ? null : live.seats[shownState.seat];
  const state = standIn(shownState) ? { ...shownState, view: { ...shownState.view, decision: undefined }, can_undo: false }
    : shownState;
  const view = state.view;
  const busy = waiting(state.seat);
  const board = state.board ? kept("board", [state.board, state.seat, state.version, busy, Boolean(view.decision),
    since.get(state.seat), JSON.stringify(hinted(gameId, state))], () => boardPart(state)) : null;
  // What changes with each move (banner, decision) is read first but drawn beside the board (below it
  // on a phone), so the board never moves when a decision appears (style.css, "The game page").
  return el("div.columns.table", { "data-version": state.version, "data-seat": state.seat, "data-waiting": waiting(state.seat) },
    el("div.side", {},
      turnBanner(state),
      view.decision ? kept("decision", [state.seat, state.version, busy, board ? board.placed : null, state.can_undo],
        () => decisionPanel(state, board ? board.placed : new Set())) : null,
      view.decision ? guidePanel() : null,
      view.decision ? hintPanel(gameId, state, seatToken(state.seat), draw) : null,
      explain,
      shownRules(view.decision),
      seatHandling(state, info),
      seatsPanel(), logPanel(state.seat)),
    el("div.play", {},
      view.result ? live.results ? resultsPanel(live.results, live.seats, `/games/${gameId}/replay`)
        : resultPanel(view.result, live.seats) : null,
      view.result ? ratingChanges(gameId, live.seats) : null,
      view.result && state.seat !== null ? kept("again", [state.seat], () => playAgainButton(gameId, seatToken(state.seat)))
        : null,
      board ? board.node : null,
      board ? viewDetails(view) : el("div.grid", {}, viewPanels(view, live.seats, live.names)),
      textPicture(state)));
}

// "How a turn goes" (the game's turn_guide), at a player's first decision of the game, until they say
// they have read it (remembered in this browser, for every table of the game).
const GUIDE_READ = `headframe-guide-read:${boot.game.game}`;
function guidePanel() {
  if (!boot.guide || localStorage.getItem(GUIDE_READ)) return null;
  const read = () => { localStorage.setItem(GUIDE_READ, "1"); draw(); };
  return el("section.panel.guide", { role: "note" }, el("h3", {}, "How a turn goes"), el("p", {}, boot.guide),
    el("button.primary", { onclick: read }, "Got it"));
}

function shownRules(decision) {
  rules.show(decision || null);
  return rules.node;
}

function boardPart(state) {
  const choices = state.action_ids.map((id, i) => ({ id, label: state.labels[i] }));
  if (!state.view.decision || waiting(state.seat)) {
    return { node: staticBoard(state.board, waiting(state.seat), since.get(state.seat)?.view),
      placed: new Set(choices.map(({ id }) => id)) };
  }
  const playable = playableBoard(state.board, choices, (id) => {
    move(state.seat, { type: "act", action: state.view.decision.actions[state.action_ids.indexOf(id)],
      version: state.version });
  }, live.board, `${state.seat}:${state.version}`, state.view.decision.prompt, since.get(state.seat)?.view);
  markHinted(playable.node, hinted(gameId, state));
  return playable;
}

// With a board, the raw view is still there for those who want every number.
function viewDetails(view) {
  const panel = el("details.panel", { open: live.detailsOpen, ontoggle: () => { live.detailsOpen = panel.open; } },
    el("summary", {}, "Everything this seat sees, as tables"), el("div.grid", {}, viewPanels(view, live.seats, live.names)));
  return panel;
}

// The game's own text picture of the view, fetched when opened (not part of every update).
function textPicture(state) {
  const picture = el("pre.text", {}, "…");
  const panel = el("details.panel", { open: live.textOpen, ontoggle: () => { live.textOpen = panel.open; load(); } },
    el("summary", {}, "Text picture"), picture);
  const load = async () => {
    if (!panel.open) return;
    const token = state.seat === null ? null : seatToken(state.seat);
    try {
      picture.textContent = (await request(`/api/games/${gameId}/text`, { token })).text;
    } catch (error) {
      picture.textContent = error.message;
    }
  };
  load();
  return panel;
}

function turnBanner(state) {
  const view = state.view;
  const who = state.seat === null ? "You are watching. " : ["You are ", seatLabel(live.seats, state.seat), ". "];
  if (view.over) return el("div.turn", {}, who, "The game is over.");
  if (view.decision) return el("div.turn.mine", {}, who, el("strong", {}, "Your move: "), view.decision.prompt);
  const waiting = view.to_move.map((seat, i) => [i ? ", " : "", seatLabel(live.seats, seat)]);
  return el("div.turn", {}, who, "Waiting for ", waiting, ".");
}

// The decision's actions that have no place on the board, as buttons beside it
// (all of them for a game without a board).
function decisionPanel(state, placed) {
  const decision = state.view.decision;
  const busy = waiting(state.seat);
  const rest = decision.actions.map((action, i) => ({ action, id: state.action_ids[i], label: state.labels[i] }))
    .filter(({ id }) => !placed.has(id));
  if (!rest.length && !state.can_undo) return null;
  const heading = placed.size && rest.length ? "Click the board, or:" : null;  // the banner says the prompt
  return el("section.panel.decision", {}, heading ? el("h3", {}, heading) : null,
    rest.length ? el("div.actions", {}, rest.map(({ action, id, label }) => el("button", {
      "data-action": id, disabled: busy,
      onclick: () => move(state.seat, { type: "act", action, version: state.version }),
    }, label))) : null,
    state.can_undo ? el("button", { disabled: busy, onclick: () => move(state.seat, { type: "undo", version: state.version }) },
      "Take back my last action") : null);
}

// Each player on two lines (their name; who plays the seat and whether they are here), so that the
// panel's few columns (the clock, the host's controls) fit its width on every screen.
function seatsPanel() {
  const clocked = live.clock && live.clock.mode !== "none";  // no empty column at a table without a clock
  return el("section.panel", {}, el("h3", {}, "players"),
    el("table.players", {},
      el("tr", {}, el("th", {}, "player"), clocked ? el("th", {}, "clock") : null, secrets.host ? el("th", {}, "host") : null),
      live.seats.map((info) => el("tr", {},
        el("td", {}, seatLabel(live.seats, info.seat), el("div.seat-how.muted", {}, seatHow(info))),
        clocked ? el("td.seat-clock", {}, info.person_seat ? seatClock(live.clock, info.seat, live.clockAt) : null) : null,  // bots have none
        secrets.host ? el("td", {}, hostControl(info)) : null))),
    secrets.host && live.status === "open" ? el("button", { onclick: cancelTable }, "Cancel this table") : null);
}

function seatHow(info) {
  if (info.controller === "bot") return [botWords(info.agent), info.forfeited ? " · stand-in" : "", thinkingNote(info.seat)];
  const who = info.claimed ? "a person" : info.open ? "open to the lobby" : "invited";
  return info.claimed ? `${who} · ${info.connected ? "here" : "away"}` : who;
}

async function cancelTable() {
  if (!confirm("Cancel this table? Nobody will be able to join or play it.")) return;
  try {
    await request(`/api/games/${gameId}`, { method: "DELETE", token: secrets.host });
  } catch (error) {
    live.error = error.message;
    draw();
  }
}

// An invited seat the host opens: anyone in the lobby may then take it.
function openButton(info) {
  const open = async () => {
    try {
      await request(`/api/games/${gameId}/seats/${info.seat}/open`, { method: "POST", token: secrets.host });
    } catch (error) {
      live.error = error.message;
      draw();
    }
  };
  return el("button", { onclick: open }, "open to the lobby");
}

function hostControl(info) {
  const handTo = async (controller) => {
    try {
      await request(`/api/games/${gameId}/seats/${info.seat}/control`, {
        method: "POST", token: secrets.host, body: { controller } });
    } catch (error) {
      live.error = error.message;
      draw();
    }
  };
  if (live.status === "finished") return null;
  if (info.controller === "human" && !info.connected) {
    return [info.claimed || info.open ? null : [openButton(info), invitationLinkButton(gameId, secrets.host, info.seat)],
      el("button", { onclick: () => handTo("bot") }, "hand to a bot")];
  }
  if (info.controller === "bot" && info.person_seat) {
    return el("button", { onclick: () => handTo("human") }, "give back");
  }
  return null;
}

const NO_STEPS = [];  // one list, so the log's kept lines are not built again at every redraw (log.js)
function logPanel(seat) {
  return logSection(gameId, live.logs.get(seat) || [], live.logSteps || NO_STEPS, live.notices || [], seat,
    since.get(seat)?.log ?? Infinity);
}

// "thinking… 3 s" by the seat of a searching bot, counting from when the server said it began.
function thinkingNote(seat) {
  const began = live.thinking.get(seat);
  return began === undefined ? null : el("span.thinking.muted", { "data-since": String(began) }, thinkingText(began));
}

function thinkingText(began) {
  return ` thinking… ${Math.floor((performance.now() - began) / 1000)} s`;
}

setInterval(() => document.querySelectorAll(".thinking[data-since]").forEach((node) => {
  node.textContent = thinkingText(Number(node.dataset.since));
}), 500);

// A bot as people know it: its level by rating ("Medium bot"); a bot at no rated level, "a bot".
function botWords(agent) {
  const level = live.levels.get(agent);
  return level ? el("span", { title: level.name }, `${level.difficulty} bot`) : "a bot";
}

botLevels(boot.game.game).then((levels) => {
  live.levels = new Map(levels.map((level) => [level.agent, level]));
  draw();
});

// The detail panel of what a board element is (explain.js), the rules at hand and the chat outlive
// the page's redraws.
const explain = explainPanel(boot.game.game);
const rules = rulesPanel(boot.game.game);
// The chat sits after the page that is redrawn, so what is being typed survives every update.
const chat = chatPanel({ send, seat: () => shownSeat() ?? null });
app.after(el("aside.chat-frame", {}, chat.node));
// A seat given by name, kept or declined: a declined one is no longer this connection's (it greets again).
function answered(error, what) {
  live.error = error ? error.message : null;
  if (!error) live.given = [];
  if (!error && what === "decline") socket.close();
  draw();
}

signedIn.then(async (account) => {
  live.account = account;
  if (account) live.given = await invitedSeats(gameId);
  draw();
});
// An invitation link pasted into this tab: its seat is taken here, the connection greeting again.
window.addEventListener("hashchange", () => {
  if (!location.hash) return;
  Object.assign(secrets, readSecrets());
  socket.close();
});
draw();
connect();
// A phone turned or a window resized past a phone's size: the server sends the board in the other layout.
onLayoutChange((wanted) => {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "layout", layout: wanted }));
});

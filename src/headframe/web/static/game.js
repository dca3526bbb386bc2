// The generic game page: the seat's view as panels, the legal actions as
// buttons, the log, whose turn it is, and the result. Tokens come in the link's
// fragment (never sent in a URL to the server) and are kept for this tab.

import { app, boot, el, fill, request, resultPanel, seatName, viewPanels } from "./common.js";

const gameId = boot.game.id;
const secrets = readSecrets();
const live = { seats: boot.game.seats, status: boot.game.status, states: new Map(), logs: new Map(), shown: null,
  error: null, connection: "connecting", textOpen: false };
let socket = null;
let retry = 500;

function readSecrets() {
  const key = `headframe:${gameId}`;
  const fragment = new URLSearchParams(location.hash.slice(1));
  const stored = JSON.parse(sessionStorage.getItem(key) || "{}");
  const tokens = fragment.get("tokens") ? fragment.get("tokens").split(",").filter(Boolean) : stored.tokens || [];
  const host = fragment.get("host") || stored.host || null;
  sessionStorage.setItem(key, JSON.stringify({ tokens, host }));
  if (location.hash) history.replaceState(null, "", location.pathname);
  return { tokens, host, seats: [] };
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}`);
  socket.onopen = () => {
    retry = 500;
    live.connection = "live";
    socket.send(JSON.stringify({ type: "hello", tokens: secrets.tokens }));
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    live.connection = "reconnecting";
    draw();
    if (event.code === 4403 || event.code === 4404) return;  // refused for good: no point retrying
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function receive(message) {
  if (message.type === "welcome") {
    secrets.seats = message.seats;
  } else if (message.type === "state") {
    const log = (live.logs.get(message.seat) || []).slice(0, message.log_start);
    message.log_text.forEach((text, i) => log.push({ text, entry: message.log[i] }));
    live.logs.set(message.seat, log);
    live.states.set(message.seat, message);
    live.seats = message.seats;
    live.status = message.status;
    live.error = null;
  } else if (message.type === "seats") {
    live.seats = message.seats;
    live.status = message.status;
  } else if (message.type === "error") {
    live.error = message.message;
  }
  draw();
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

// Which of the held seats to show: the one chosen, else one that must move now.
function shownSeat() {
  const held = [...live.states.keys()];
  if (live.shown !== null && live.states.has(live.shown)) return live.shown;
  const toMove = held.find((seat) => live.states.get(seat).view.decision);
  return toMove !== undefined ? toMove : held[0];
}

function draw() {
  const seat = shownSeat();
  const state = live.states.get(seat);
  fill(app,
    el("h1", {}, boot.game.name, " ", el("span.status." + live.status, {}, live.status)),
    el("p.muted", {}, `${boot.game.title} · ${boot.game.players} players · `, live.connection,
      live.status === "finished" ? [" · ", el("a", { href: `/games/${gameId}/replay` }, "replay")] : null),
    live.error ? el("p.error", { role: "alert" }, live.error) : null,
    unclaimedPanel(),
    seatTabs(seat),
    state ? table(state) : el("p.muted", {}, "Loading…"),
  );
}

// An invitation opened for the first time: the player takes the seat under a name.
function unclaimedPanel() {
  const mine = secrets.seats.map((seat, i) => ({ seat, token: secrets.tokens[i] }))
    .filter(({ seat }) => live.seats[seat] && !live.seats[seat].claimed);
  if (mine.length === 0) return null;
  const name = el("input", { maxlength: 40, placeholder: "your name" });
  const take = async () => {
    try {
      for (const { seat, token } of mine) {
        await request(`/api/games/${gameId}/seats/${seat}/claim`, { method: "POST", token, body: { name: name.value || null } });
      }
    } catch (error) {
      live.error = error.message;
      draw();
    }
  };
  return el("section.panel", {}, el("h3", {}, "take your seat"), name, el("button.primary", { onclick: take }, "Join the game"));
}

function seatTabs(current) {
  const held = [...live.states.keys()];
  if (held.length < 2) return null;
  return el("nav.tabs", {}, "Seat: ", held.map((seat) => el("button" + (seat === current ? ".active" : ""), {
    onclick: () => { live.shown = seat; draw(); },
  }, seatName(live.seats, seat), live.states.get(seat).view.decision ? " •" : "")));
}

function table(state) {
  const view = state.view;
  return el("div.columns", {},
    el("div", {},
      turnBanner(state),
      view.result ? resultPanel(view.result, live.seats) : null,
      view.decision ? decisionPanel(state) : null,
      textPicture(state),
      el("div.grid", {}, viewPanels(view))),
    el("div", {}, seatsPanel(), logPanel(state.seat)));
}

// The game's own text picture of the view, fetched when opened (not part of every update).
function textPicture(state) {
  const picture = el("pre.text", {}, "…");
  const panel = el("details.panel", { open: live.textOpen, ontoggle: () => { live.textOpen = panel.open; load(); } },
    el("summary", {}, "Text picture"), picture);
  const load = async () => {
    if (!panel.open) return;
    const token = state.seat === null ? null : secrets.tokens[secrets.seats.indexOf(state.seat)];
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
  if (view.over) return el("div.turn", {}, "The game is over.");
  const mine = Boolean(view.decision);
  const waiting = view.to_move.map((seat) => seatName(live.seats, seat)).join(", ");
  const who = state.seat === null ? "Watching" : `You are ${seatName(live.seats, state.seat)}`;
  return el("div.turn" + (mine ? ".mine" : ""), {}, `${who}. `, mine ? "Your move. " : "", `Waiting for: ${waiting}.`);
}

function decisionPanel(state) {
  const decision = state.view.decision;
  return el("section.panel", {}, el("h3", {}, decision.kind),
    el("p", {}, decision.prompt),
    el("div.actions", {}, decision.actions.map((action, i) => el("button", {
      title: JSON.stringify(action),
      onclick: (event) => {
        event.target.closest(".actions").querySelectorAll("button").forEach((b) => { b.disabled = true; });
        send({ type: "act", seat: state.seat, action, version: state.version });
      },
    }, state.labels[i]))),
    state.can_undo ? el("button", { onclick: () => send({ type: "undo", seat: state.seat, version: state.version }) },
      "Take back my last action") : null);
}

function seatsPanel() {
  return el("section.panel", {}, el("h3", {}, "players"),
    el("table", {}, live.seats.map((info) => el("tr", {},
      el("td", {}, seatName(live.seats, info.seat)),
      el("td", {}, info.controller === "bot" ? `bot: ${info.agent}` : info.claimed ? "person" : "open seat"),
      el("td", {}, info.controller === "human" ? (info.connected ? "here" : "away") : ""),
      secrets.host ? el("td", {}, hostControl(info)) : null))));
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
    return el("button", { onclick: () => handTo("bot") }, "hand to a bot");
  }
  if (info.controller === "bot" && info.person_seat) {
    return el("button", { onclick: () => handTo("human") }, "give back");
  }
  return null;
}

function logPanel(seat) {
  const log = live.logs.get(seat) || [];
  const list = el("ol.log", {}, log.map((line) => el("li", {}, line.text)));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return el("section.panel", {}, el("h3", {}, "log"), list);
}

draw();
connect();

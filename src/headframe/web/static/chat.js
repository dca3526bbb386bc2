// The table's chat: its messages (each built as text, never as HTML) and a line
// to write one, sent over the game's WebSocket; and the chat of a finished game
// beside its replay, each message at the step it came.

import { el, fill, seatColour } from "./common.js";

const MAX_TEXT = 500;

// "14:02": a message's time, in the reader's own clock.
function clock(at) {
  return new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// The author: a seat's name after its colour's dot, or a spectator's name marked as such.
function author(message) {
  if (message.seat === null) return el("span.chat-author", {}, message.name, el("span.muted", {}, " (watching)"));
  const dot = el("span.seat-dot", { "aria-hidden": "true" });
  dot.style.setProperty("--seat", seatColour(message.seat).colour);
  return el("span.chat-author.seat", {}, dot, message.name);
}

function parts(message) {
  return [el("span.muted", {}, `${clock(message.at)} `), author(message), ": ", el("span.chat-text", {}, message.text)];
}

// The live panel. `send` puts a message on the socket; `seat()` is the seat the
// page shows (null: watching, when the writer gives a name of their own).
export function chatPanel({ send, seat }) {
  const messages = new Map();
  const list = el("ol.chat-lines", { "aria-live": "polite" });
  const problem = el("p.error.chat-error", { role: "alert" });
  const text = el("input", { name: "chat", maxlength: MAX_TEXT, placeholder: "Say something to the table",
    autocomplete: "off", "aria-label": "Chat message" });
  const name = el("input.chat-name", { name: "chat-name", maxlength: 40, placeholder: "name in the chat",
    "aria-label": "Your name in the chat" });
  let sent = 0;
  let last = { ref: null, text: "" };  // the latest message sent, put back if refused
  const submit = (event) => {
    event.preventDefault();
    if (!text.value.trim()) return;
    const ref = `chat-${++sent}`;
    const writer = seat();
    last = { ref, text: text.value };
    send({ type: "chat", text: text.value, ref,
      ...(writer === null ? { name: name.value.trim() || undefined } : { seat: writer }) });
    text.value = "";
    problem.textContent = "";
  };
  const form = el("form.chat-form", { onsubmit: submit }, name, text, el("button", { type: "submit" }, "Send"));
  const node = el("div.panel.chat", { role: "region", "aria-label": "Chat" }, el("h3", {}, "chat"), list, problem, form);
  const redraw = () => {
    fill(list, [...messages.values()].sort((a, b) => a.n - b.n).map((message) =>
      el("li", { "data-n": message.n }, parts(message))));
    list.scrollTop = list.scrollHeight;
  };
  return {
    node,
    // New messages, or the table's latest on (re)connecting: kept once each, in order.
    receive(found) {
      for (const message of found) messages.set(message.n, message);
      redraw();
    },
    // Whether an error answers one of the chat's messages; if so it is shown here.
    refused(error) {
      if (typeof error.ref !== "string" || !error.ref.startsWith("chat-")) return false;
      if (error.ref === last.ref && !text.value) text.value = last.text;
      problem.textContent = error.message;
      return true;
    },
    // The page changed: a spectator writes under a name of their own, a seat under its name.
    update() {
      name.hidden = seat() !== null;
    },
  };
}

// A finished game's chat beside its replay: a message opens the game at its step.
export function chatLog(messages, step, show) {
  if (!messages.length) return null;
  return el("section.panel.chat", {}, el("h3", {}, "chat"),
    el("ul.log.chat-lines", {}, messages.map((message) => el("li.clickable" + (message.step > step ? ".later" : ""), {
      onclick: () => show(message.step), "data-step": message.step,
    }, el("span.muted", {}, `step ${message.step} · `), parts(message)))));
}

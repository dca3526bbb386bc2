// Replays: step through a finished game (or an uploaded record) from any log
// line; a finished game shows every seat's view, and its board at every step.
// The step is in the URL (#step=N), so a log line can link to it. The arrow keys
// step back and on, Home and End go to the ends, and "play" (or the space bar)
// steps on every second.

import { layout, onLayoutChange, staticBoard } from "./board.js";
import { chatLog } from "./chat.js";
import { app, boot, el, fill, namesOf, renderValue, request, resultPanel, seatName, viewPanels } from "./common.js";
import { commentsPanel } from "./comments.js";
import { explainPanel } from "./explain.js";
import { resultsPanel } from "./results.js";

const PLAY_EVERY_MS = 1000;

const overview = await request(boot.source);
const names = await namesOf(overview.game);
const frames = new Map();
let step = Number(new URLSearchParams(location.hash.slice(1)).get("step") || 0);
let perspective = "spectator";
let playing = null;  // while playing: {timer} of the next step
const explain = explainPanel(overview.game);
const notes = commentsPanel({ game: overview.game, source: boot.source, comments: overview.comments || [],
  changed: () => show(step) });
const seats = overview.names.map((name, seat) => ({ seat, name }));  // as the server wrote the texts

async function frame(at) {
  if (!frames.has(at)) frames.set(at, await request(`${boot.source}/${at}?layout=${layout()}`));
  return frames.get(at);
}

onLayoutChange(() => {  // the frames fetched were drawn for the other layout
  frames.clear();
  show(step);
});

async function show(at) {
  step = Math.max(0, Math.min(overview.steps, at));
  const wanted = step;
  history.replaceState(null, "", `#step=${step}`);
  const current = await frame(step);
  if (step !== wanted) return;  // a later step was asked for meanwhile
  const spectating = perspective === "spectator";
  const view = spectating ? current.spectator : current.views[perspective];
  const board = spectating ? current.spectator_board : current.boards[perspective];
  const text = spectating ? current.spectator_text : current.texts[perspective];
  const pictured = board ? staticBoard(board) : null;
  fill(app,
    el("h1", {}, `Replay: ${overview.title}`),
    el("p", {},
      el("button", { onclick: () => show(0) }, "« start"), el("button", { onclick: () => show(step - 1) }, "◀ back"),
      ` step ${step} of ${overview.steps} `,
      el("button", { onclick: () => show(step + 1) }, "next ▶"), el("button", { onclick: () => show(overview.steps) }, "end »"),
      " ", el("button.play-pause", { onclick: togglePlay, "aria-pressed": playing ? "true" : "false",
        title: "Step on every second (space bar)" }, playing ? "❚❚ pause" : "▶ play"),
      " ", el("input", { type: "range", min: 0, max: overview.steps, value: step,
        onchange: (event) => show(Number(event.target.value)) }),
      " Seen by ", el("select", { onchange: (event) => { perspective = event.target.value === "spectator" ? "spectator" : Number(event.target.value); show(step); } },
        el("option", { value: "spectator" }, "everyone (public)"),
        current.views.map((_, seat) => el("option", { value: seat, selected: perspective === seat }, seatName(seats, seat)))),
      boot.record ? [" ", el("a", { href: boot.record, download: "" }, "download record")] : null),
    el("div.columns", {},
      el("div", {},
        step > 0 ? el("div.turn", {}, `Step ${step}: ${seatName(seats, overview.actions[step - 1].seat)} — ${overview.actions[step - 1].text}`)
          : el("div.turn", {}, "Step 0: the game as set up."),
        step === overview.steps && overview.results ? resultsPanel(overview.results, seats)
          : step === overview.steps && overview.result ? resultPanel(overview.result, seats) : null,
        notes.draw(step, pictured && pictured.querySelector("svg")),
        pictured,
        !spectating && view.decision ? el("section.panel", {}, el("h3", {}, "decision"), renderValue(view.decision, seats, null, names)) : null,
        board ? el("details.panel", {}, el("summary", {}, "Text picture"), el("pre.text", {}, text))
          : el("section.panel", {}, el("h3", {}, "board"), el("pre.text", {}, text)),
        board ? el("details.panel", {}, el("summary", {}, "Everything this seat sees, as tables"),
          el("div.grid", {}, viewPanels(view, seats, names))) : el("div.grid", {}, viewPanels(view, seats, names))),
      el("div", {}, explain, logPanel(current.log_length), chatLog(overview.chat || [], step, show))));
  const line = app.querySelector(".log .current");
  if (line) line.parentElement.scrollTop = line.offsetTop - line.parentElement.offsetTop - 80;
}

function logPanel(length) {
  // The server's notices (a clock ran out, a player left or came back) and the replay's comments, after
  // the log lines of their step.
  const asides = [...(overview.notices || []).map((notice) => ({ ...notice, kind: "notice" })),
    ...notes.all().map((comment) => ({ ...comment, kind: "comment-mark" }))].sort((a, b) => a.step - b.step);
  const notices = (from, to) => asides.filter((aside) => aside.step >= from && aside.step < to)
    .map((aside) => el(`li.${aside.kind}.clickable`, { onclick: () => show(aside.step), "data-step": aside.step },
      el("span.muted", {}, `step ${aside.step} · `), aside.kind === "comment-mark" ? `✎ ${aside.text}` : aside.text));
  const lines = overview.log.map((line, index) => {
    const next = index + 1 < overview.log.length ? overview.log[index + 1].step : Infinity;
    return [index === 0 ? notices(-1, line.step) : null,
      el("li.clickable" + (index + 1 === length ? ".current" : ""), { onclick: () => show(line.step), "data-step": line.step },
        el("span.muted", {}, `step ${line.step} · `), line.text),
      notices(line.step, next)];
  });
  return el("section.panel", {}, el("h3", {}, "log"), el("p.muted", {}, "Click a line to see the game at that step."),
    el("ul.log", {}, lines.length ? lines : notices(-1, Infinity)));
}

// Playing: a step every second until the end (from the start when it is at the end).
function togglePlay() {
  if (playing) {
    clearTimeout(playing.timer);
    playing = null;
    show(step);  // the button says "play" again
    return;
  }
  const run = { timer: null };
  const next = async () => {
    await show(step + 1);
    if (playing !== run) return;  // paused meanwhile
    if (step < overview.steps) {
      run.timer = setTimeout(next, PLAY_EVERY_MS);
    } else {
      playing = null;
      show(step);
    }
  };
  playing = run;
  run.timer = setTimeout(next, PLAY_EVERY_MS);
  show(step >= overview.steps ? 0 : step);
}

const KEYS = { ArrowLeft: () => show(step - 1), ArrowRight: () => show(step + 1), Home: () => show(0),
  End: () => show(overview.steps), " ": togglePlay };

// Keys step through the replay, but not while someone types (or uses a form field's own keys),
// and the space bar leaves a focused button or link to do what it does.
document.addEventListener("keydown", (event) => {
  const action = KEYS[event.key];
  const target = event.target;
  if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
  if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
  if (event.key === " " && target.closest && target.closest("button, a, summary")) return;
  event.preventDefault();
  action();
});

await show(step);

// "Learn to play" (/learn/{game}): the game's guided first game (engine/tutorial.py).
// A scripted game against bots: at every step the tutorial's comment, with the rules
// it cites (a rulebook section's text in a disclosure, a ruling a link to its Sources entry)
// and the board element it is about outlined; "Next" plays a bot's step, the learner
// makes the move the step asks for on the board or by the decision's buttons (another
// is refused, saying why), "Back" steps back (the arrow keys step back and on), and the
// end sums up the rules met.
// The server keeps nothing: the page asks for the game at a step (the learner's view,
// board and log) and sends the learner's move at a step. The step is in the URL (#step=N).

import { layout, onLayoutChange, playableBoard, staticBoard } from "./board.js";
import { app, boot, el, fill, request, seatLabel } from "./common.js";
import { point } from "./comments.js";
import { explainPanel } from "./explain.js";
import { sectionPart, sourcesLink } from "./rules.js";

const source = `/api/learn/${encodeURIComponent(boot.game)}`;
const tutorial = await request(source);
const seats = tutorial.names.map((name, seat) => ({ seat, name }));
const frames = new Map();  // step -> the learner's game there, in the layout of this screen
const explain = explainPanel(tutorial.game);
const memory = {};  // the board's open menu, across redraws
const stepInUrl = () => Number(new URLSearchParams(location.hash.slice(1)).get("step")) || 0;
let step = Math.min(stepInUrl(), tutorial.steps);
let refusal = null;  // why the learner's last move at this step was refused

async function frame(at) {
  if (!frames.has(at)) frames.set(at, request(`${source}/steps/${at}?layout=${layout()}`));
  return frames.get(at);
}

async function show(at) {
  const wanted = Math.max(0, Math.min(tutorial.steps, at));
  let current;
  try {
    current = await frame(wanted);
  } catch (error) {
    frames.delete(wanted);
    fill(app, el("p.error", { role: "alert" }, `This step could not be loaded: ${error.message}`));
    return;
  }
  if (step !== wanted) refusal = null;
  step = wanted;
  history.replaceState(null, "", `#step=${step}`);
  draw(current);
  if (step < tutorial.steps) frame(step + 1).catch(() => frames.delete(step + 1));  // read while the learner reads
}

async function answer(current, index) {
  try {
    const response = await request(`${source}/steps/${current.step}`,
      { method: "POST", body: { action: current.view.decision.actions[index] } });
    if (response.accepted) return show(current.step + 1);
    refusal = response.message;
  } catch (error) {
    refusal = error.message;
  }
  return draw(current);
}

function draw(current) {
  const end = current.step === tutorial.steps;
  const board = current.board ? boardPart(current) : null;
  const lesson = end ? null : current.lesson;
  fill(app,
    el("h1", {}, tutorial.title),
    el("p.muted", {}, `${tutorial.game_title} · you are `, seatLabel(seats, tutorial.learner), " · ",
      end ? "the end" : `step ${current.step + 1} of ${tutorial.steps}`),
    el("div.columns.table.learn", { "data-step": current.step, "data-mine": current.mine },
      el("div.side", {},
        current.step === 0 ? lessonPanel("How the game goes", tutorial.opening) : null,
        lesson ? lessonPanel(current.mine ? "Your move" : `${tutorial.names[current.seat]}'s move`, lesson) : null,
        refusal ? el("p.refusal", { role: "alert" }, refusal) : null,
        end ? summaryPanel() : null,
        controls(current, board ? board.placed : new Set()),
        explain,
        logPanel(current.log)),
      el("div.play", {}, board ? board.node : el("p.muted", {}, "This game draws no board."))));
  if (board && lesson) point(board.node.querySelector("svg"), lesson.element);
}

function boardPart(current) {
  if (!current.mine) return { node: staticBoard(current.board), placed: new Set() };
  const choices = current.action_ids.map((id, i) => ({ id, label: current.labels[i] }));
  return playableBoard(current.board, choices, (id) => answer(current, current.action_ids.indexOf(id)), memory);
}

// "Back", "Next" on a bot's step, and the learner's choices that have no place on the board.
function controls(current, placed) {
  const back = el("button.back", { disabled: current.step === 0, onclick: () => show(current.step - 1) }, "Back");
  if (current.step === tutorial.steps) {
    return el("section.panel.decision", {}, back, el("a.primary.real-game", { href: "/" }, "Play a real game"));
  }
  if (!current.mine) {
    return el("section.panel.decision", {}, back, el("button.primary.next", { onclick: () => show(current.step + 1) }, "Next"));
  }
  const rest = current.action_ids.map((id, index) => ({ id, index })).filter(({ id }) => !placed.has(id));
  return el("section.panel.decision", {},
    el("h3", {}, current.view.decision.prompt, placed.size ? " (click the board)" : ""),
    rest.length ? el("div.actions", {}, rest.map(({ id, index }) => el("button", {
      "data-action": id, onclick: (event) => { event.currentTarget.disabled = true; answer(current, index); },
    }, current.labels[index]))) : null,
    back);
}

// A comment: its text and its citations, each opening the rule's text.
function lessonPart(lesson) {
  return [el("p.lesson-text", {}, lesson.text),
    el("div.citations", {}, lesson.rules.map((reference) => citation(tutorial.citations[reference])))];
}

function lessonPanel(heading, lesson) {
  return el("section.panel.lesson", {}, el("h3", {}, heading), lessonPart(lesson));
}

function citation(cited) {
  return cited.kind === "section" ? sectionPart(cited, false, "Rulebook: ")
    : sourcesLink(cited.url, `${cited.title}: see Sources`);
}

function summaryPanel() {
  return el("section.panel.summary", {}, el("h3", {}, "The rules you met"),
    tutorial.summary.map((lesson) => el("div.summary-entry", {}, lessonPart(lesson))));
}

function logPanel(lines) {
  const list = el("ol.log", {}, lines.map((text) => el("li", {}, text)));
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return el("section.panel", {}, el("h3", {}, "log"), list);
}

// The arrow keys step back and on (on a bot's step), as in a replay; not while focus is in a form field.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey || event.target.closest?.("input, textarea, select")) return;
  const button = { ArrowLeft: ".learn .back", ArrowRight: ".learn .next" }[event.key];
  const found = button && document.querySelector(button);
  if (!found || found.disabled) return;
  event.preventDefault();
  found.click();
});

addEventListener("hashchange", () => { if (stepInUrl() !== step) show(stepInUrl()); });  // a link to another step

onLayoutChange(() => {  // the frames fetched were drawn for the other layout
  frames.clear();
  show(step);
});

await show(step);

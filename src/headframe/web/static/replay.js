// Replays: step through a finished game (or an uploaded record) from any log
// line; a finished game shows every seat's view.

import { app, boot, el, fill, renderValue, request, resultPanel, viewPanels } from "./common.js";

const overview = await request(boot.source);
const frames = new Map();
let step = Number(new URLSearchParams(location.hash.slice(1)).get("step") || 0);
let perspective = "spectator";

async function frame(at) {
  if (!frames.has(at)) frames.set(at, await request(`${boot.source}/${at}`));
  return frames.get(at);
}

async function show(at) {
  step = Math.max(0, Math.min(overview.steps, at));
  history.replaceState(null, "", `#step=${step}`);
  const current = await frame(step);
  const view = perspective === "spectator" ? current.spectator : current.views[perspective];
  const seats = (overview.seats || []).map((s, seat) => ({ seat, name: s.name || `Seat ${seat + 1}` }));
  fill(app,
    el("h1", {}, `Replay: ${overview.title}`),
    el("p", {},
      el("button", { onclick: () => show(0) }, "⏮"), el("button", { onclick: () => show(step - 1) }, "◀"),
      ` step ${step} of ${overview.steps} `,
      el("button", { onclick: () => show(step + 1) }, "▶"), el("button", { onclick: () => show(overview.steps) }, "⏭"),
      " ", el("input", { type: "range", min: 0, max: overview.steps, value: step,
        onchange: (event) => show(Number(event.target.value)) }),
      " Seen by ", el("select", { onchange: (event) => { perspective = event.target.value === "spectator" ? "spectator" : Number(event.target.value); show(step); } },
        el("option", { value: "spectator" }, "everyone (public)"),
        current.views.map((_, seat) => el("option", { value: seat, selected: perspective === seat }, `seat ${seat + 1}`))),
      boot.record ? [" ", el("a", { href: boot.record, download: "" }, "download record")] : null),
    el("div.columns", {},
      el("div", {},
        step > 0 ? el("div.turn", {}, `Step ${step}: seat ${overview.actions[step - 1].seat + 1} — ${overview.actions[step - 1].text}`) : null,
        step === overview.steps && overview.result ? resultPanel(overview.result, seats) : null,
        perspective !== "spectator" && view.decision ? el("section.panel", {}, el("h3", {}, "decision"), renderValue(view.decision)) : null,
        el("section.panel", {}, el("h3", {}, "board"), el("pre.text", {}, perspective === "spectator" ? current.spectator_text : current.texts[perspective])),
        el("div.grid", {}, viewPanels(view))),
      logPanel(current.log_length)));
}

function logPanel(length) {
  return el("section.panel", {}, el("h3", {}, "log (click a line to go there)"),
    el("ol.log", {}, overview.log.map((line, index) => el("li.clickable" + (index < length && (index + 1 === length) ? ".current" : ""), {
      onclick: () => show(line.step),
    }, `${line.step}. ${line.text}`))));
}

await show(step);

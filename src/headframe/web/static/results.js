// The end of a game: each seat's place, score and score parts as a table and as a
// chart (a stacked bar per seat, inline SVG), the tie-breaker that decided, how
// long the game was, and its replay. The data come from the server (results.py):
// GET /api/games/{id}/results, or a replay's overview.

import { el, seatColour, seatLabel } from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
// The parts' colours, apart from the seats' (a part is no seat's).
const PART_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
  "#9c755f", "#bab0ac"];
const partColour = (index) => PART_COLOURS[index % PART_COLOURS.length];

export const ordinal = (n) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
};

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...children.flat());
  return node;
}

// `results`: {score_name, parts: [label], seats: [{seat, name, place, score, parts: [value]}], tiebreak, decisions,
// rounds: {name, standings: [{round, scores}]} | null, minutes?};
// `seats`: the table's seats (names and colours); `replay`: the replay's address, or null.
export function resultsPanel(results, seats, replay = null) {
  const order = [...results.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
  return el("section.panel.result.results", {}, el("h3", {}, "results"),
    el("table.results-table", {},
      el("tr", {}, el("th", {}, "place"), el("th", {}, "player"), el("th", {}, results.score_name || "score"),
        results.parts.map((label, i) => el("th.part", {}, swatch(i), label))),
      order.map((row) => el("tr", { "data-seat": row.seat }, el("td", {}, ordinal(row.place)),
        el("td", {}, seatLabel(seats, row.seat)), el("td.score", {}, row.score),
        row.parts.map((value) => el("td.part", {}, value))))),
    results.parts.length ? chart(results, order) : null,
    results.rounds && results.rounds.standings.length > 1 ? roundsChart(results, order) : null,
    el("p.tiebreak", {}, results.tiebreak),
    el("p.length.muted", {}, length(results)),
    replay ? el("p", {}, el("a.replay-link", { href: replay }, "Watch the replay")) : null);
}

function swatch(index) {
  const dot = el("span.part-swatch", { "aria-hidden": "true" });
  dot.style.setProperty("--part", partColour(index));  // CSSOM: allowed by the page's style policy
  return dot;
}

function length({ decisions, minutes }) {
  const played = minutes === undefined || minutes === null ? ""
    : minutes < 1 ? ", in under a minute" : `, over ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? "" : "s"}`;
  return `${decisions} decision${decisions === 1 ? "" : "s"}${played}.`;
}

// One bar per seat, best first: its parts end to end from zero (a negative part to the left of it).
function chart(results, order) {
  const rowHeight = 26;
  const nameWidth = 130;
  const width = 560;
  const positive = Math.max(1, ...order.map((row) => row.parts.reduce((sum, v) => sum + Math.max(v, 0), 0)));
  const negative = Math.max(0, ...order.map((row) => row.parts.reduce((sum, v) => sum - Math.min(v, 0), 0)));
  const scale = (width - nameWidth - 50) / (positive + negative);
  const zero = nameWidth + negative * scale;
  const bars = order.map((row, index) => {
    const y = 6 + index * rowHeight;
    let right = zero;
    let left = zero;
    const segments = row.parts.map((value, part) => {
      if (!value) return null;
      const span = Math.abs(value) * scale;
      const x = value > 0 ? right : left - span;
      if (value > 0) right += span; else left -= span;
      return svg("rect", { x, y, width: span, height: rowHeight - 8, fill: partColour(part), class: "part" },
        svg("title", {}, `${results.parts[part]}: ${value}`));
    });
    return svg("g", { class: "bar", "data-seat": row.seat },
      svg("text", { x: nameWidth - 8, y: y + rowHeight / 2 - 4, "text-anchor": "end", "dominant-baseline": "middle",
        class: "bar-name" }, row.name),
      segments.filter(Boolean),
      svg("text", { x: right + 6, y: y + rowHeight / 2 - 4, "dominant-baseline": "middle", class: "bar-score" },
        String(row.score)));
  });
  const height = 12 + order.length * rowHeight;
  return el("figure.results-chart", {},
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "Each player's score, part by part" },
      svg("line", { x1: zero, x2: zero, y1: 2, y2: height - 4, class: "axis" }), bars),
    el("figcaption", {}, results.parts.map((label, i) => el("span.legend", {}, swatch(i), label))));
}

// Each seat's standing at the end of each round: a line per seat in its colour, its score at the end.
function roundsChart(results, order) {
  const { name, standings } = results.rounds;
  const [left, right, top, bottom, width, height] = [44, 150, 10, 30, 560, 220];
  const values = standings.flatMap(({ scores }) => scores);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (index) => left + (index * (width - left - right)) / Math.max(1, standings.length - 1);
  const y = (value) => top + ((high - value) * (height - top - bottom)) / (high - low);
  const lines = order.map((row) => {
    const points = standings.map(({ scores }, index) => `${x(index)},${y(scores[row.seat])}`).join(" ");
    const last = standings[standings.length - 1].scores[row.seat];
    return svg("g", { class: "round-line", "data-seat": row.seat },
      svg("polyline", { points, fill: "none", stroke: seatColour(row.seat).colour, "stroke-width": 3 }),
      standings.map(({ round, scores }, index) => svg("circle", { cx: x(index), cy: y(scores[row.seat]), r: 4,
        fill: seatColour(row.seat).colour }, svg("title", {}, `${row.name}, end of ${name.toLowerCase()} ${round}: ${scores[row.seat]}`))),
      svg("text", { x: x(standings.length - 1) + 10, y: y(last), "dominant-baseline": "middle", class: "bar-name" },
        `${row.name}: ${last}`));
  });
  const ticks = standings.map(({ round }, index) => svg("text", { x: x(index), y: height - 8, "text-anchor": "middle",
    class: "axis-label" }, String(round)));
  return el("figure.results-chart.rounds-chart", {},
    svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": `Each player's ${results.score_name || "score"} at the end of each ${name.toLowerCase()}` },
      svg("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "axis" }),
      svg("text", { x: left - 8, y: y(high), "text-anchor": "end", "dominant-baseline": "middle", class: "axis-label" },
        String(high)),
      svg("text", { x: left - 8, y: y(low), "text-anchor": "end", "dominant-baseline": "middle", class: "axis-label" },
        String(low)),
      ticks, lines),
    el("figcaption", {}, `${results.score_name || "Score"} at the end of each ${name.toLowerCase()}`));
}

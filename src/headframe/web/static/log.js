// The game page's log: its lines in words, each linking to the replay at its step once the game is
// over, the server's notices among them, and the lines that came since the player last acted marked.

import { el } from "./common.js";

// `log`: the seat's lines ({text}); `steps`: each line's replay step (a finished game's); `notices`: the
// server's ({n, log_at, text}); `from`: the first line that came since the player last acted.
export function logSection(gameId, log, steps, notices, seat, from) {
  const list = logList(gameId, seat, log, steps, notices);
  markNewLines(list, from);
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return el("section.panel", {}, el("h3", {}, "log"),
    steps.length ? el("p.muted", {}, "Click a line to replay the game from there.") : null, list);
}

// The log's lines that came since the player last acted are marked (the server's notices too).
function markNewLines(list, from) {
  [...list.children].filter((line) => !line.classList.contains("notice"))
    .forEach((line, i) => line.classList.toggle("new", i >= from));
}

// The log's list outlives redraws and only grows: a long game's log has thousands of lines, and
// building them all again for every move made each move slower than the last. It is built afresh
// when the seat shown changes, a move is taken back, or the replay's steps arrive.
const logKept = { seat: undefined, steps: null, list: null, lines: [], notices: new Set() };

function logList(gameId, seat, log, steps, notices) {
  const kept = logKept;
  const takenBack = kept.lines.length > log.length || kept.lines.some((line, i) => line !== log[i]);
  const early = notices.some((notice) => !kept.notices.has(notice.n) && notice.log_at < kept.lines.length);
  if (kept.seat !== seat || kept.steps !== steps || takenBack || early) {
    Object.assign(kept, { seat, steps, list: el("ol.log"), lines: [], notices: new Set() });
  }
  // The server's notices (a clock ran out, a player left or came back), each before the line it came before.
  const noticesBefore = (at) => notices.filter((notice) => !kept.notices.has(notice.n) && notice.log_at <= at)
    .map((notice) => { kept.notices.add(notice.n); return el("li.notice", {}, notice.text); });
  for (let i = kept.lines.length; i < log.length; i++) {
    kept.list.append(...noticesBefore(i), el("li", {}, i < steps.length
      ? el("a", { href: `/games/${gameId}/replay#step=${steps[i]}`, title: "Open the replay here" }, log[i].text)
      : log[i].text));
    kept.lines.push(log[i]);
  }
  kept.list.append(...noticesBefore(Infinity));
  return kept.list;
}

// Seats' clocks on the game page: each running clock ticks down here between the
// server's messages ("4:32", "23 h 10 min"), low time highlighted. The server
// says how much each seat had when it sent the message; the page counts from there.

import { el } from "./common.js";

// "0:45", "4:32", "1:02:03" under a day's hour count; "23 h 10 min" and "2 days 3 h" beyond.
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 86400) {
    const days = Math.floor(whole / 86400);
    return `${days} day${days === 1 ? "" : "s"} ${Math.floor((whole % 86400) / 3600)} h`;
  }
  if (whole >= 3600) return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// One seat's clock: `clock` as the server sent it, `at` when it arrived (performance.now()).
export function seatClock(clock, seat, at) {
  const mine = clock && clock.mode !== "none" ? clock.seats.find((entry) => entry.seat === seat) : null;
  if (!mine) return null;
  const node = el("span.clock", { "data-seat": seat, title: clock.words });
  if (mine.running) {
    node.dataset.ends = String(at + mine.left * 1000);
    node.dataset.low = String(clock.low);
  }
  show(node, mine.left, clock.low);
  return node;
}

function show(node, left, low) {
  node.textContent = clockText(left);
  node.classList.toggle("running", node.dataset.ends !== undefined);
  node.classList.toggle("low", left <= low);
  node.classList.toggle("out", left <= 0);
}

function tick() {
  const now = performance.now();
  document.querySelectorAll(".clock[data-ends]").forEach((node) => {
    show(node, (Number(node.dataset.ends) - now) / 1000, Number(node.dataset.low));
  });
}

setInterval(tick, 250);

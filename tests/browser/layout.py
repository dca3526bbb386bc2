"""Measuring a game page's layout in the browser: boxes of the board, its labels and the
decision, in document coordinates (so a page scrolled by a click does not count as a move)."""

from __future__ import annotations

from playwright.sync_api import Page

LAPTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
PHONE_LANDSCAPE = {"width": 844, "height": 390}
VIEWPORTS = {"laptop": LAPTOP, "phone": PHONE, "phone-landscape": PHONE_LANDSCAPE}

# Every animation frame, where the board's frame and view are (document px) and whether the seat has a
# decision: a record of the board's place across moves, however briefly a state shows.
WATCH_BOARD = """() => {
  window.boardPlaces = [];
  const watch = () => {
    const frame = document.querySelector(".board-frame");
    if (frame) {
      const box = (node) => { const b = node.getBoundingClientRect(); return [b.left + scrollX, b.top + scrollY]; };
      window.boardPlaces.push({ frame: box(frame), view: box(frame.querySelector(".board-view")),
        deciding: Boolean(document.querySelector(".turn.mine")) && !document.querySelector("[data-waiting]"),
        others: Boolean(document.querySelector(".turn:not(.mine)")) });
    }
    window.boardWatch = requestAnimationFrame(watch);
  };
  watch();
}"""
SEEN_OTHERS = "() => window.boardPlaces.some((place) => place.others)"
STOP_WATCHING = "() => { cancelAnimationFrame(window.boardWatch); return window.boardPlaces; }"

# Boxes (viewport px, at the page's current scroll) of what a person must see to decide.
IN_SIGHT = """() => {
  const box = (node) => { const b = node.getBoundingClientRect();
    return { what: node.getAttribute("data-actions") || node.getAttribute("data-view") || node.textContent.slice(0, 40),
             left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
  const view = document.querySelector(".board-view");
  return {
    width: innerWidth, height: innerHeight, scrollX, scrollY,
    board: box(view.querySelector("svg")),
    view: { scrollWidth: view.scrollWidth, clientWidth: view.clientWidth,
            scrollHeight: view.scrollHeight, clientHeight: view.clientHeight },
    places: [...view.querySelectorAll(".clickable, [data-view]")].map(box),
    decision: [...document.querySelectorAll(".turn, .decision button")].map(box),
  };
}"""

# Every name on the board (`text.label`): its box; its card (its group's first rect) when the name is drawn
# in one (its middle is in that rect; other names are headings); and whatever is drawn over it, read at
# three points along it (an element of another card: a fanned card over a name).
LABELS = """() => [...document.querySelectorAll(".board-view svg text.label")].map((label) => {
  let group = label.parentElement;
  while (group && !(group.localName === "g" && group.querySelector("rect"))) group = group.parentElement;
  const own = group || label.parentElement;
  const box = (node) => { const b = node.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const [left, top, right, bottom] = box(label);
  const middle = [(left + right) / 2, (top + bottom) / 2];
  const rect = group ? box(group.querySelector("rect")) : null;
  const inRect = rect && rect[0] <= middle[0] && middle[0] <= rect[2] && rect[1] <= middle[1] && middle[1] <= rect[3];
  const covered = [0.1, 0.5, 0.9].map((along) => document.elementFromPoint(left + along * (right - left), middle[1]))
    .filter((hit) => hit && hit !== label && !own.contains(hit))
    .map((hit) => hit.localName + " " + (hit.textContent || "").trim().slice(0, 30));
  return { text: label.textContent, box: [left, top, right, bottom], card: inRect ? rect : null, covered };
})"""

# The smallest text's size in board units as drawn (a scaled group's text counts at its scale), and what it
# renders at now and when the board fits the width.
FONT_SIZES = """() => {
  const view = document.querySelector(".board-view");
  const svg = view.querySelector("svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const drawn = (text) => { const m = text.getScreenCTM();
    return parseFloat(getComputedStyle(text).fontSize) * Math.hypot(m.a, m.b) / scale; };
  const texts = [...svg.querySelectorAll("text")].filter((text) => text.textContent.trim());
  const units = Math.min(...texts.map(drawn));
  const labels = [...svg.querySelectorAll("text.label")];
  const style = getComputedStyle(view);
  const inner = view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return { units, labels: labels.length, now: units * scale, board_width: svg.viewBox.baseVal.width,
           fit_width: units * inner / svg.viewBox.baseVal.width,
           label_now: labels.length ? Math.min(...labels.map(drawn)) * scale : null };
}"""


def watch_board(page: Page) -> None:
    page.evaluate(WATCH_BOARD)


def seen_others_move(page: Page) -> bool:
    """Whether a frame since `watch_board` showed the seat waiting for another's move."""
    return page.evaluate(SEEN_OTHERS)


def board_places(page: Page) -> list[dict]:
    return page.evaluate(STOP_WATCHING)


def in_sight(page: Page) -> dict:
    return page.evaluate(IN_SIGHT)


def labels(page: Page) -> list[dict]:
    return page.evaluate(LABELS)


def font_sizes(page: Page) -> dict:
    return page.evaluate(FONT_SIZES)


def inside(inner, outer, slack: float = 1.0) -> bool:
    """Boxes as [left, top, right, bottom]."""
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def overlap(one, other, slack: float = 0.5) -> bool:
    return (min(one[2], other[2]) - max(one[0], other[0]) > slack
            and min(one[3], other[3]) - max(one[1], other[1]) > slack)

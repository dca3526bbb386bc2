// An annotated replay's comments (a record's `comments`, docs/positions.md): the
// comments of the step shown, each pointing at a board element if it says so
// (the element is outlined), and, for whoever holds the record, a form to add
// comments and remove them and a link to download the record with them. Comments
// live in the page until downloaded: uploading that file shows them to anyone.

import { el, request } from "./common.js";
import { glossaryOf } from "./explain.js";

const MAX_TEXT = 2000;  // as the record allows (engine/records.py)

// `comments`: the record's, changed in place; `source`: the replay's API path (the
// server writes the annotated record: a browser's numbers would round a seed);
// `changed()`: redraw the page.
export function commentsPanel({ game, source, comments, changed }) {
  let edited = false;
  const draw = (step, board) => {
    const here = comments.filter((comment) => comment.step === step);
    for (const comment of here) point(board, comment.element);
    const list = el("ul.comments", {}, here.map((comment) => el("li.comment", {},
      el("span.comment-text", {}, comment.text),
      comment.element ? el("span.muted.comment-about", {}, " · about ", named(el("span"), comment.element, game)) : null,
      el("button.comment-remove", { type: "button", title: "Remove this comment", onclick: () => {
        comments.splice(comments.indexOf(comment), 1);
        edited = true;
        changed();
      } }, "Remove"))));
    return el("section.panel.comments-panel", {},
      el("h3", {}, "comments"),
      here.length ? list : el("p.muted", {}, "No comment at this step."),
      form(step, board),
      edited || comments.length
        ? el("p", {}, el("a.download-comments", { href: "#", onclick: (event) => {
          event.preventDefault();
          download(source, comments).catch((error) => alert(`The record could not be written: ${error.message}`));
        } }, "Download the record with its comments"), edited ? el("span.muted", {}, " (your comments are kept only in this page until then)") : null)
        : null);
  };

  const form = (step, board) => {
    const text = el("textarea.comment-new", { rows: 2, maxlength: MAX_TEXT, "aria-label": "A comment at this step",
      placeholder: "What happens here, and why it matters" });
    const about = el("select.comment-element", { "aria-label": "What on the board it is about" },
      el("option", { value: "" }, "about nothing on the board"),
      elementsOf(board).map((key) => named(el("option", { value: key }), key, game)));
    return el("form.comment-form", { onsubmit: (event) => {
      event.preventDefault();
      if (!text.value.trim()) return;
      comments.push({ step, text: text.value.trim(), ...(about.value ? { element: about.value } : {}) });
      edited = true;
      changed();
    } }, text, " ", about, " ", el("button", { type: "submit" }, "Add comment"));
  };
  return { draw, all: () => comments };
}

// The board's things a comment can point at: every face-up element that explains itself.
function elementsOf(board) {
  if (!board) return [];
  return [...new Set([...board.querySelectorAll("[data-explain]")].map((node) => node.dataset.explain))];
}

// Outline the board's element a comment is about (also the tutorials' page, learn.js).
export function point(board, key) {
  if (!board || !key) return;
  board.querySelectorAll(`[data-explain="${CSS.escape(key)}"]`).forEach((node) => node.classList.add("pointed"));
}

// `node` with a key's printed name as its text, once the glossary arrives (the key is never shown).
function named(node, key, game) {
  node.textContent = "…";
  glossaryOf(game).then((entries) => { node.textContent = entries.get(key)?.name ?? "a thing on the board"; },
    () => { node.textContent = "a thing on the board"; });
  return node;
}

async function download(source, comments) {
  const sorted = [...comments].sort((a, b) => a.step - b.step);
  const annotated = await request(`${source}/comments`, { method: "POST", body: { comments: sorted } });
  const link = el("a", { href: annotated.record, download: "" });
  document.body.append(link);
  link.click();
  link.remove();
}

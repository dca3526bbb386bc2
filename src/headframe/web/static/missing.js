// A link that leads nowhere (or to what is not yours to see): what happened, and the ways back.

import { app, boot, el, fill } from "./common.js";

fill(app, el("section.panel.missing", {},
  el("h2", {}, boot.title),
  el("p", {}, boot.message),
  el("p", {}, el("a.button.primary", { href: "/" }, "Back to the lobby"), " ", el("a", { href: "/me" }, "My games"))));

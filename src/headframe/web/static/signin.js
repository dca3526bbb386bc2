// Sign in, or register (which signs in), with a name and a password; then back
// to the page that sent you here (a path of this site only).

import { signedIn } from "./account.js";
import { app, el, fill, request } from "./common.js";

const wanted = new URLSearchParams(location.search).get("next") || "/me";
const next = wanted.startsWith("/") && !wanted.startsWith("//") ? wanted : "/me";

async function submit(form, path) {
  const data = new FormData(form);
  const problem = form.querySelector(".error");
  try {
    await request(path, { method: "POST", body: { name: data.get("name"), password: data.get("password") } });
    location.href = next;
  } catch (error) {
    problem.textContent = error.message;
  }
}

function draw(account) {
  if (account) {
    fill(app, el("h1", {}, "Signed in"), el("p", {}, `You are signed in as ${account.name}. `,
      el("a", { href: "/me" }, "My games")));
    return;
  }
  const form = el("form.panel.signin", { onsubmit: (event) => { event.preventDefault(); submit(form, "/api/session"); } },
    el("label", {}, "Name ", el("input", { name: "name", required: true, minlength: 3, maxlength: 24,
      autocomplete: "username" })),
    el("label", {}, "Password ", el("input", { name: "password", type: "password", required: true, minlength: 8,
      maxlength: 128, autocomplete: "current-password" })),
    el("p.error", { role: "alert" }),
    el("button.primary", { type: "submit" }, "Sign in"),
    el("button", { type: "button", onclick: () => form.reportValidity() && submit(form, "/api/accounts") },
      "Register"));
  fill(app, el("h1", {}, "Sign in"),
    el("p.muted", {}, "Sign in to find your games from any browser. New here? Choose a name (3 to 24 characters) ",
      "and a password (at least 8), then Register. Guests play by link without an account."),
    form);
}

draw(await signedIn);

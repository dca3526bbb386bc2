// The notification choices panel (server/notify.py): what to be told when away (my move in a
// turn-based game, invitations and rematches, games ended), by email (an address confirmed by a
// link) and by this browser's notifications (Web Push, through the service worker /sw.js).

import { el, fill, request } from "./common.js";

const KINDS = [
  ["move", "It is my move in a turn-based game"],
  ["invite", "I am invited to a table, or offered a rematch"],
  ["ended", "A game I play has ended"],
];

export function notificationsPanel() {
  const panel = el("section.panel.notifications", { "aria-label": "Notifications" });
  const problem = el("p.error", { role: "alert" });
  const show = (choices) => fill(panel, el("h2", {}, "Notifications when you are away"),
    switches(choices, show, problem), emailPart(choices, show, problem), pushPart(choices, show, problem), problem);
  request("/api/me/notifications").then(show, (error) => fill(panel, el("p.error", {}, error.message)));
  return panel;
}

// Each change is saved at once; the panel shows what the server kept.
async function saving(problem, show, work) {
  problem.textContent = "";
  try {
    show(await work());
  } catch (error) {
    problem.textContent = error.message;
  }
}

function toggle(name, label, checked, onchange) {
  const box = el("input", { type: "checkbox", name, onchange });
  box.checked = checked;
  return el("label.switch", {}, box, " ", label);
}

function switches(choices, show, problem) {
  const save = () => saving(problem, show, () => request("/api/me/notifications", {
    method: "PUT",
    body: Object.fromEntries([...KINDS.map(([kind]) => [kind, form[kind].checked]), ["email", form.email.checked]]),
  }));
  const form = {};
  for (const [kind, label] of KINDS) form[kind] = toggle(kind, label, choices[kind], save);
  form.email = toggle("email", "Send these by email", choices.email.sending, save);
  // Each on a line of its own; "by email" only where the server sends email.
  const parts = Object.entries(form).filter(([key]) => key !== "email" || choices.email.on)
    .map(([, label]) => el("div", {}, label));
  for (const [key, label] of Object.entries(form)) form[key] = label.querySelector("input");
  return el("fieldset", {}, el("legend", {}, "Tell me when"), parts);
}

function emailPart(choices, show, problem) {
  const { email } = choices;
  if (!email.on) return el("p.email-state", {}, "Email notifications are off on this server.");
  const address = el("input", { type: "email", name: "address", value: email.address || "", maxlength: 254,
                                placeholder: "you@example.org", "aria-label": "Email address" });
  const state = !email.address ? "No address yet."
    : email.verified ? `${email.address} is confirmed.`
      : `${email.address} is not confirmed yet: open the link we sent there.`;
  const send = () => saving(problem, show, () => request("/api/me/notifications/email", {
    method: "POST", body: { address: address.value.trim() || null } }));
  return el("div.email", {}, el("p.email-state", {}, state),
    el("form", { onsubmit: (event) => { event.preventDefault(); send(); } }, address, " ",
      el("button", { type: "submit" }, "Send a confirmation link")));
}

function pushPart(choices, show, problem) {
  const count = choices.push.browsers;
  const said = el("p.push-state", {}, count ? `${count} browser${count === 1 ? "" : "s"} notified.` : "No browser notified.");
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
    return el("div.push", {}, said, el("p", {}, "This browser cannot show notifications from headframe."));
  }
  const allow = el("button", { type: "button", onclick: () => saving(problem, show, subscribe) },
    "Allow browser notifications");
  const stop = el("button", { type: "button", onclick: () => saving(problem, show, unsubscribe) },
    "Stop this browser's notifications");
  const part = el("div.push", {}, said, allow);
  thisBrowser().then((subscription) => { if (subscription) allow.replaceWith(stop); });
  return part;
}

async function thisBrowser() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? registration.pushManager.getSubscription() : null;
}

async function subscribe() {
  if (await Notification.requestPermission() !== "granted") {
    throw new Error("This browser does not allow notifications from this site: allow them in its settings.");
  }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  await navigator.serviceWorker.ready;
  const { key } = await request("/api/push/key");
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return request("/api/me/push", { method: "POST", body: subscription.toJSON() });
}

async function unsubscribe() {
  const subscription = await thisBrowser();
  if (!subscription) return request("/api/me/notifications");
  await subscription.unsubscribe();
  return request("/api/me/push", { method: "DELETE", body: { endpoint: subscription.endpoint } });
}

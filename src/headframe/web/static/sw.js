// The service worker of notifications (server/notify.py): shows what the server pushes, and opens
// the game's page when the notification is clicked. Served at /sw.js, so its scope is the whole site.

const sameSite = (url) => typeof url === "string" && url.startsWith("/") && !url.startsWith("//");

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    return;
  }
  const url = sameSite(message.url) ? message.url : "/me";
  event.waitUntil(self.registration.showNotification(String(message.title || "headframe"), {
    body: String(message.body || ""),
    icon: "/static/favicon.svg",
    tag: url, // one notification per game: a newer one replaces it
    data: { url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/me", self.location.origin).href;
  event.waitUntil((async () => {
    const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const page = open.find((client) => client.url === url);
    if (page) return page.focus();
    return self.clients.openWindow(url);
  })());
});

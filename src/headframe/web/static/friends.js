// The table page's part of friends: "Play again" on a finished table, keeping or declining a seat
// given to the player by name, and the host's fresh invitation link for a seat nobody holds.

import { el, request } from "./common.js";

// The new table (the same seats) for whoever held a seat here; a guest's links for the others, if any.
export function playAgainButton(gameId, token) {
  const said = el("p.muted", { role: "status" });
  const ask = async () => {
    try {
      const made = await request(`/api/games/${gameId}/rematch`, { method: "POST", token });
      const go = made.play_url || made.host_url || made.url;
      if (!made.join || made.join.length === 0) {
        location.assign(go);
        return;
      }
      said.replaceChildren("Send each player their link: ",
        ...made.join.map((entry) => el("code", {}, `Seat ${entry.seat + 1}: ${location.origin}${entry.url} `)),
        el("a", { href: go }, "Go to the new table"));
    } catch (error) {
      said.textContent = error.message;
    }
  };
  return el("div.play-again", {}, el("button.primary.play-again", { onclick: ask }, "Play again"), said);
}

// The seats of this game given to the signed-in player that they have not accepted yet.
export async function invitedSeats(gameId) {
  try {
    return (await request("/api/me/invitations")).filter((entry) => entry.id === gameId).map((entry) => entry.seat);
  } catch {
    return [];
  }
}

// Keep a seat given by name, or decline it (it goes back to the host); `done(error)` after either.
export function invitationPanel(gameId, seats, done) {
  if (!seats.length) return null;
  const answer = (what) => async () => {
    try {
      for (const seat of seats) await request(`/api/games/${gameId}/seats/${seat}/${what}`, { method: "POST" });
      done(null, what);
    } catch (error) {
      done(error, what);
    }
  };
  return el("section.panel.invitation", {}, el("h3", {}, "you were given this seat"),
    el("button.primary.accept", { onclick: answer("accept") }, "Keep this seat"), " ",
    el("button.decline", { onclick: answer("decline") }, "Decline this seat"));
}

// The host's new link for a person's seat nobody holds (the earlier link stops working).
export function invitationLinkButton(gameId, hostToken, seat) {
  const shown = el("code.invitation-link");
  const make = async () => {
    try {
      shown.textContent = location.origin + (await request(`/api/games/${gameId}/seats/${seat}/invitation`,
        { method: "POST", token: hostToken })).url;
    } catch (error) {
      shown.textContent = error.message;
    }
  };
  return el("span", {}, el("button", { onclick: make }, "new invitation link"), " ", shown);
}

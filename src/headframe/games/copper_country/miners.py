"""rulebook: Miners, Unrest and Cemetery, Company Houses: where a player's miners
are, sending them to unrest or the cemetery for a row's icons (COP-R22), and the
company-house abilities (COP-R27)."""

from __future__ import annotations

from .actions import Casualty
from .text import AREAS

BOARD = ("unskilled", "unrest", "cemetery")  # the places off the board


def unskilled(state, seat: int) -> int:
    return state.miner_at[seat].count("unskilled")


def on_board(state, seat: int) -> list[int]:
    return [m for m, at in enumerate(state.miner_at[seat]) if at not in BOARD]


def ready_miners(state, seat: int) -> list[int]:
    at = state.miner_at[seat]
    return [m for m, ready in enumerate(state.miner_ready[seat]) if ready and at[m] not in BOARD]


def move_miner(state, seat: int, source: str, target: str) -> None:
    miner = state.miner_at[seat].index(source)
    state.miner_at[seat][miner] = target
    state.miner_ready[seat][miner] = False
    state.event("miner_moved", seat=seat, source=source, target=target)


def negotiate(state, seat: int) -> None:
    move_miner(state, seat, "unrest", "unskilled")


def immigrate(state, seat: int) -> None:
    move_miner(state, seat, "cemetery", "unrest")


# --- company houses --------------------------------------------------------------------- COP-R27

def company_houses_near(state, seat: int, site: str) -> int:
    houses, near = state.houses, 0
    for camp in state.board.site_camps[site]:
        near += houses[camp].count(seat)
    return near


def can_use_house(state, seat: int, site: str, need: int) -> bool:
    """COP-R27: one company-house ability per turn, with `need` houses adjacent."""
    return "house" not in state.used and company_houses_near(state, seat, site) >= need


# --- miners in unrest and the cemetery ------------------------------------------------- COP-R22

def casualty_options(state, seat: int, icon: str) -> list[str]:
    site = state.work["site"]
    working = state.miner_at[seat][state.work["miner"]] == site
    count = unskilled(state, seat)
    later = [t[2] for t in state.tasks[1:] if t[0] == "casualty" and t[1] == seat]
    options = []
    for choice in ("working", "unskilled", "ignore"):
        if choice == "working" and not working:
            continue
        if choice == "unskilled" and not count:
            continue
        if choice == "ignore" and not can_use_house(state, seat, site, 1 if icon == "unrest" else 2):
            continue
        avail = count - (choice == "unskilled") + (working and choice != "working")
        house_left = choice != "ignore" and any(
            can_use_house(state, seat, site, 1 if other == "unrest" else 2) for other in later)
        if len(later) <= avail + house_left:
            options.append(choice)
    return options


def casualty_prompt(state, task) -> str:
    return f"Place a miner in {AREAS[task[2]]}"


def casualties(state, task) -> list:
    return [Casualty.of(choice) for choice in casualty_options(state, task[1], task[2])]


def casualty(state, task, action) -> None:
    seat, icon = task[1], task[2]
    if action.miner == "ignore":  # COP-R27
        state.used.append("house")
        state.event("ignore_icon", seat=seat, icon=icon)
        return
    miner = state.work["miner"] if action.miner == "working" else state.miner_at[seat].index("unskilled")
    state.miner_at[seat][miner] = icon
    state.miner_ready[seat][miner] = False
    state.event("casualty", seat=seat, icon=icon, miner=action.miner)

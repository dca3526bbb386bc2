"""The Order of Play column and the Time Track (rulebook: The Board, and Phase
Three: Player Actions): who the active player is, and the time each has spent."""

from __future__ import annotations

from headframe.engine.turns import advance, hindmost, new_track


def start_player_actions(state) -> None:
    # TIN-R19, TIN-R51: the column becomes `pending`; fresh time track
    state.step = "actions"
    state.pending = list(state.order)
    state.passed = []
    state.track = new_track(state.players)
    state.last_action_taken = False
    state.actor = state.pending[0]


def time_left(state, seat: int) -> int:
    return state.game.tables.time_points - state.track["spent"][seat]


def spend_time(state, seat: int, points: int) -> None:
    """Move the token along the Time Track (TIN-R21); its first move takes it
    off the Order of Play column (TIN-R19)."""
    advance(state.track, seat, points)
    if seat in state.pending:
        state.pending.remove(seat)


def main_action(state, seat: int) -> None:
    """TIN-R24: the last unpassed player's one more action is now taken."""
    if len(state.passed) == state.players - 1:
        state.last_action_taken = True


def next_active(state) -> None:
    """TIN-R20: the top pending player, else the hindmost on the Time Track; once
    all have passed, phase three ends (TIN-R19: the pass order is the new column)."""
    state.step = "actions"
    if state.pending:
        state.actor = state.pending[0]
        return
    unpassed = [s for s in range(state.players) if s not in state.passed]
    if unpassed:
        state.actor = hindmost(state.track, unpassed)
    else:
        state.order = list(state.passed)
        state.step = "sell_ore"

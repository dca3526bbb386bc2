"""rulebook: Poor Rock (COP-R23, COP-R24, COP-R28): where a poor rock may go, and
placing the rocks a row asks for."""

from __future__ import annotations

from . import track
from .actions import PlaceRock


def site_rock(state, site: str) -> int:
    """Poor rock on a mine site's spaces; rock on its terrain token does not count (COP-R28)."""
    return len(state.rock.keys() & state.board.site_space_set[site])


def rock_targets(state, sites) -> list[tuple[str, str]]:
    """(space, token) for each free poor-rock space of these sites; a space next to an
    empty face-up poor-rock token sends the rock onto the token instead (COP-R24)."""
    board = state.board
    terrain, surveyed, token_rock, tokens_at = state.tables.terrain, state.surveyed, state.token_rock, state.terrain
    rock = state.rock
    targets = []
    seen = set()
    for site in sites:
        for space in board.site_spaces[site]:
            if space in rock or space in seen:
                continue
            seen.add(space)
            tokens = [s for s in board.space_sites[space]
                      if surveyed.get(s) and terrain[tokens_at[s]] == "poor_rock" and not token_rock.get(s)]
            if tokens:
                targets += [(space, s) for s in tokens]
            else:
                targets.append((space, ""))
    return targets


def rock_capacity(state, sites) -> int:
    """How many poor rocks these sites take: their free spaces and the empty tokens next to those
    (`rock_targets` counted without listing them)."""
    board, rock = state.board, state.rock
    terrain, surveyed, token_rock, tokens_at = state.tables.terrain, state.surveyed, state.token_rock, state.terrain
    spaces = {space for site in sites for space in board.site_spaces[site] if space not in rock}
    tokens = {s for space in spaces for s in board.space_sites[space]
              if surveyed.get(s) and terrain[tokens_at[s]] == "poor_rock" and not token_rock.get(s)}
    return len(spaces) + len(tokens)


def rock_room(state, sites, most: int) -> int:
    """`rock_capacity`, counted no further than `most`: the free spaces of the first site or two
    mostly reach it."""
    rock, site_space_set = state.rock, state.board.site_space_set
    free: set[str] = set()
    for site in sites:
        free |= site_space_set[site].difference(rock)
        if len(free) >= most:
            return most
    return min(rock_capacity(state, sites), most)


def put_rock(state, space: str, token: str) -> None:
    if token:
        state.token_rock[token] = True
    else:
        state.rock[space] = 1


# --- the poor rock of a row ---------------------------------------------------------------- COP-R23

def places(state, task) -> list:
    return [PlaceRock.of(space, token) for space, token in rock_targets(state, state.work["applicable"])]


def place(state, task, action) -> None:
    put_rock(state, action.space, action.token)
    track.take_from_track(state, task[1], action.space, action.token)

"""rulebook: Ending the Game (COP-R38 to COP-R41): the game ends after the shift that
takes the last poor rock off the industry track (or when no rock can leave it any
more, COP-R52, or at the turn limit, COP-R58); copper score, company claim,
resource specialization and the tie-breakers."""

from __future__ import annotations

from headframe.engine import Result

from . import poor_rock
from .track import track_layout


def end_game(state) -> None:
    state.over = True
    state.tasks = []
    state.work = None
    state.shift = None
    state.event("game_end")


def stalled(state) -> bool:  # COP-R52
    if state.era == 3:
        return False
    board = state.board
    if len(state.rock) < len(board.sites):  # 2 rock on every site; a space borders at most 2 sites
        return False
    rocks = {site: poor_rock.site_rock(state, site) for site in board.sites}
    if min(rocks.values()) < 2:
        return False
    down = [site for site in board.sites if not state.surveyed.get(site)]
    unseen = [state.terrain[site] for site in down] + state.terrain_aside  # COP-R56: as the players see it
    if down and any(state.tables.terrain[token] == "poor_rock" for token in unseen):
        return False
    two = [site for site, n in rocks.items() if n == 2]
    for site in two:
        if any(space in state.builds for space in board.site_builds[site]):
            return False
    if state.era == 2 and any(state.supply[seat][1] for seat in range(state.players)):
        if any(space not in state.builds for site in two for space in board.site_builds[site]):
            return False
    return True


# --- scoring ------------------------------------------------------------------------- COP-R39 to COP-R41

def specialization(state, seat: int, pile: list[str]) -> int:
    if not state.company[seat]:
        return 0
    return sum(map(state.tables.specialization_value[state.company[seat]].__getitem__, pile))


def copper_score(state, seat: int, pile: list[str]) -> int:
    return sum(map(state.tables.copper_value.__getitem__, pile)) + company_claim(state, seat)


def company_claim(state, seat: int) -> int:
    return 10 if state.company_done[seat] else 0


def score_parts(state) -> dict[str, list[int | float]]:
    """Each seat's score by source: its copper cards' values, the company claim's 10, and the
    specialization award of the highest specialization (COP-R39)."""
    value = state.tables.copper_value
    copper = [sum(map(value.__getitem__, pile)) for pile in state.copper]
    specs = [specialization(state, seat, pile) for seat, pile in enumerate(state.copper)]
    best = max(specs)
    return {
        "score_copper": copper,
        "score_company_claim": [company_claim(state, seat) for seat in range(state.players)],
        "score_specialization": [spec if spec == best and best else 0 for spec in specs],
    }


def final_scores(state) -> list[int]:
    return [sum(parts) for parts in zip(*score_parts(state).values())]


def tiebreak(state, keys: list, removed: tuple[str, ...]) -> list[int]:
    """COP-R40: the scores of each group of players still tied (equal `keys`: the final
    score, then the earlier steps' values) recalculated without cards whose produce-copper
    row has one of the `removed` icons; the other players keep their original scores."""
    produce = state.tables.produce_row
    specs = [specialization(state, seat, state.copper[seat]) for seat in range(state.players)]
    values = [0] * state.players
    rule = state.options.tiebreak_specialization
    for key in set(keys):
        group = [seat for seat in range(state.players) if keys[seat] == key]
        piles = {seat: [c for c in state.copper[seat] if not any(getattr(produce[c], icon) for icon in removed)]
                 for seat in group}
        again = {seat: specialization(state, seat, piles[seat]) for seat in group}
        for seat in group:
            base = copper_score(state, seat, piles[seat])
            if rule == "keep_award":
                award = again[seat] if specs[seat] == max(specs) and specs[seat] else 0
            else:
                rivals = [again[s] for s in group]
                if rule == "all_players":
                    rivals += [specs[s] for s in range(state.players) if s not in group]
                award = again[seat] if again[seat] and again[seat] == max(rivals) else 0
            values[seat] = base + award
    return values


# rulebook, Ending the Game: the tie-breakers, as the results say "decided by ..."
WITHOUT_CEMETERY = "the copper score without the cards with cemetery icons in their produce copper rows"
WITHOUT_CEMETERY_AND_UNREST = ("the copper score without the cards with cemetery or unrest icons in their produce "
                               "copper rows")


def final_result(state) -> Result:
    scores = final_scores(state)
    first = tiebreak(state, scores, ("cemetery",))
    second = tiebreak(state, [(score, step) for score, step in zip(scores, first)], ("cemetery", "unrest"))
    return Result.rank(scores, (
        (WITHOUT_CEMETERY, first),
        (WITHOUT_CEMETERY_AND_UNREST, second),
    ))


# --- for the simulation lab ---------------------------------------------------------------

def statistics(state) -> dict[str, list[int | float]]:
    """Per seat: the score by source (`score_*`, summing to the final score), copper cards
    produced, and from the log the turns, shifts, resources paid, poor rock placed, surveys,
    buildings built and miners sent to unrest and to the cemetery."""
    stats: dict[str, list[int | float]] = dict(score_parts(state))
    stats["copper_cards"] = [len(pile) for pile in state.copper]
    counted = ("turns", "shifts", "resources_paid", "poor_rock_placed", "surveys", "company_houses",
               "shaft_houses", "hoist_houses", "miners_to_unrest", "miners_to_cemetery")
    stats.update((name, [0] * state.players) for name in counted)
    simple = {"turn": "turns", "reveal": "shifts", "play": "resources_paid", "poor_rock": "poor_rock_placed",
              "survey": "surveys"}
    for entry in state.log:
        name, seat = entry["event"], entry.get("seat")
        if name in simple:
            stats[simple[name]][seat] += 1
        elif name == "redraw":  # the redrawn card's reveal is no new shift
            stats["shifts"][seat] -= 1
        elif name == "build":
            stats[entry["building"] + "s"][seat] += 1
        elif name == "casualty":
            stats["miners_to_" + entry["icon"]][seat] += 1
        elif name == "event_miner":
            stats["miners_to_" + entry["area"]][seat] += 1
        elif name == "miner_moved" and entry["source"] == "unskilled":  # an event's strike (E19-1, E20-1)
            stats["miners_to_unrest"][seat] += 1
    return stats


def progress(state) -> float:
    """The share of the poor rock taken off the industry track (COP-R38), or of the
    turn limit (COP-R58) when that is further on; the last turns after the track
    runs out stay just short of 100."""
    if state.over:
        return 100.0
    _, first, last, _ = track_layout(state.tables, state.options)
    done = (state.track_next - first) / (last - first + 1)
    if state.options.turn_limit is not None:
        done = max(done, state.turns / (state.options.turn_limit * state.players))
    return min(99.0, round(100.0 * done, 1))

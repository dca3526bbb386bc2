"""6. Prospecting (TIN-R49, TIN-R50): the first two on the Order of Play column
each choose a clear area and roll the three special dice for it; and the roll
itself (TIN-R8), with the modifiers of adits, trains and ports (TIN-R42 to
TIN-R44), as the game rolls for starting areas and newly mined clear ones too."""

from __future__ import annotations


def roll(state, area: int, modifiers: bool, train_and_port: bool = True) -> None:
    """Roll the three special dice for an area (TIN-R8), with the roll
    modifiers of TIN-R42 to TIN-R44 after setup."""
    t = state.game.tables
    rng = state.rng
    water = t.water_die[rng.below(6)]
    copper = t.copper_die[rng.below(6)]
    tin = t.tin_die[rng.below(6)]
    dice = [water, copper, tin]
    if modifiers:
        adits = sum(1 for border in t.area_borders[area] if state.adit[border])
        if state.options.adit_roll_bonus == "once":  # TIN-R43
            adits = min(adits, 1)
        less_water = adits
        if train_and_port:  # TIN-R44
            less_water += 2 * state.train[area] + state.port[area]
            less_water += sum(1 for n in t.neighbours[area] if state.train[n])
        copper += adits
        tin += adits
        water = max(0, water - less_water)
    state.water[area] += water  # TIN-R5: the cube supply is unlimited
    state.copper[area] += copper
    state.tin[area] += tin
    state.discovered[area] = True
    state.event("roll", area=t.area_ids[area], dice=dice, water=water, copper=copper, tin=tin)


def next_prospector(state) -> None:
    """rulebook: 6. Prospecting; TIN-R49, TIN-R50."""
    state.step = "prospect"
    t = state.game.tables
    final = state.turn == t.turns
    if (
        state.prospects_made < t.prospects_per_turn
        and not (final and not state.options.prospect_in_final_turn)
        and not all(state.discovered)
    ):
        state.actor = state.order[state.prospects_made]
        return
    state.prospects_made = 0
    state.step = "end_of_turn"


def choices(state, task) -> tuple:
    t = state.game.tables
    return tuple(t.prospect[a] for a in t.areas if not state.discovered[a])


def prospect(state, task, action) -> None:
    state.event("prospect", seat=task[1], area=action.area)
    roll(state, state.game.tables.index[action.area], modifiers=True)
    state.prospects_made += 1
    next_prospector(state)

"""A cheap, sensible policy: keep resources that complete likely sets, work
where shifts are high, build houses where it works. It reads only the seat's
own hand and public data."""

from __future__ import annotations

from itertools import chain

from headframe.engine import Action, Rng
from headframe.engine.learning import worth_rewards

from .actions import Accept, Casualty, Labor, Manage, PlaceRock, Redraw, Survey, Take
from .cards import capital_slots
from .labor import labor_actions, reach, work_targets
from .management import buildable, management_actions
from .miners import casualty_options, on_board, ready_miners, unskilled
from .poor_rock import rock_targets, site_rock
from .production import legal_rows
from .scoring import final_scores
from .setup import camps
from .work import drawn_play, site_shifts

PARTNER = {"labor": "surface", "surface": "labor", "equipment": "underground", "underground": "equipment",
           "explosive": "transport", "transport": "explosive"}
CASUALTY_ORDER = ("ignore", "unskilled", "working")
ROW_ORDER = ("produce", "complete", "take", "pass", "unrest", "cemetery")


def choose(state, seat: int, rng: Rng) -> Action:
    quick = _QUICK.get(state.tasks[0][0])
    if quick is not None:  # the choice worked out from the state, without listing the decision
        choice = quick(state, seat, rng)
        return choice if choice is not None else _any(state.decision(seat).actions, rng)
    decision = state.decision(seat)
    actions = decision.actions
    pick = _POLICIES.get(decision.kind)
    if pick is not None:
        choice = pick(state, seat, actions, rng)
        if choice is not None:
            return choice
    return _any(actions, rng)


def _any(actions, rng: Rng) -> Action:
    return actions[0] if len(actions) == 1 else rng.choice(actions)


def search_depth(game, players: int) -> int:
    # A turn is some ten small decisions and no rollout reaches the end: judge after two or
    # three turns of every seat. Measured at 2 and 4 players (docs/agents.md); 3 lies between.
    return {2: 40, 3: 70, 4: 100}[players]


def evaluate(state) -> list[float]:
    """An unfinished game: rank the seats by their score now plus what they hold toward more:
    half the copper of a held claim, a point per capital card in hand and per shaft or hoist
    house built, less a point per miner in unrest and two per miner in the cemetery."""
    copper = state.tables.copper_value
    built = [0] * state.players
    for owner, _ in state.builds.values():
        built[owner] += 1
    worth = []
    for seat, score in enumerate(final_scores(state)):
        claim = state.claim[seat]
        miners = state.miner_at[seat]
        worth.append(score + (copper[claim] / 2 if claim else 0) + len(state.hands[seat]) + built[seat]
                     - miners.count("unrest") - 2 * miners.count("cemetery"))
    return worth_rewards(worth)


def _hand_resources(state, seat: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for resource in chain.from_iterable(map(state.tables.capital_resources.__getitem__, state.hands[seat])):
        counts[resource] = counts.get(resource, 0) + 1
    return counts


def _card_value(capital, card: str, counts: dict[str, int]) -> float:
    """How much a capital card (of the table `capital`) helps, with these resources in hand
    (`_hand_resources`): resources whose set partner is held count most."""
    best = 0.0
    kind, resources = capital[card]
    for resource in resources:
        held = counts.get(resource, 0)
        value = 1.0 + (1.5 if counts.get(PARTNER[resource], 0) > held else 0) - 0.4 * held
        if value > best:
            best = value
    return best + (0.5 if kind == "and" else 0)


def _best_work(state, seat: int, shifts: dict[str, int]):
    """(maximum shifts, (miner, site)) of the best work in reach, by the seat's `site_shifts`;
    a surveyed site (no stop after one shift) wins a tie."""
    best, surveyed_best, where = -99, False, None
    surveyed = state.surveyed
    seen = set()  # a site in reach of several miners is worth the same to each: the first wins
    for miner in ready_miners(state, seat):  # a miner where an earlier one is reaches only seen sites
        for site in reach(state, seat, miner):
            if site not in seen:
                seen.add(site)
                value = shifts[site]
                if value > best or (value == best and not surveyed_best and surveyed.get(site)):
                    best, surveyed_best, where = value, bool(surveyed.get(site)), (miner, site)
    return best, where


def _management(state, seat, rng):
    """The management decision's choice (None: any of its actions), from the legal management actions
    (as `management.choices` lists them) rather than the decision's list."""
    buildings = buildable(state, seat)
    names = management_actions(state, seat, buildings)
    if "survey" in names:
        best, where = _best_work(state, seat, site_shifts(state, seat))
        if where and not state.surveyed.get(where[1]) and best >= 2:
            return Manage.of("survey")
    if "shaft_house" in buildings or "hoist_house" in buildings:
        return Manage.of("build")
    if "negotiate" in names or "immigrate" in names:  # some miner is in unrest or the cemetery
        workforce = unskilled(state, seat) + len(on_board(state, seat))
        if "negotiate" in names and (workforce < 3 or rng.below(2)):
            return Manage.of("negotiate")
        if "immigrate" in names and workforce < 2:
            return Manage.of("immigrate")
    if "build" in names and len(state.hands[seat]) >= 4 and rng.below(3) == 0:
        return Manage.of("build")
    slots = capital_slots(state) if "capital_call" in names else []
    return Take.of(_best_slot(state, seat, slots)) if slots else None


def _survey(state, seat, rng):
    """The face-down site of the best work (None: any of them), from the surveyed sites (as
    `management.face_down` lists them) rather than the decision's list."""
    _, where = _best_work(state, seat, site_shifts(state, seat))
    return Survey.of(where[1]) if where and not state.surveyed.get(where[1]) else None


def _building(state, seat, actions, rng):
    for building in ("hoist_house", "shaft_house"):
        for action in actions:
            if action.building == building:
                return action
    return None


def _build_at(state, seat, actions, rng):
    _, where = _best_work(state, seat, site_shifts(state, seat))
    site = where[1] if where else None
    board = state.board
    if actions[0].place in board.house_spaces:  # a company house: its places are all camps
        return max(actions, key=lambda action: 3 if site in board.camp_sites[action.place] else 0)
    values, near = _build_values(state), board.site_builds.get(site, ())
    scores = [values[action.place] + (3 if action.place in near else 0) for action in actions]
    return actions[scores.index(max(scores))]  # the first best, as max() takes it


def _build_values(state) -> dict[str, int]:
    """Each build space's mine sites less their poor rock; memoized on the game by the board and
    the spaces holding poor rock."""
    key = (state.options.board, tuple(state.rock))
    memo = state.game.tables.build_values
    values = memo.get(key)
    if values is None:
        board = state.board
        rock = {site: site_rock(state, site) for site in board.sites}
        values = memo.keep(key, {place: len(sites) - sum(map(rock.__getitem__, sites))
                                 for place, sites in board.build_sites.items()})
    return values


def _take(state, seat, actions, rng):
    return Take.of(_best_slot(state, seat, [action.slot for action in actions]))


def _best_slot(state, seat: int, slots: list[int]) -> int | None:
    """Of the slots of takes (-1: the capital deck's top, which counts 1.2), the slot of the most
    valuable card (`_card_value`): the first such."""
    counts, capital, community = _hand_resources(state, seat), state.tables.capital, state.community
    best, most = None, -1.0
    for slot in slots:
        value = 1.2 if slot < 0 else _card_value(capital, community[slot], counts)
        if value > most:
            best, most = slot, value
    return best


def _labor(state, seat, rng):
    """The labor decision's choice (None: any of its actions), from the legal labor actions and work
    targets (as `labor.choices` lists them) rather than the decision's list."""
    ready = ready_miners(state, seat)
    names = labor_actions(state, seat, ready)
    if "shutdown" in names:
        return Labor.of("shutdown")
    shifts = site_shifts(state, seat)
    work = work_targets(state, seat, False, ready)  # none without ready miners, and "work" not legal
    target = _most_shifts(state, work, shifts) if work else None
    best = shifts[target.site] if target else -99  # `_best_work`'s maximum, from the work it lists
    if target and best >= 1 and len(state.hands[seat]) >= 2:
        return target
    if "payroll" in names:
        return Labor.of("payroll")
    if "relocate" in names and best < 1 and _best_camp(state, shifts)[1] >= 1:
        return Labor.of("relocate")
    if "stockpile" in names:
        return Labor.of("stockpile")
    return Labor.of("relocate") if "relocate" in names else target


def _best_camp(state, shifts: dict[str, int]) -> tuple[str, int]:
    """The camp next to the most shifts (a seat's `site_shifts`), and how many (a site next to
    several camps is counted once)."""
    board = state.board
    values = {camp: max(shifts[site] for site in board.camp_sites[camp]) for camp in board.camps}
    camp = max(board.camps, key=values.__getitem__)
    return camp, values[camp]


def _relocate(state, seat, actions, rng):
    camp, _ = _best_camp(state, site_shifts(state, seat))
    moves = [a for a in actions if a.camp == camp]
    return moves[0] if moves else None


def _ready(state, seat, actions, rng):
    return actions[0]  # yes


def _work_at(state, seat, actions, rng):
    return _most_shifts(state, actions, site_shifts(state, seat))


def _most_shifts(state, actions, shifts: dict[str, int]):
    """The work action at the site of the most shifts (a seat's `site_shifts`); a surveyed site wins a
    tie; the first of equals."""
    surveyed = state.surveyed
    best, most, surveyed_best = None, -99, False
    for action in actions:
        value = shifts[action.site]
        if value > most or (value == most and not surveyed_best and surveyed.get(action.site)):
            best, most, surveyed_best = action, value, bool(surveyed.get(action.site))
    return best


def _row(state, seat, rng):
    """The row decision's best-ranked legal row, from the legal rows rather than the decision's list;
    with no legal row, the redraw (`production.rows` offers it then, with declining it)."""
    rows = legal_rows(state, seat)
    return _best_row(state, rows) if rows else Redraw.of()


def _best_row(state, actions):
    if len(actions) == 1:
        return actions[0]
    rows = state.tables.rows[state.shift["card"]]

    def rank(action):
        row = rows[action.row]
        if row.copper:
            label = "produce"
        elif row.complete_claim:
            label = "complete"
        elif row.take_claim:
            label = "take"
        elif row.cemetery:
            label = "cemetery"
        elif row.unrest:
            label = "unrest"
        else:
            label = "pass"
        copper = row.copper + (10 if action.claim == "company" else 0)
        return (ROW_ORDER.index(label), -copper)
    return min(actions, key=rank)


def _casualty(state, seat, rng):
    """An unskilled miner before the working one, a company house's ignore before either, from the
    legal casualties (as `miners.casualties` lists them) rather than the decision's list."""
    options = casualty_options(state, seat, state.tasks[0][2])
    return Casualty.of(min(options, key=CASUALTY_ORDER.index)) if options else None


def _place_rock(state, seat, rng):
    """The rock's place that harms the seat's own buildings least (onto a token first), from the rock's
    targets (as `poor_rock.places` lists them) rather than the decision's list."""
    board = state.board
    mine = {site for space, (owner, _) in state.builds.items() if owner == seat for site in board.build_sites[space]}

    def harm(target):
        space, token = target
        return sum(1 for site in board.space_sites[space] if site in mine) - (2 if token else 0)
    targets = rock_targets(state, state.work["applicable"])
    return PlaceRock.of(*min(targets, key=harm)) if targets else None


def _contract(state, seat, rng):
    """Any camp (or none, at a payroll), drawn from the camps (as `setup.camps` lists them) rather than
    the decision's list."""
    return _any(camps(state, state.tasks[0]), rng)


def _continue(state, seat, rng):
    """Another shift (`work.another_shift` offers yes and no) while the hand holds 2 cards or more."""
    return Accept.of(len(state.hands[seat]) >= 2)


def _discard(state, seat, actions, rng):
    counts, capital = _hand_resources(state, seat), state.tables.capital
    return min(actions, key=lambda a: _card_value(capital, a.card, counts))


def _keep(state, seat, actions, rng):
    counts, capital = _hand_resources(state, seat), state.tables.capital
    return max(actions, key=lambda a: _card_value(capital, a.card, counts))


def _prospect(state, seat, actions, rng):
    return actions[0]


_QUICK = {"manage": _management, "labor": _labor, "row": _row, "pay": drawn_play, "casualty": _casualty,  # by step
          "continue": _continue, "survey": _survey, "rock": _place_rock, "contract": _contract}

_POLICIES = {  # by decision kind
    "building": _building, "build_at": _build_at,
    "event_war": _take, "business_take": _take, "work_at": _work_at,
    "dividends": _discard, "event_discard": _discard, "business_discard": _discard, "keep": _keep,
    "prospect": _prospect, "relocate": _relocate, "ready": _ready,
}

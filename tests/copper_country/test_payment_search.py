"""COP-R21: the memoised payment search and its two quick tests (paid_simply,
short_of_a_resource) agree with a plain search over every play of every unit for
every icon, on hands, icons and abilities drawn at random."""

from __future__ import annotations

from headframe.engine import Rng
from headframe.games.copper_country.components import RESOURCES
from headframe.games.copper_country.payment import (
    after_route,
    feasible,
    gives,
    paid_simply,
    routes,
    short_of_a_resource,
)


def _every_play(units: tuple[str, ...], needs: tuple[str, ...], abilities: tuple) -> bool:
    """Depth first over every (unit, resource, icon, route), with no shortcut."""
    stack, seen = [(units, needs, abilities)], set()
    while stack:
        here = stack.pop()
        held, owed, left = here
        if not owed:
            return True
        if here in seen:
            continue
        seen.add(here)
        for i, unit in enumerate(held):
            others = held[:i] + held[i + 1:]
            for resource, loose in gives(unit):
                after = tuple(sorted(others + ((loose,) if loose else ())))
                for j, need in enumerate(owed):
                    for route, follow in routes(resource, need, *left):
                        rest = tuple(sorted(owed[:j] + owed[j + 1:] + ((follow,) if follow else ())))
                        stack.append((after, rest, after_route(route, *left)))
    return False


def _cases(count: int):
    rng = Rng(21)

    def unit() -> str:
        kind = rng.below(4)
        first, second = rng.choice(RESOURCES), rng.choice(RESOURCES)
        return first if kind < 2 or first == second else ("or:" if kind == 2 else "and:") + first + ":" + second

    for _ in range(count):
        units = tuple(sorted(unit() for _ in range(rng.below(5))))
        icons = [*RESOURCES, "any", "half-" + rng.choice(RESOURCES)]
        needs = tuple(sorted(rng.choice(icons) for _ in range(1 + rng.below(4))))
        terrain, pair = ("", *RESOURCES)[rng.below(7)], ("", *RESOURCES)[rng.below(7)]
        yield units, needs, (terrain, pair, rng.below(3) == 0, rng.below(3) == 0)


def test_the_search_and_its_quick_tests_agree_with_every_play():
    outcomes = set()
    for units, needs, abilities in _cases(400):
        payable = _every_play(units, needs, abilities)
        outcomes.add(payable)
        assert feasible(units, needs, *abilities) == payable, (units, needs, abilities)
        if paid_simply(units, needs, *abilities):
            assert payable, (units, needs, abilities)
        if short_of_a_resource(units, needs, *abilities):
            assert not payable, (units, needs, abilities)
    assert outcomes == {True, False}


def test_the_quick_tests_settle_plain_cases():
    assert paid_simply(("and:labor:surface", "transport"), ("labor", "surface", "transport"), "", "", False, False)
    assert paid_simply(("labor", "labor"), ("underground",), "", "labor", False, False)  # the 2:1 pair
    assert paid_simply(("explosive",), ("equipment",), "equipment", "", False, False)  # the terrain token
    assert short_of_a_resource(("labor", "surface"), ("transport", "underground"), "transport", "", False, False)
    assert not short_of_a_resource(("labor", "labor"), ("underground",), "", "labor", False, False)

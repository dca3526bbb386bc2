"""rulebook: Capital Cards, The Resource Grid. Paying a shift's resources (COP-R21):
can a hand pay what a row asks, and which single card plays keep the rest payable.

A *unit* is what one capital card (or the unassigned half of an AND card, a
"loose" unit) gives, written as its signature: `labor`, `or:labor:surface`,
`and:labor:surface`. A *need* is one resource icon still to pay: a resource,
`any` (play any 1 resource) or `half-R` (the second R of a started 2:1 pair).

Routes by which one played resource pays one need:
    direct         the resource itself (or any resource for `any`)
    terrain        the worked site's face-up resource token, once per shift
    machine        Machine Shop (LB6): 1 equipment as any other, once per turn
    railroad       Mineral Range Railroad (LB7): 1 transport as any other
    pair           the company's 2:1 ability, once per shift: this resource is
                   the first of two of the 2:1 type paying one other need
    terrain_pair   the token's output as the first half of that pair
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import chain, product

from .components import RESOURCES


@cache
def gives(signature: str) -> tuple[tuple[str, str], ...]:
    """(resource played, loose unit left over or "") for each way to play a unit."""
    if ":" not in signature:
        return ((signature, ""),)
    kind, a, b = signature.split(":")
    if kind == "or":
        return ((a, ""), (b, ""))
    return ((a, b), (b, a))


def routes(resource: str, need: str, terrain: str, pair: str, machine: bool, railroad: bool):
    """Each (route, follow-up need or "") by which `resource` pays `need`."""
    if need == "any":
        return (("direct", ""),)
    if need.startswith("half-"):
        kind = need[5:]
        if resource == kind:
            return (("direct", ""),)
        return (("terrain", ""),) if terrain == kind else ()
    found = []
    if resource == need:
        return (("direct", ""),)
    if terrain == need:
        found.append(("terrain", ""))
    if machine and resource == "equipment":  # COP-R54: pays an icon directly, never half a pair
        found.append(("machine", ""))
    if railroad and resource == "transport":
        found.append(("railroad", ""))
    if pair and need != pair:
        if resource == pair:
            found.append(("pair", "half-" + pair))
        elif terrain == pair:
            found.append(("terrain_pair", "half-" + pair))
    return tuple(found)


def after_route(route: str, terrain: str, pair: str, machine: bool, railroad: bool):
    """The abilities left once `route` has been used."""
    if route in ("terrain", "terrain_pair"):
        terrain = ""
    if route in ("pair", "terrain_pair"):
        pair = ""
    if route == "machine":
        machine = False
    if route == "railroad":
        railroad = False
    return terrain, pair, machine, railroad


def capacity(units) -> int:
    """How many resources the units can give at most (an AND card gives 2)."""
    return sum(map(_SIZE.__getitem__, units))


class _BySignature(dict):
    """What each unit gives, by its signature, worked out the first time a signature comes."""

    def __init__(self, derive) -> None:
        super().__init__()
        self.derive = derive

    def __missing__(self, signature: str):
        value = self[signature] = self.derive(signature)
        return value


_SIZE = _BySignature(lambda signature: 2 if signature.startswith("and:") else 1)
_HALVES = _BySignature(lambda signature: dict(gives(signature)))  # by resource played: the loose unit left ("" if none)
_GIVEN = _BySignature(lambda signature: tuple(resource for resource, _ in gives(signature)))


@lru_cache(maxsize=1 << 18)
def feasible(units: tuple[str, ...], needs: tuple[str, ...], terrain: str, pair: str,
             machine: bool, railroad: bool) -> bool:
    """Can `units` (sorted) pay every need (sorted) with these abilities left?"""
    if not needs:
        return True
    if capacity(units) < len(needs):
        return False
    if paid_simply(units, needs, terrain, pair, machine, railroad):
        return True
    if short_of_a_resource(units, needs, terrain, pair, machine, railroad):
        return False
    need, rest = needs[0], needs[1:]
    for index, unit in enumerate(units):
        if index and units[index - 1] == unit:
            continue
        others = units[:index] + units[index + 1:]
        for resource, loose in gives(unit):
            remaining = tuple(sorted(others + (loose,))) if loose else others
            for route, follow in routes(resource, need, terrain, pair, machine, railroad):
                left = tuple(sorted(rest + (follow,))) if follow else rest
                if feasible(remaining, left, *after_route(route, terrain, pair, machine, railroad)):
                    return True
    return False


def paid_simply(units, needs, terrain: str, pair: str, machine: bool, railroad: bool) -> bool:
    """Whether the units pay every need with its own resource, taken greedily, and the
    needs left over each by one ability with what is left: a quick proof that `feasible`
    holds (it searches every order of routes only when this fails)."""
    left = list(units)
    unpaid = []
    for need in needs:
        if need != "any":
            resource = _RESOURCE[need]
            if resource in left:  # `_take`'s first case, without the call
                left.remove(resource)
            elif not _take(left, resource):
                unpaid.append(need)
    for need in unpaid:
        resource = _RESOURCE[need]
        if terrain == resource and left:
            left.pop()
            terrain = ""
        elif need == resource and machine and _take(left, "equipment"):
            machine = False
        elif need == resource and railroad and _take(left, "transport"):
            railroad = False
        elif need == resource and pair and pair != need and _take(left, pair) and _take(left, pair):
            pair = ""
        else:
            return False
    return capacity(left) >= needs.count("any")


_RESOURCE = {**{need: need for need in RESOURCES}, **{"half-" + need: need for need in RESOURCES}}  # a need's resource


def _take(left: list[str], resource: str) -> bool:
    """Play one unit of `left` for `resource`, keeping an AND card's other half."""
    if resource in left:
        left.remove(resource)
        return True
    for unit in left:
        loose = _HALVES[unit].get(resource)
        if loose is not None:
            left.remove(unit)
            if loose:
                left.append(loose)
            return True
    return False


def short_of_a_resource(units, needs, terrain: str, pair: str, machine: bool, railroad: bool) -> bool:
    """Whether some resource is needed more often than units give it plus every ability
    that could pay one of it (the 2:1 pair only if two more of its resource can be had),
    or all resources together more often than that: a quick proof that `feasible` fails."""
    given = list(chain.from_iterable(map(_GIVEN.__getitem__, units)))
    wanted: dict[str, int] = {}
    for need in needs:
        if need != "any":
            resource = _RESOURCE[need]
            wanted[resource] = wanted.get(resource, 0) + 1
    sources = given.count(pair) + (terrain == pair)  # what can pay the two halves of a 2:1 pair
    pairs = bool(pair) and sources >= 2 and sources + machine + railroad >= wanted.get(pair, 0) + 2
    short = 0  # needs that only an ability can pay, each ability paying one
    for resource, count in wanted.items():
        missing = count - given.count(resource)
        if missing > (terrain == resource) + machine + railroad + (pairs and pair != resource):
            return True
        short += max(missing, 0)
    return short > bool(terrain) + machine + railroad + pairs


def can_pay(signatures, needs, terrain="", pair="", machine=False, railroad=False) -> bool:
    return feasible(tuple(sorted(signatures)), tuple(sorted(needs)), terrain, pair, machine, railroad)


VIAS = ("direct", "terrain", "machine", "railroad", "pair", "terrain_pair")


def ways_to_pay(terrains: list[str], pairs: list[str]) -> dict[str, list[tuple[str, str]]]:
    """For each resource played, every (need, via) some payment can offer: the routes open
    under some worked token (one of `terrains`) and company 2:1 resource (one of `pairs`),
    with or without the Machine Shop and the Railroad. Needs in the order of RESOURCES,
    `any`, then the halves of pairs; vias in the order of VIAS."""
    needs = list(RESOURCES) + ["any"] + ["half-" + p for p in pairs]
    abilities = list(product([""] + terrains, [""] + pairs, (False, True), (False, True)))
    ways = {}
    for resource in RESOURCES:
        open_routes = {(need, via) for need in needs for terrain, pair, machine, railroad in abilities
                       for via, _ in routes(resource, need, terrain, pair, machine, railroad)}
        ways[resource] = [(need, via) for need in needs for via in VIAS if (need, via) in open_routes]
    return ways


__all__ = ["VIAS", "after_route", "can_pay", "capacity", "feasible", "gives", "paid_simply", "routes",
           "short_of_a_resource", "ways_to_pay"]

"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012,
single-observer variant).

Every iteration draws a fresh world from the seat's information set and walks
one tree of the observer's information sets: at each node, UCT chooses among
the actions legal *in this world*, with availability counts (a child's
exploration term counts the visits in which it was available, not all visits).
A rollout by the heuristic or random policy finishes the iteration, cut off
after `depth` decisions (by default the game's `search_depth` for the table)
and judged by the game's `evaluate`. With a heuristic, the tree is steered by
it as a prior (progressive bias, Chaslot et al. 2008):
at every node the heuristic's choice in this world is tried first and earns a
bonus `bias / (visits + 1)` that fades as real results come in. The final
choice is the most visited action. Each decision's reward is the reward of the seat
that took it, so the tree handles any number of players; chance is sampled in
the world; a simultaneous decision is taken seat by seat in the world, where
the other seats' sealed choices are the determinization's; at the root the
observer takes its own first, so every iteration counts for its choice.

The search stops early once its choice is decided: when the most visited
action leads the next by more visits than the rest of the budget can give
(for a time budget, the iterations the measured rate leaves time for). With
an iteration budget the choice is exactly the one the full budget makes. Given
both budgets, the search stops at whichever runs out first.
"""

from __future__ import annotations

import heapq
import math
import time

from headframe.engine import Action, Game, Rng

from .base import InformationSet

DEFAULT_ITERATIONS = 1000  # the budget when none is given


class Node:
    __slots__ = ("seat", "visits", "reward", "available", "children")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # who took the action leading here
        self.visits = 0
        self.reward = 0.0
        self.available = 0
        self.children: dict[Action, Node] = {}


class ISMCTSAgent:
    def __init__(self, game: Game, seed: int = 0, iters: int | None = None, time_s: float | None = None,
                 exploration: float = 0.7, depth: int | None = None, rollout: str = "auto",
                 widening: float = 0.0, bias: float = 1.0, early_stop: bool = True) -> None:
        if iters is None and time_s is None:
            iters = DEFAULT_ITERATIONS
        self.game = game
        self.rng = Rng(seed)
        self.iters = iters
        self.time_s = time_s
        self.exploration = exploration
        self.depth = depth
        self.use_heuristic = rollout == "heuristic" or (rollout == "auto" and game.learning.has_heuristic())
        self.widening = widening or 0.0
        self.bias = bias
        self.guided = game.learning.has_heuristic() and bool(bias or self.widening)
        self.early_stop = early_stop
        budgets = {"iters": iters, "time": time_s}
        self.spec = "ismcts:" + ",".join(f"{key}={value}" for key, value in budgets.items() if value is not None)
        self.last_iterations = 0

    def choose(self, info: InformationSet) -> Action:
        actions = info.decision.actions
        if len(actions) == 1:
            return actions[0]
        root = self.search(info)
        return max(actions, key=lambda a: (root.children[a].visits, root.children[a].reward)
                   if a in root.children else (-1, 0.0))

    def search(self, info: InformationSet) -> Node:
        """The searched tree's root: its children are the seat's actions, with
        their visits (`choose` takes the most visited; hints show the shares)."""
        root = Node(-1)
        depth = self.rollout_depth(info.players)
        start = time.perf_counter()
        iterations = 0
        while iterations != self.iters:
            if iterations % 8 == 0 and self._stop(root, iterations, start):
                break
            self._iterate(root, info, depth)
            iterations += 1
        self.last_iterations = iterations
        return root

    def rollout_depth(self, players: int) -> int:
        return self.depth or self.game.learning.search_depth(players)

    def _stop(self, root: Node, iterations: int, start: float) -> bool:
        """Out of time, or the choice is decided: no action can overtake the most
        visited one with the iterations left (of the budget that runs out first)."""
        left = math.inf if self.iters is None else self.iters - iterations
        if self.time_s is not None:
            elapsed = time.perf_counter() - start
            if elapsed >= self.time_s:
                return True
            if iterations:
                left = min(left, iterations * (self.time_s - elapsed) / elapsed)
        if not self.early_stop:
            return False
        first, second = heapq.nlargest(2, [*(child.visits for child in root.children.values()), 0, 0])
        return first - second > left

    def _iterate(self, root: Node, info: InformationSet, depth: int) -> None:
        rng = self.rng
        world = info.sample_world(rng)
        node, path, steps = root, [root], 0
        while not world.is_over():
            to_move = world.to_move()
            if node is root and info.seat in to_move:
                seat = info.seat
            else:
                seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            legal = world.decision(seat).actions
            children = node.children
            present = [action for action in legal if action in children]
            for action in present:
                children[action].available += 1
            preferred = self.game.learning.heuristic(world, seat, rng) if self.guided else None
            if len(present) < len(legal) and len(present) < self._width(node.visits):
                action = self._expansion(legal, children, preferred)
                node = children[action] = Node(seat)
                node.available = 1
                world.play(seat, action)
                path.append(node)
                steps += 1
                break
            action, node = self._select(children, present, preferred)
            world.play(seat, action)
            path.append(node)
            steps += 1
        rewards = self._rollout(world, steps, depth)
        for visited in path:
            visited.visits += 1
            if visited.seat >= 0:
                visited.reward += rewards[visited.seat]

    def _width(self, visits: int) -> float:
        """Progressive widening: a node considers 1 + widening * sqrt(visits)
        actions, so a few iterations are not spread over a hundred bids."""
        return math.inf if not self.widening else 1 + self.widening * math.sqrt(visits)

    def _expansion(self, legal, children, preferred: Action | None) -> Action:
        """The next action to try at a node: the heuristic's choice first; then at random."""
        if preferred is not None and preferred not in children:
            return preferred
        untried = [action for action in legal if action not in children]
        return untried[self.rng.below(len(untried))]

    def _select(self, children: dict[Action, Node], legal: list[Action],
                preferred: Action | None) -> tuple[Action, Node]:
        c, bias = self.exploration, self.bias
        best, best_score = None, -math.inf
        for action in legal:
            child = children[action]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if action == preferred:
                score += bias / (child.visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best, children[best]

    def _rollout(self, world, steps: int, depth: int) -> list[float]:
        rng, game, heuristic = self.rng, self.game, self.use_heuristic
        while steps < depth:
            to_move = world.to_move()
            if not to_move:
                break
            seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
            if heuristic:
                action = game.learning.heuristic(world, seat, rng)
            else:
                action = rng.choice(world.decision(seat).actions)
            world.play(seat, action)
            steps += 1
        return game.learning.evaluate(world)

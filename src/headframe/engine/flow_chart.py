"""A game's turn graph in words and as a Mermaid chart (`headframe flow GAME`): each step of
its flow, who decides there, and the steps it may lead to, from the table itself."""

from __future__ import annotations

from .flow import OVER, Flow, Step


def who_decides(step: Step) -> str:
    if step.automatic:
        return "automatic"
    if step.who is not None:
        return "the players at once"
    return "a player, unless nobody has to" if step.skip is not None else "a player"


def as_text(flow: Flow) -> str:
    width = max(map(len, flow.steps))
    lines = [f"{flow.title}: the turn graph, from {' or '.join(flow.start)}"]
    for step in flow.steps.values():
        targets = ", ".join(step.leads_to)
        if step.in_option_order:
            targets += f"; in the options' order: {', '.join(step.in_option_order)}"
        lines.append(f"  {step.name:<{width}}  {who_decides(step):<30}  → {targets}")
    lines.append(f"  ({OVER}: the game is over)")
    return "\n".join(lines)


def node(name: str) -> str:
    return f"step_{name}"  # a step's own name may be a word of Mermaid's ("end")


def as_mermaid(flow: Flow) -> str:
    """A flowchart: decisions rounded, the players' at once as hexagons, automatic steps
    square; dotted arrows go where the options' order sends them."""
    shapes = {"automatic": '["{}"]', "the players at once": '{{{{"{}"}}}}'}
    lines = ["flowchart TD", '  start(("start"))', f'  {node(OVER)}(("game over"))']
    for step in flow.steps.values():
        lines.append(f"  {node(step.name)}" + shapes.get(who_decides(step), '(["{}"])').format(step.name))
    lines += [f"  start --> {node(name)}" for name in flow.start]
    for step in flow.steps.values():
        lines += [f"  {node(step.name)} --> {node(target)}" for target in step.leads_to]
        lines += [f"  {node(step.name)} -.-> {node(target)}" for target in step.in_option_order]
    return "\n".join(lines)

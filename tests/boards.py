"""What every game's board test needs: reading a picture's clickable places,
checking them against the seat's legal actions, and saving examples for people."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection
from pathlib import Path

from headframe.engine.svg import legal_ids

NS = "{http://www.w3.org/2000/svg}"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "boards"


def clickables(root: ET.Element) -> list[ET.Element]:
    return [node for node in root.iter() if node.get("data-actions")]


def drawn_ids(root: ET.Element) -> set[str]:
    return {action for node in clickables(root) for action in node.get("data-actions").split()}


def hint(node: ET.Element) -> str:
    return node.find(f"{NS}title").text


def texts(node: ET.Element) -> list[str]:
    return [t.text for t in node.iter(f"{NS}text") if t.text]


def check_board(game, state, seat: int | None, on_board: Collection[str]) -> ET.Element:
    """The seat's picture parses and its clickable ids are exactly its legal
    actions of the kinds that have a place on the board."""
    view = state.view(seat)
    root = ET.fromstring(game.presentation.render_board(view))
    legal = legal_ids(game, view)
    placed = {a for a, data in zip(legal, view.get("decision", {}).get("actions", ())) if data["kind"] in on_board}
    drawn = drawn_ids(root)
    assert drawn <= set(legal)
    assert placed <= drawn, placed - drawn
    return root


def save(game, name: str, markup: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{game.name}-{name}.svg").write_text(markup)

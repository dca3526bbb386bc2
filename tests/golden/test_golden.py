"""Each golden playthrough still plays the same way, decision for decision."""

from __future__ import annotations

import json
import re

import pytest

from headframe.engine import load_game, replay

from .playthrough import golden_cases, paths, play


@pytest.mark.parametrize("name, players, seed", golden_cases())
def test_golden_playthrough_is_unchanged(name: str, players: int, seed: int) -> None:
    game = load_game(name)
    record_path, summary_path = paths(name, players, seed)
    assert record_path.exists(), f"no golden playthrough for {name}: run `make golden` and review the files"
    record, summary = play(game, players, seed)
    assert summary == summary_path.read_text(encoding="utf-8"), \
        f"{name} plays differently: run `make golden` and review the diff"
    assert record == json.loads(record_path.read_text(encoding="utf-8"))
    assert replay(record).is_over()


@pytest.mark.parametrize("name, players, seed", golden_cases())
def test_a_summary_counts_seats_from_one(name: str, players: int, seed: int) -> None:
    # Seats are 0-based in records, views and action ids; people read "Seat 1" for seat 0.
    _, summary_path = paths(name, players, seed)
    named = {int(number) for number in re.findall(r"\bSeat (\d+)", summary_path.read_text(encoding="utf-8"))}
    assert named == set(range(1, players + 1))

"""The SVG writer shared by the boards (engine/svg.py): each attribute written as its
value says, however often a name and an equal value of another kind came before."""

from fractions import Fraction

from headframe.engine import svg


def test_attributes_are_written_by_kind_of_value_whatever_equal_value_came_first():
    assert svg.element("rect", x=0, y=1, width=2.5, fill="#fff") == '<rect x="0" y="1" width="2.5" fill="#fff"/>'
    assert svg.element("rect", x=-0.0, y=1.0, width=2.50) == '<rect x="-0" y="1" width="2.5"/>'  # -0.0 == 0
    assert svg.element("rect", x=0.0, y=True, width=Fraction(5, 2)) == '<rect x="0" y="True" width="5/2"/>'
    assert svg.element("rect", x=False, y=None, width=2) == '<rect width="2"/>'  # False == 0: left out
    assert svg.element("g", class_="a<b", data_to_move="") == '<g class="a&lt;b" data-to-move=""/>'
    assert svg.element("g", class_="a<b", data_to_move="") == '<g class="a&lt;b" data-to-move=""/>'


def test_numbers_are_written_to_two_places_without_trailing_zeros():
    assert svg.element("circle", r=1.005, cx=12.3456, cy=100.10) == '<circle r="1" cx="12.35" cy="100.1"/>'
    assert svg.element("circle", r=1.005, cx=12.3456, cy=100.10) == '<circle r="1" cx="12.35" cy="100.1"/>'


class CountingGame:
    """A game whose actions are their JSON's items, counting how often one is parsed."""

    def __init__(self) -> None:
        self.parsed = 0

    def parse_action(self, data):
        self.parsed += 1
        return repr(sorted(data.items()))


def test_a_decisions_actions_are_parsed_once_however_often_a_board_is_drawn():
    game = CountingGame()
    view = {"decision": {"actions": [{"kind": "mine", "area": "a"}, {"kind": "pass"}]}}
    first = svg.decision_actions(game, view)
    assert first == ["[('area', 'a'), ('kind', 'mine')]", "[('kind', 'pass')]"] and game.parsed == 2
    assert svg.decision_actions(game, view) == first and game.parsed == 2
    assert svg.decision_actions(game, {"seat": None}) == [] and svg.decision_actions(game, {"decision": None}) == []


def test_an_action_holding_a_list_is_parsed_every_time_it_is_drawn():
    game = CountingGame()
    view = {"decision": {"actions": [{"kind": "sell", "cubes": [1, 2]}]}}
    assert svg.decision_actions(game, view) == svg.decision_actions(game, view) == ["[('cubes', [1, 2]), ('kind', 'sell')]"]
    assert game.parsed == 2

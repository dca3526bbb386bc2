"""The SVG writer shared by the boards (engine/svg.py): each attribute written as its
value says, however often a name and an equal value of another kind came before; a
decision's actions parsed once; the boards of several seats drawn as one drawing and
each seat's parts (`layered`), each exactly its own board."""

from fractions import Fraction

import pytest

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


def tiny_board(seat: svg.Seat) -> str:
    """A board with a banner for its viewer and two places, of which `wide` takes a line
    more with actions (what is below it moves)."""
    you = seat.viewer(lambda for_seat: svg.text(0, 10, f"seat {for_seat.view['seat']}"))
    mine = seat.place("mine", lambda actions: svg.clickable(svg.element("rect"), [str(a) for a in actions], "dig"))
    lines = len(seat.places.get("wide", ()))
    wide = seat.viewer(lambda for_seat: svg.text(0, 20, "wide") if len(for_seat.places.get("wide", ())) == lines
                       else None)
    return svg.group(you, mine, wide, svg.text(0, 30 + 10 * lines, "below"))


def test_layered_boards_are_each_seats_own_with_what_they_share_drawn_once():
    shared = {"seat": None}
    seats = [svg.Seat(shared), svg.Seat({"seat": 0}, {"mine": [1, 2]}), svg.Seat({"seat": 1}, {"wide": [3]})]
    boards = svg.layered(tiny_board, shared, seats)
    assert ["".join(parts) for parts in boards] == [tiny_board(seat) for seat in seats]
    assert boards[0][0] is boards[1][0] and boards[0][4] is boards[1][4]  # what they share: one object
    assert boards[1][3] == '<g class="clickable" data-actions="1 2"><rect/><title>dig</title></g>'
    assert boards[2] == [tiny_board(seats[2])]  # its "wide" moves what is below: drawn whole


def test_a_control_character_in_a_text_fails_the_drawing_rather_than_a_seats_board():
    def board(seat: svg.Seat) -> str:
        return svg.group(svg.text(0, 0, "Ann\x01"), seat.viewer(lambda for_seat: svg.text(0, 10, "you")))

    with pytest.raises(ValueError, match="control character"):
        svg.layered(board, {"seat": None}, [svg.Seat({"seat": 0})])


def test_a_spectators_board_is_the_shared_drawing_with_nothing_drawn_again():
    drawn = []

    def board(seat: svg.Seat) -> str:
        return svg.group(seat.viewer(lambda for_seat: drawn.append(for_seat.view["seat"]) or svg.text(0, 0, "who")))

    shared = {"seat": None}
    boards = svg.layered(board, shared, [svg.Seat(shared), svg.Seat({"seat": 0})])
    assert ["".join(parts) for parts in boards] == [board(svg.Seat(shared)), board(svg.Seat({"seat": 0}))]
    assert drawn == [None, 0, None, 0]  # the drawing, seat 0's part; then the two boards drawn alone

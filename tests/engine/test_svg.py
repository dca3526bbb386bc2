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

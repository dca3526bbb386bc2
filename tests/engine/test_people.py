"""Words for people: seats counted from one, and the small grammar every log shares."""

from headframe.engine import seat_label, seat_number
from headframe.engine.people import an, listed, plural


def test_people_count_seats_from_one() -> None:
    assert seat_label(0) == "Seat 1" and seat_number(3) == 4


def test_articles_plurals_and_lists() -> None:
    assert [an("electricity"), an("Industrial"), an("wood")] == ["an electricity", "an Industrial", "a wood"]
    assert [plural(1, "fee"), plural(0, "fee"), plural(3, "fee")] == ["1 fee", "0 fees", "3 fees"]
    assert listed(["a"]) == "a" and listed(["a", "b"]) == "a and b" and listed(["a", "b", "c"]) == "a, b and c"
    assert listed([]) == "nothing" and listed([], empty="no card") == "no card"

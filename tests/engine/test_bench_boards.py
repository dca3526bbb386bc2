"""`python -m bench.boards` measures what a board worker does for a state's update."""

from bench.boards import measure


def test_the_boards_bench_draws_every_audiences_board_of_every_state():
    row = measure("tinners-trail", 2, spectator=True, narrow=True, games=1)
    assert (row["audiences"], row["layout"]) == (3, "narrow")
    assert row["boards"] == 3 * row["states"] and row["states"] > 20
    assert 0 < row["boards_drawn_whole"] < row["boards"] / 4  # a phone's banner of other lines: drawn whole
    assert row["ms_per_state"] > row["ms_per_board"] > 0

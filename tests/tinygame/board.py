"""Pit Lamps' board picture: a small one, for the web client's tests. Own hand
face up (click a card to bid it), others' hands and sealed bids face down, the
pit (click to dig), the deck (click to draw); resting has no place, so it stays
a button. The lamp carries both dig and draw: clicking it offers a menu."""

from __future__ import annotations

from headframe.engine import seat_colour, seat_label, svg

WIDTH, HEIGHT = 800, 360
CARD_W, CARD_H = 48, 68
# A phone's board: the same parts in one column, each part moved by (dx, dy).
NARROW = {"to_move": (20, 56), "seats": (0, 50), "pit": (-380, 240), "deck": (-380, 190), "lamp": (-440, 230),
          "hand": (0, 310)}


def render(game, view: dict, narrow: bool = False) -> str:
    legal = set(svg.legal_ids(game, view))
    seat = view["seat"]
    width, height = (svg.NARROW_WIDTH, 720) if narrow else (WIDTH, HEIGHT)

    def placed(part: str, drawing: str) -> str:
        return svg.group(drawing, transform="translate({} {})".format(*NARROW[part])) if narrow else drawing

    parts = [svg.element("rect", x=0, y=0, width=width, height=height, fill="#efe6d2")]
    parts.append(svg.text(20, 30, f"Round {view['round']} of {view['options']['rounds']} · {view['phase']}",
                          font_size=18, font_weight="bold"))
    parts.append(_to_move(view, *NARROW["to_move"]) if narrow else _to_move(view, 420, 30))
    parts.append(placed("seats", "".join(_seats(view))))
    parts.append(placed("pit", _pit(legal)))
    parts.append(placed("deck", _deck(view, legal)))
    parts.append(placed("lamp", _lamp(legal)))
    if seat is not None:
        parts.append(placed("hand", _hand(view["hand"], legal)))
    return svg.document(width, height, *parts, label=f"Pit Lamps, round {view['round']}")


def _to_move(view: dict, x: float, y: float) -> str:
    movers = view["to_move"]
    words = ", ".join("you" if seat == view["seat"] else seat_label(seat) for seat in movers)
    return svg.text(x, y, f"to move: {words}" if movers else "game over", font_size=16,
                    data_to_move=" ".join(map(str, movers)))


def _seats(view: dict) -> list[str]:
    rows = []
    for other in range(view["player_count"]):
        y = 60 + other * 40
        sealed = "bid sealed" if str(other) in view["sealed"] else ""
        rows.append(svg.group(
            svg.element("circle", cx=30, cy=y, r=12, fill=seat_colour(other)),
            svg.text(50, y + 5, f"{seat_label(other)}: {view['scores'][other]} points",
                     data_view=f"scores.{other}"),
            svg.element("rect", x=250, y=y - 14, width=20, height=28, fill=svg.FACE_DOWN, rx=3),
            svg.text(276, y + 5, f"× {view['hand_sizes'][other]}  {sealed}", data_view=f"hand_sizes.{other}"),
            class_=f"seat seat-{other}"))
    return rows


def _pit(legal: set[str]) -> str:
    ids = [i for i in ("dig",) if i in legal]
    shape = svg.group(svg.element("ellipse", cx=520, cy=110, rx=70, ry=40, fill="#3b2f25"),
                      svg.text(520, 115, "the pit", fill="#fff", text_anchor="middle"))
    return svg.clickable(shape, ids, "Dig in the pit (1 point)", class_="pit")


def _deck(view: dict, legal: set[str]) -> str:
    ids = [i for i in ("draw",) if i in legal]
    shape = svg.group(svg.element("rect", x=640, y=70, width=CARD_W, height=CARD_H, rx=4, fill=svg.FACE_DOWN),
                      svg.text(664, 160, f"deck {view['deck']}", text_anchor="middle", data_view="deck"))
    return svg.clickable(shape, ids, "Draw a card (ends your turn)", class_="deck")


def _lamp(legal: set[str]) -> str:
    ids = [i for i in ("dig", "draw") if i in legal]
    shape = svg.group(svg.element("circle", cx=720, cy=260, r=26, fill="#f2c14e"),
                      svg.text(720, 305, "lamp", text_anchor="middle"))
    return svg.clickable(shape, ids, "Light your lamp: dig or draw", class_="lamp")


def _hand(hand: list[int], legal: set[str]) -> str:
    cards = []
    for index, card in enumerate(hand):
        x = 20 + index * (CARD_W + 10)
        shape = svg.group(svg.element("rect", x=x, y=260, width=CARD_W, height=CARD_H, rx=4, fill="#fff",
                                      stroke="#333"),
                          svg.text(x + CARD_W / 2, 300, card, font_size=20, text_anchor="middle"))
        bid = f"bid:{card}"
        cards.append(svg.clickable(shape, [bid] if bid in legal else [], f"Bid your {card}", class_="card"))
    return svg.group(svg.text(20, 250, "Your hand"), *cards)

"""Coal Country's board for a phone (`render_board(view, narrow=True)`): the wide board's panels in
one column, top to bottom in the order a player reads them: whose move it is, the seat's own company
(money, village, mine), the Boss's Desk with the part the current step happens on first, then the
other companies. The column is drawn at SCALE, so the wide panels' smallest text (12 units) reads
as `svg.NARROW_TEXT`."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from headframe.engine import seat_label, svg

from .board import Board
from .board_legend import legend
from .board_parts import INK, PAPER, name_text, tspan
from .board_village import Plan

SCALE = svg.NARROW_TEXT / 12
X, CARD = 5, 332  # every card's left edge and width, in the column's units (NARROW_WIDTH / SCALE wide)
BEHIND = Plan(storage=(0, 130), cube=34, refuse=(200, 0), notes=(154, 150))  # the mine under the village
WRAP = 32  # characters in a line of the banner

# The desk part each step (or stage of a seat's turn) happens on, shown first.
FIRST = {"brokers": "brokers", "sell": "brokers", "permit": "permit", "market": "market",
         "construction": "construction", "collide": "track", "report": "track", "over": "track"}


class NarrowBoard(Board):
    def draw(self) -> str:
        banner, y = self.banner(8)
        parts = [banner]
        players = self.view["players"]
        for player in players:
            if player["seat"] == self.me:
                company, height = self.own_company(player, X, y)
                parts.append(company)
                y += height + 12
        parts.append(name_text(X + 4, y + 16, "Boss's Desk", font_size=15, font_weight="bold", fill=INK))
        y += 26
        for markup, height in self.desk_parts(y):
            parts.append(markup)
            y += height + 8
        for player in players:
            if player["seat"] != self.me:
                company, height = self.company(player, X, y + 4, CARD, lines=2)
                parts.append(company)
                y += height + 12
        key, key_height = legend(X + 4, y, CARD - 8)
        parts.append(key)
        y += key_height + 8
        seat = "spectator" if self.me is None else seat_label(self.me)
        label = f"Coal Country, round {self.view['round']} of {self.view['rounds']}, seen by {seat}"
        column = svg.group(svg.element("rect", x=0, y=0, width=svg.NARROW_WIDTH / SCALE, height=y, fill=PAPER),
                           *parts, transform=f"scale({SCALE:.4f})")
        return svg.document(svg.NARROW_WIDTH, round(y * SCALE), column, label=label)

    def banner(self, y: float) -> tuple[str, float]:
        """The round and step; whose move it is (`data-to-move`, wrapped to the column); who looks."""
        lines = [""]
        for word in self.to_move().split():
            if lines[-1] and len(lines[-1]) + len(word) >= WRAP:
                lines.append("")
            lines[-1] = f"{lines[-1]} {word}".strip()
        mover = svg.element("text", *(svg.element("tspan", escape(words), x=X + 4, dy=19 if i else 0)
                                      for i, words in enumerate(lines)),
                            x=X + 4, y=y + 40, font_size=15, font_weight="bold", fill=INK, data_to_move=self.movers())
        when = svg.element("text", *map(tspan, self.when()), x=X + 4, y=y + 16, font_size=15, fill=INK)
        bottom = y + 40 + 19 * len(lines)
        seen = svg.text(X + 4, bottom, self.seen_by(), font_size=13, fill=INK)
        return svg.group(when, mover, seen), bottom + 12

    def own_company(self, player: dict, x: float, y: float) -> tuple[str, float]:
        """The viewing seat's company: its village across the card, its mine under it with big tiles."""
        top = 30 + 2 * 18
        mine, mine_height = self.mine(player, x + 10, y + top + 242, CARD - 20, largest=104)
        height = top + 252 + mine_height
        return svg.group(*self.company_card(player, x, y, CARD, height, 2),
                         self.village(player, x + 10, y + top + 10, BEHIND), mine), height

    def desk_parts(self, y: float) -> list[tuple[str, float]]:
        """The desk's parts, each across the column with its height, the current one first."""
        parts: dict[str, tuple[Callable[[float], str], float]] = {
            "widget": (lambda top: self.price_widget(X, top, CARD), 150),
            "brokers": (lambda top: self.brokers(X, top, CARD, 100), 100),
            "permit": (lambda top: self.permit_office(X, top, CARD), 150),
            "market": (lambda top: self.utility_market(X, top, CARD), 150),
            "construction": (lambda top: self.construction(X, top, columns=2), 292),
            "track": (lambda top: self.earnings_track(X, top, CARD, columns=10, footer=40), 320),
        }
        stage = (self.view.get("current") or {}).get("stage") or ""
        first = FIRST.get(stage, FIRST.get(self.view["step"]))
        drawn = []
        for name in sorted(parts, key=lambda name: name != first):
            draw, height = parts[name]
            drawn.append((draw(y), height))
            y += height + 8
        return drawn

def render_board(game, view: dict, narrow: bool = False) -> str:
    return (NarrowBoard if narrow else Board)(game, view).draw()

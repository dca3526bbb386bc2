"""Coal Country's board picture: the Boss's Desk and every company's village and mine, as one SVG
drawn from a seat's view alone (engine/svg.py).

Legal actions are clickable where they happen: a foreman space for `place`, a permit stack, the
office (incentive), a looked-at tile (`keep`), an empty mine cell (`place_tile`, one id per
rotation), a utility in the market (`buy_cube`, `first_buyer`), a building on display (`build`),
a lot (`build_over`), a mine tile (`church`, `supply`), a stored cube (`exchange`) and the
earnings track (`collide`). Amounts and answers (`sell`, `remove_refuse`, `done`, `stop`,
`decline`) stay buttons."""

from __future__ import annotations

from functools import cache
from html import escape

from headframe.engine import seat_label, svg
from headframe.engine.people import listed, plural

from .board_legend import legend
from .board_parts import (
    CUBE_COLOURS,
    INDICATOR_COLOURS,
    INK,
    LINE,
    PAPER,
    WIDTH,
    Amount,
    building_tile,
    frame,
    gauge_cell,
    line,
    marker,
    name_text,
    panel,
    tspan,
)
from .board_village import Companies
from .components import UTILITIES
from .glossary import SPACE_KEYS, TRACK_KEY, WIDGET_KEY, building_key, indicator_key, stack_key, tile_key, utility_key
from .text import STAGE_NAMES, STEP_NAMES


class Board(Companies):
    """The whole picture: the status line, the Boss's Desk, then the companies."""

    def draw(self) -> str:
        parts = [svg.element("rect", x=0, y=0, width=WIDTH, height="100%", fill=PAPER), self.status()]
        desk, y = self.desk(44)
        parts.append(desk)
        companies, height = self.companies(y + 10)
        key, key_height = legend(12, y + height + 24, WIDTH - 24)
        parts += [companies, key]
        seat = "spectator" if self.me is None else seat_label(self.me)
        label = f"Coal Country, round {self.view['round']} of {self.view['rounds']}, seen by {seat}"
        return svg.document(WIDTH, y + height + 24 + key_height + 10, *parts, label=label)

    def status(self) -> str:
        """The round, the step, and the one element that says whose move it is (`data-to-move`)."""
        mover = svg.element("tspan", escape(self.to_move()), data_to_move=self.movers())
        return svg.element("text", *map(tspan, self.when()), tspan(" · "), mover, tspan(f" · {self.seen_by()}"),
                           x=12, y=28, font_size=16, font_weight="bold", fill=INK)

    def when(self) -> tuple[str | Amount, ...]:
        view = self.view
        return ("Round ", Amount("round", view["round"]), " of ", Amount("rounds", view["rounds"]),
                f" · {STEP_NAMES[view['step']]}")

    def movers(self) -> str:
        return " ".join(map(str, self.view["to_move"]))

    def seen_by(self) -> str:
        return "spectator" if self.me is None else f"you play {seat_label(self.me)}"

    def to_move(self) -> str:
        """Who owes a decision now, in words ("you" for the viewer), or who won."""
        view = self.view
        if view.get("result"):
            ranks = view["result"]["ranking"]  # per seat, 1 = first
            return "won by " + listed([seat_label(seat) for seat, rank in enumerate(ranks) if rank == 1])
        names = ["you" if seat == self.me else seat_label(seat) for seat in view["to_move"]]
        current = view.get("current")
        if current and view["to_move"] == [current["seat"]]:
            building = current.get("building")
            named = f" ({self.tables.building_names[building]})" if building else ""
            verb = "are" if names[0] == "you" else "is"
            return f"{names[0]} {verb} {STAGE_NAMES[current['stage']]}{named}"
        return ("to place: " if view["step"] == "place" else "to move: ") + listed(names)

    # --- the Boss's Desk -----------------------------------------------------------------

    def desk(self, y: float) -> tuple[str, float]:
        parts = [
            panel(10, y, WIDTH - 20, 380, "Boss's Desk"),
            self.price_widget(20, y + 30),
            self.brokers(250, y + 30),
            self.permit_office(390, y + 30),
            self.utility_market(700, y + 30),
            self.construction(20, y + 190),
            self.earnings_track(570, y + 190),
        ]
        return svg.group(*parts), y + 380

    def price_widget(self, x: float, y: float, width: float = 226) -> str:
        view = self.view
        parts = [frame(x, y, width, 150), name_text(x + 8, y + 18, "Price indication widget", font_weight="bold")]
        parts.append(svg.text(x + 8, y + 42, "market", font_size=12))
        for i, m in enumerate((-1, 0, 1)):
            parts.append(gauge_cell(x + 70 + i * 30, y + 28, 28, f"{m:+d}" if m else "0", m == view["market"], "market"))
        parts.append(svg.text(x + 8, y + 68, "price", font_size=12))
        for price in range(1, 12):
            parts.append(gauge_cell(x + 42 + (price - 1) * 16.5, y + 54, 16, price, price == view["coal_price"],
                                    "coal_price"))
        parts.append(line(x + 8, y + 94, "coal stockpile: ", Amount("stockpile", view["stockpile"]), " coal", font_size=13))
        parts.append(svg.text(x + 8, y + 116, "round", font_size=12))
        for r in range(1, view["rounds"] + 1):
            parts.append(gauge_cell(x + 62 + (r - 1) * 19, y + 102, 18, r, r == view["round"], "round"))
        if view["calendar"]:
            parts.append(svg.text(x + 8, y + 140, "cubes", font_size=12))
            for i, value in enumerate(view["calendar"]):
                cube = svg.element("rect", x=x + 62 + i * 20, y=y + 127, width=15, height=15, rx=2,
                                   fill=INDICATOR_COLOURS[value], stroke=INK)
                parts.append(self.explained(cube, indicator_key(self.indicators[value])))
            parts.append(line(x + 150, y + 140, Amount("bag", view["bag"]), " in bag", font_size=12))
        else:
            parts.append(svg.text(x + 8, y + 140, "no market cubes (Reformed)", font_size=12))
        return self.explained(svg.group(*parts), WIDGET_KEY)

    def space(self, x: float, y: float, w: float, h: float, location: str, label: str, hint: str) -> str:
        """A foreman space: its box (clickable to place there) and the foremen on it."""
        box = svg.group(frame(x, y, w, h), name_text(x + 8, y + 18, label, font_weight="bold"))
        return svg.group(self.click(box, (f"space:{location}",), self.place_hint(location, hint), SPACE_KEYS[location]),
                         self.discs(x + 16, y + h - 16, location, w - 20))

    def brokers(self, x: float, y: float, width: float = 130, height: float = 150) -> str:
        return svg.group(
            self.space(x, y, width, height, "CB", "Coal brokers", "Coal brokers: sellers, lowest influence first"),
            line(x + 8, y + 42, "coal price $", Amount("coal_price", self.view["coal_price"]), font_size=13),
            svg.text(x + 8, y + 62, "one seller each", font_size=12))

    def permit_office(self, x: float, y: float, width: float = 300) -> str:
        view = self.view
        office = svg.group(frame(x, y, width, 150), name_text(x + 8, y + 18, "Permit office", font_weight="bold"))
        hint = self.place_hint("PO", "Permit office: applicants, highest influence first")
        if self.actions("incentivize"):
            hint = f"Incentivize the permit office ({self.fees(2)})"
        parts = [self.click(office, ("space:PO", "incentivize"), hint, SPACE_KEYS["PO"]),
                 self.discs(x + 16, y + 134, "PO", width - 20)]
        for i, stack in enumerate(view["permit_stacks"]):
            parts.append(self.permit_stack(x + 10 + i * 56, y + 28, stack, i))
        parts.append(self.drawn_tiles(x + 236, y + 28))
        return svg.group(*parts)

    def permit_stack(self, x: float, y: float, stack: dict, i: int) -> str:
        n = stack["stack"]
        if stack["top"]:
            face = self.explained(self.tile_picture(x, y, 50, stack["top"], 0), tile_key(stack["top"]), "Face up:")
        elif stack["tiles"]:
            face = svg.group(svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill=svg.FACE_DOWN, stroke=INK),
                             svg.text(x + 25, y + 32, n, fill="#fff", font_size=20, font_weight="bold",
                                      text_anchor="middle"))
        else:
            face = svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill="none", stroke=LINE,
                               stroke_dasharray="4 3")
        picture = svg.group(face, line(x + 25, y + 68, Amount(f"permit_stacks.{i}.tiles", stack["tiles"]), " left",
                                       font_size=12, text_anchor="middle"),
                            name_text(x + 25, y + 84, f"stack {n}", font_size=12, text_anchor="middle"))
        hint = (f"Permit stack {n}: {plural(stack['tiles'], 'tile')}; a tile costs {plural(n, 'fee')} next to a fully "
                "supplied tile")
        if self.actions(f"stack:{n}"):
            hint = f"Draw a tile from permit stack {n} ({stack['tiles']} left)"
        return self.click(picture, (f"stack:{n}",), hint, stack_key(n))

    def drawn_tiles(self, x: float, y: float) -> str:
        """The tile being placed (face up for its drawer, face down for the others) or the two looked at."""
        current = self.view.get("current") or {}
        if current.get("looked"):
            return svg.group(*(
                self.click(self.tile_picture(x + i * 14, y + i * 48, 40, design, 0), (f"keep:{design}",),
                           f"Keep tile {design}; the other goes to the bottom of its stack", tile_key(design))
                for i, design in enumerate(current["looked"])))
        if current.get("stage") != "place" or "stack" not in current:
            return ""
        label = svg.group(svg.text(x + 25, y + 68, "drawn by", font_size=12, text_anchor="middle"),
                          svg.text(x + 25, y + 84, seat_label(current["seat"]), font_size=12, text_anchor="middle"))
        if current.get("tile"):
            return svg.group(self.explained(self.tile_picture(x, y, 50, current["tile"], 0), tile_key(current["tile"]),
                                            "You drew:"), label)
        back = svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill=svg.FACE_DOWN, stroke=INK)
        return svg.group(back, label)

    def utility_market(self, x: float, y: float, width: float = 270) -> str:
        view = self.view
        declared = view["options"].get("utility_type_choice") == "declared_at_placement"
        parts = [self.space(x, y, width, 150, "UM", "Utility market", "Utility market: buyers, 1 fee a cube")]
        for i, utility in enumerate(UTILITIES):
            parts.append(self.market_cubes(x + 12 + i * 86, y + 28, utility, view["utility_market"][utility]))
        supply = view.get("general_supply")
        if supply:
            counts = [piece for u in UTILITIES for piece in (" · ", Amount(f"general_supply.{u}", supply[u]))]
            parts.append(line(x + 130, y + 18, "supply ", *counts[1:], font_size=12))
        if declared:
            for i, utility in enumerate(UTILITIES):
                parts.append(self.discs(x + 24 + i * 86, y + 96, f"UM:{utility}", 70))
        tandem = svg.group(frame(x + width - 100, y + 112, 92, 32, fill="#f7f1e6"),
                           name_text(x + width - 94, y + 127, "tandem", font_size=12))
        parts.append(self.click(tandem, ("space:UT",), self.place_hint("UT", "A second buyer stacked on the first"),
                                SPACE_KEYS["UT"]))
        parts.append(self.discs(x + width - 30, y + 128, "UT", 20))
        return svg.group(*parts)

    def market_cubes(self, x: float, y: float, utility: str, count: int) -> str:
        picture = svg.group(
            svg.element("rect", x=x, y=y, width=34, height=34, rx=3, fill=CUBE_COLOURS[utility], stroke=INK),
            line(x + 40, y + 24, Amount(f"utility_market.{utility}", count), font_size=16, font_weight="bold"),
            name_text(x, y + 50, utility, font_size=12))
        actions = self.actions(f"market:{utility}", f"space:UM:{utility}")
        if not actions:
            hint = f"{count} {utility} cube{'s' if count != 1 else ''} in the market"
        elif actions[0].kind == "buy_cube":
            hint = f"Buy a {utility} cube ({self.fees(1)})"
        elif actions[0].kind == "first_buyer":
            hint = f"Your {utility} buyer buys first"
        else:
            hint = self.place_hint(f"UM:{utility}", "")
        return self.click(picture, (f"market:{utility}", f"space:UM:{utility}"), hint, utility_key(utility))

    def construction(self, x: float, y: float, columns: int = 4) -> str:
        """The display's two rows of four buildings, each row in lines of `columns`, and the pile beside."""
        company = self.view["construction"]
        title = "Construction company" + (" (closed)" if company["closed"] else "")
        lines = -(-4 // columns)
        pile_x = x + 60 + columns * 104
        parts = [self.space(x, y, pile_x + 64 - x, 68 + lines * 112, "CC", title,
                            "Construction company: builders, highest influence first")]
        for r, row in enumerate(("top", "bottom")):
            parts.append(svg.text(x + 8, y + 58 + r * lines * 56, row, font_size=12))
            for i, building in enumerate(company[row]):
                parts.append(self.building_on_display(x + 56 + i % columns * 104, y + 28 + (r * lines + i // columns) * 56,
                                                      row, building))
        pile = svg.group(svg.element("rect", x=pile_x, y=y + 28, width=56, height=50, rx=4, fill=svg.FACE_DOWN,
                                     stroke=INK),
                         line(pile_x + 28, y + 58, "pile ", Amount("construction.pile", company["pile"]), fill="#fff",
                              font_size=12, text_anchor="middle"),
                         line(pile_x + 28, y + 100, "removed ", Amount("construction.removed", company["removed"]),
                              font_size=12, text_anchor="middle"))
        parts.append(pile)
        return svg.group(*parts)

    def building_on_display(self, x: float, y: float, row: str, building: str) -> str:
        cost = self.tables.base_cost[building]
        picture = building_tile(x, y, 100, 50, self.tables.building_names[building], plural(cost, "fee"),
                            building in self.tables.playable)
        hint = f"{self.tables.building_names[building]}: {plural(cost, 'fee')}"
        if self.actions(f"building:{row}:{building}"):
            hint = f"Build a {self.tables.building_names[building]} from the {row} row (base cost {cost} fees)"
        return self.click(picture, (f"building:{row}:{building}",), hint, building_key(building))

    def earnings_track(self, x: float, y: float, width: float = 410, columns: int = 20, footer: float = 20) -> str:
        """Values 0 to 99 in rows of `columns`; below them (`footer` tall) who is above the track and the
        buttons of a collision."""
        cell = (width - 20) / columns
        below = y + 40 + 100 // columns * 24
        parts = [track_grid(x, y, width, columns, footer)]
        above = [p for p in self.view["players"] if p["earnings"] < 0]
        parts.append(svg.text(x + 8, below + footer / 2 + 2, "above the track:" if above else "", font_size=12))
        for i, player in enumerate(above):
            parts.append(marker(x + 122 + i * 22, below + footer / 2 - 3, player["seat"], "", "above the track"))
        for player in self.view["players"]:
            earnings = player["earnings"]
            if earnings >= 0:
                value = earnings % 100
                cx = x + 10 + value % columns * cell + cell / 2
                cy = y + 40 + value // columns * 24 + 11
                parts.append(marker(cx, cy, player["seat"], earnings // 100 or "", f"earnings ${earnings}"))
        parts.append(self.collision(x + width - 160, below, footer + 4))
        return self.explained(svg.group(*parts), TRACK_KEY)

    def collision(self, x: float, y: float, height: float) -> str:
        """A marker landing on a taken value: the two ways to move it."""
        current = self.view.get("current") or {}
        if current.get("stage") != "collide":
            return ""
        target = current.get("target")
        parts = []
        for i, (direction, arrow) in enumerate((("down", "◀ down"), ("up", "up ▶"))):
            button = svg.group(frame(x + i * 80, y, 74, height, fill="#fff"),
                               svg.text(x + i * 80 + 37, y + height / 2 + 5, arrow, font_size=13, text_anchor="middle"))
            parts.append(self.click(button, (f"collide:{direction}",),
                                    f"Move your marker {direction} from {target} to the next free value"))
        return svg.group(*parts)


@cache
def track_grid(x: float, y: float, width: float, columns: int, footer: float) -> str:
    """The earnings track's frame and values, the same on every board."""
    parts = [frame(x, y, width, 40 + 100 // columns * 24 + footer),
             name_text(x + 8, y + 18, "Earnings track", font_weight="bold")]
    cell = (width - 20) / columns
    for value in range(100):
        cx, cy = x + 10 + value % columns * cell, y + 40 + value // columns * 24
        parts.append(svg.element("rect", x=cx, y=cy, width=cell, height=22, fill="#fff", stroke=LINE,
                                 stroke_width=0.5))
        if value % 10 == 0:
            parts.append(svg.text(cx + 2, cy + 16, value, font_size=12, fill=LINE))
    return "".join(parts)

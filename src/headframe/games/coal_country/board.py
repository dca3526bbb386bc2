"""Coal Country's board picture: the Boss's Desk and every company's village and mine, as one SVG
drawn from a seat's view alone (engine/svg.py).

Legal actions are clickable where they happen: a foreman space for `place`, a permit stack, the
office (incentive), a looked-at tile (`keep`), an empty mine cell (`place_tile`, one id per
rotation), a utility in the market (`buy_cube`, `first_buyer`), a building on display (`build`),
a lot (`build_over`), a mine tile (`church`, `supply`), a stored cube (`exchange`) and the
earnings track (`collide`). Amounts and answers (`sell`, `remove_refuse`, `done`, `stop`,
`decline`) stay buttons."""

from __future__ import annotations

from collections import defaultdict

from headframe.engine import seat_colour, seat_label, svg

from .components import DIRECTIONS, UTILITIES
from .text import STAGE_NAMES, STEP_NAMES, location_name

ON_BOARD = frozenset({"place", "exchange", "church", "collide", "incentivize", "stack", "keep", "place_tile",
                      "first_buyer", "buy_cube", "build", "build_over", "supply"})

WIDTH = 1000
CUBE_COLOURS = {"wood": "#8b5a2b", "water": "#5bc0eb", "electricity": "#f4e04d"}
INDICATOR_COLOURS = {1: "#2e9e4f", -1: "#c0392b", 0: "#ffffff"}
INK, PAPER, PANEL, LINE = "#2b2118", "#fbf7ef", "#efe6d6", "#8a7a66"
ROCK, LOOSE_ROCK, TUNNEL, SURFACE = "#cdb894", "#e8dfcf", "#3a2e25", "#9bbf6a"
REFUSE = "#8c8c8c"


# --- where each legal action happens ---------------------------------------------------

def _spot(action) -> str | None:
    """The place on the board where an action is clicked, or None for a button."""
    kind = action.kind
    if kind not in ON_BOARD:
        return None
    if kind == "place":
        return f"space:{action.location}"
    if kind == "place_tile":
        return f"cell:{action.x},{action.y}"
    if kind in ("church", "supply"):
        return f"tile:{action.tile}"
    if kind in ("buy_cube", "first_buyer"):
        return f"market:{action.utility}"
    if kind == "build":
        return f"building:{action.row}:{action.building}"
    field = {"exchange": "give", "collide": "direction", "stack": "stack", "keep": "design", "build_over": "lot"}
    return kind if kind == "incentivize" else f"{kind}:{getattr(action, field[kind])}"


def _spots(game, view: dict) -> dict[str, list]:
    """Legal actions of the view's decision by the place they are clicked on."""
    spots: dict[str, list] = defaultdict(list)
    for data in (view.get("decision") or {}).get("actions", ()):
        action = game.parse_action(data)
        spot = _spot(action)
        if spot is not None:
            spots[spot].append(action)
    return spots


class Board:
    """One rendering: the view, its clickable actions and the drawing helpers that need them."""

    def __init__(self, game, view: dict) -> None:
        self.game, self.view = game, view
        self.tables = game.tables
        self.me = view["seat"]
        self.spots = _spots(game, view)
        self.foremen = _foremen_by_location(view)

    def actions(self, *keys: str) -> list:
        return [action for key in keys for action in self.spots.get(key, ())]

    def click(self, shape: str, keys: tuple[str, ...], hint: str) -> str:
        actions = self.actions(*keys)
        if actions:
            hint = hint or "; ".join(self.game.describe_action(a) for a in actions)
        return svg.clickable(shape, [a.id for a in actions], hint)

    def fee(self) -> int | None:
        for player in self.view["players"]:
            if player["seat"] == self.me:
                return player["fee"]
        return None

    def fees(self, n: int) -> str:
        fee = self.fee()
        return f"{n} fee{'s' if n != 1 else ''}" + (f", ${n * fee}" if fee is not None else "")

    # --- the picture ---------------------------------------------------------------------

    def draw(self) -> str:
        parts = [svg.element("rect", x=0, y=0, width=WIDTH, height="100%", fill=PAPER), self.status()]
        desk, y = self.desk(44)
        parts.append(desk)
        companies, height = self.companies(y + 10)
        parts.append(companies)
        seat = "spectator" if self.me is None else seat_label(self.me)
        label = f"Coal Country, round {self.view['round']} of {self.view['rounds']}, seen by {seat}"
        return svg.document(WIDTH, y + 10 + height + 10, *parts, label=label)

    def status(self) -> str:
        view = self.view
        words = [f"Round {view['round']} of {view['rounds']}", STEP_NAMES[view["step"]]]
        current = view.get("current")
        if view.get("result"):
            ranks = view["result"]["ranking"]  # per seat, 1 = first
            words.append("won by " + " & ".join(seat_label(seat) for seat, rank in enumerate(ranks) if rank == 1))
        elif current:
            building = current.get("building")
            named = f" ({self.tables.building_names[building]})" if building else ""
            words.append(f"{seat_label(current['seat'])} is {STAGE_NAMES[current['stage']]}{named}")
        elif view["to_move"]:
            words.append("to place: " + ", ".join(map(seat_label, view["to_move"])))
        words.append("spectator" if self.me is None else f"you are {seat_label(self.me)}")
        return svg.text(12, 28, " · ".join(words), font_size=16, font_weight="bold", fill=INK)

    # --- the Boss's Desk -----------------------------------------------------------------

    def desk(self, y: float) -> tuple[str, float]:
        parts = [
            _panel(10, y, WIDTH - 20, 380, "Boss's Desk"),
            self.price_widget(20, y + 30),
            self.brokers(250, y + 30),
            self.permit_office(390, y + 30),
            self.utility_market(700, y + 30),
            self.construction(20, y + 190),
            self.earnings_track(570, y + 190),
        ]
        return svg.group(*parts), y + 380

    def price_widget(self, x: float, y: float) -> str:
        view = self.view
        parts = [_box(x, y, 226, 150), svg.text(x + 8, y + 18, "Price widget", font_weight="bold")]
        parts.append(svg.text(x + 8, y + 42, "market", font_size=12))
        for i, m in enumerate((-1, 0, 1)):
            parts.append(_gauge_cell(x + 70 + i * 30, y + 28, 28, f"{m:+d}" if m else "0", m == view["market"]))
        parts.append(svg.text(x + 8, y + 68, "price", font_size=12))
        for price in range(1, 12):
            parts.append(_gauge_cell(x + 42 + (price - 1) * 16.5, y + 54, 16, price, price == view["coal_price"],
                                     font_size=12))
        parts.append(svg.text(x + 8, y + 94, f"coal stockpile {view['stockpile']}", font_size=13))
        parts.append(svg.text(x + 8, y + 116, "calendar", font_size=12))
        for r in range(1, view["rounds"] + 1):
            parts.append(_gauge_cell(x + 62 + (r - 1) * 19, y + 102, 18, r, r == view["round"], font_size=12))
        if view["calendar"]:
            parts.append(svg.text(x + 8, y + 140, "cubes", font_size=12))
            for i, value in enumerate(view["calendar"]):
                parts.append(svg.element("rect", x=x + 62 + i * 20, y=y + 127, width=15, height=15, rx=2,
                                         fill=INDICATOR_COLOURS[value], stroke=INK))
            parts.append(svg.text(x + 150, y + 140, f"bag {view['bag']}", font_size=12))
        else:
            parts.append(svg.text(x + 8, y + 140, "no market cubes (Reformed)", font_size=12))
        return svg.group(*parts)

    def space(self, x: float, y: float, w: float, h: float, location: str, label: str, hint: str) -> str:
        """A foreman space: its box (clickable to place there) and the foremen on it."""
        box = svg.group(_box(x, y, w, h), svg.text(x + 8, y + 18, label, font_weight="bold"))
        return svg.group(self.click(box, (f"space:{location}",), self.place_hint(location, hint)),
                         self.discs(x + 16, y + h - 16, location, w - 20))

    def place_hint(self, location: str, hint: str) -> str:
        values = sorted({a.value for a in self.actions(f"space:{location}")}, reverse=True)
        if not values:
            return hint
        return f"Place a foreman on the {location_name(location)} (influence {_either(values)})"

    def discs(self, x: float, y: float, location: str, width: float, owner: int | None = None) -> str:
        """The foremen on a location (a desk space: everyone's; a village space or mine tile: its
        owner's): owner's colour, value or '?' while hidden; one's own draft dashed."""
        shown = [f for f in self.foremen.get(location, ()) if owner is None or f[0] == owner]
        step = min(24.0, width / max(1, len(shown)))
        return svg.group(*(_disc(x + i * step, y, seat, value, draft) for i, (seat, value, draft) in enumerate(shown)))

    def brokers(self, x: float, y: float) -> str:
        return svg.group(
            self.space(x, y, 130, 150, "CB", "Coal brokers", "Coal brokers: sellers, lowest influence first"),
            svg.text(x + 8, y + 42, f"market price ${self.view['coal_price']}", font_size=13),
            svg.text(x + 8, y + 62, "one seller each", font_size=12))

    def permit_office(self, x: float, y: float) -> str:
        view = self.view
        office = svg.group(_box(x, y, 300, 150), svg.text(x + 8, y + 18, "Permit office", font_weight="bold"))
        hint = self.place_hint("PO", "Permit office: applicants, highest influence first")
        if self.actions("incentivize"):
            hint = f"Incentivize the permit office ({self.fees(2)})"
        parts = [self.click(office, ("space:PO", "incentivize"), hint), self.discs(x + 16, y + 134, "PO", 280)]
        for i, stack in enumerate(view["permit_stacks"]):
            parts.append(self.permit_stack(x + 10 + i * 56, y + 28, stack))
        parts.append(self.drawn_tiles(x + 236, y + 28))
        return svg.group(*parts)

    def permit_stack(self, x: float, y: float, stack: dict) -> str:
        n = stack["stack"]
        if stack["top"]:
            face = self.tile_picture(x, y, 50, stack["top"], 0)
        elif stack["tiles"]:
            face = svg.group(svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill=svg.FACE_DOWN, stroke=INK),
                             svg.text(x + 25, y + 32, n, fill="#fff", font_size=20, font_weight="bold",
                                      text_anchor="middle"))
        else:
            face = svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill="none", stroke=LINE,
                               stroke_dasharray="4 3")
        picture = svg.group(face, svg.text(x + 25, y + 68, f"{stack['tiles']} left", font_size=12,
                                           text_anchor="middle"),
                            svg.text(x + 25, y + 84, f"stack {n}", font_size=12, text_anchor="middle"))
        hint = f"Permit stack {n}: {stack['tiles']} tiles; a tile costs {n} fees next to a fully supplied tile"
        if self.actions(f"stack:{n}"):
            hint = f"Draw a tile from permit stack {n} ({stack['tiles']} left)"
        return self.click(picture, (f"stack:{n}",), hint)

    def drawn_tiles(self, x: float, y: float) -> str:
        """The tile being placed (face up for its drawer, face down for the others) or the two looked at."""
        current = self.view.get("current") or {}
        if current.get("looked"):
            return svg.group(*(
                self.click(self.tile_picture(x + i * 14, y + i * 48, 40, design, 0), (f"keep:{design}",),
                           f"Keep tile {design}; the other goes to the bottom of its stack")
                for i, design in enumerate(current["looked"])))
        if current.get("stage") != "place" or "stack" not in current:
            return ""
        label = svg.group(svg.text(x + 25, y + 68, "drawn by", font_size=12, text_anchor="middle"),
                          svg.text(x + 25, y + 84, seat_label(current["seat"]), font_size=12, text_anchor="middle"))
        if current.get("tile"):
            return svg.group(self.tile_picture(x, y, 50, current["tile"], 0), label)
        back = svg.element("rect", x=x, y=y, width=50, height=50, rx=4, fill=svg.FACE_DOWN, stroke=INK)
        return svg.group(back, label)

    def utility_market(self, x: float, y: float) -> str:
        view = self.view
        declared = view["options"].get("utility_type_choice") == "declared_at_placement"
        parts = [self.space(x, y, 270, 150, "UM", "Utility market", "Utility market: buyers, 1 fee a cube")]
        for i, utility in enumerate(UTILITIES):
            parts.append(self.market_cubes(x + 12 + i * 86, y + 28, utility, view["utility_market"][utility]))
        supply = view.get("general_supply")
        if supply:
            parts.append(svg.text(x + 130, y + 18, "supply " + " · ".join(f"{supply[u]}" for u in UTILITIES),
                                  font_size=12))
        if declared:
            for i, utility in enumerate(UTILITIES):
                parts.append(self.discs(x + 24 + i * 86, y + 96, f"UM:{utility}", 70))
        tandem = svg.group(_box(x + 170, y + 112, 92, 32, fill="#f7f1e6"),
                           svg.text(x + 176, y + 127, "tandem", font_size=12))
        parts.append(self.click(tandem, ("space:UT",), self.place_hint("UT", "A second buyer stacked on the first")))
        parts.append(self.discs(x + 240, y + 128, "UT", 20))
        return svg.group(*parts)

    def market_cubes(self, x: float, y: float, utility: str, count: int) -> str:
        picture = svg.group(
            svg.element("rect", x=x, y=y, width=34, height=34, rx=3, fill=CUBE_COLOURS[utility], stroke=INK),
            svg.text(x + 40, y + 24, count, font_size=16, font_weight="bold"),
            svg.text(x, y + 50, utility, font_size=12))
        actions = self.actions(f"market:{utility}", f"space:UM:{utility}")
        if not actions:
            hint = f"{count} {utility} cube{'s' if count != 1 else ''} in the market"
        elif actions[0].kind == "buy_cube":
            hint = f"Buy a {utility} cube ({self.fees(1)})"
        elif actions[0].kind == "first_buyer":
            hint = f"Your {utility} buyer buys first"
        else:
            hint = self.place_hint(f"UM:{utility}", "")
        return self.click(picture, (f"market:{utility}", f"space:UM:{utility}"), hint)

    def construction(self, x: float, y: float) -> str:
        company = self.view["construction"]
        title = "Construction company" + (" (closed)" if company["closed"] else "")
        parts = [self.space(x, y, 540, 180, "CC", title, "Construction company: builders, highest influence first")]
        for r, row in enumerate(("top", "bottom")):
            parts.append(svg.text(x + 8, y + 58 + r * 56, row, font_size=12))
            for i, building in enumerate(company[row]):
                parts.append(self.building_on_display(x + 56 + i * 104, y + 28 + r * 56, row, building))
        pile = svg.group(svg.element("rect", x=x + 476, y=y + 28, width=56, height=50, rx=4, fill=svg.FACE_DOWN,
                                     stroke=INK),
                         svg.text(x + 504, y + 58, f"pile {company['pile']}", fill="#fff", font_size=12,
                                  text_anchor="middle"),
                         svg.text(x + 504, y + 100, f"removed {company['removed']}", font_size=12,
                                  text_anchor="middle"))
        parts.append(pile)
        return svg.group(*parts)

    def building_on_display(self, x: float, y: float, row: str, building: str) -> str:
        cost = self.tables.base_cost[building]
        picture = _building(x, y, 100, 50, self.tables.building_names[building], f"cost {cost}",
                            building in self.tables.playable)
        hint = f"{self.tables.building_names[building]}: {cost} fee{'s' if cost != 1 else ''}"
        if self.actions(f"building:{row}:{building}"):
            hint = f"Build a {self.tables.building_names[building]} from the {row} row (base cost {cost} fees)"
        return self.click(picture, (f"building:{row}:{building}",), hint)

    def earnings_track(self, x: float, y: float) -> str:
        parts = [_box(x, y, 410, 180), svg.text(x + 8, y + 18, "Earnings track", font_weight="bold")]
        cell = 390 / 20
        for value in range(100):
            cx, cy = x + 10 + value % 20 * cell, y + 40 + value // 20 * 24
            parts.append(svg.element("rect", x=cx, y=cy, width=cell, height=22, fill="#fff", stroke=LINE,
                                     stroke_width=0.5))
            if value % 10 == 0:
                parts.append(svg.text(cx + 2, cy + 16, value, font_size=12, fill=LINE))
        above = [p for p in self.view["players"] if p["earnings"] < 0]
        parts.append(svg.text(x + 8, y + 172, "above the track:" if above else "", font_size=12))
        for i, player in enumerate(above):
            parts.append(_marker(x + 122 + i * 22, y + 167, player["seat"], "", "above the track"))
        for player in self.view["players"]:
            earnings = player["earnings"]
            if earnings >= 0:
                value = earnings % 100
                cx = x + 10 + value % 20 * cell + cell / 2
                cy = y + 40 + value // 20 * 24 + 11
                parts.append(_marker(cx, cy, player["seat"], earnings // 100 or "", f"earnings {earnings}"))
        parts.append(self.collision(x + 250, y + 160))
        return svg.group(*parts)

    def collision(self, x: float, y: float) -> str:
        """A marker landing on a taken value: the two ways to move it."""
        current = self.view.get("current") or {}
        if current.get("stage") != "collide":
            return ""
        target = current.get("target")
        parts = []
        for i, (direction, arrow) in enumerate((("down", "◀ down"), ("up", "up ▶"))):
            button = svg.group(_box(x + i * 80, y, 74, 24, fill="#fff"),
                               svg.text(x + i * 80 + 37, y + 17, arrow, font_size=13, text_anchor="middle"))
            parts.append(self.click(button, (f"collide:{direction}",),
                                    f"Move your marker {direction} from {target} to the next free value"))
        return svg.group(*parts)

    # --- the companies ---------------------------------------------------------------------

    def companies(self, y: float) -> tuple[str, float]:
        players, width = self.view["players"], (WIDTH - 30) / 2
        parts: list[str] = []
        top = y
        for first in range(0, len(players), 2):
            row = [self.company(players[i], 10 + (i - first) * (width + 10), top, width)
                   for i in range(first, min(first + 2, len(players)))]
            height = max(h for _, h in row)
            parts.extend(markup for markup, _ in row)
            top += height + 10
        return svg.group(*parts), top - y - 10

    def company(self, player: dict, x: float, y: float, width: float) -> tuple[str, float]:
        seat = player["seat"]
        mine, mine_height = self.mine(player, x + 215, y + 40, width - 225)
        height = max(312, mine_height + 50)
        colour = seat_colour(seat)
        deciding = seat in self.view["to_move"]
        parts = [svg.element("rect", x=x, y=y, width=width, height=height, rx=8, fill=PANEL, stroke=colour,
                             stroke_width=4 if deciding else 2),
                 svg.element("rect", x=x, y=y, width=width, height=30, rx=8, fill=colour),
                 svg.text(x + 10, y + 21, self.company_title(player), fill="#fff", font_weight="bold", font_size=15),
                 self.village(player, x + 10, y + 40), mine]
        return svg.group(*parts), height

    def company_title(self, player: dict) -> str:
        seat = player["seat"]
        cash = "cash hidden" if player["cash"] is None else f"${player['cash']}"
        words = [seat_label(seat) + (" (you)" if seat == self.me else ""), cash, f"fee ${player['fee']}",
                 f"coal {player['coal']}"]
        if seat in self.view["committed"]:
            words.append("placement sealed")
        elif player["placing"]:
            words.append("placing")
        return " · ".join(words)

    def village(self, player: dict, x: float, y: float) -> str:
        own = player["seat"] == self.me
        parts = []
        for lot, content in enumerate(player["lots"]):
            parts.append(self.lot(x + lot % 2 * 100, y + lot // 2 * 66, lot, content, player["seat"]))
        parts.append(self.storage(player, x, y + 136, own))
        parts.append(self.refuse(player, x + 100, y + 136, own))
        parts.append(svg.text(x, y + 230, self.behind_screen(player), font_size=12))
        badges = [name for name, on in (("Tavern active", player["tavern_active"]),
                                        ("Church active", player["church_active"])) if on]
        if badges:
            parts.append(svg.text(x, y + 246, " · ".join(badges), font_size=12, font_weight="bold"))
        inspection = self.view.get("inspection") or []
        if player["seat"] < len(inspection):
            entry = inspection[player["seat"]]
            parts.append(svg.text(x, y + 262, f"inspection {entry['fees']} fees, ${entry['change']:+d}",
                                  font_size=12))
        return svg.group(*parts)

    def behind_screen(self, player: dict) -> str:
        """Unplaced foremen once revealed; one's own foremen still to place."""
        if player["unplaced"] is not None:
            return "unplaced: " + (" ".join(map(str, player["unplaced"])) or "none")
        if player["seat"] == self.me and self.view["step"] == "place":
            values = list(self.tables.foreman_values[self.view["options"]["foreman_values"]])
            placed = self.view["my_placement"] or player["foremen"]
            for foreman in placed:
                values.remove(foreman["value"])
            return "to place: " + (" ".join(map(str, sorted(values, reverse=True))) or "none")
        return ""

    def lot(self, x: float, y: float, lot: int, content: dict, owner: int) -> str:
        own = owner == self.me
        building = content["building"]
        if building:
            picture = _building(x, y, 94, 58, self.tables.building_names[building],
                                f"built round {content['built_round']}", building in self.tables.playable)
        else:
            picture = svg.group(svg.element("rect", x=x, y=y, width=94, height=58, rx=4, fill="none", stroke=LINE,
                                            stroke_dasharray="4 3"),
                                svg.text(x + 47, y + 34, f"lot {lot + 1}", font_size=12, fill=LINE,
                                         text_anchor="middle"))
        location = f"B{lot}"
        if not own:
            return svg.group(picture, self.discs(x + 82, y + 13, location, 20, owner))
        hint = self.place_hint(location, "")
        if self.actions(f"build_over:{lot}"):
            hint = f"Build the new building over lot {lot + 1}"
        return svg.group(self.click(picture, (f"space:{location}", f"build_over:{lot}"), hint),
                         self.discs(x + 82, y + 13, location, 20, owner))

    def storage(self, player: dict, x: float, y: float, own: bool) -> str:
        box = svg.group(_box(x, y, 94, 74, fill="#f7f1e6"), svg.text(x + 6, y + 18, "storage", font_size=12,
                                                                      font_weight="bold"))
        hint = self.place_hint("ST", "Utility storage: move cubes onto tiles") if own else "Utility storage"
        parts = [self.click(box, ("space:ST",) if own else (), hint)]
        for i, utility in enumerate(UTILITIES):
            count = player["storage"][utility]
            cube = svg.group(svg.element("rect", x=x + 7 + i * 30, y=y + 32, width=16, height=16, rx=2,
                                         fill=CUBE_COLOURS[utility], stroke=INK),
                             svg.text(x + 15 + i * 30, y + 64, count, font_size=13, text_anchor="middle"))
            hint = f"{count} stored {utility}"
            if own and self.actions(f"exchange:{utility}"):
                hint = f"Exchange a stored {utility} cube at the Village Store"
            parts.append(self.click(cube, (f"exchange:{utility}",) if own else (), hint))
        parts.append(self.discs(x + 82, y + 16, "ST", 10, player["seat"]))
        return svg.group(*parts)

    def refuse(self, player: dict, x: float, y: float, own: bool) -> str:
        box = svg.group(_box(x, y, 94, 74, fill="#f7f1e6"), svg.text(x + 6, y + 18, "refuse", font_size=12,
                                                                      font_weight="bold"))
        hint = self.place_hint("RF", "Refuse pile: remove refuse") if own else "Refuse pile"
        parts = [self.click(box, ("space:RF",) if own else (), hint)]
        count = player["refuse"]
        for i in range(min(count, 10)):
            parts.append(svg.element("rect", x=x + 6 + i % 5 * 12, y=y + 30 + i // 5 * 12, width=10, height=10,
                                     fill=REFUSE, stroke=INK, stroke_width=0.5))
        parts.append(svg.text(x + 6, y + 68, f"{count} refuse", font_size=12))
        parts.append(self.discs(x + 82, y + 16, "RF", 10, player["seat"]))
        return svg.group(*parts)

    # --- the mine ----------------------------------------------------------------------------

    def mine(self, player: dict, x: float, y: float, width: float) -> tuple[str, float]:
        own = player["seat"] == self.me
        tiles = player["mine"]
        cells = [tuple(map(int, key[5:].split(","))) for key in self.spots if key.startswith("cell:")] if own else []
        xs = [t["x"] for t in tiles] + [c[0] for c in cells]
        ys = [t["y"] for t in tiles] + [c[1] for c in cells]
        left, right, bottom = min(xs), max(xs), max(ys)
        size = min(72.0, width / (right - left + 1))
        top = y + size * 0.4  # a strip of surface above the entrance row
        parts = [svg.element("rect", x=x, y=y, width=(right - left + 1) * size, height=size * 0.4, fill=SURFACE),
                 svg.text(x + 4, y + min(14, size * 0.4), "surface", font_size=12) if size >= 40 else ""]
        connected = set(player["connected"])
        for tile in tiles:
            parts.append(self.mine_tile(x + (tile["x"] - left) * size, top + tile["y"] * size, size, tile,
                                        tile["index"] in connected, player["seat"]))
        for cx, cy in cells:
            parts.append(self.empty_cell(x + (cx - left) * size, top + cy * size, size, cx, cy))
        return svg.group(*parts), (bottom + 1) * size + size * 0.4

    def mine_tile(self, x: float, y: float, size: float, tile: dict, connected: bool, owner: int) -> str:
        own = owner == self.me
        parts = [_tile_shape(x, y, size, tile["openings"], ROCK if connected else LOOSE_ROCK)]
        if size >= 34:
            parts.append(_tile_label(x, y, tile["design"]))
        cube = size * 0.2
        for i, utility in enumerate(UTILITIES):
            present = utility in tile["utilities"]
            parts.append(svg.element("rect", x=x + size - (3 - i) * (cube + 1) - 2, y=y + size - cube - 2,
                                     width=cube, height=cube, fill=CUBE_COLOURS[utility] if present else "none",
                                     stroke=INK if present else LINE, stroke_width=0.8,
                                     stroke_dasharray=None if present else "2 1"))
        index = tile["index"]
        missing = [u for u in UTILITIES if u not in tile["utilities"]]
        hint = (f"Tile {tile['design']} ({'connected' if connected else 'not connected'}); "
                + ("fully supplied" if not missing else "lacks " + ", ".join(missing)))
        keys = (f"tile:{index}", f"space:M{index}") if own else ()
        actions = self.actions(*keys)
        if actions and actions[0].kind == "church":
            hint = f"The Church blesses the foreman on tile {tile['design']}"
        elif actions and actions[0].kind == "supply":
            hint = f"Put a stored cube on tile {tile['design']} ({', '.join(a.utility for a in actions)})"
        elif actions:
            hint = self.place_hint(f"M{index}", hint)
        shape = self.click(svg.group(*parts), keys, hint)
        return svg.group(shape, self.discs(x + size / 2, y + size / 2, f"M{index}", size / 2, owner))

    def empty_cell(self, x: float, y: float, size: float, cx: int, cy: int) -> str:
        """A free cell for the drawn tile: one preview per distinct rotation (a 2x2 grid when several),
        each clickable with its own id."""
        design = self.view["current"]["tile"]
        actions = self.actions(f"cell:{cx},{cy}")
        colour = seat_colour(self.me)
        parts = [svg.element("rect", x=x + 1, y=y + 1, width=size - 2, height=size - 2, rx=3, fill="#ffffff",
                             fill_opacity=0.6, stroke=colour, stroke_width=2, stroke_dasharray="5 3")]
        small = size if len(actions) == 1 else size / 2
        for i, action in enumerate(actions):
            px, py = x + i % 2 * small, y + i // 2 * small
            preview = svg.group(self.tile_picture(px + 3, py + 3, small - 6, design, action.rotation, label=False),
                                opacity=0.85)
            parts.append(svg.clickable(preview, [action.id],
                                       f"Place tile {design} here, turned {action.rotation * 90}°"))
        return svg.group(*parts)

    def tile_picture(self, x: float, y: float, size: float, design: str, rotation: int, label: bool = True) -> str:
        """A mineshaft tile face up, from the design data alone."""
        index = self.tables.design_ids.index(design)
        mask = self.tables.masks[index][rotation]
        openings = "".join(d for i, d in enumerate(DIRECTIONS) if mask >> i & 1)
        return svg.group(_tile_shape(x, y, size, openings, ROCK), _tile_label(x, y, design) if label else "")


# --- shared shapes ---------------------------------------------------------------------------

def _foremen_by_location(view: dict) -> dict[str, list[tuple[int, int | None, bool]]]:
    """Every foreman the view shows, by location: the placed ones (value None while hidden) and
    the viewer's own draft (dashed). Other seats' sealed placements are not in the view at all."""
    found: dict[str, list] = defaultdict(list)
    for player in view["players"]:
        for foreman in player["foremen"]:
            found[foreman["location"]].append((player["seat"], foreman["value"], False))
    for foreman in view.get("my_placement") or ():
        found[foreman["location"]].append((view["seat"], foreman["value"], True))
    return found


def _either(values: list[int]) -> str:
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _panel(x: float, y: float, w: float, h: float, label: str) -> str:
    return svg.group(svg.element("rect", x=x, y=y, width=w, height=h, rx=10, fill=PANEL, stroke=LINE),
                     svg.text(x + 12, y + 20, label, font_size=15, font_weight="bold", fill=INK))


def _box(x: float, y: float, w: float, h: float, fill: str = "#faf5ea") -> str:
    return svg.element("rect", x=x, y=y, width=w, height=h, rx=6, fill=fill, stroke=LINE)


def _gauge_cell(x: float, y: float, w: float, label, marked: bool, font_size: int = 12) -> str:
    return svg.group(
        svg.element("rect", x=x, y=y, width=w, height=20, fill=INK if marked else "#fff", stroke=LINE),
        svg.text(x + w / 2, y + 15, label, font_size=font_size, text_anchor="middle", fill="#fff" if marked else INK))


def _disc(x: float, y: float, seat: int, value: int | None, draft: bool) -> str:
    return svg.group(
        svg.element("circle", cx=x, cy=y, r=11, fill=seat_colour(seat), stroke="#fff" if not draft else INK,
                    stroke_width=2, stroke_dasharray="3 2" if draft else None),
        svg.text(x, y + 5, "?" if value is None else value, font_size=13, font_weight="bold", fill="#fff",
                 text_anchor="middle"))


def _marker(x: float, y: float, seat: int, hundreds, where: str) -> str:
    """An earnings marker; past 99 it carries its hundreds (the track's second marker)."""
    return svg.group(svg.element("circle", cx=x, cy=y, r=8, fill=seat_colour(seat), stroke=INK),
                     svg.text(x, y + 4, hundreds, font_size=12, fill="#fff", text_anchor="middle"),
                     svg.title(f"{seat_label(seat)}: {where}"))


def _building(x: float, y: float, w: float, h: float, name: str, note: str, playable: bool) -> str:
    """A building tile: a playable one (takes a foreman) cream, a permanent one grey-blue."""
    lines = name.rsplit(" ", 1) if len(name) > 12 else [name]
    return svg.group(
        svg.element("rect", x=x, y=y, width=w, height=h, rx=4, fill="#fffaf0" if playable else "#e9eef3",
                    stroke=INK),
        *(svg.text(x + 5, y + 15 + i * 14, line, font_size=12, font_weight="bold") for i, line in enumerate(lines)),
        svg.text(x + 5, y + h - 6, note, font_size=12))


def _tile_label(x: float, y: float, design: str) -> str:
    return svg.text(x + 3, y + 13, design, font_size=12, font_weight="bold", stroke=ROCK, stroke_width=3,
                    paint_order="stroke")


def _tile_shape(x: float, y: float, size: float, openings: str, rock: str) -> str:
    """A square of rock with a tunnel from the centre to each opening."""
    half, bore = size / 2, size * 0.24
    parts = [svg.element("rect", x=x, y=y, width=size, height=size, fill=rock, stroke=INK, stroke_width=1)]
    ends = {"N": (half, 0), "E": (size, half), "S": (half, size), "W": (0, half)}
    for direction in openings:
        ex, ey = ends[direction]
        parts.append(svg.element("line", x1=x + half, y1=y + half, x2=x + ex, y2=y + ey, stroke=TUNNEL,
                                 stroke_width=bore))
    parts.append(svg.element("rect", x=x + half - bore / 2, y=y + half - bore / 2, width=bore, height=bore,
                             fill=TUNNEL))
    return svg.group(*parts)


def render_board(game, view: dict) -> str:
    return Board(game, view).draw()

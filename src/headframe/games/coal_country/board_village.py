"""Coal Country's board: each company's village (building lots, utility storage, refuse pile,
what is behind its screen) and its mine."""

from __future__ import annotations

from typing import NamedTuple

from headframe.engine import seat_colour, seat_label, svg
from headframe.engine.people import listed

from .board_parts import (
    CUBE_COLOURS,
    INK,
    LINE,
    LOOSE_ROCK,
    PANEL,
    REFUSE,
    ROCK,
    SURFACE,
    WIDTH,
    Amount,
    Drawing,
    building_tile,
    explanation,
    frame,
    line,
    name_text,
    tile_label,
    tile_shape,
)
from .components import UTILITIES
from .glossary import LOT_KEY, SPACE_KEYS, building_key, tile_key, utility_key
from .text import inspection_words


class Plan(NamedTuple):
    """Where a company's village puts its storage (with cubes of `cube` units), refuse pile and notes,
    relative to its lots."""

    storage: tuple[float, float] = (0, 136)
    cube: float = 16
    refuse: tuple[float, float] = (100, 136)
    notes: tuple[float, float] = (0, 226)


BESIDE = Plan()  # the mine right of the village


class Companies(Drawing):
    """The companies below the Boss's Desk."""

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

    def company(self, player: dict, x: float, y: float, width: float, lines: int = 1) -> tuple[str, float]:
        """A company with its mine right of its village; its holdings in `lines` lines."""
        top = 30 + lines * 18
        mine, mine_height = self.mine(player, x + 215, y + top + 10, width - 225)
        height = max(282 + top, mine_height + top + 20)
        parts = [*self.company_card(player, x, y, width, height, lines), self.village(player, x + 10, y + top + 10), mine]
        return svg.group(*parts), height

    def company_card(self, player: dict, x: float, y: float, width: float, height: float, lines: int) -> list[str]:
        """The company's card in its colour (thicker while it decides), its name and holdings on top."""
        seat = player["seat"]
        colour = seat_colour(seat)
        deciding = seat in self.view["to_move"]
        holdings = self.holdings(player)
        at = holdings.index(" · ")  # between the money and the earnings
        rows = [holdings[:at], holdings[at + 1:]] if lines > 1 else [holdings]
        return [svg.element("rect", x=x, y=y, width=width, height=height, rx=8, fill=PANEL, stroke=colour,
                            stroke_width=4 if deciding else 2),
                svg.element("rect", x=x, y=y, width=width, height=30 + lines * 18, rx=8, fill=colour),
                name_text(x + 10, y + 19, self.company_title(player), fill="#fff", font_weight="bold", font_size=15),
                *(line(x + 10, y + 40 + i * 18, *row, fill="#fff", font_size=13) for i, row in enumerate(rows))]

    def company_title(self, player: dict) -> str:
        seat = player["seat"]
        words = [seat_label(seat) + (" (you)" if seat == self.me else "")]
        if seat in self.view["committed"]:
            words.append("placement sealed")
        elif player["placing"]:
            words.append("placing")
        return " · ".join(words)

    def holdings(self, player: dict) -> list[str | Amount]:
        """The company's money, fee, earnings and coal, each marked with its place in the view."""
        at = f"players.{player['seat']}."
        cash: list[str | Amount] = (["Money hidden"] if player["cash"] is None
                                    else ["Money $", Amount(at + "cash", player["cash"])])
        earnings: list[str | Amount] = (["earnings above the track"] if player["earnings"] < 0
                                        else ["earnings $", Amount(at + "earnings", player["earnings"])])
        return [*cash, " · each fee $", Amount(at + "fee", player["fee"]), " · ", *earnings,
                " · ", Amount(at + "coal", player["coal"]), " coal"]

    def village(self, player: dict, x: float, y: float, plan: Plan = BESIDE) -> str:
        own = player["seat"] == self.me
        parts = []
        for lot, content in enumerate(player["lots"]):
            parts.append(self.lot(x + lot % 2 * 100, y + lot // 2 * 66, lot, content, player["seat"]))
        parts.append(self.storage(player, x + plan.storage[0], y + plan.storage[1], own, plan.cube))
        parts.append(self.refuse(player, x + plan.refuse[0], y + plan.refuse[1], own))
        x, y = x + plan.notes[0], y + plan.notes[1]
        notes = [(note, "normal") for note in self.behind_screen(player)]
        badges = [name for name, on in (("Tavern", player["tavern_active"]), ("Church", player["church_active"])) if on]
        if badges:
            notes.append((f"{listed(badges)} active", "bold"))
        inspection = self.view.get("inspection") or []
        if player["seat"] < len(inspection):
            notes.append(("Inspection: " + inspection_words(**inspection[player["seat"]]), "normal"))
        parts.extend(svg.text(x, y + i * 14, note, font_size=12, font_weight=weight)
                     for i, (note, weight) in enumerate(notes))
        return svg.group(*parts)

    def behind_screen(self, player: dict) -> list[str]:
        """Unplaced foremen once revealed; one's own foremen still to place: a heading, then the values."""
        if player["unplaced"] is not None:
            return ["Unplaced foremen:", ", ".join(map(str, player["unplaced"])) or "none"]
        if player["seat"] == self.me and self.view["step"] == "place":
            values = list(self.tables.foreman_values[self.view["options"]["foreman_values"]])
            placed = self.view["my_placement"] or player["foremen"]
            for foreman in placed:
                values.remove(foreman["value"])
            return ["Foremen to place:", ", ".join(map(str, sorted(values, reverse=True))) or "none"]
        return []

    def lot(self, x: float, y: float, lot: int, content: dict, owner: int) -> str:
        own = owner == self.me
        building = content["building"]
        if building:
            picture = building_tile(x, y, 94, 58, self.tables.building_names[building],
                                f"built round {content['built_round']}", building in self.tables.playable)
        else:
            picture = svg.group(svg.element("rect", x=x, y=y, width=94, height=58, rx=4, fill="none", stroke=LINE,
                                            stroke_dasharray="4 3"),
                                name_text(x + 47, y + 34, f"lot {lot + 1}", font_size=12, fill=LINE,
                                         text_anchor="middle"))
        location = f"B{lot}"
        explain = building_key(building) if building else LOT_KEY
        if not own:
            return svg.group(self.explained(picture, explain), self.discs(x + 82, y + 13, location, 20, owner))
        hint = self.place_hint(location, "")
        if self.actions(f"build_over:{lot}"):
            hint = f"Build the new building over lot {lot + 1}"
        return svg.group(self.click(picture, (f"space:{location}", f"build_over:{lot}"), hint, explain),
                         self.discs(x + 82, y + 13, location, 20, owner))

    def storage(self, player: dict, x: float, y: float, own: bool, cube: float) -> str:
        pitch = cube + 14
        box = svg.group(frame(x, y, 3 * pitch + 4, cube + 58, fill="#f7f1e6"),
                        name_text(x + 6, y + 18, "storage", font_size=12, font_weight="bold"))
        hint = self.place_hint("ST", "Utility storage: move cubes onto tiles") if own else "Utility storage"
        parts = [self.click(box, ("space:ST",) if own else (), hint, SPACE_KEYS["ST"])]
        for i, utility in enumerate(UTILITIES):
            count = player["storage"][utility]
            shape = svg.group(svg.element("rect", x=x + 7 + i * pitch, y=y + 32, width=cube, height=cube, rx=2,
                                          fill=CUBE_COLOURS[utility], stroke=INK),
                              line(x + 7 + cube / 2 + i * pitch, y + 48 + cube,
                                   Amount(f"players.{player['seat']}.storage.{utility}", count),
                                   font_size=13, text_anchor="middle"))
            hint = f"{count} stored {utility}"
            if own and self.actions(f"exchange:{utility}"):
                hint = f"Exchange a stored {utility} cube at the Village Store"
            parts.append(self.click(shape, (f"exchange:{utility}",) if own else (), hint, utility_key(utility)))
        parts.append(self.discs(x + 3 * pitch - 8, y + 16, "ST", 10, player["seat"]))
        return svg.group(*parts)

    def refuse(self, player: dict, x: float, y: float, own: bool) -> str:
        box = svg.group(frame(x, y, 94, 74, fill="#f7f1e6"), name_text(x + 6, y + 18, "refuse", font_size=12,
                                                                      font_weight="bold"))
        hint = self.place_hint("RF", "Refuse pile: remove refuse") if own else "Refuse pile"
        parts = [self.click(box, ("space:RF",) if own else (), hint, SPACE_KEYS["RF"])]
        count = player["refuse"]
        for i in range(min(count, 10)):
            parts.append(svg.element("rect", x=x + 6 + i % 5 * 12, y=y + 30 + i // 5 * 12, width=10, height=10,
                                     fill=REFUSE, stroke=INK, stroke_width=0.5))
        parts.append(line(x + 6, y + 68, Amount(f"players.{player['seat']}.refuse", count), " cube" if count == 1 else " cubes",
                          font_size=12))
        parts.append(self.discs(x + 82, y + 16, "RF", 10, player["seat"]))
        return svg.group(*parts)

    # --- the mine ----------------------------------------------------------------------------

    def mine(self, player: dict, x: float, y: float, width: float, largest: float = 72) -> tuple[str, float]:
        own = player["seat"] == self.me
        tiles = player["mine"]
        cells = [tuple(map(int, key[5:].split(","))) for key in self.spots if key.startswith("cell:")] if own else []
        xs = [t["x"] for t in tiles] + [c[0] for c in cells]
        ys = [t["y"] for t in tiles] + [c[1] for c in cells]
        left, right, bottom = min(xs), max(xs), max(ys)
        size = min(float(largest), width / (right - left + 1))
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
        parts = [tile_shape(x, y, size, tile["openings"], ROCK if connected else LOOSE_ROCK)]
        index = tile["index"]
        name = "mine entrance" if index == 0 else f"mine tile {index} ({tile['design']})"
        if index == 0 and size >= 64:
            parts.append(tile_label(x, y, "Entrance"))
        elif index and size >= 48:
            parts.append(tile_label(x, y, f"{index}: {tile['design']}"))
        elif index and size >= 34:
            parts.append(tile_label(x, y, tile["design"]))
        cube = size * 0.2
        for i, utility in enumerate(UTILITIES):
            present = utility in tile["utilities"]
            parts.append(svg.element("rect", x=x + size - (3 - i) * (cube + 1) - 2, y=y + size - cube - 2,
                                     width=cube, height=cube, fill=CUBE_COLOURS[utility] if present else "none",
                                     stroke=INK if present else LINE, stroke_width=0.8,
                                     stroke_dasharray=None if present else "2 1"))
        missing = [u for u in UTILITIES if u not in tile["utilities"]]
        hint = (f"{name[0].upper() + name[1:]}, {'connected' if connected else 'not connected'}, "
                + ("fully supplied" if not missing else "lacks " + ", ".join(missing)))
        keys = (f"tile:{index}", f"space:M{index}") if own else ()
        actions = self.actions(*keys)
        if actions and actions[0].kind == "church":
            hint = f"The Church blesses the foreman on the {name}"
        elif actions and actions[0].kind == "supply":
            hint = f"Put a stored cube on the {name} ({', '.join(a.utility for a in actions)})"
        elif actions:
            hint = self.place_hint(f"M{index}", hint)
        shape = self.click(svg.group(*parts), keys, hint, tile_key(tile["design"]))
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
                                       f"Place tile {design} here, turned {action.rotation * 90}°. "
                                       + explanation(self.game, tile_key(design)), data_explain=tile_key(design)))
        return svg.group(*parts)

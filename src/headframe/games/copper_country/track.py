"""rulebook: The Industry Track (COP-R35, COP-R43 to COP-R45): which icon lies under
each of the 33 spaces for the chosen options, where the poor rock starts and ends,
the era the game starts in, and what taking the next poor rock off it does (COP-R25).
Options that move icons are written as text:

    track_icons            "local_business=5,13;era_2=9;event_19th=15"
    industry_track_tokens  "start=3;end=30;local_business=7,21;event_19th=12;event_20th=28"
                           (every key optional; "" or None = no tokens)
"""

from __future__ import annotations

from functools import cache

from headframe.engine import OptionError

from . import eras, events, local_business

LENGTH = 33
ERA_3, EVENT_20TH = 18, 25


def parse(text: str | None, name: str) -> dict[str, list[int]]:
    if not text:
        return {}
    found: dict[str, list[int]] = {}
    for part in text.split(";"):
        key, sep, values = part.strip().partition("=")
        if not sep:
            raise OptionError(f"option {name!r}: write key=value parts separated by ';', not {part!r}")
        try:
            found[key.strip()] = [int(v) for v in values.split(",") if v.strip()]
        except ValueError:
            raise OptionError(f"option {name!r}: {values!r} is not a list of space numbers") from None
    return found


def check_track_icons(text: str) -> dict[str, list[int]]:
    """COP-R35 option: 2 <= era_2 < event_19th <= 17; two distinct local businesses in 2..32."""
    icons = parse(text, "track_icons")
    unknown = set(icons) - {"local_business", "era_2", "event_19th"}
    if unknown or set(icons) != {"local_business", "era_2", "event_19th"}:
        raise OptionError("option 'track_icons' needs exactly local_business, era_2 and event_19th")
    if len(icons["era_2"]) != 1 or len(icons["event_19th"]) != 1:
        raise OptionError("option 'track_icons': era_2 and event_19th are one space each")
    era_2, event_19th = icons["era_2"][0], icons["event_19th"][0]
    if not 2 <= era_2 < event_19th <= 17:
        raise OptionError("option 'track_icons': needs 2 <= era_2 < event_19th <= 17")
    businesses = icons["local_business"]
    fixed = {1, ERA_3, EVENT_20TH, LENGTH, era_2, event_19th}
    if len(businesses) != 2 or len(set(businesses)) != 2 or any(not 2 <= b <= 32 or b in fixed for b in businesses):
        raise OptionError("option 'track_icons': two distinct local_business spaces in 2..32, off every other icon")
    return icons


def printed_icons(track_icons: str) -> list[str]:
    icons = check_track_icons(track_icons)
    layout = [""] * LENGTH
    layout[0], layout[ERA_3 - 1], layout[EVENT_20TH - 1], layout[LENGTH - 1] = "start", "era_3", "event_20th", "end"
    layout[icons["era_2"][0] - 1] = "era_2"
    layout[icons["event_19th"][0] - 1] = "event_19th"
    for space in icons["local_business"]:
        layout[space - 1] = "local_business"
    return layout


def check_tokens(options) -> dict[str, list[int]]:
    """COP-R45: validate the advanced industry-track tokens against the printed track."""
    tokens = parse(options.industry_track_tokens, "industry_track_tokens")
    if not tokens:
        return {}
    name = "option 'industry_track_tokens'"
    unknown = set(tokens) - {"start", "end", "local_business", "event_19th", "event_20th"}
    if unknown:
        raise OptionError(f"{name}: unknown token(s) {', '.join(sorted(unknown))}")
    if options.short_game != "off":
        raise OptionError(f"{name} cannot be combined with short_game; use end instead")
    for key in ("start", "end", "event_19th", "event_20th"):
        if len(tokens.get(key, [0])) != 1:
            raise OptionError(f"{name}: {key} is one space")
    if len(tokens.get("local_business", [])) > 2:
        raise OptionError(f"{name}: there are only 2 local business tokens")
    if tokens.get("local_business") and not options.use_local_business:
        raise OptionError(f"{name}: no local business tokens without local businesses")
    if (tokens.get("event_19th") or tokens.get("event_20th")) and not options.use_events:
        raise OptionError(f"{name}: no event tokens without events")
    layout = printed_icons(options.track_icons)
    start, end = tokens.get("start", [1])[0], tokens.get("end", [LENGTH])[0]
    if not 1 <= start < end <= LENGTH:
        raise OptionError(f"{name}: needs 1 <= start < end <= {LENGTH}")
    era_2 = layout.index("era_2") + 1
    extra = tokens.get("local_business", []) + tokens.get("event_19th", []) + tokens.get("event_20th", [])
    if len(set(extra)) != len(extra):
        raise OptionError(f"{name}: two tokens on one space")
    for space in extra:
        if not 1 <= space <= LENGTH or layout[space - 1] or space in (start, end):
            raise OptionError(f"{name}: token on space {space}, which is not a blank space")
    for space in tokens.get("event_19th", []):
        if not era_2 < space < ERA_3:
            raise OptionError(f"{name}: the 19th-century token goes between era 2 and era 3")
    for space in tokens.get("event_20th", []):
        if not space > ERA_3:
            raise OptionError(f"{name}: the 20th-century token goes after era 3")
    return tokens


@cache
def track_layout(tables, options) -> tuple[list[str], int, int, int]:
    """(icon per space, first space with rock, last space with rock, starting era): the
    industry track for these options, worked out once per options (they hash all their
    fields). Read only: every state of these options shares it."""
    layout = printed_icons(options.track_icons)
    start, end = 1, LENGTH
    tokens = check_tokens(options)
    if options.short_game != "off":  # COP-R44
        end = tables.short_end[options.short_game]
    if tokens:
        start, end = tokens.get("start", [1])[0], tokens.get("end", [LENGTH])[0]
        for key in ("local_business", "event_19th", "event_20th"):
            for space in tokens.get(key, []):
                layout[space - 1] = key
    era = 1  # COP-R45: the era of the highest era icon at or before the start space
    for space in range(1, start + 1):
        if layout[space - 1].startswith("era_"):
            era = int(layout[space - 1][-1])
    if not options.use_local_business:  # COP-R43
        layout = ["" if icon == "local_business" else icon for icon in layout]
    if not options.use_events:
        layout = ["" if icon.startswith("event_") else icon for icon in layout]
    if start > 1:
        layout[start - 1] = "start"
    layout[end - 1] = "end"  # the end token covers whatever is printed there
    for space in range(1, LENGTH + 1):
        if not start <= space <= end:
            layout[space - 1] = ""  # outside start..end no icon takes effect
    layout[start - 1] = "start"
    return layout, start, end, era


def rocks_left(state) -> int:
    return state.track_end - state.track_next + 1


def take_from_track(state, seat: int, space: str, token: str) -> None:
    """COP-R23, COP-R25: the rock came from the next track space; its icon now takes effect."""
    number = state.track_next
    state.track_next += 1
    icon = state.icons[number - 1]
    if state.records:
        state.event("poor_rock", seat=seat, track=number, space=space, token=token, icon=icon)
    if icon in ("era_2", "era_3"):
        eras.new_era(state, int(icon[-1]))
    elif icon == "local_business":
        local_business.open_business(state)
    elif icon in ("event_19th", "event_20th"):
        events.draw_event(state, icon)
    if state.track_next > state.track_end:  # COP-R38
        state.ending = True

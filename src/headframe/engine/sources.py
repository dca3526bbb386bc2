"""Where each rule of a game comes from (issue 53): every ruling with its source
label in words, what it rules and why, as plain text. This is what the Sources page
(`GET /games/{game}/sources`) and `headframe rules GAME` show; everywhere a player
reads while playing, the game speaks in its own words and a component whose text is
not the printed one only points here.

A ruling's text (`data/rulings.yaml`) is markdown ending with its reason, written
in one of the games' styles: a paragraph or bullet opening with its source label
("RULEBOOK (Setup).", "* DERIVED. ..."), "*Source:* ..." or "- Reason: ...".
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from .components import Ruling
from .schema import SOURCE_LABELS

LABELS = {
    "RULEBOOK": "From the rulebook",
    "PUBLISHED": "Published clarification",
    "DERIVED": "Derived from the rulebook",
    "RECONSTRUCTED": "Reconstructed",
    "INVENTED": "Invented",
}
assert set(LABELS) == set(SOURCE_LABELS)

_SOURCE = "|".join(LABELS)
# Where a reason starts: a line (or, after a sentence, a line's rest) opening with a label or "Reason:".
_REASON = re.compile(rf"(?:^[ \t]*(?:[*-][ \t]+)?(?:\*Source:\*[ \t]*)?|(?<=[.)] ))"
                     rf"(?:Reason:[ \t]*|(?=(?:{_SOURCE})\b))", re.MULTILINE)
# A reason's opening label: "DERIVED." says no more than the label shown, "RULEBOOK (Setup)" is its words.
_LABELLED = re.compile(rf"^(?P<label>{_SOURCE})(?:[.:][ \t]*|(?= \())")
# Tinners' Trail's opening, "[RULEBOOK, Phase One] - Ruling: ", and its reason "Stated." (the rulebook says so).
_OPENING = re.compile(rf"^\[(?:{_SOURCE})(?:,[ \t]*(?P<where>[^\]]*))?\][ \t]*-[ \t]*Ruling:[ \t]*")
_STATED = re.compile(r"^Stated\.")
_BULLET = re.compile(r"^([ \t]*)[*-][ \t]+", re.MULTILINE)
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}.*$\n?", re.MULTILINE)
_TABLE_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$", re.MULTILINE)
_EMPHASIS = re.compile(r"\*\*(.+?)\*\*|\*(\S(?:.*?\S)?)\*")


@dataclass(frozen=True)
class Source:
    """A ruling for the Sources page: `ruling` is what it rules and `reason` why, both
    plain text; `components` the names of the glossary entries that rest on it."""

    id: str
    title: str
    source: str
    ruling: str
    reason: str
    components: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return LABELS[self.source]

    def to_json(self) -> dict[str, object]:
        return {"id": self.id, "title": self.title, "source": self.source, "label": self.label,
                "ruling": self.ruling, "reason": self.reason, "components": list(self.components)}


def plain(markdown: str) -> str:
    """Markdown as plain text: no emphasis marks or backticks, bullets as "•", table rows as cells
    separated by " · ", and no more than one blank line in a row."""
    text = _TABLE_RULE.sub("", textwrap.dedent(markdown.strip("\n")).replace("`", ""))
    text = _TABLE_ROW.sub(lambda row: " · ".join(cell.strip() for cell in row[1].split("|")), text)
    text = _BULLET.sub(r"\1• ", text)
    text = _EMPHASIS.sub(lambda found: next(part for part in found.groups() if part is not None), text)
    text = re.sub(r"\n[ \t]*\n(?:[ \t]*\n)+", "\n\n", text)
    return text.strip()


def split(ruling: Ruling) -> tuple[str, str]:
    """What a ruling rules and why (plain text): its text before its reason, and its reason."""
    text = ruling.text.strip()
    opening = _OPENING.match(text)
    where = opening["where"] if opening and opening["where"] else ""
    text = text[opening.end():] if opening else text
    found = _REASON.search(text)
    said, reason = (text[:found.start()], text[found.end():]) if found else (text, "")
    stated = f"The rulebook says so ({where})." if where else "The rulebook says so."
    return plain(said), plain(_STATED.sub(stated, _LABELLED.sub(_label_in_words, reason.strip())))


def _label_in_words(found: re.Match[str]) -> str:
    """A reason's opening label: dropped when it stands alone ("DERIVED."), in words before its section."""
    return LABELS[found["label"]] if found[0] == found["label"] else ""


def sources(game) -> list[Source]:
    """Every ruling of `game` (a Game), in order, with the glossary entries and the table's
    options that cite it."""
    cited: dict[str, list[str]] = {}
    for entry in game.presentation.glossary:
        for ruling_id in entry.rulings:
            cited.setdefault(ruling_id, []).append(entry.name)
    for option in game.Options.describe():
        for ruling_id in option["rulings"]:
            cited.setdefault(ruling_id, []).append(f"the option “{option['name'].replace('_', ' ')}”")
    return [Source(ruling.id, ruling.title, ruling.source, *split(ruling), tuple(cited.get(ruling.id, ())))
            for ruling in game.rulings()]


def as_text(game) -> str:
    """The Sources page as plain text, for the terminal."""
    parts = [f"{game.title}: where each rule comes from",
             "The printed rulebook leaves gaps; these rulings fill them. Each says where it comes from."]
    for item in sources(game):
        lines = [f"{item.id} · {item.title} ({item.label})", item.ruling]
        if item.reason:
            lines.append(f"Why: {item.reason}")
        if item.components:
            lines.append(f"Affects: {', '.join(item.components)}.")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"

"""A match's record as text a player reads, as PGN is for chess: a header, then one line per version.

::

    [Game "Pipifax"]
    [Match "m1a2b3"]
    ...
    [Result "ann wins"]
    [Ending "by the rules"]

    0. setup: the cards lie face down (0 blue lion, ...); the die shows a giraffe for bo.
    1. bo flips card 17 (red back): a lion, not a giraffe; card 17 is turned face down again; ann's turn; ...

Pure: the record is replayed with the engine (every version's label and events), so the same record
always gives the same text. The match is over, so nothing is hidden any more: the deal (hands,
face-down cards, the discs' other sides) is told where it is dealt. ``GET /matches/{id}/record?format=text``
serves it, and each line of a tournament's ``records.jsonl`` carries it (``text``). docs/tournaments.md
shows an example of each game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arena.records.text.girafferaffe import GirafferaffeNarrator
from arena.records.text.header import header_lines
from arena.records.text.lines import version_lines
from arena.records.text.narrator import Narrator
from arena.records.text.pili_pili import PiliPiliNarrator
from arena.records.text.pipifax import PipifaxNarrator
from arena.records.text.taiga import TaigaNarrator
from arena.records.text.words import SeatNames

#: Each game's narrator, by game id; a game without one is told by the base's generic words.
NARRATORS: dict[str, Callable[[SeatNames, Mapping[str, Any]], Narrator]] = {
    "pipifax": PipifaxNarrator,
    "taiga": TaigaNarrator,
    "girafferaffe": GirafferaffeNarrator,
    "pili-pili": PiliPiliNarrator,
}
#: The media type of a text record.
MEDIA_TYPE = "text/plain; charset=utf-8"


def record_text(record: Mapping[str, Any]) -> str:
    """The text of a decoded record (as ``GET /matches/{id}/record`` serves it, or a tournament's line):
    the header's lines, a blank line, one line per version, and a newline at the end.

    Raises the engine's errors (and ``KeyError``, ``ValueError``) for a record that does not replay.
    """
    names = SeatNames(record.get("seats") or [], record["players"])
    narrator = NARRATORS.get(record["game"], Narrator)(names, record["options"])
    lines = [*header_lines(record, names, narrator), "", *version_lines(record, names, narrator)]
    return "\n".join(lines) + "\n"

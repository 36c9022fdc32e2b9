"""Write both SDKs' typed events from ``sdk/events.json``: ``arena_sdk/events/catalogue.py``, ``sdk-ts/src/events.ts``.

Per game, each event kind becomes a literal type and its data a typed dict (Python ``TypedDict``,
TypeScript interface); a game's events are the union of its kinds and the arena's. The spec
(``openapi/openapi.json``) gives events one generic shape today; once it carries per-kind event
schemas, they are the source to write these from. ``--check`` writes nothing and fails when a
written file differs from what it would write (``scripts/generate.sh --check`` runs it).

    .venv/bin/python sdk/scripts/generate_events.py [--check]
"""

from __future__ import annotations

import json
import keyword
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "sdk" / "events.json"
PYTHON_OUT = ROOT / "sdk" / "arena_sdk" / "events" / "catalogue.py"
TS_OUT = ROOT / "sdk-ts" / "src" / "events.ts"
RUFF = Path(sys.executable).parent / "ruff"
HEADER = "Written by sdk/scripts/generate_events.py from sdk/events.json: edit that, not this."

PY_SCALARS = {"integer": "int", "number": "float", "string": "str", "boolean": "bool", "object": "dict[str, Any]"}
TS_SCALARS = {"integer": "number", "number": "number", "string": "string", "boolean": "boolean"}
TS_SCALARS["object"] = "Record<string, unknown>"


def pascal(name: str) -> str:
    """``pili-pili`` -> ``PiliPili``, ``card_flipped`` -> ``CardFlipped``."""
    return "".join(part.capitalize() for part in re.split(r"[-_]", name))


def python_type(spec: str) -> str:
    """A field's type in Python."""
    if "|" in spec and spec.startswith('"'):
        return "Literal[" + ", ".join(option for option in spec.split("|")) + "]"
    if spec.endswith("|null"):
        return python_type(spec.removesuffix("|null")) + " | None"
    if spec.endswith("[]"):
        return f"list[{python_type(spec[:-2])}]"
    return PY_SCALARS.get(spec, spec)


def typescript_type(spec: str) -> str:
    """A field's type in TypeScript."""
    if "|" in spec and spec.startswith('"'):
        return " | ".join(spec.split("|"))
    if spec.endswith("|null"):
        return typescript_type(spec.removesuffix("|null")) + " | null"
    if spec.endswith("[]"):
        inner = typescript_type(spec[:-2])
        return f"({inner})[]" if " " in inner else f"{inner}[]"
    return TS_SCALARS.get(spec, spec)


def data_name(game: str, kind: str) -> str:
    return pascal(game) + pascal(kind)


def python_module(catalogue: dict[str, Any]) -> str:
    games: dict[str, dict[str, dict[str, str]]] = catalogue["games"]
    lines = [
        f"# {HEADER}",
        '"""Every event kind of the match log, typed: per game a union of ``GameEvent[Literal[kind], data]``.',
        "",
        'Narrow one by its ``kind`` (``if event.kind == "card_flipped": event.data["position"]``); a kind',
        "no game has fails ``mypy --strict``. Written from ``sdk/events.json`` (:mod:`arena_sdk.events`).",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, Literal, TypeAlias, TypedDict",
        "",
        "from arena_sdk.events.base import GameEvent",
        "",
    ]
    for name, fields in catalogue["types"].items():
        lines += typed_dict(name, fields, f"``{name}`` in events' data.")
    for game, kinds in games.items():
        for kind, fields in kinds.items():
            lines += typed_dict(data_name(game, kind), fields, f"The data of {game}'s ``{kind}``.")
    for game, kinds in games.items():
        own = [f'GameEvent[Literal["{kind}"], {data_name(game, kind)}]' for kind in kinds]
        alias = f"{pascal(game)}Event"
        if game == "arena":
            lines += [
                "#: An event the arena logs in every game's match.",
                f"{alias}: TypeAlias = " + " | ".join(own),
                "",
            ]
        else:
            lines += [
                f"#: An event of a {game} match's log: its own kinds, or the arena's.",
                f"{alias}: TypeAlias = ArenaEvent | " + " | ".join(own),
                "",
            ]
    union = " | ".join(f"{pascal(game)}Event" for game in games)
    lines += ["#: An event of any game's log.", f"AnyEvent: TypeAlias = {union}", ""]
    lines += ["#: Each game's event kinds (``arena``: those of every game).", "KINDS: dict[str, frozenset[str]] = {"]
    for game, kinds in games.items():
        lines.append(f'    "{game}": frozenset({sorted(kinds)!r}),')
    lines += ["}", ""]
    return "\n".join(lines)


def typed_dict(name: str, fields: dict[str, str], about: str) -> list[str]:
    """A ``TypedDict``: a class, unless a field is a keyword (``from``, ``with``), which only the call form takes."""
    if any(keyword.iskeyword(field) for field in fields):
        body = ", ".join(f'"{field}": {python_type(spec)}' for field, spec in fields.items())
        return [f"#: {about}", f'{name} = TypedDict("{name}", {{{body}}})', "", ""]
    lines = [f"class {name}(TypedDict):", f'    """{about}"""', ""]
    lines += [f"    {field}: {python_type(spec)}" for field, spec in fields.items()]
    return [*lines, "", ""]


def typescript_module(catalogue: dict[str, Any]) -> str:
    games: dict[str, dict[str, dict[str, str]]] = catalogue["games"]
    lines = [
        f"// {HEADER}",
        "/**",
        " * Every event kind of the match log, typed: per game a union of `GameEvent<kind, data>`, narrowed by",
        ' * `kind` (`if (event.kind === "card_flipped") event.data.position`); a kind no game has fails to compile.',
        " */",
        "",
        "/** One event of a match's log: its kind, its data, the version it belongs to, who sees it (`null`: all). */",
        "export interface GameEvent<K extends string = string, D = Record<string, unknown>> {",
        "  kind: K;",
        "  data: D;",
        "  version: number;",
        "  visible_to: number[] | null;",
        "}",
        "",
    ]
    for name, fields in catalogue["types"].items():
        lines += interface(name, fields)
    for game, kinds in games.items():
        for kind, fields in kinds.items():
            lines += interface(data_name(game, kind), fields)
    for game, kinds in games.items():
        own = [f'GameEvent<"{kind}", {data_name(game, kind)}>' for kind in kinds]
        prefix = "" if game == "arena" else "ArenaEvent | "
        lines += [f"export type {pascal(game)}Event = {prefix}" + " | ".join(own) + ";", ""]
    playable = [game for game in games if game != "arena"]
    lines += ["/** The events of game `G`'s log (its own kinds and the arena's). */", "export interface EventsByGame {"]
    lines += [f'  "{game}": {pascal(game)}Event;' for game in playable]
    lines += ["}", ""]
    lines += ["/** Each game's event kinds (`arena`: those of every game). */", "export const EVENT_KINDS = {"]
    for game, kinds in games.items():
        listed = ", ".join(f'"{kind}"' for kind in kinds)
        lines.append(f'  "{game}": [{listed}],')
    lines += ["} as const;", ""]
    return "\n".join(lines)


def interface(name: str, fields: dict[str, str]) -> list[str]:
    if not fields:
        return [f"export type {name} = Record<string, never>;", ""]
    # a type, not an interface: it is assignable to the spec's generic event data (an index signature)
    body = [f"  {field}: {typescript_type(spec)};" for field, spec in fields.items()]
    return [f"export type {name} = {{", *body, "};", ""]


def formatted_python(text: str) -> str:
    return subprocess.run(
        [str(RUFF), "format", "--quiet", "--stdin-filename", str(PYTHON_OUT), "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def main(argv: list[str]) -> int:
    catalogue = json.loads(CATALOGUE.read_text())
    wanted = {PYTHON_OUT: formatted_python(python_module(catalogue)), TS_OUT: typescript_module(catalogue)}
    stale = [path for path, text in wanted.items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is out of date: run sdk/scripts/generate_events.py", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.write_text(wanted[path])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A tournament's schedule: which entrants meet, in which seats, on which seeds.

Rules (copied into the user docs):

- A *table* is a group of k entrants (k = ``players_per_match``). Every table plays
  ``games_per_pairing`` deals, each deal once in each of the k cyclic seat rotations: rotation r
  seats the table's entrants shifted by r (seat s gets the table's entrant ``(s + r) mod k``), so
  every entrant sits in every seat equally often. A table therefore plays ``games_per_pairing * k``
  matches, duplicate or not. ``duplicate`` decides only the seeds: with it, the k rotations of a
  deal share one seed (the same deal is replayed with the seats permuted over the same entrants, so
  the luck of the deal cancels out, as in duplicate bridge); without it every match has its own
  seed. Seeds are SHA-256 digests of the tournament seed, the table, the deal (and the rotation when
  not duplicate): stable across runs and machines, ``0 <= seed < 2**63``.
- Order: within a round, deal by deal, then table by table, then rotation by rotation, so that all
  tables have played a deal before any plays the next one. Indexes run 0, 1, 2, ... over the whole
  tournament; tables are numbered across the whole tournament too.
- Round robin: every k-subset of the entrants (in ``itertools.combinations`` order), all in round 0.
  When there are more than ``MAX_FULL_TABLES`` such subsets, a *balanced design* instead: ``rounds``
  rounds (default below), each seating every entrant at one table, except that when k does not
  divide the number of entrants the n mod k entrants with the fewest byes so far sit out (a bye).
  For k = 2 the rounds follow the circle method (Berger tables) over a seeded shuffle of the
  entrants: every pair meets exactly once in each cycle of n - 1 rounds (n rounds when n is odd,
  each entrant sitting out once per cycle).
  For k >= 3 each table is filled greedily with the entrants who have sat least often with those
  already at it (ties broken by a seeded shuffle); if that repeats a table already played, the
  repeat-avoiding search below regroups the round. Guarantees: byes differ by at most one between
  entrants, so every entrant plays the same number of tables +-1; no table repeats while a
  repeat-free grouping of the round's players exists (within the search's budget). Default rounds:
  ``ceil((n - 1) / (k - 1))``, the fewest in which an entrant could sit with all n - 1 others
  (k = 2: the whole cycle).
- Gauntlet: entrant 0 at every table with each (k-1)-subset of the others, in round 0. When there
  are more than ``MAX_FULL_TABLES`` of them, a balanced design over the others in groups of k - 1,
  each joined by entrant 0 (same rules, so groups of 2 follow the circle method; default rounds:
  the fewest in which every other entrant faces entrant 0 at least once). A gauntlet needs k >= 2.
- Swiss: ``rounds`` rounds. Round 0 seats a seeded shuffle of the entrants. Each later round sorts
  the entrants by points (higher first; ties by fewer byes, then by entrant index), seats the
  top-ranked unseated entrant with the next k - 1 unseated ones, and avoids tables already played:
  a depth-first search over the groupings, nearest neighbours first, finds a grouping without a
  repeated table whenever one exists (and otherwise one with the fewest repeats); when half of its
  ``SEARCH_BUDGET`` steps pass without one, it starts again seating first the entrant with the
  fewest unplayed tables left, and at the end of the budget settles for the best found so far.
  The guarantee holds for the entrants who play the round: the byes are chosen first. When k does
  not divide n, the n mod k entrants with the fewest byes so far among the lowest-ranked sit out
  (a bye, counted; it scores no points); when it does, everyone plays every round.
- Points (for Swiss and the standings, see ``standings``): a forfeit or a resignation scores 0; the
  other seats score ``(k - place) / (k - 1)``, 1 for first and 0 for last, tied seats sharing the
  average of the places they cover (a 2-player draw: 1/2 each).
- Limits: 2 to ``MAX_ENTRANTS`` entrants, at least k of them; ``games_per_pairing`` >= 1; ``rounds``
  from 1 to ``MAX_ROUNDS``, required for Swiss, allowed for a round robin or gauntlet only when it
  uses the balanced design (a full design plays each table once). With k = 1 (solo games) every
  table is one entrant alone.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

Format = Literal["round-robin", "swiss", "gauntlet"]
FORMATS: tuple[str, ...] = get_args(Format)

#: Above this many tables a round robin (or gauntlet) uses the balanced design instead of every k-subset:
#: with k = 2 and one deal that is 2,000 matches, about as many as a tournament should ask of the server.
MAX_FULL_TABLES: int = 1000
#: The most rounds a Swiss tournament or a balanced design may ask for.
MAX_ROUNDS: int = 1000
#: The most entrants a tournament may have (the repeat-avoiding search recurses once per table of a round).
MAX_ENTRANTS: int = 1000
#: Steps of the repeat-avoiding search (one step tries one table) before it settles for the best found.
SEARCH_BUDGET: int = 50_000


class ScheduleError(ValueError):
    """A tournament that cannot be scheduled; ``field`` names the setting at fault."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Pairing:
    """One scheduled match."""

    index: int  # position in the tournament's schedule: 0, 1, 2, ... unique and stable
    round: int  # 0 for full round robin/gauntlet designs; the Swiss (or balanced-design) round otherwise
    table: int  # which group of entrants, numbered across the whole tournament
    entrants: tuple[int, ...]  # the entrant index sitting in each seat, in seat order (len k)
    deal: int  # the deal number within its table (0 .. games_per_pairing-1)
    rotation: int  # the seat rotation (0 .. k-1)
    seed: int  # the match seed, 0 <= seed < 2**63; equal for every rotation of a deal when duplicate

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "round": self.round,
            "table": self.table,
            "entrants": list(self.entrants),
            "deal": self.deal,
            "rotation": self.rotation,
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pairing:
        return cls(
            int(data["index"]),
            int(data["round"]),
            int(data["table"]),
            tuple(int(e) for e in data["entrants"]),
            int(data["deal"]),
            int(data["rotation"]),
            int(data["seed"]),
        )


def match_seed(tournament_seed: int, table: int, deal: int, rotation: int | None) -> int:
    """The seed of a match: a digest of the tournament seed, table, deal and rotation (None when duplicate)."""
    text = f"arena-tournament/{tournament_seed}/{table}/{deal}/{'dup' if rotation is None else rotation}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def _stream(tournament_seed: int, purpose: str, round: int) -> random.Random:
    """A random stream of its own for one choice of the schedule (a shuffle, a tie-break)."""
    text = f"arena-tournament/{tournament_seed}/{purpose}/{round}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big"))


def seat(table: Sequence[int], rotation: int) -> tuple[int, ...]:
    """The entrants of ``table`` in seat order for ``rotation``: seat s gets ``table[(s + rotation) % k]``."""
    k = len(table)
    return tuple(table[(s + rotation) % k] for s in range(k))


def _round_pairings(
    tables: Sequence[Sequence[int]],
    round: int,
    *,
    games_per_pairing: int,
    duplicate: bool,
    seed: int,
    first_index: int,
    first_table: int,
) -> list[Pairing]:
    """Every match of one round's tables: deal by deal, then table by table, then rotation by rotation."""
    pairings: list[Pairing] = []
    index = first_index
    for deal in range(games_per_pairing):
        for offset, table in enumerate(tables):
            number = first_table + offset
            shared = match_seed(seed, number, deal, None)
            for rotation in range(len(table)):
                match = shared if duplicate else match_seed(seed, number, deal, rotation)
                pairings.append(Pairing(index, round, number, seat(table, rotation), deal, rotation, match))
                index += 1
    return pairings


def round_pairings(
    tables: Sequence[Sequence[int]],
    round: int,
    *,
    games_per_pairing: int,
    duplicate: bool,
    seed: int,
    first_index: int,
    first_table: int,
) -> list[Pairing]:
    """Every match of one round's ``tables`` (a stored Swiss round is its tables: this gives its pairings back)."""
    return _round_pairings(
        tables,
        round,
        games_per_pairing=games_per_pairing,
        duplicate=duplicate,
        seed=seed,
        first_index=first_index,
        first_table=first_table,
    )


def tables_of(pairings: Sequence[Pairing]) -> list[tuple[int, ...]]:
    """The tables of one round's pairings, in order (the inverse of :func:`round_pairings`)."""
    return [p.entrants for p in pairings if p.deal == 0 and p.rotation == 0]


# --- validation and counts -------------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _full_tables(format: str, entrants: int, players: int) -> int:
    """How many tables the full design has: every k-subset, or entrant 0 with every (k-1)-subset of the rest."""
    if format == "gauntlet":
        return math.comb(entrants - 1, players - 1)
    return math.comb(entrants, players)


def uses_balanced_design(format: str, entrants: int, players: int, *, max_full_tables: int = MAX_FULL_TABLES) -> bool:
    """Whether a round robin or gauntlet has too many tables for the full design."""
    return format != "swiss" and _full_tables(format, entrants, players) > max_full_tables


def default_rounds(format: str, entrants: int, players: int) -> int:
    """The balanced design's rounds when none are given (see the module docstring)."""
    n, k = entrants, players
    if format == "gauntlet":
        group = k - 1
        field = n - 1
        playing = field - field % group
        return -(-field // playing)
    if k == 1:
        return 1
    if k == 2:
        return n - 1 + n % 2
    return -(-(n - 1) // (k - 1))


def validate(
    format: str,
    entrants: int,
    players: int,
    rounds: int | None,
    games_per_pairing: int,
    *,
    max_full_tables: int = MAX_FULL_TABLES,
) -> None:
    """Raise ScheduleError (a ValueError subclass with ``field`` and a clear message) for a tournament that
    cannot be scheduled: an unknown format, fewer entrants than players, a gauntlet or round robin that
    has nothing to play, Swiss without rounds, ..."""
    if format not in FORMATS:
        raise ScheduleError(f"unknown format {format!r}; known: {', '.join(FORMATS)}", field="format")
    if not _is_int(players) or players < 1:
        raise ScheduleError(f"players per match must be a positive integer, not {players!r}", field="players")
    if not _is_int(entrants) or not 2 <= entrants <= MAX_ENTRANTS:
        raise ScheduleError(f"a tournament has 2 to {MAX_ENTRANTS} entrants, not {entrants!r}", field="entrants")
    if entrants < players:
        raise ScheduleError(
            f"{entrants} entrants cannot fill a table of {players} players; add entrants or lower players",
            field="entrants",
        )
    if format == "gauntlet" and players < 2:
        raise ScheduleError(
            "a gauntlet pits entrant 0 against the field, so it needs 2 or more players", field="players"
        )
    if not _is_int(games_per_pairing) or games_per_pairing < 1:
        raise ScheduleError(
            f"games_per_pairing must be a positive integer, not {games_per_pairing!r}", field="games_per_pairing"
        )
    if rounds is not None and (not _is_int(rounds) or not 1 <= rounds <= MAX_ROUNDS):
        raise ScheduleError(f"rounds must be an integer from 1 to {MAX_ROUNDS}, not {rounds!r}", field="rounds")
    if format == "swiss" and rounds is None:
        raise ScheduleError("a Swiss tournament needs its number of rounds", field="rounds")
    if (
        format != "swiss"
        and rounds is not None
        and not uses_balanced_design(format, entrants, players, max_full_tables=max_full_tables)
    ):
        tables = _full_tables(format, entrants, players)
        raise ScheduleError(
            f"a {format} of {entrants} entrants plays all its {tables} tables once; rounds apply only to Swiss "
            f"and to designs of more than {max_full_tables} tables",
            field="rounds",
        )


def tables_per_round(format: str, entrants: int, players: int) -> int:
    """How many tables a Swiss or balanced-design round seats."""
    if format == "gauntlet":
        return (entrants - 1) // (players - 1)
    return entrants // players


def total_matches(
    format: Format,
    entrants: int,
    players: int,
    *,
    games_per_pairing: int,
    rounds: int | None,
    max_full_tables: int = MAX_FULL_TABLES,
) -> int:
    """How many matches the tournament schedules in all (Swiss: all its rounds); validates first."""
    validate(format, entrants, players, rounds, games_per_pairing, max_full_tables=max_full_tables)
    per_table = games_per_pairing * players
    if format == "swiss" or uses_balanced_design(format, entrants, players, max_full_tables=max_full_tables):
        count = rounds if rounds is not None else default_rounds(format, entrants, players)
        return count * tables_per_round(format, entrants, players) * per_table
    return _full_tables(format, entrants, players) * per_table


def swiss_start(round: int, entrants: int, players: int, *, games_per_pairing: int) -> tuple[int, int]:
    """The first pairing index and first table number of Swiss round ``round`` (for ``swiss_round``)."""
    tables = entrants // players
    return round * tables * games_per_pairing * players, round * tables


# --- grouping ---------------------------------------------------------------------------------------------


def sit_outs(order: Sequence[int], count: int, byes: Sequence[int]) -> list[int]:
    """The ``count`` entrants of ``order`` with the fewest byes, the latest in ``order`` first among equals."""
    position = {entrant: place for place, entrant in enumerate(order)}
    return sorted(order, key=lambda e: (byes[e], -position[e]))[:count]


def group_avoiding_repeats(
    order: Sequence[int], size: int, past: Collection[frozenset[int]], *, budget: int = SEARCH_BUDGET
) -> list[tuple[int, ...]]:
    """Split ``order`` (a multiple of ``size`` long) into groups of ``size`` with the fewest groups in ``past``.

    Depth-first: the first unseated entrant of ``order`` takes companions from the unseated ones in
    ``itertools.combinations`` order (nearest first), groups not played before ahead of the others,
    so without past groups the answer is simply consecutive runs of ``order``. Branches that cannot
    beat the best grouping found are cut; the search stops at the first repeat-free grouping. If
    half the budget goes by without one, the search starts again seating first the unseated entrant
    with the fewest groups left that it has not played (the usual rescue for exact-cover searches),
    companions still nearest first, and keeps the better answer when the budget (steps: groups
    tried) runs out.
    """
    if size == 1:  # every entrant alone: nothing to choose
        return [(e,) for e in order]
    tables_of: dict[int, list[frozenset[int]]] = {e: [] for e in order}
    for table in past:
        if len(table) == size:
            for entrant in table:
                if entrant in tables_of:
                    tables_of[entrant].append(table)
    best: list[tuple[int, ...]] = []
    best_repeats = math.inf
    steps = 0
    limit = budget // 2

    def fewest_options_first(remaining: tuple[int, ...]) -> int:
        """The entrant of ``remaining`` with the fewest unplayed groups within it (the earliest among equals)."""
        members = frozenset(remaining)
        return min(remaining, key=lambda e: -sum(1 for t in tables_of[e] if t <= members))

    def search(remaining: tuple[int, ...], tables: list[tuple[int, ...]], repeats: int, rescue: bool) -> bool:
        nonlocal best, best_repeats, steps
        if not remaining:
            if repeats < best_repeats:
                best, best_repeats = list(tables), repeats
            return best_repeats == 0
        head = fewest_options_first(remaining) if rescue else remaining[0]
        rest = tuple(e for e in remaining if e != head)
        for repeated in (False, True):  # first the groups not played before, then (if worth it) the others
            if repeats + repeated >= best_repeats:
                break
            for chosen in itertools.combinations(range(len(rest)), size - 1):
                steps += 1
                if steps > limit and best:
                    return True
                table = (head, *(rest[i] for i in chosen))
                if (frozenset(table) in past) != repeated:
                    continue
                taken = set(chosen)
                tables.append(table)
                if search(tuple(e for i, e in enumerate(rest) if i not in taken), tables, repeats + repeated, rescue):
                    return True
                tables.pop()
        return False

    search(tuple(order), [], 0, False)
    if best_repeats > 0 and steps > limit:  # out of time, not out of options: try the rescue
        limit = budget
        search(tuple(order), [], 0, True)
    return best


def _greedy_spread(order: Sequence[int], size: int, together: Mapping[frozenset[int], int]) -> list[tuple[int, ...]]:
    """Tables of ``size`` filled one by one with the entrants who sat least often with those already seated."""
    unseated = list(order)
    tables: list[tuple[int, ...]] = []
    while unseated:
        table = [unseated.pop(0)]
        while len(table) < size:
            best = min(unseated, key=lambda e: sum(together.get(frozenset((e, m)), 0) for m in table))
            unseated.remove(best)
            table.append(best)
        tables.append(tuple(table))
    return tables


def circle_round(members: Sequence[int], round: int) -> list[tuple[int, ...]]:
    """Round ``round`` of the circle method over ``members``: pairs, every pair once per cycle (None-free)."""
    ring: list[int | None] = list(members)
    if len(ring) % 2:
        ring.append(None)
    m = len(ring)
    step = round % (m - 1)
    rotated = [ring[0], *[ring[1 + (i + step) % (m - 1)] for i in range(m - 1)]]
    pairs: list[tuple[int, ...]] = []
    for i in range(m // 2):
        a, b = rotated[i], rotated[m - 1 - i]
        if a is not None and b is not None:
            pairs.append((a, b))
    return pairs


def _balanced_groups(
    members: Sequence[int], size: int, rounds: int, seed: int, *, budget: int = SEARCH_BUDGET
) -> Iterator[list[tuple[int, ...]]]:
    """The groups of ``size`` of each round of a balanced design over ``members`` (see the module docstring)."""
    byes = dict.fromkeys(members, 0)
    together: dict[frozenset[int], int] = {}
    past: set[frozenset[int]] = set()
    circle = _stream(seed, "circle", 0).sample(list(members), len(members)) if size == 2 else []
    for number in range(rounds):
        if size == 2:
            groups = circle_round(circle, number)
        else:
            order = _stream(seed, "balanced", number).sample(list(members), len(members))
            out = set(sit_outs(order, len(order) % size, [byes.get(e, 0) for e in range(max(members) + 1)]))
            playing = [e for e in order if e not in out]
            groups = _greedy_spread(playing, size, together)
            if any(frozenset(g) in past for g in groups):
                groups = group_avoiding_repeats([e for g in groups for e in g], size, past, budget=budget)
        seated = {e for g in groups for e in g}
        for entrant in members:
            if entrant not in seated:
                byes[entrant] += 1
        for group in groups:
            past.add(frozenset(group))
            for pair in itertools.combinations(group, 2):
                key = frozenset(pair)
                together[key] = together.get(key, 0) + 1
        yield [tuple(sorted(g)) for g in groups]


# --- plans -------------------------------------------------------------------------------------------------


def plan(
    format: Format,
    entrants: int,
    players: int,
    *,
    games_per_pairing: int,
    duplicate: bool,
    seed: int,
    rounds: int | None = None,
    max_full_tables: int = MAX_FULL_TABLES,
) -> list[Pairing]:
    """Every pairing known before the start: the whole schedule of a round robin or gauntlet; for Swiss,
    the first round only (later rounds come from swiss_round)."""
    validate(format, entrants, players, rounds, games_per_pairing, max_full_tables=max_full_tables)

    def emit(tables: Sequence[Sequence[int]], round: int, first_index: int, first_table: int) -> list[Pairing]:
        return _round_pairings(
            tables,
            round,
            games_per_pairing=games_per_pairing,
            duplicate=duplicate,
            seed=seed,
            first_index=first_index,
            first_table=first_table,
        )

    if format == "swiss":
        order = _stream(seed, "swiss", 0).sample(range(entrants), entrants)
        out = set(sit_outs(order, entrants % players, [0] * entrants))
        playing = [e for e in order if e not in out]
        tables = [tuple(sorted(playing[i : i + players])) for i in range(0, len(playing), players)]
        return emit(tables, 0, 0, 0)
    if not uses_balanced_design(format, entrants, players, max_full_tables=max_full_tables):
        if format == "gauntlet":
            tables = [(0, *rest) for rest in itertools.combinations(range(1, entrants), players - 1)]
        else:
            tables = list(itertools.combinations(range(entrants), players))
        return emit(tables, 0, 0, 0)
    count = rounds if rounds is not None else default_rounds(format, entrants, players)
    if format == "gauntlet":
        designs = _balanced_groups(range(1, entrants), players - 1, count, seed)
        round_tables: Iterator[list[tuple[int, ...]]] = ([(0, *g) for g in groups] for groups in designs)
    else:
        round_tables = _balanced_groups(range(entrants), players, count, seed)
    pairings: list[Pairing] = []
    table = 0
    for number, tables in enumerate(round_tables):
        pairings += emit(tables, number, len(pairings), table)
        table += len(tables)
    return pairings


def swiss_history(pairings: Sequence[Pairing], entrants: int) -> tuple[set[frozenset[int]], list[int]]:
    """What ``swiss_round`` needs from the rounds scheduled so far: the tables played and each entrant's byes
    (the rounds in ``pairings`` where the entrant had no seat)."""
    tables = {frozenset(p.entrants) for p in pairings}
    seated: dict[int, set[int]] = {}
    for p in pairings:
        seated.setdefault(p.round, set()).update(p.entrants)
    byes = [sum(1 for players in seated.values() if entrant not in players) for entrant in range(entrants)]
    return tables, byes


def swiss_order(points: Sequence[float], byes: Sequence[int]) -> list[int]:
    """Entrants by standing for Swiss pairing: more points first, then fewer byes, then lower index."""
    return sorted(range(len(points)), key=lambda e: (-points[e], byes[e], e))


def swiss_round(
    round: int,
    entrants: int,
    players: int,
    *,
    points: Sequence[float],
    past_tables: Collection[frozenset[int]],
    byes: Sequence[int],
    games_per_pairing: int,
    duplicate: bool,
    seed: int,
    first_index: int,
    first_table: int,
) -> list[Pairing]:
    """The pairings of Swiss round ``round`` (>= 1), given each entrant's points so far, the tables
    (sets of entrants) already played, and how many byes each entrant had. Indexes start at first_index."""
    if not _is_int(round) or round < 1:
        raise ScheduleError(f"later Swiss rounds are numbered from 1, not {round!r}", field="round")
    validate("swiss", entrants, players, round + 1, games_per_pairing)
    if len(points) != entrants or len(byes) != entrants:
        raise ScheduleError(f"points and byes need one value per entrant ({entrants})", field="points")
    order = swiss_order(points, byes)
    out = set(sit_outs(order, entrants % players, byes))
    playing = [e for e in order if e not in out]
    groups = group_avoiding_repeats(playing, players, past_tables)
    tables = [tuple(sorted(g)) for g in groups]
    return _round_pairings(
        tables,
        round,
        games_per_pairing=games_per_pairing,
        duplicate=duplicate,
        seed=seed,
        first_index=first_index,
        first_table=first_table,
    )

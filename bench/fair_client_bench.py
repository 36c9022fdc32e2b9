"""What a fair client asks of the rate limits and the quota: bot-vs-bot evaluation loops at full speed, counted.

Starts Redis, the API under gunicorn (limits and quota counted but never reached) and a referee, then runs
``--loops`` evaluation loops at once, as a bot writer runs them: each creates a match, plays it to
the end, and creates the next, for ``--seconds`` per game. Every request of every loop goes through
a recording transport, which notes when it was sent, what it was, with which token, and how it was
answered. Three kinds of loop (``--kind``):

- ``sdk``: two ``Seat.play`` bots (the SDK's seat stream, random choices) play each other;
- ``plain``: a plain HTTP bot (seat view, legal actions, action; a long-poll of the view while it
  waits) plays a server bot, which answers within the bot's own move;
- ``server``: every seat is a server bot; the loop creates the match and long-polls it to its end
  (the highest rate of creation there is: the server plays the whole match).

For every kind of counted request (``create`` per client address, which every loop shares as
they run on one machine; ``read`` per token; ``refused`` per token: actions, joins, resignations
answered with a 4xx; and for comparison ``accepted``, the actions applied) it prints the most
requests seen in any 1 s and any 60 s (sliding windows, so at least what any fixed window of the
limiter counted). The default limits in ``api/settings.py`` are sized from these figures
(docs/api.md#limits records them). It also prints the most unfinished matches the loops' address
held at once as the server's quota counts them (``live``: sampled from the quota's own set every few
milliseconds; a match counts from its creation until the referee has kept its record), from which
the default ``ARENA_MAX_LIVE_MATCHES`` is sized (docs/operations.md records it). With
``--default-limits`` the server counts the default limits and quota instead of unreachable ones, and
the run also says how many answers were ``429`` (none, if the defaults never hurt a fair client).

    python -m bench.fair_client_bench [--seconds 60] [--loops 2] [--kind sdk plain server] [--default-limits] [game ...]
"""

from __future__ import annotations

import argparse
import bisect
import dataclasses
import random
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import redis
from arena_sdk import Arena

from api.settings import Settings
from api.store.keys import Keys
from api.store.redis_server import RedisServer
from bench.servers import GunicornServer, RefereeProcess

#: Sliding windows the figures are given for, in seconds.
WINDOWS = (1.0, 60.0)
#: Two-player options per game (Girafferaffe's 2-player default is its standard mode).
OPTIONS: dict[str, dict[str, Any]] = {"girafferaffe": {"mode": "standard"}}
GAMES = ("pipifax", "taiga", "girafferaffe", "pili-pili")
#: How long a long-poll waits (s).
WAIT = 5.0
#: Who every loop is to the quota: they all send from this machine's loopback address.
HOLDER = "addr:127.0.0.1"
#: How often the quota's count is sampled (s).
SAMPLE_EVERY = 0.005


@dataclasses.dataclass(frozen=True)
class Sent:
    """One request as the limiter sees it: when, what kind, counted per whom, and its answer."""

    at: float
    kind: str
    who: str
    status: int


class Recorder:
    """Every request of every loop, in the order the answers came."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.lock = threading.Lock()

    def note(self, request: httpx.Request, status: int) -> None:
        path = request.url.path
        token = request.headers.get("authorization") or "address"
        if request.method == "POST" and path in ("/matches", "/tournaments"):
            kind, who = "create", "address"
        elif request.method == "POST":
            kind, who = ("accepted" if status < 400 else "refused"), token
        else:
            kind, who = "read", token
        with self.lock:
            self.sent.append(Sent(time.monotonic(), kind, who, status))


class RecordingTransport(httpx.BaseTransport):
    def __init__(self, recorder: Recorder) -> None:
        self.inner = httpx.HTTPTransport()
        self.recorder = recorder

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        self.recorder.note(request, response.status_code)
        return response

    def close(self) -> None:
        self.inner.close()


class RecordedArena(Arena):
    """The SDK's ``Arena`` whose clients (its own and every seat's) send through a recording transport."""

    def __init__(self, url: str, recorder: Recorder) -> None:
        self.recorder = recorder
        super().__init__(url)

    def _client_args(self) -> dict[str, Any]:
        args = super()._client_args()
        args["httpx_args"] = {**args["httpx_args"], "transport": RecordingTransport(self.recorder)}
        return args


def sdk_match(arena: RecordedArena, game: str, rng: random.Random) -> int:
    """Two ``Seat.play`` bots play one match; how many versions it took."""
    created = arena.create_match(game, 2, OPTIONS.get(game))
    seats = [arena.seat(created.match.match_id, seat.token) for seat in created.seats]
    with ThreadPoolExecutor(2) as pool:
        finals = list(pool.map(lambda s: s.play(lambda view, actions: rng.choice(actions)), seats))
    for seat in seats:
        seat.client.get_httpx_client().close()
    return int(finals[0].version)


def plain_match(client: httpx.Client, game: str, rng: random.Random) -> int:
    """A plain HTTP bot plays a server bot: view, legal actions, action; a long-poll while it waits."""
    body = {
        "game": game,
        "players": 2,
        "options": OPTIONS.get(game, {}),
        "seats": [{"name": "plain"}, {"bot": "random"}],
    }
    created = checked(client.post("/matches", json=body)).json()
    path = f"/matches/{created['match']['match_id']}"
    headers = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
    view = checked(client.get(f"{path}/view", headers=headers)).json()
    while view["status"] == "active":
        if 0 not in view["to_act"]:
            waited = client.get(
                f"{path}/view",
                params={"wait": WAIT},
                headers={**headers, "If-None-Match": f'"{view["version"]}"'},
                timeout=WAIT + 30,
            )
            view = view if waited.status_code == 304 else checked(waited).json()
            continue
        legal = checked(client.get(f"{path}/legal-actions", headers=headers)).json()
        action = rng.choice(legal["actions"])
        answer = client.post(f"{path}/actions", json=action, headers={**headers, "If-Match": str(view["version"])})
        view = (
            checked(answer).json()
            if answer.status_code == 200
            else checked(client.get(f"{path}/view", headers=headers)).json()
        )
    return int(view["version"])


def server_match(client: httpx.Client, game: str, _rng: random.Random) -> int:
    """Create a match of server bots and long-poll it until it ends."""
    body = {"game": game, "players": 2, "options": OPTIONS.get(game, {}), "seats": [{"bot": "random"}] * 2}
    match = checked(client.post("/matches", json=body)).json()["match"]
    path = f"/matches/{match['match_id']}"
    while match["status"] == "active":
        waited = client.get(
            path, params={"wait": WAIT}, headers={"If-None-Match": f'"{match["version"]}"'}, timeout=WAIT + 30
        )
        match = match if waited.status_code == 304 else checked(waited).json()
    return int(match["version"])


class LivePlaces:
    """The most places the loops' address holds in the quota's set, sampled in a thread while a run lasts
    (the server's own count: expired places left out, as the quota counts them)."""

    def __init__(self, redis_url: str) -> None:
        self.client = redis.Redis.from_url(redis_url)
        self.key = Keys(Settings.from_environment().key_prefix).live_matches(HOLDER)
        self.most = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.sample, daemon=True)

    def sample(self) -> None:
        while not self.stop.is_set():
            held = int(self.client.zcount(self.key, f"({time.time()!r}", "+inf"))
            self.most = max(self.most, held)
            self.stop.wait(SAMPLE_EVERY)

    def __enter__(self) -> LivePlaces:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join()
        self.client.close()


def checked(response: httpx.Response) -> httpx.Response:
    if response.status_code >= 400:
        raise RuntimeError(
            f"{response.request.method} {response.request.url.path}: {response.status_code} {response.text[:300]}"
        )
    return response


@dataclasses.dataclass
class LoopResult:
    matches: int = 0
    versions: int = 0


def run_loop(kind: str, url: str, game: str, seconds: float, *, recorder: Recorder, seed: int) -> LoopResult:
    """One evaluation loop: matches, one after the other, until ``seconds`` have passed."""
    rng = random.Random(seed)
    result = LoopResult()
    deadline = time.monotonic() + seconds
    if kind == "sdk":
        arena = RecordedArena(url, recorder)
        play: Callable[[], int] = lambda: sdk_match(arena, game, rng)  # noqa: E731
        client = None
    else:
        client = httpx.Client(base_url=url, transport=RecordingTransport(recorder), timeout=30)
        match = plain_match if kind == "plain" else server_match
        play = lambda: match(client, game, rng)  # noqa: E731
    while time.monotonic() < deadline:
        result.versions += play()
        result.matches += 1
    if client is not None:
        client.close()
    return result


def most_in_window(times: list[float], window: float) -> int:
    """The most of ``times`` (sorted) that fall within any ``window`` seconds."""
    return max((bisect.bisect_right(times, t + window) - i for i, t in enumerate(times)), default=0)


def peaks(sent: Iterable[Sent]) -> dict[str, dict[float, int]]:
    """Per kind, the most requests one counted party (address or token) sent within each window."""
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for item in sent:
        times[(item.kind, item.who)].append(item.at)
    found: dict[str, dict[float, int]] = defaultdict(lambda: dict.fromkeys(WINDOWS, 0))
    for (kind, _), stamps in times.items():
        stamps.sort()
        for window in WINDOWS:
            found[kind][window] = max(found[kind][window], most_in_window(stamps, window))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the loops run per game and kind")
    parser.add_argument("--loops", type=int, default=2, help="evaluation loops at once (one per core)")
    parser.add_argument("--kind", nargs="+", default=["sdk", "plain", "server"], choices=["sdk", "plain", "server"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--default-limits", action="store_true", help="count the default limits (and report 429s)")
    args = parser.parse_args()
    limits = {"ARENA_RATE_LIMITS": "", "ARENA_MAX_LIVE_MATCHES": ""} if args.default_limits else {}
    limited = 0
    most_live = 0

    overall: dict[str, dict[float, int]] = defaultdict(lambda: dict.fromkeys(WINDOWS, 0))
    with (
        tempfile.TemporaryDirectory() as data,
        RedisServer(Path(data)) as redis_server,
        GunicornServer(redis_server.url, workers=args.workers, **limits) as api,
        RefereeProcess(api),
    ):
        print(f"{args.loops} loops at once, {args.seconds:.0f} s per game and kind; most requests per party seen in")
        print(
            f"{'':<22}{'matches':>8}{'versions':>9}  "
            + "  ".join(f"{k + ' 1s/60s':>17}" for k in ("create", "read", "refused", "accepted"))
            + f"{'live':>6}"
        )
        for kind in args.kind:
            for game in args.games:
                recorder = Recorder()
                with LivePlaces(redis_server.url) as live, ThreadPoolExecutor(args.loops) as pool:
                    futures = [
                        pool.submit(run_loop, kind, api.url, game, args.seconds, recorder=recorder, seed=seed)
                        for seed in range(args.loops)
                    ]
                    results = [future.result() for future in futures]
                found = peaks(recorder.sent)
                limited += sum(1 for item in recorder.sent if item.status == 429)
                for name, windows in found.items():
                    for window, count in windows.items():
                        overall[name][window] = max(overall[name][window], count)
                cells = "  ".join(
                    f"{found[name][1.0]:>8}/{found[name][60.0]:<8}"
                    for name in ("create", "read", "refused", "accepted")
                )
                matches = sum(r.matches for r in results)
                versions = sum(r.versions for r in results)
                most_live = max(most_live, live.most)
                print(f"{kind + ' ' + game:<22}{matches:>8}{versions:>9}  {cells}{live.most:>6}")
    if args.default_limits:
        print(f"answers 429 under the default limits: {limited}")
    print("most over all runs: " + ", ".join(f"{name} {w[1.0]}/s {w[60.0]}/min" for name, w in sorted(overall.items())))
    print(f"most unfinished matches the loops' address held at once: {most_live}")


if __name__ == "__main__":
    main()

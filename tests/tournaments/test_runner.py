"""The runner's pure parts: reading a config file and flags, and planning which match jobs to enqueue."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena_runner.config import ConfigError, EntrantConfig, build, read_file
from arena_runner.planning import job_id, match_jobs, match_of_job, plan

CONFIG = """
url = "http://arena.example:8000/"
redis = "redis://redis.example:6379/0"
output = "runs/taiga"
concurrency = 3

[tournament]
game = "taiga"
players_per_match = 2
format = "round-robin"
time_control = { per_action = 5, on_timeout = "forfeit" }

[[entrants]]
name = "random"
command = ["python", "examples/random_bot.py", "--seed", "7"]

[[entrants]]
name = "looper"
command = "python examples/tournament_entrant.py"
mode = "entrant"

[[entrants]]
name = "greedy"
bot = "greedy"
"""

NO_FLAGS: dict[str, Any] = {}


def config_file(tmp_path: Path, text: str = CONFIG) -> dict[str, Any]:
    path = tmp_path / "tournament.toml"
    path.write_text(text)
    return read_file(path)


def test_a_config_file_gives_the_create_body_and_the_programs(tmp_path: Path) -> None:
    config = build(config_file(tmp_path), NO_FLAGS, env={})
    assert config.url == "http://arena.example:8000"
    assert config.redis_url == "redis://redis.example:6379/0"
    assert config.output == Path("runs/taiga")
    assert config.workers == 6  # two local workers per concurrent match unless told otherwise
    assert config.body() == {
        "game": "taiga",
        "players_per_match": 2,
        "format": "round-robin",
        "time_control": {"per_action": 5, "on_timeout": "forfeit"},
        "concurrency": 3,
        "entrants": [{"name": "random"}, {"name": "looper"}, {"name": "greedy", "bot": "greedy"}],
        "start": True,
    }
    assert config.entrants == (
        EntrantConfig("random", ("python", "examples/random_bot.py", "--seed", "7")),
        EntrantConfig("looper", ("python", "examples/tournament_entrant.py"), mode="entrant"),
        EntrantConfig("greedy", bot="greedy"),
    )


def test_flags_override_the_file_and_add_entrants(tmp_path: Path) -> None:
    flags = {
        "game": "pipifax",
        "per_action": 2.0,
        "concurrency": 5,
        "workers": 0,
        "output": "elsewhere",
        "entrants": [("command", "crasher=python examples/crashing_bot.py --crash-at 2"), ("bot", "first=first")],
    }
    config = build(config_file(tmp_path), flags, env={})
    body = config.body()
    assert body["game"] == "pipifax"
    assert body["time_control"] == {"per_action": 2.0, "on_timeout": "forfeit"}
    assert body["concurrency"] == 5
    assert config.workers == 0
    assert config.output == Path("elsewhere")
    assert [e["name"] for e in body["entrants"]] == ["random", "looper", "greedy", "crasher", "first"]
    assert config.entrant("crasher").command == ("python", "examples/crashing_bot.py", "--crash-at", "2")


def test_flags_alone_are_enough_with_redis_from_the_environment() -> None:
    flags = {
        "game": "taiga",
        "players_per_match": 2,
        "format": "gauntlet",
        "output": "out",
        "entrants": [("bot", "b=greedy"), ("command", "a=bot-a"), ("entrant", "c=loop --fast")],
    }
    config = build({}, flags, env={"REDIS_URL": "redis://r:1/0", "ARENA_URL": "http://a:1"})
    assert (config.redis_url, config.url, config.workers) == ("redis://r:1/0", "http://a:1", 2)
    assert "concurrency" not in config.body()
    assert [e["name"] for e in config.body()["entrants"]] == ["b", "a", "c"]  # as given: a gauntlet's first is b
    assert config.entrants[2] == EntrantConfig("c", ("loop", "--fast"), mode="entrant")


@pytest.mark.parametrize(
    ("text", "flags", "message"),
    [
        ("[tournament]\ngame = 'taiga'\nformat = 'swiss'\n", {}, "players_per_match"),
        (CONFIG.replace('mode = "entrant"', 'mode = "forever"'), {}, "mode must be"),
        (CONFIG.replace('bot = "greedy"', 'bot = "greedy"\ncommand = "x"'), {}, "either a command"),
        (CONFIG.replace('[[entrants]]\nname = "looper"', '[[entrants]]\nname = "random"'), {}, "share a name"),
        (CONFIG.replace("concurrency = 3", "concurency = 3"), {}, "unknown keys in the config file"),
        (CONFIG.replace("format =", "formats ="), {}, "unknown keys in [tournament]"),
        (CONFIG.replace('redis = "redis://redis.example:6379/0"', ""), {}, "need the API's Redis"),
        (CONFIG.replace('output = "runs/taiga"', ""), {}, "output directory"),
        (CONFIG, {"entrants": [("command", "no-equals-sign")]}, "NAME=VALUE"),
        (CONFIG, {"workers": -1}, "workers must be"),
        (CONFIG, {"lease": 0.5}, "lease must be"),
        (CONFIG, {"handshake_timeout": -1}, "handshake_timeout must be"),
    ],
)
def test_a_config_that_cannot_run_says_why(tmp_path: Path, text: str, flags: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message.replace("[", r"\[")):
        build(config_file(tmp_path, text), flags, env={})


def test_a_file_that_is_not_toml_says_so(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        config_file(tmp_path, "game = ")
    with pytest.raises(ConfigError, match="cannot read"):
        read_file(tmp_path / "missing.toml")


ENTRANTS = (
    EntrantConfig("random", ("python", "random_bot.py")),
    EntrantConfig("looper", ("python", "entrant.py"), mode="entrant"),
    EntrantConfig("greedy", bot="greedy"),
)


def row(index: int, entrants: list[int], state: str = "playing", tokens: bool = True) -> dict[str, Any]:
    return {
        "index": index,
        "entrants": entrants,
        "state": state,
        "match_id": None if state == "pending" else f"m{index}",
        "tokens": {str(seat): f"t{index}.{seat}" for seat in range(len(entrants))} if tokens else None,
    }


def jobs_for(rows: list[dict[str, Any]]) -> list[Any]:
    return match_jobs("T", url="http://a", host_token="H", rows=rows, entrants=ENTRANTS, timeout=60.0)


def test_a_job_per_playing_match_with_per_match_programs_and_only_their_seats() -> None:
    rows = [
        row(0, [0, 2]),  # random (seat 0) against a server bot: one seat to launch
        row(1, [2, 0]),  # the same, random in seat 1
        row(2, [1, 2]),  # the long-lived entrant plays itself: nothing to launch
        row(3, [0, 2], state="done", tokens=False),
        row(4, [0, 2], state="pending", tokens=False),
        row(5, [0, 1]),  # only random's seat
    ]
    jobs = jobs_for(rows)
    assert [(job.index, [(s.seat, s.entrant, s.token) for s in job.seats]) for job in jobs] == [
        (0, [(0, "random", "t0.0")]),
        (1, [(1, "random", "t1.1")]),
        (5, [(0, "random", "t5.0")]),
    ]
    assert jobs[0].job_id == "arena-T-0-m0"
    assert jobs[0].to_json()["seats"][0]["command"] == ["python", "random_bot.py"]
    assert jobs[2].match_id == "m5"


def test_jobs_are_enqueued_once_and_given_up_jobs_are_reported() -> None:
    jobs = jobs_for([row(index, [0, 2]) for index in range(6)])
    statuses = {
        "arena-T-0-m0": None,
        "arena-T-1-m1": "queued",
        "arena-T-2-m2": "started",
        "arena-T-3-m3": "finished",
        "arena-T-4-m4": "failed",
    }  # arena-T-5-m5: unknown to RQ, like None
    decided = plan(jobs, statuses)
    assert [job.index for job in decided.enqueue] == [0, 5]
    assert [job.index for job in decided.given_up] == [4]
    assert plan(jobs, {job.job_id: "started" for job in jobs}).enqueue == ()


def run_parser() -> Any:
    """``arena tournament run``'s own parser."""
    import argparse

    from api.cli import add_tournament_commands
    from api.settings import Settings

    parser = argparse.ArgumentParser()
    add_tournament_commands(parser.add_subparsers(dest="command"), Settings())
    return parser


def test_every_config_key_has_a_flag() -> None:
    from arena_runner.config import FILE_KEYS, TIME_CONTROL_KEYS, TOURNAMENT_KEYS

    parser = run_parser()
    run = parser._subparsers._group_actions[0].choices["tournament"]._subparsers._group_actions[0].choices["run"]
    flags = {action.dest for action in run._actions}
    keys = {*FILE_KEYS, *TOURNAMENT_KEYS, *TIME_CONTROL_KEYS} - {"tournament", "entrants", "time_control"}
    assert keys - flags == set(), "a config key without a flag"
    assert "entrants" in flags  # --entrant, --long-lived and --bot


def test_flags_alone_describe_any_tournament(tmp_path: Path) -> None:
    argv = [
        "tournament",
        "run",
        *("--game", "pili-pili", "--players-per-match", "2", "--format", "gauntlet", "--output", str(tmp_path)),
        *("--options", '{"missions": "standard"}', "--duplicate", "--sprt", "0,20,0.05,0.1", "--rounds", "4"),
        *("--per-action", "3", "--on-timeout", "bot", "--first-decision", "5", "--max-illegal", "4"),
        *("--lease", "20", "--handshake-timeout", "0", "--bot", "a=greedy", "--bot", "b=random"),
    ]
    args = run_parser().parse_args(argv)
    config = build({}, vars(args), env={})
    body = config.body()
    assert body["options"] == {"missions": "standard"} and body["duplicate"] is True
    assert body["sprt"] == {"elo0": 0.0, "elo1": 20.0, "alpha": 0.05, "beta": 0.1}
    assert body["time_control"] == {"per_action": 3.0, "on_timeout": "bot", "first_decision": 5.0}
    assert (body["max_illegal"], body["rounds"]) == (4, 4)
    assert (config.lease, config.handshake_timeout) == (20.0, 0.0)


def test_a_time_control_flag_merges_into_the_files(tmp_path: Path) -> None:
    config = build(config_file(tmp_path), {"first_decision": 12.0}, env={})
    assert config.body()["time_control"] == {"per_action": 5, "on_timeout": "forfeit", "first_decision": 12.0}
    with pytest.raises(ConfigError, match="per_action"):
        build(
            config_file(tmp_path, CONFIG.replace('time_control = { per_action = 5, on_timeout = "forfeit" }\n', "")),
            {"on_timeout": "bot"},
            env={},
        )


def test_an_entrant_may_have_its_own_clock_in_the_file_or_by_a_flag(tmp_path: Path) -> None:
    """Its own time control goes in the create body as the API's ``EntrantRequest.time_control``, taking the
    tournament's ``on_timeout`` and ``first_decision`` unless it says otherwise; the others keep the tournament's."""
    from arena_client.models import CreateTournament

    text = CONFIG.replace('name = "random"\n', 'name = "random"\ntime_control = { base = 40, increment = 0.5 }\n')
    config = build(config_file(tmp_path, text), {"first_decision": 9.0}, env={})
    own = {"base": 40, "increment": 0.5, "on_timeout": "forfeit", "first_decision": 9.0}
    assert config.entrant("random").time_control == own
    assert config.body()["entrants"] == [
        {"name": "random", "time_control": own},
        {"name": "looper"},
        {"name": "greedy", "bot": "greedy"},
    ]
    argv = ["tournament", "run", *("--game", "pipifax", "--players-per-match", "2", "--format", "round-robin")]
    argv += [*("--output", str(tmp_path), "--per-action", "6", "--on-timeout", "bot", "--redis", "redis://r:1/0")]
    argv += [*("--entrant", "fast=python fast.py", "--entrant", "sleeper=python sleeping_bot.py", "--bot", "g=greedy")]
    argv += ["--entrant-per-action", "sleeper=1.5"]
    config = build({}, vars(run_parser().parse_args(argv)), env={})
    body = config.body()
    assert body["time_control"] == {"per_action": 6.0, "on_timeout": "bot"}
    assert body["entrants"] == [
        {"name": "fast"},
        {"name": "sleeper", "time_control": {"per_action": 1.5, "on_timeout": "bot"}},
        {"name": "g", "bot": "greedy"},
    ]
    # What the SDK sends: the entrant's own clock reaches the request, the others have none.
    sent = CreateTournament.from_dict(body).to_dict()
    assert [entrant.get("time_control") for entrant in sent["entrants"]] == [
        None,
        body["entrants"][1]["time_control"],
        None,
    ]
    # The flag is over the file's own clock.
    config = build(config_file(tmp_path, text), {"entrant_per_action": ["random=2"]}, env={})
    assert config.entrant("random").time_control == {"per_action": 2.0, "on_timeout": "forfeit"}


@pytest.mark.parametrize(
    ("text", "flags", "message"),
    [
        (CONFIG, {"entrant_per_action": ["nobody=2"]}, "names no entrant: 'nobody'"),
        (CONFIG, {"entrant_per_action": ["greedy=2"]}, "server bot is never timed"),
        (CONFIG.replace('bot = "greedy"', 'bot = "greedy"\ntime_control = { per_action = 2 }'), {}, "never timed"),
        (CONFIG.replace('name = "random"\n', 'name = "random"\ntime_control = 2\n'), {}, "must be a table"),
        (CONFIG, {"entrant_per_action": ["random"]}, "NAME=SECONDS"),
        (CONFIG, {"entrant_per_action": ["random=fast"]}, "NAME=SECONDS"),
        (CONFIG, {"entrant_per_action": ["random=0"]}, "above 0"),
    ],
)
def test_an_entrants_own_clock_that_cannot_be_says_why(
    tmp_path: Path, text: str, flags: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        build(config_file(tmp_path, text), flags, env={})


@pytest.mark.parametrize("flag", [("--sprt", "20"), ("--sprt", "a,b"), ("--options", "[1]"), ("--options", "{")])
def test_a_bad_flag_value_is_refused_by_the_parser(flag: tuple[str, str]) -> None:
    with pytest.raises(SystemExit):
        run_parser().parse_args(["tournament", "run", *flag])


def test_a_jobs_match_is_read_back_from_its_id_for_its_own_tournament_only() -> None:
    assert match_of_job("T", job_id("T", 12, "a-b_c")) == "a-b_c", "a match id may hold a dash"
    assert match_of_job("T", job_id("U", 12, "m0")) is None, "another tournament's job"
    assert match_of_job("T", None) is None, "a worker playing nothing"
    assert match_of_job("T", "arena-T-x-m0") is None and match_of_job("T", "arena-T-3") is None

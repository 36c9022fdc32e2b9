"""The benchmarks' pinning: the servers under test on one CPU, the benchmark and its load generators on the others."""

from __future__ import annotations

import os
import subprocess
import sys

#: Run in a process of its own, since pinning changes the CPUs of the process that pins.
PROGRAM = """
import os, subprocess, sys
from bench.servers import pin_apart
server = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
try:
    done = pin_apart([server.pid, 2**22 + 7])  # the second is no process: skipped
    load = subprocess.run([sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"],
                          capture_output=True, text=True, check=True).stdout.strip()
    print(done, sorted(os.sched_getaffinity(server.pid)), sorted(os.sched_getaffinity(0)), load, sep="|")
finally:
    server.kill()
"""


def test_servers_run_on_the_first_cpu_and_the_load_generators_on_the_others() -> None:
    cpus = sorted(os.sched_getaffinity(0))
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    done, server, bench, load = out.split("|")
    if len(cpus) < 2:  # nothing to keep apart on one CPU: everything stays where it was
        assert (done, server, bench, load) == ("None", str(cpus), str(cpus), str(cpus))
    else:
        others = ",".join(map(str, cpus[1:]))
        assert done == f"servers on CPU {cpus[0]}, load generators on CPU {others}"
        assert (server, bench, load) == (str(cpus[:1]), str(cpus[1:]), str(cpus[1:]))

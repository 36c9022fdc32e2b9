"""The live tests of long-polls and event streams, run against the cluster (one module per collected
module: their fixtures share names)."""

from __future__ import annotations

from tests.cluster.collected import collect_from
from tests.e2e import test_streams_live

globals().update(collect_from(test_streams_live))

"""The webhook tests of the API and the worker, run against the three-master cluster
(``tests/cluster/conftest.py``): every webhook script touches one hash slot (a match's, a
tournament's or the ``{webhooks}`` index's; one that touched two would fail with ``CROSSSLOT``), and
the worker hears of new versions over the cluster's pub/sub."""

from __future__ import annotations

from tests.cluster.collected import collect_from
from tests.webhooks import test_delivery, test_webhook_api

globals().update(
    collect_from(
        test_webhook_api,
        test_delivery,
        # the transport's tests need no store; the two-worker test is the one-server test's
        leave_out=frozenset(
            {
                "test_a_connection_is_kept_and_made_again_when_the_receiver_closed_it",
                "test_an_address_refused_at_delivery_is_never_called",
                "test_a_receiver_that_drips_its_answer_is_cut_off_at_the_timeout",
                "test_two_workers_deliver_each_event_once_and_in_order",
            }
        ),
    )
)

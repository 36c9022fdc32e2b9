"""Signed webhooks: a match's or tournament's public events POSTed to a URL its creator gave.

A pure core decides what to send and when, tested without Redis or HTTP:

- :mod:`api.webhooks.signing`: the per-webhook secret and the ``Arena-Signature`` header;
- :mod:`api.webhooks.backoff`: when a failed delivery is tried again, and when it is given up;
- :mod:`api.webhooks.plan`: what to deliver next from a delivered-up-to cursor, and each body;
- :mod:`api.webhooks.addresses`: which URLs and addresses a webhook may reach.

A thin shell around it: :mod:`api.webhooks.store` (every key and script), :mod:`api.webhooks.transport`
(one POST, to an address checked just before), :mod:`api.webhooks.worker` (the ``arena webhooks``
process; never the request path), :mod:`api.webhooks.registration` (what creating a match or a
tournament with a ``webhook`` adds) and :mod:`api.webhooks.routes` (the delivery log, for the host).
"""

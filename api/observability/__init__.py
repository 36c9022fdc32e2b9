"""What operators watch: Prometheus metrics at ``/metrics`` and structured JSON logs with request ids.

``logs`` imports only the standard library (gunicorn's master loads it before gevent patches a
worker); ``metrics`` holds the metrics and the hooks the server calls; ``requests`` wires both into
the Flask app. docs/operations.md lists every metric and what to alert on.
"""

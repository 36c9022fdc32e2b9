"""The WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``. Each worker beats while it serves."""

from api.http.app import create_app
from api.http.heartbeat import start_heartbeat

app = create_app()
start_heartbeat(app)

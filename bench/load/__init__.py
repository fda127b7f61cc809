"""The load scenario: Locust against gunicorn, PostgreSQL and Redis on loopback."""

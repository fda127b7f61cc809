"""Players browsing a campaign: each logs in once, then opens sheets, weeks, standings
and games with a short think time between pages.

Run by ``python -m bench.load.run``, which passes the pages to visit in ``LOAD_PLAN``
(JSON) and reads every response time back from ``LOAD_TIMINGS`` (a JSON file written
when Locust stops), so the percentiles it prints are exact rather than Locust's rounded
buckets.
"""

from __future__ import annotations

import itertools
import json
import os
import random

from locust import HttpUser, between, events, task

PLAN = json.loads(os.environ.get("LOAD_PLAN", '{"users": [], "password": "", "pages": {}}'))
_TIMINGS: list[tuple[str, float, bool]] = []
_NEXT_USER = itertools.count()


@events.request.add_listener
def _record(name, response_time, exception, **_kwargs):
    _TIMINGS.append((name, response_time, exception is not None))


@events.quitting.add_listener
def _dump(**_kwargs):
    path = os.environ.get("LOAD_TIMINGS")
    if path:
        with open(path, "w") as out:
            json.dump(_TIMINGS, out)


class Player(HttpUser):
    wait_time = between(0.5, 1.5)

    def on_start(self):
        users = PLAN["users"]
        self.username = users[next(_NEXT_USER) % len(users)]
        self.client.get("/accounts/login/", name="login form")
        token = self.client.cookies.get("csrftoken", "")
        with self.client.post("/accounts/login/", name="login", allow_redirects=False,
                              catch_response=True,
                              data={"username": self.username, "password": PLAN["password"],
                                    "csrfmiddlewaretoken": token}) as response:
            if response.status_code != 302:
                response.failure(f"login as {self.username}: {response.status_code}")

    def _open(self, page: str) -> None:
        if page not in PLAN["pages"]:
            return  # the demo has no such page this time (a game, in some weeks)
        url = random.choice(PLAN["pages"][page])
        with self.client.get(url, name=page, allow_redirects=False,
                             catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"{url}: {response.status_code}")

    @task(4)
    def sheet(self):
        self._open("sheet")

    @task(3)
    def week(self):
        self._open("week")

    @task(2)
    def standings(self):
        self._open("standings")

    @task(1)
    def standings_history(self):
        self._open("standings history")

    @task(2)
    def game(self):
        self._open("game")

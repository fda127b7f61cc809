"""The home page: a logged-in user's crews, what needs them now, their next game and
their latest notifications; for organizers, what their leagues need. Read only: it has
no models and writes nothing (``selectors.py`` reads, ``views.py``/``api.py`` render)."""

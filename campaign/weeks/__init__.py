"""The campaign week: its lifecycle (new hires, event flipped, games, closed), the weekly
event flip and its effects (the Bullet, the Pit Fight, The Event's Avatar), the week's
dates, and the turnover jobs on Celery.

Its models belong to the ``campaign`` app (``campaign/models.py`` registers them), so its
tables and URL names are the campaign's; the package has the same inner layout as an app:
``models``, ``services`` (the only writer), ``selectors``, ``forms``, ``views``/``urls``,
``api``/``api_urls`` and ``tasks``, plus the pure ``calendar`` and ``event_flip``.
"""

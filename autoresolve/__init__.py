"""Auto-resolve, replay and matchup prediction: the simulator (``rules.engine.simulation``)
in front of players and organizers, on Celery.

``models`` holds resolve runs (one per attempt at a game, with its seed, simulator version,
status, progress and event log), the players' requests, and cached predictions;
``inputs`` turns a game or two crews into the simulator's input; ``services/`` are the only
writers; ``selectors`` decide what a viewer may read (schemes stay secret until counted);
``tasks`` are thin Celery jobs started through ``config.jobs.enqueue``.
"""

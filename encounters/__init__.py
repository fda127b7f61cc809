"""Encounters: games from setup to confirmed result: setup generators, hiring, schemes and
their secrets, the live tracker at the table, results and confirmation, and linked series."""

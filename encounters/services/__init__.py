"""Encounter writes: setup, hiring, the tracker at the table, results. Each function is
one transaction that locks the game, re-checks the rules under the lock, records what
happened in the game's log and returns the changed rows."""

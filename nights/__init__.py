"""Campaign nights: check-in, pairing (a pure algorithm), tables, starting the games, and the
venue dashboard."""

"""Encounters: setup generators, the live tracker, results and confirmation."""

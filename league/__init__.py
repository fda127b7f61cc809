"""Leagues: clubs and stores, their members and roles, invitation links and join requests."""

"""Standings: pluggable metrics, per-campaign tie-breaks, history and exports (issue 7)."""

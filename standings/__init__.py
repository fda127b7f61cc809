"""Standings: pluggable metrics, per-campaign tie-breaks, standings as of any week, charts and
exports."""

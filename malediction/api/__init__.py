"""The Malediction API under /api/malediction/ (drf-spectacular annotated)."""

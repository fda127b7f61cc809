"""Exports: the full campaign archive (export and import) and export jobs with progress, for
the archive and for every other registered export (standings)."""

"""Malediction content packs: the format, import, export and the sample pack."""

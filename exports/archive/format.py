"""The archive's header and its one error type."""

from __future__ import annotations

FORMAT = "malifaux-campaign-archive"
VERSION = 1


class ArchiveError(ValueError):
    """An archive that cannot be written or read; the message is meant for the user."""

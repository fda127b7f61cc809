"""Une seule forme de date en français (voir en_GB/formats.py)."""

DATE_FORMAT = "D j F Y"
DATETIME_FORMAT = "D j F Y à H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y à H:i"

"""One date format per language (issue 23): every page shows a date, and a date with its
time, the same way; templates use DATE_FORMAT and DATETIME_FORMAT, never literals."""

DATE_FORMAT = "D j M Y"
DATETIME_FORMAT = "D j M Y, H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"

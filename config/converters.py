"""The ``id`` path converter: a database id is 1 to 18 digits.

Django's ``int`` converter takes any run of digits, and a value past the 64-bit range
then reaches the database (SQLite raises OverflowError on some lookups: a 500). Every
path that carries an id uses ``<id:...>``; the API router and DRF action paths use
``ID_PATTERN`` (config/routers.py) to the same effect.
"""

ID_REGEX = "[0-9]{1,18}"


class IdConverter:
    regex = ID_REGEX

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value) -> str:
        return str(int(value))

"""Content packs shipped with the product (JSON data; see ``docs/content-packs.md``).

A package only so the JSON files are installed with the code.
"""

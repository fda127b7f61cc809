"""The content catalogue: factions, content packs, stat cards and upgrade cards.

``models`` holds the cards, ``schema`` the pack format and its validation (one place for
both JSON and CSV), ``csv_format`` turns CSV files into a pack document and back,
``importer`` writes a validated document in one transaction, ``exporter`` reads a pack
back out, ``selectors`` holds the read-side filters shared by pages and API, and
``sample`` loads the sample pack shipped with the product (``packs/``). Pages live under
``/rules/catalogue/`` and the API under ``/api/rules/``. See ``docs/content-packs.md``.
"""

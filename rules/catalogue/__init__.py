"""The content catalogue: stat cards and upgrade cards bundled as content packs.

``schema`` is the pack format and its validation (one place for both JSON and CSV),
``csv_format`` turns CSV files into a pack document and back, ``importer`` writes a
validated document in one transaction, ``exporter`` reads a pack back out,
``queries`` holds the read-side filters shared by pages and API, and ``sample`` loads
the sample pack shipped with the product. See ``docs/content-packs.md``.
"""

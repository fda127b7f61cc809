"""The community card data importer: the second-edition crew builder's JavaScript data
files (``cards``, ``actions``, ``abilities``, ``triggers``, ``factions``,
``characteristics``), read without running them, converted into a format 2 pack, with
every defect reported per card so an organizer may import the rest."""

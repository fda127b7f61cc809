"""The full campaign archive: one JSON document that imports into another install.

``sections`` lists what is archived (a small registry other apps add to), ``exporter``
writes the document and ``importer`` reads it back in one transaction.
"""

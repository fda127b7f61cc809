"""The game itself: the pure-Python engine (`engine/`), the rule tables as data (`data/`, loaded by
`tables.py` and `encounter_tables.py`), and their edges: the duel odds, the flip record and the
rule-table pages."""

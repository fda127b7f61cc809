"""Malediction's rules as pure Python (no Django, no app): the ``malediction`` app maps its
rows onto these dataclasses, stores the tracker's entries and the simulator's logs.

A different game from Malifaux played in the same leagues: a d20 attack die, echo to spend,
mastery to win, husks and relics on a 30" board. Modules, each named after what it does:

- ``cards``: Unit, Seeker, Legacy, Spell, Item, Relic, TerrainCard (null stats are ``None``).
- ``modes``: Standard, Demo, Allegiance, Nemesis; Strife and Maelstrom boards; the numbers.
- ``warband``: ``validate(WarBand)`` returns every ``Problem`` (code, message, card);
  ``swap_side_deck`` for a match's side-deck swap.
- ``attack`` and ``odds``: one d20 attack; exact outcome chances, damage distribution and
  the chance to defeat within 1 to 5 attacks (``attack_odds(...).to_dict()``).
- ``match_state``: the tracker's event-sourced rules (``replay(setup, entries)``, undo =
  drop the last entry); ``result.MatchResult`` is the result form both it and the
  simulator fill.
- ``codec``: cards and war bands to JSON and back.
- ``sim``: the seeded match simulator (``simulate``, ``replay``, ``frames``, commanders).
"""

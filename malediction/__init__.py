"""Malediction, the second game played in the same leagues: content packs and cards, war
bands and their validation, events with rounds, matches with their results, the match
tracker. Pure rules live in ``rules/engine/malediction``; this app is their edges."""

"""Pages of the rules: the duel calculator and the campaign rule tables."""

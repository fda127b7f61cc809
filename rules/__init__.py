"""The game itself: the pure-Python engine, rule tables as data, the content catalogue
and the record of every flip the server makes or a player enters."""

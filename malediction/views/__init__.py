"""Malediction pages; thin: parse, check permissions, call a service, render."""

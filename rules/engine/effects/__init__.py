"""Card effects as data: the effect language, the parser of card text, and coverage.

``language`` holds the effect types (frozen dataclasses with a JSON form), ``parser``
reads the templated phrasings of card text into them (refusing what it cannot read),
and ``coverage`` says, per element, card and pack, what a player of effects (the
simulator) plays and what it does not. Pure Python: no Django, no app imports.
"""

from . import language
from .language import *  # noqa: F403  (the package re-exports the language as it is)

__all__ = list(language.__all__)

"""Commanders: who decides for each side (see ``base.Commander``)."""

from .base import BaseCommander, Commander, DuelContext
from .heuristic import HeuristicCommander
from .random import RandomCommander
from .scripted import ScriptedCommander

__all__ = ["BaseCommander", "Commander", "DuelContext", "HeuristicCommander",
           "RandomCommander", "ScriptedCommander"]

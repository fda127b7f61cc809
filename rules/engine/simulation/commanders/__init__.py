"""Commanders: who decides for each side (see ``base.Commander``)."""

from .base import BaseCommander, Commander, DuelContext
from .heuristic import BaselineCommander, HeuristicCommander
from .random import RandomCommander
from .scripted import ScriptedCommander

__all__ = ["BaseCommander", "BaselineCommander", "Commander", "DuelContext", "HeuristicCommander",
           "RandomCommander", "ScriptedCommander"]

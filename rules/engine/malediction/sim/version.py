"""The simulator's version: part of every log, so a replay knows which rules made it.
Bump it whenever the same input and seed could play differently."""

SIM_VERSION = "1.1.0"

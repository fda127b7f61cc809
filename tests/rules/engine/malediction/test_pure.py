"""The Malediction engine is covered by the engine-wide import check (no Django, no app)."""

from tests.rules.engine.test_engine_imports import (
    CHECKED_FILES,
    ENGINE_MODULES,
    allowed,
    imports_of,
)


def test_the_import_check_covers_every_malediction_module():
    for name in ("rules.engine.malediction.cards", "rules.engine.malediction.match_state",
                 "rules.engine.malediction.sim.game", "rules.engine.malediction.sim.commanders"):
        assert name in ENGINE_MODULES
    mine = [p for p in CHECKED_FILES if "malediction" in p.parts]
    assert len(mine) >= 15
    for path in mine:
        assert all(allowed(name) for _, name in imports_of(path)), path

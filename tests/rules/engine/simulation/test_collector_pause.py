"""The simulator pauses the cyclic garbage collector for an encounter (a speed measure):
the switch is put back as it was, and a finished encounter leaves no cyclic garbage."""

from __future__ import annotations

import gc

import pytest

from rules.engine.simulation import IllegalCommand, ScriptedCommander, simulate

from .builders import sample_setup


def test_the_collector_is_on_again_after_an_encounter():
    assert gc.isenabled()
    simulate(sample_setup(strategy="reckoning"), seed=3)
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off():
    gc.disable()
    try:
        simulate(sample_setup(strategy="reckoning"), seed=3)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_collector_is_on_again_when_an_encounter_fails():
    broken = (ScriptedCommander(answers={"choose_zone": 7}),
              ScriptedCommander(answers={"choose_zone": 7}))
    with pytest.raises(IllegalCommand):
        simulate(sample_setup(), seed=3, commanders=broken)
    assert gc.isenabled()


def test_a_finished_encounter_leaves_no_cyclic_garbage():
    simulate(sample_setup(strategy="turf-war"), seed=5)
    gc.collect()
    gc.disable()
    try:
        simulate(sample_setup(strategy="turf-war"), seed=6)
        assert gc.collect() == 0
    finally:
        gc.enable()

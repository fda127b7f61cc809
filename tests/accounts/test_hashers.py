"""The pooled Argon2 hasher: Django's hashes exactly, in reused and wiped work memory."""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.hashers import Argon2PasswordHasher

from accounts import hashers
from accounts.hashers import PooledArgon2PasswordHasher

# Made by the portable argon2-cffi-bindings wheel at Django 5.2's parameters; a libargon2
# built on this machine (scripts/_argon2_build.sh) must give the same digest.
PORTABLE = ("argon2$argon2id$v=19$m=102400,t=2,p=8$YWJjZGVmZ2hpamtsbW5vcA"
            "$MiC7s1Xn9jPNFIwlOeLyG7c23BeoGRF9Y6sk2Rchwq4")
# Django's own test vectors for older hashes: Argon2i without a version (0x10), and with one.
OLD_DJANGO = [
    "argon2$argon2i$m=8,t=1,p=1$c29tZXNhbHQ$gwQOXSNhxiOxPOA0+PY10P9QFO"
    "4NAYysnqRt1GSQLE55m+2GYDt9FEjPMHhP2Cuf0nOEXXMocVrsJAtNSsKyfg",
    "argon2$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$YC9+jJCrQhs5R6db7LlN8Q",
]


@pytest.fixture
def memory(monkeypatch):
    """A pool of its own for the test, of one buffer."""
    monkeypatch.setenv("DJANGO_ARGON2_POOL", "1")
    pool = hashers._WorkMemory()
    monkeypatch.setattr(hashers, "_memory", pool)
    return pool


def test_it_writes_djangos_argon2_hash_byte_for_byte_at_djangos_parameters(memory):
    ours = PooledArgon2PasswordHasher().encode("pw", "abcdefghijklmnop")
    assert ours == Argon2PasswordHasher().encode("pw", "abcdefghijklmnop") == PORTABLE
    assert "$m=102400,t=2,p=8$" in ours  # Django 5.2's own strength, not lowered
    assert PooledArgon2PasswordHasher.algorithm == Argon2PasswordHasher.algorithm


def test_each_hasher_verifies_the_others_hashes_and_refuses_a_wrong_password(memory):
    ours, django = PooledArgon2PasswordHasher(), Argon2PasswordHasher()
    made_by_django = django.encode("lètmein", django.salt())
    made_by_us = ours.encode("lètmein", ours.salt())
    assert ours.verify("lètmein", made_by_django) and django.verify("lètmein", made_by_us)
    assert not ours.verify("letmein", made_by_django)
    assert not ours.verify("", made_by_us)


@pytest.mark.parametrize("encoded", OLD_DJANGO)
def test_older_argon2i_hashes_still_verify(memory, encoded):
    ours = PooledArgon2PasswordHasher()
    assert ours.verify("secret", encoded)
    assert not ours.verify("wrong", encoded)
    assert ours.must_update(encoded)  # re-hashed as Argon2id at the next login


def test_a_malformed_hash_gets_djangos_own_answer(memory):
    broken = "argon2$argon2id$v=19$m=8,t=1,p=1$c29tZXNhbHQ$not*base64"
    try:
        expected = Argon2PasswordHasher().verify("secret", broken)
    except Exception as exc:
        with pytest.raises(type(exc)):
            PooledArgon2PasswordHasher().verify("secret", broken)
    else:
        assert PooledArgon2PasswordHasher().verify("secret", broken) is expected


def test_the_work_memory_is_reused_and_wiped_after_each_check(memory, monkeypatch):
    ours = PooledArgon2PasswordHasher()
    assert ours.verify("pw", PORTABLE)
    (buffer,) = memory._idle
    monkeypatch.setattr(memory, "_fresh", lambda size: pytest.fail("a fresh buffer"))
    assert not ours.verify("px", PORTABLE)
    assert memory._idle == [buffer] and not memory._lent
    assert len(buffer) == 102400 * 1024
    assert buffer[:] == bytes(len(buffer))  # libargon2 cleared it before giving it back


def test_concurrent_checks_get_their_own_memory_and_the_pool_keeps_its_size(memory):
    ours = PooledArgon2PasswordHasher()
    results: dict[int, bool] = {}

    def check(n: int) -> None:
        results[n] = ours.verify("pw" if n % 2 else "wrong", PORTABLE)

    threads = [threading.Thread(target=check, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {0: False, 1: True, 2: False, 3: True}
    assert memory.idle() == 1 and not memory._lent  # the extra buffers were released


def test_with_the_pool_off_it_is_djangos_hasher(monkeypatch, memory):
    monkeypatch.setenv("DJANGO_ARGON2_POOL", "0")
    ours = PooledArgon2PasswordHasher()
    assert ours.encode("pw", "abcdefghijklmnop") == PORTABLE
    assert ours.verify("pw", PORTABLE) and not ours.verify("px", PORTABLE)
    assert memory.idle() == 0 and not memory._lent


def test_warm_up_fills_the_pool_with_buffers_the_next_check_uses(memory, monkeypatch,
                                                                  settings):
    from config import settings as project

    settings.PASSWORD_HASHERS = project.PASSWORD_HASHERS  # the suite hashes with MD5
    monkeypatch.setenv("DJANGO_ARGON2_POOL", "2")
    assert hashers.warm_up() == 2
    monkeypatch.setattr(memory, "_fresh", lambda size: pytest.fail("a fresh buffer"))
    assert PooledArgon2PasswordHasher().verify("pw", PORTABLE)


def test_by_default_a_process_keeps_a_buffer_per_core_it_may_use_at_most_four(monkeypatch):
    monkeypatch.delenv("DJANGO_ARGON2_POOL", raising=False)
    monkeypatch.setattr(hashers.os, "sched_getaffinity", lambda pid: set(range(64)))
    assert hashers.pool_size() == hashers.MAX_DEFAULT_POOL == 4
    monkeypatch.setattr(hashers.os, "sched_getaffinity", lambda pid: {0, 1})
    assert hashers.pool_size() == 2
    assert hashers._threads(8) == 2


def test_warm_up_does_nothing_when_another_hasher_makes_new_passwords(memory):
    assert hashers.warm_up() == 0  # the suite's MD5 hasher
    assert memory.idle() == 0

"""How long one password check takes with each hasher Django ships, at Django's own
parameters: the floor under any login's response time on this machine.

Run: ``python -m bench.bench_hashers``. Login must keep the hashing strength Django
recommends, so this is what a login costs before any page work. The first line is the
hasher the app uses for new passwords (Django's ``Argon2PasswordHasher``, unchanged, on
the published argon2-cffi-bindings wheel); ``bench/load/`` measures it under load.
"""

from __future__ import annotations

import os
import statistics
import time

ROUNDS = 15


def library_build() -> str:
    """Which libargon2 is installed: the published (portable) wheel, or one built from
    source on some machine. Benchmarks print it with their figures."""
    from importlib.metadata import distribution

    wheel = distribution("argon2-cffi-bindings").read_text("WHEEL") or ""
    return "published wheel" if "manylinux" in wheel or "musllinux" in wheel else "source build"


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.utils.module_loading import import_string

    print(f"One password check, {ROUNDS} rounds each, {os.cpu_count()} cores, libargon2 "
          f"{library_build()} (wall ms: min / median / max; CPU ms median)")
    for dotted in settings.PASSWORD_HASHERS:
        hasher = import_string(dotted)()
        try:
            encoded = hasher.encode("malifaux-demo", hasher.salt())
        except ValueError as exc:  # its library is not installed (bcrypt)
            print(f"  {hasher.algorithm:<16} not installed: {exc}")
            continue
        walls, cpus = [], []
        for _ in range(ROUNDS):
            wall, cpu = time.perf_counter(), time.process_time()
            assert hasher.verify("malifaux-demo", encoded)
            walls.append((time.perf_counter() - wall) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
        marker = "  <- used for new passwords" if dotted == settings.PASSWORD_HASHERS[0] else ""
        name = type(hasher).__name__.removesuffix("PasswordHasher")
        print(f"  {name:<16} {min(walls):6.1f} / {statistics.median(walls):6.1f} / "
              f"{max(walls):6.1f}   cpu {statistics.median(cpus):6.1f}{marker}")


if __name__ == "__main__":
    main()

"""Argon2 at Django's own parameters, with its 100 MiB of work memory kept between checks.

Django's ``Argon2PasswordHasher`` lets libargon2 ``malloc`` the memory for every check.
That much memory comes straight from the kernel, so each login faults in and zeroes
25,600 fresh pages: about 40 ms of kernel time on top of the hashing, a third of the wall
time on the reference machine (``bench/bench_hashers.py``). This hasher hands libargon2
buffers from a small pool instead, already faulted in (and offered huge pages), through
the allocator callbacks libargon2 provides for this.

Nothing about the hash changes: same algorithm name, same parameters (read from Django's
hasher), the same encoded string byte for byte, so hashes move freely between the two.
libargon2 still wipes the work memory before handing it back (``clear_internal_memory``).
"""

from __future__ import annotations

import base64
import contextlib
import hmac
import mmap
import os
import threading

from django.contrib.auth.hashers import Argon2PasswordHasher

_POOL_SIZE_ENV = "DJANGO_ARGON2_POOL"
ARGON2_VERSION_10 = 0x10


MAX_DEFAULT_POOL = 4  # gunicorn's threads per worker: no more hashes run at once


def pool_size() -> int:
    """How many work buffers a process keeps: one per core it may run on (at most
    ``MAX_DEFAULT_POOL``) by default, 0 turns pooling off.

    More than one per core gains nothing (the hashing is CPU-bound); each is 100 MiB, and
    the warm-up fills them all.
    """
    raw = os.environ.get(_POOL_SIZE_ENV, "").strip()
    return int(raw) if raw.isdigit() else min(_cores(), MAX_DEFAULT_POOL)


def _cores() -> int:
    """The cores this process may run on (a container's CPU set, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


class _WorkMemory:
    """The pool, and the two callbacks libargon2 calls to take and give back memory."""

    def __init__(self) -> None:
        from _argon2_cffi_bindings import ffi, lib

        self.ffi, self.lib = ffi, lib
        self._lock = threading.Lock()
        self._idle: list[mmap.mmap] = []
        self._lent: dict[int, tuple[mmap.mmap, object]] = {}
        self.allocate = ffi.callback("int(uint8_t **, size_t)", self._allocate,
                                     error=lib.ARGON2_MEMORY_ALLOCATION_ERROR)
        self.release = ffi.callback("void(uint8_t *, size_t)", self._release)

    def _allocate(self, out, size: int) -> int:
        with self._lock:
            buffer = next((b for b in self._idle if len(b) == size), None)
            if buffer is not None:
                self._idle.remove(buffer)
        if buffer is None:
            buffer = self._fresh(size)
        pointer = self.ffi.from_buffer("uint8_t[]", buffer)
        with self._lock:
            self._lent[int(self.ffi.cast("uintptr_t", pointer))] = (buffer, pointer)
        out[0] = pointer
        return self.lib.ARGON2_OK

    def _release(self, memory, size: int) -> None:
        with self._lock:
            buffer, pointer = self._lent.pop(int(self.ffi.cast("uintptr_t", memory)))
            self.ffi.release(pointer)  # the buffer can be closed only once nothing points at it
            if len(self._idle) < pool_size():
                self._idle.append(buffer)
                return
        buffer.close()

    @staticmethod
    def _fresh(size: int) -> mmap.mmap:
        buffer = mmap.mmap(-1, size)
        if hasattr(mmap, "MADV_HUGEPAGE"):
            with contextlib.suppress(OSError):  # transparent huge pages are off: plain do
                buffer.madvise(mmap.MADV_HUGEPAGE)
        buffer[:: mmap.PAGESIZE] = bytes(len(range(0, size, mmap.PAGESIZE)))  # fault it in
        return buffer

    def fill(self, size: int, count: int) -> None:
        fresh = [self._fresh(size) for _ in range(count - self.idle())]
        with self._lock:
            self._idle.extend(fresh)

    def idle(self) -> int:
        with self._lock:
            return len(self._idle)


_memory: _WorkMemory | None = None
_memory_lock = threading.Lock()


def work_memory() -> _WorkMemory:
    global _memory
    with _memory_lock:
        if _memory is None:
            _memory = _WorkMemory()
        return _memory


def warm_up() -> int:
    """Fill the pool before the first login (gunicorn calls this as a worker starts).

    Returns how many buffers are ready; 0 when new passwords are not hashed here.
    """
    from django.contrib.auth.hashers import get_hasher

    hasher = get_hasher()
    if not isinstance(hasher, PooledArgon2PasswordHasher):
        return 0
    params = hasher.params()
    lanes = 4 * params.parallelism  # libargon2 rounds memory down to whole sync segments
    size = max(params.memory_cost, 2 * lanes) // lanes * lanes * 1024
    memory = work_memory()
    memory.fill(size, pool_size())
    return memory.idle()


class PooledArgon2PasswordHasher(Argon2PasswordHasher):
    """Django's Argon2 hasher, hashing in pooled work memory (see the module docstring)."""

    def encode(self, password, salt):
        params = self.params()
        digest = self._raw(password.encode(), salt.encode(), params.type, params.version,
                           params.time_cost, params.memory_cost, params.parallelism,
                           params.hash_len)
        return (f"{self.algorithm}$argon2{params.type.name.lower()}$v={params.version}"
                f"$m={params.memory_cost},t={params.time_cost},p={params.parallelism}"
                f"${_b64(salt.encode())}${_b64(digest)}")

    def verify(self, password, encoded):
        if pool_size() == 0:
            return super().verify(password, encoded)
        argon2 = self._load_library()
        algorithm, rest = encoded.split("$", 1)
        assert algorithm == self.algorithm
        try:
            params = argon2.extract_parameters("$" + rest)
            *_, b64salt, b64hash = rest.split("$")
            salt, expected = _unb64(b64salt), _unb64(b64hash)
        except (argon2.exceptions.InvalidHashError, ValueError):
            return super().verify(password, encoded)  # Django's own answer to a bad hash
        # A hash without "v=" is from Argon2 1.0 (0x10), as libargon2 reads it; argon2-cffi's
        # extract_parameters says otherwise.
        version = params.version if "$v=" in rest else ARGON2_VERSION_10
        digest = self._raw(password.encode(), salt, params.type, version,
                           params.time_cost, params.memory_cost, params.parallelism,
                           len(expected))
        return hmac.compare_digest(digest, expected)

    def _raw(self, password: bytes, salt: bytes, kind, version: int, time_cost: int,
             memory_cost: int, parallelism: int, hash_len: int) -> bytes:
        """One Argon2 digest through ``argon2_ctx``, with the pool as its allocator."""
        argon2 = self._load_library()
        if pool_size() == 0:
            return argon2.low_level.hash_secret_raw(
                password, salt, time_cost=time_cost, memory_cost=memory_cost,
                parallelism=parallelism, hash_len=hash_len, type=kind, version=version)
        memory = work_memory()
        ffi, lib = memory.ffi, memory.lib
        out = ffi.new("uint8_t[]", hash_len)
        c_password, c_salt = ffi.new("uint8_t[]", password), ffi.new("uint8_t[]", salt)
        context = ffi.new("argon2_context *", {
            "out": out, "outlen": hash_len,
            "pwd": c_password, "pwdlen": len(password),
            "salt": c_salt, "saltlen": len(salt),
            "secret": ffi.NULL, "secretlen": 0, "ad": ffi.NULL, "adlen": 0,
            "t_cost": time_cost, "m_cost": memory_cost,
            "lanes": parallelism, "threads": _threads(parallelism), "version": version,
            "allocate_cbk": memory.allocate, "free_cbk": memory.release,
            "flags": lib.ARGON2_DEFAULT_FLAGS,
        })
        result = lib.argon2_ctx(context, kind.value)
        if result != lib.ARGON2_OK:
            raise argon2.exceptions.HashingError(
                ffi.string(lib.argon2_error_message(result)).decode("ascii"))
        return bytes(ffi.buffer(out, hash_len))


def library_build() -> str:
    """Which libargon2 is installed: the portable wheel (SSE2) or one built on this machine
    for its CPU (``scripts/_argon2_build.sh``, AVX2). Benchmarks print it with their figures."""
    from importlib.metadata import distribution

    wheel = distribution("argon2-cffi-bindings").read_text("WHEEL") or ""
    return "portable wheel" if "manylinux" in wheel or "musllinux" in wheel else "built here"


def _threads(lanes: int) -> int:
    """Threads to hash the lanes with: no more than the cores. The digest does not depend on
    it; more threads than cores only adds thread starts (eight per lane per hash)."""
    return max(1, min(lanes, _cores()))


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)

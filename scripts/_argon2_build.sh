# Sourced by scripts/_venv.sh after an install: rebuild libargon2 (argon2-cffi-bindings)
# for this CPU when it has AVX2. The hashes are the same; each login's password check takes
# about 40% less CPU than with the portable SSE2 wheel (bench/bench_hashers.py), which is
# what brings a login under 100 ms on two cores (issue 16, bench/load/).
# ARGON2_PORTABLE=1 keeps the wheel (for a venv copied to other machines); without a C
# compiler, or if the build fails, the wheel stays too, with a warning.
argon2_build() {
  [ "${ARGON2_PORTABLE:-0}" = 1 ] && return 0
  [ "$(uname -m)" = x86_64 ] && grep -qw avx2 /proc/cpuinfo 2>/dev/null || return 0
  if ! command -v cc >/dev/null 2>&1; then
    apt_install gcc libc6-dev || { echo "No C compiler: Argon2 stays the portable build." >&2; return 0; }
  fi
  local version
  version="$(.venv/bin/python -c 'import importlib.metadata as m; print(m.version("argon2-cffi-bindings"))')"
  CFLAGS="-O3 -march=x86-64-v3" .venv/bin/python -m pip install -q --no-deps --force-reinstall \
    --no-binary argon2-cffi-bindings "argon2-cffi-bindings==$version" \
    || echo "The AVX2 build of Argon2 failed: the portable build stays (slower logins)." >&2
}

# Shared by scripts/run and scripts/test: make sure .venv exists and holds the project.
# Installs Debian's python3-venv when venv is missing and we may use apt-get.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The distribution's own python3 when it is 3.11 or newer, else python3 on PATH; PYTHON=...
# picks another. A plain source build that may come first on PATH (pyenv's default: a shared
# libpython, no profile-guided optimisation) plays about a tenth fewer simulated encounters
# a second than Debian's build of the same Python (bench/bench_simulator.py).
if [ -z "${PYTHON:-}" ]; then
  PYTHON=python3
  if [ -x /usr/bin/python3 ] && \
      /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PYTHON=/usr/bin/python3
  fi
fi

apt_install() {
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || command -v sudo >/dev/null 2>&1; }; then
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@"
  else
    echo "Please install: $*" >&2
    return 1
  fi
}

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "Python 3.11 or newer is needed (found $("$PYTHON" --version 2>&1))." >&2
  exit 1
fi
# A .venv made with another interpreter (another PYTHON, or before the system's was
# preferred) is made again with this one.
want="$("$PYTHON" -c 'import os, sys; print(os.path.realpath(sys.executable))')"
if [ -e .venv ] && ! grep -qxF "executable = $want" .venv/pyvenv.cfg 2>/dev/null; then
  echo "Making .venv again with $want." >&2
  rm -rf .venv
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv 2>/dev/null || { apt_install python3-venv && "$PYTHON" -m venv .venv; }
fi
# Reinstall only when pyproject.toml changed; an install with the test extras also
# satisfies the plain run.
hash="$(sha1sum pyproject.toml | cut -c1-12)"
if [ ! -f ".venv/.installed-$hash-${VENV_EXTRAS:-base}" ] && [ ! -f ".venv/.installed-$hash-test" ]; then
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".${VENV_EXTRAS:+[$VENV_EXTRAS]}"
  touch ".venv/.installed-$hash-${VENV_EXTRAS:-base}"
fi
# The French catalogue is compiled here (GNU gettext's msgfmt); .mo files are not committed.
if ! command -v msgfmt >/dev/null 2>&1; then
  apt_install gettext || { echo "gettext is needed to compile the translations." >&2; exit 1; }
fi
.venv/bin/python manage.py compilemessages --ignore=".venv" --ignore="node_modules" \
  --ignore="staticfiles" -v 0

# shellcheck shell=bash
# Sourced by scripts/run.sh and scripts/test.sh: make the project's virtual environment
# (.venv, beside this folder) if it is not there, and install a requirements file into it.
# A system Python that refuses `pip install` (PEP 668, Debian 12, Ubuntu 24.04) is never
# installed into: everything goes into .venv. Where `python3 -m venv` fails for lack of
# ensurepip (Debian ships it apart), Debian's python3-venv is installed first.
# Sets VENV_PYTHON, the interpreter to run everything with.
# Usage: source scripts/venv.sh; venv_install requirements.txt

VENV_DIR="${RULES_LAB_VENV:-$PWD/.venv}"
VENV_PYTHON="$VENV_DIR/bin/python"

_venv_sudo() {
  if [ "$(id -u)" -ne 0 ]; then sudo "$@"; else "$@"; fi
}

venv_make() {
  [ -x "$VENV_PYTHON" ] && return 0
  local base="${PYTHON:-python3}"
  if ! "$base" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    echo "Rules Lab needs Python 3.11 or newer ($base is $("$base" --version 2>&1))." >&2
    return 1
  fi
  if ! "$base" -m venv "$VENV_DIR" >/dev/null 2>&1; then
    rm -rf "$VENV_DIR"  # a half-made environment (no pip in it)
    echo "== installing Debian's python3-venv (python3 -m venv needs ensurepip)"
    _venv_sudo apt-get update -qq
    _venv_sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    "$base" -m venv "$VENV_DIR"
  fi
}

# Install a requirements file into .venv unless the same file was installed last time.
venv_install() {
  local req="$1" stamp
  venv_make
  stamp="$VENV_DIR/.installed-$(basename "$req")"
  if [ -f "$stamp" ] && cmp -s "$stamp" <(cat "$req" requirements.txt); then
    return 0
  fi
  echo "== installing $req into $VENV_DIR (the first time takes a few minutes)"
  "$VENV_PYTHON" -m pip install -q --disable-pip-version-check -r "$req"
  cat "$req" requirements.txt >"$stamp"
}

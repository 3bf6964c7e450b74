#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run the whole suite:
# ruff, mypy (--strict, the files of pyproject.toml) and pytest (unit, property, page and
# browser tests). The Python packages go into the virtual environment .venv (scripts/venv.sh),
# never into the system Python; Chromium, PostgreSQL, Java and npm are Debian's packages.
# Usage: bash scripts/test.sh [extra pytest arguments, e.g. tests/test_cards.py -x -q]
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
# Debian's Chromium for the browser tests (Playwright drives it; it never downloads one) and
# Debian's PostgreSQL for the storage tests: tests/pg_server.py starts a throwaway server of
# it on a loopback port for the test session (initdb into a temporary folder, as the
# postgres user when run as root); under CI a server that cannot start fails those tests.
APT=""
[ -x /usr/bin/chromium ] || APT="$APT chromium"
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || APT="$APT postgresql"
if [ -n "$APT" ]; then
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $APT >/dev/null
fi

# shellcheck source=scripts/venv.sh
source scripts/venv.sh
venv_install requirements-dev.txt
# Ray, optional for the site, so that the simulation lab's slow test against a local Ray
# (tests/test_lab_ray.py) runs too: an 80 MB wheel (ray 2.60.0, cp311) that installs in
# about 10 s; without it that test is skipped.
venv_install requirements-ray.txt

# The page checkers (package.json): axe-core, injected into every page by the browser tests,
# and the Nu Html Checker (vnu-jar), run with Debian's Java over the static export.
if ! command -v java >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq default-jre-headless >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq npm >/dev/null
fi
npm ci --no-audit --no-fund --ignore-scripts --loglevel=error

# All three run, whatever the others found; the script fails when any of them does.
failed=""
echo "== ruff"
"$VENV_PYTHON" -m ruff check . || failed="$failed ruff"
echo "== mypy --strict (engine, ui)"
"$VENV_PYTHON" -m mypy || failed="$failed mypy"
echo "== pytest"
"$VENV_PYTHON" -m pytest "$@" || failed="$failed pytest"
if [ -n "$failed" ]; then
  echo "== failed:$failed" >&2
  exit 1
fi

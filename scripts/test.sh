#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run the whole suite:
# ruff, mypy on the engine, and pytest (unit, property, page and browser tests).
# Usage: bash scripts/test.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium for the browser tests (Playwright drives it; it never downloads one).
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

python3 -m pip install -q --disable-pip-version-check -r requirements-dev.txt

echo "== ruff"
python3 -m ruff check .
echo "== mypy (engine)"
python3 -m mypy
echo "== pytest"
python3 -m pytest "$@"

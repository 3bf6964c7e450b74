#!/usr/bin/env bash
# Install and start the site on a fresh machine: make the virtual environment .venv (never
# installing into the system Python), install requirements.txt into it, run Streamlit.
# Usage: bash scripts/run.sh [extra `streamlit run` arguments, e.g. --server.port 8600]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh
venv_install requirements.txt
# Listen on every network interface, so that students' phones on the same Wi-Fi can open a
# live class (README, "A live class on one Wi-Fi"). This exposes the site to that network:
# anyone on it can open its pages and join a class whose code they know; a class is driven
# only with the teacher's key. A later --server.address (e.g. 127.0.0.1) overrides it.
exec "$VENV_PYTHON" -m streamlit run streamlit_app.py --server.address 0.0.0.0 "$@"

#!/usr/bin/env bash
# Install and start the site on a fresh machine: make the virtual environment .venv (never
# installing into the system Python), install requirements.txt into it, run Streamlit.
# Usage: bash scripts/run.sh [extra `streamlit run` arguments, e.g. --server.port 8600]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/venv.sh
source scripts/venv.sh
venv_install requirements.txt
exec "$VENV_PYTHON" -m streamlit run streamlit_app.py "$@"

"""The static export validates: every file ``python -m ui.export`` writes passes the
Nu Html Checker (``vnu-jar`` from npm, installed by scripts/test.sh, run with Debian's Java)
without a single error, and its CSS sits once in ``<head>``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ui import export as build

ROOT = Path(__file__).resolve().parent.parent
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("export")
    build.build(out)
    return out


def test_every_style_is_in_the_head_once(site: Path) -> None:
    for path in site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        head, _, body = html.partition("</head>")
        assert "<style" not in body, f"{path}: a style element in the body"
        blocks = re.findall(r"<style>(.*?)</style>", head, re.DOTALL)
        assert len(blocks) == len(set(blocks)), f"{path}: the same CSS twice"


def test_every_file_of_the_export_passes_the_nu_html_checker(site: Path) -> None:
    java = shutil.which("java")
    assert java is not None, "Java is missing: scripts/test.sh installs default-jre-headless"
    assert VNU.is_file(), "vnu-jar is missing: run npm ci (scripts/test.sh does)"
    files = sorted(str(p) for p in site.rglob("*.html"))
    assert len(files) >= 4
    done = subprocess.run([java, "-jar", str(VNU), "--errors-only", "--format", "gnu", *files],
                          capture_output=True, text=True, timeout=300, check=False)
    errors = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 0 and errors == [], "\n".join(errors[:20])


def test_the_checker_does_find_errors(tmp_path: Path) -> None:
    """The check can fail: a style in the body and an aria-label on a plain span are errors."""
    java = shutil.which("java")
    assert java is not None and VNU.is_file()
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                   '<p>a</p><style>p{}</style><span aria-label="x">y</span></body></html>',
                   encoding="utf-8")
    done = subprocess.run([java, "-jar", str(VNU), "--errors-only", "--format", "gnu", str(bad)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0 and "error" in (done.stdout + done.stderr)

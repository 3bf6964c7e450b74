"""The static export: ``python -m ui.export OUTDIR`` writes every page, every internal
link (file and #anchor) resolves, and nothing is fetched from elsewhere."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest
from test_handouts import Page

import tutorials
from tutorials import lessons
from ui import export as build
from ui.i18n import LANGS

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build.build(out)
    return out


def test_every_page_is_written(site: Path) -> None:
    expected = {Path("index.html")}
    for lang in LANGS:
        expected |= {Path(lang) / build.doc_file(doc) for doc in tutorials.DOCS}
        expected |= {Path(lang) / build.lesson_file(i) for i in lessons.ids()}
    written = {p.relative_to(site) for p in site.rglob("*") if p.is_file()}
    assert written == expected


def test_every_internal_link_resolves(site: Path) -> None:
    pages = {p.resolve(): Page(p.read_text(encoding="utf-8")) for p in site.rglob("*.html")}
    checked = 0
    for path, page in pages.items():
        assert page.loads == [], f"{path} loads {page.loads[:2]}"
        assert len(page.ids) == len(set(page.ids)), f"{path}: an id twice"
        for href in page.hrefs:
            assert "://" not in href and not href.startswith("/"), f"{path}: {href}"
            file, _, anchor = href.partition("#")
            target = (path.parent / unquote(file)).resolve() if file else path
            assert target in pages, f"{path.relative_to(site.resolve())}: {href} (no file)"
            if anchor:
                assert unquote(anchor) in pages[target].ids, \
                    f"{path.relative_to(site.resolve())}: {href} (no anchor)"
            checked += 1
    assert checked > 500


def test_rule_links_land_on_the_rule_in_the_same_language(site: Path) -> None:
    for lang in LANGS:
        glossary = Page((site / lang / "glossary.html").read_text(encoding="utf-8"))
        to_rules = [h for h in glossary.hrefs if "-rules.html#" in h]
        assert "kachuful-rules.html#K-9" in to_rules or any(
            h.startswith("kachuful-rules.html#K-") for h in to_rules)
        assert any(h.startswith("krypkasino-rules.html#C-") for h in to_rules)
        rules = Page((site / lang / "kachuful-rules.html").read_text(encoding="utf-8"))
        assert {f"K-{n}" for n in range(1, 15)} <= set(rules.ids)
        assert f"../{'es' if lang != 'es' else 'pt'}/kachuful-rules.html" in rules.hrefs


def test_the_index_lists_every_page_in_every_language(site: Path) -> None:
    index = Page((site / "index.html").read_text(encoding="utf-8"))
    for lang in LANGS:
        for doc in tutorials.DOCS:
            assert f"{lang}/{build.doc_file(doc)}" in index.hrefs
        for lesson_id in lessons.ids():
            assert f"{lang}/{build.lesson_file(lesson_id)}" in index.hrefs
    text = (site / "es" / "lesson-krypkasino-20.html").read_text(encoding="utf-8")
    assert "Krypkasino en 20 minutos" in text and 'lang="es"' in text


def test_the_command_line_builds_into_a_folder(tmp_path: Path) -> None:
    out = tmp_path / "new" / "docs"
    result = subprocess.run([sys.executable, "-m", "ui.export", str(out)], cwd=ROOT,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert "index.html" in result.stdout
    assert (out / "index.html").is_file() and (out / "pt" / "glossary.html").is_file()


def test_the_command_line_says_what_it_needs(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "ui.export"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "outdir" in result.stderr
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = subprocess.run([sys.executable, "-m", "ui.export", str(blocker / "out")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and result.stderr.startswith("ui.export:")

"""Issue 28: the rules pages mark every option value no source has as the site's own (in
the variant sections, in en/es/pt), and docs/DECISIONS.md holds the ruling."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OWN = {"en": "site's own", "es": "propi", "pt": "própri"}
MARKED = {"kachuful": ("schedule", "max_cards", "trumps"),
          "krypkasino": ("sweep_points", "double_sweep", "forced_sweep", "session")}


def section(text: str, name: str) -> str:
    start = text.index(f"### `{name}`")
    end = text.find("\n#", start + 1)
    return text[start:end if end > 0 else None]


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
@pytest.mark.parametrize("game", list(MARKED))
def test_options_no_source_has_are_marked_as_the_sites_own(game: str, lang: str) -> None:
    text = (ROOT / "tutorials" / lang / f"{game}-rules.md").read_text(encoding="utf-8")
    for name in MARKED[game]:
        part = section(text, name)
        marked = [line for line in part.split("\n- ") if OWN[lang] in line]
        assert len(marked) == 1, (game, lang, name)
        assert "(default" not in marked[0] and "(por defecto" not in marked[0] \
            and "(predefini" not in marked[0]
    assert "## Options no source has (issue 28)" in (ROOT / "docs" / "DECISIONS.md").read_text()

"""Errors, the message catalogue, strict record reading and the replay command's edges."""

import json
import subprocess
import sys

import pytest

from engine.errors import IllegalActionError, InvalidActionError, RecordError
from engine.messages import LANGUAGES, catalogue, missing_keys, render
from engine.recordio import expect_card, expect_int, expect_object


def test_errors_carry_rule_and_catalogue_sentence() -> None:
    err = IllegalActionError("common.game-over", rule="K-14")
    assert err.rule == "K-14" and str(err).endswith("(K-14)")
    assert isinstance(err, ValueError)
    assert err.localized("es").startswith("la partida ha terminado")
    assert InvalidActionError("common.bad-card", code="ZZ").rule is None


def test_every_language_has_every_key() -> None:
    assert set(LANGUAGES) <= set(catalogue())
    assert missing_keys() == {lang: [] for lang in LANGUAGES if lang != "en"}


def test_render_formats_cards_and_suits() -> None:
    from engine.cards import parse_card

    assert render("common.bad-seat", "pt", seat=5, players_minus_one=3).startswith("não existe")
    with pytest.raises(KeyError):
        render("no.such.key")
    assert parse_card("TD").code == "TD"


def test_record_readers_name_the_field() -> None:
    with pytest.raises(RecordError, match=r"^hands\[0\]\.deal\[1\]: must be a list"):
        from engine.recordio import expect_list

        expect_list("x", "hands[0].deal[1]")
    with pytest.raises(RecordError, match=r"^players: must be between 3 and 8, not 9"):
        expect_int(9, "players", lo=3, hi=8)
    with pytest.raises(RecordError, match=r"^varaint: unknown key"):
        expect_object({"varaint": {}}, "", optional=("variant",))
    with pytest.raises(RecordError, match=r"^play\[2\]: 'ZZ' is not a card code"):
        expect_card("ZZ", "play[2]")


def run_replay(stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


@pytest.mark.parametrize(
    ("doc", "field"),
    [("{not json", "not valid JSON"), ("[]", "must be a JSON object"),
     ('{"players": 4}', "format: missing"),
     ('{"format": "chess-record/1"}', "format: unknown format")],
)
def test_replay_rejects_malformed_input_with_one_line(doc: str, field: str) -> None:
    result = run_replay(doc)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and field in lines[0] and "Traceback" not in result.stderr


def test_replay_reports_unreadable_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    result = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(tmp_path / "missing.json")],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2 and "cannot read" in result.stderr
    assert json.dumps({}) == "{}"

"""Finished variant-lab studies kept in the store, so a studied question is answered at
once with its intervals.

A question is (game, variant, players, bots, engine version):

* ``variant`` — the two rule sets compared, each as its options that differ from the
  usual rules, as canonical JSON (``{"a": {...}, "b": {...}}``; a study of one variant
  has ``a == b``);
* ``bots`` — the line-up, one bot level per position, comma-joined;
* ``engine version`` — :func:`engine_version`: a fingerprint of the engine's seeded play
  (a few whole games of each game, hashed), so a change of the rules or the bots that
  changes what is played makes the stored studies of the old engine unused, by itself.

:func:`lookup` reads the store (SQLite or PostgreSQL, :mod:`store.studies`); the first
call of a process loads the shipped studies (``lab/studies/*.json``, made by
``python scripts/lab_studies.py``: the usual rules and each single-option change) into it.
:func:`keep` stores a study the site or a cluster finished. Without a store (it cannot be
opened) nothing is kept and nothing is found: the lab runs as before.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.kachuful.rules import KachufulRules
from engine.krypkasino.rules import KrypkasinoRules
from engine.registry import GAMES
from engine.sim.games import kachuful_game, krypkasino_game
from lab.stats import Estimate
from lab.studies.variant_lab import Figure, LabSummary, VariantLabStudy, rules_of
from store import studies as table

__all__ = ["SHIPPED", "STUDY_FORMAT", "Stored", "engine_version", "keep", "load_shipped",
           "lookup", "study_key", "summary_from_json", "summary_to_json", "variant_of"]

LOG = logging.getLogger(__name__)
#: The shipped studies (one file per game).
SHIPPED = Path(__file__).resolve().parent / "studies"
#: The shape of a stored summary; part of the engine version, so a new shape is a new key.
STUDY_FORMAT = 1

_VERSION: str | None = None
_LOADED: set[str] = set()
_LOCK = threading.Lock()


def engine_version() -> str:
    """A fingerprint of the engine's seeded play: seeded whole games of both games (basic
    and random bots, a short and a usual variant), hashed with :data:`STUDY_FORMAT`."""
    global _VERSION
    with _LOCK:
        if _VERSION is None:
            games = [kachuful_game(KachufulRules(max_cards=3), ("basic", "random", "basic"), s)
                     for s in (1, 2)]
            games += [kachuful_game(KachufulRules(), ("basic",) * 4, 3)]
            games += [krypkasino_game(KrypkasinoRules(session=1), ("basic", "random"), s)
                      for s in (1, 2)]
            games += [krypkasino_game(KrypkasinoRules(), ("basic",) * 4, 3)]
            text = repr((STUDY_FORMAT, [(g.rounds, g.totals, g.plays, g.exact, g.sweeps)
                                        for g in games]))
            _VERSION = hashlib.sha256(text.encode()).hexdigest()[:16]
        return _VERSION


def _changes(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options of ``options`` that differ from the usual rules (validated)."""
    rules = rules_of(game, options).to_dict()
    defaults = {o.name: o.default for o in GAMES[game].options}
    return {k: v for k, v in sorted(rules.items()) if defaults.get(k, object()) != v}


def variant_of(game: str, rules_a: Mapping[str, Any], rules_b: Mapping[str, Any]) -> str:
    """The canonical text of a comparison: each rule set's changes from the usual rules.

    >>> variant_of("kachuful", {}, {"hook_rule": False, "scoring": "exact"})
    '{"a": {}, "b": {"hook_rule": false}}'
    """
    return json.dumps({"a": _changes(game, rules_a), "b": _changes(game, rules_b)},
                      sort_keys=True)


def study_key(study: VariantLabStudy) -> table.StudyKey:
    return table.StudyKey(study.game, variant_of(study.game, study.rules_a, study.rules_b),
                          study.players, ",".join(study.lineup), engine_version())


# -- summaries as JSON -----------------------------------------------------------------------

def _estimate(e: Estimate) -> list[Any]:
    return [e.value, e.low, e.high, e.n, e.exact]


def _figure(f: Figure) -> dict[str, Any]:
    return {"key": f.key, "a": _estimate(f.a), "b": _estimate(f.b), "diff": _estimate(f.diff),
            "label": f.label}


def _counts(counts: Sequence[tuple[int, int]]) -> list[list[int]]:
    return [[v, c] for v, c in counts]


def summary_to_json(summary: LabSummary) -> str:
    """A summary as compact JSON (the final totals as value counts)."""
    return json.dumps({
        "game": summary.game, "games": summary.games,
        "figures": [_figure(f) for f in summary.figures],
        "seat_figures": [_figure(f) for f in summary.seat_figures],
        "finals_a": _counts(summary.finals_a), "finals_b": _counts(summary.finals_b),
    }, separators=(",", ":"))


def _read_estimate(raw: Sequence[Any]) -> Estimate:
    value, low, high, n, is_exact = raw
    return Estimate(float(value), float(low), float(high), int(n), bool(is_exact))


def _read_figure(raw: Mapping[str, Any]) -> Figure:
    return Figure(str(raw["key"]), _read_estimate(raw["a"]), _read_estimate(raw["b"]),
                  _read_estimate(raw["diff"]), str(raw.get("label", "")))


def _read_counts(counts: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((int(v), int(c)) for v, c in counts)


def summary_from_json(text: str) -> LabSummary:
    raw = json.loads(text)
    return LabSummary(str(raw["game"]), int(raw["games"]),
                      tuple(_read_figure(f) for f in raw["figures"]),
                      _read_counts(raw["finals_a"]), _read_counts(raw["finals_b"]),
                      tuple(_read_figure(f) for f in raw["seat_figures"]))


# -- the store -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stored:
    """A stored study: its summary, units (games), seed and source."""

    summary: LabSummary
    units: int
    seed: int
    source: str


def _engine() -> table.Engine | None:
    try:
        import store

        return store.get().engine
    except Exception:  # noqa: BLE001 - no store: nothing kept, nothing found
        LOG.warning("the lab's studies are not kept: the store cannot be opened",
                    exc_info=True)
        return None


def load_shipped(engine: table.Engine, folder: Path = SHIPPED) -> int:
    """Store the shipped studies of this engine version (once per process and database);
    returns how many were new."""
    with _LOCK:
        marker = f"{engine.url}|{folder}"
        if marker in _LOADED:
            return 0
        _LOADED.add(marker)
    version = engine_version()
    added = 0
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("engine_version") != version:
            LOG.info("%s is of another engine version: not loaded", path.name)
            continue
        for item in data["studies"]:
            key = table.StudyKey(item["game"], item["variant"], int(item["players"]),
                                 item["bots"], version)
            added += table.save(engine, key, int(item["units"]), int(item["seed"]),
                                json.dumps(item["summary"], separators=(",", ":")), "shipped")
    return added


def lookup(study: VariantLabStudy, units: int = 0) -> Stored | None:
    """The stored study of ``study``'s question with at least ``units`` games, if any."""
    engine = _engine()
    if engine is None:
        return None
    try:
        load_shipped(engine)
        row = table.load(engine, study_key(study))
    except Exception:  # noqa: BLE001 - a store that fails answers nothing
        LOG.warning("the lab's studies cannot be read", exc_info=True)
        return None
    if row is None or row.units < units:
        return None
    return Stored(summary_from_json(row.summary), row.units, row.seed, row.source)


def keep(study: VariantLabStudy, summary: LabSummary, source: str = "computed") -> bool:
    """Store a finished study (a larger one already stored stays)."""
    engine = _engine()
    if engine is None:
        return False
    try:
        return table.save(engine, study_key(study), summary.games, study.seed,
                          summary_to_json(summary), source)
    except Exception:  # noqa: BLE001 - not kept; the page has its numbers anyway
        LOG.warning("a finished study cannot be kept", exc_info=True)
        return False

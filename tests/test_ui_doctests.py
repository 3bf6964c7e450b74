"""The examples in the ui/ docstrings hold (pytest collects doctests only under tests/ and
engine/)."""

import doctest
import importlib
import pkgutil

import pytest

import ui

MODULES = sorted(m.name for m in pkgutil.walk_packages(ui.__path__, "ui."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_examples_exist() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 15

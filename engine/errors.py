"""The engine's two kinds of refusal, kept apart as python-chess does.

* :class:`InvalidActionError` — the input is malformed (not a card code, a bid that is not
  a whole number, an unknown option value).
* :class:`IllegalActionError` — well-formed, but the rules forbid it; it names the rule
  of RULES.md that forbids it and says why in one sentence.

Both carry a message key of the catalogue (:mod:`engine.messages`) and the data that
fills it: the English sentence is rendered from the catalogue when the error is raised, and
:meth:`RulesLabError.localized` gives it in any language the site speaks.

>>> err = IllegalActionError("common.game-over", rule="K-14")
>>> str(err)
'the game is over: no more moves can be made (K-14)'
"""

from __future__ import annotations

from typing import Any


class RulesLabError(ValueError):
    """Base class of every refusal the engine makes."""

    def __init__(self, key: str, rule: str | None = None, **data: Any) -> None:
        self.key = key
        self.rule = rule
        self.data = data
        self.sentence = self.localized_sentence("en")
        super().__init__(self.sentence if rule is None else f"{self.sentence} ({rule})")

    def localized_sentence(self, lang: str = "en") -> str:
        """The sentence alone (no rule ID) in ``lang``, from the message catalogue."""
        from engine.messages import render

        return render(self.key, lang, **self.data)

    def localized(self, lang: str = "en") -> str:
        """The sentence in ``lang`` followed by the rule ID, as shown to a player."""
        text = self.localized_sentence(lang)
        return text if self.rule is None else f"{text} ({self.rule})"


class InvalidActionError(RulesLabError):
    """A malformed input: not a move at all."""


class IllegalActionError(RulesLabError):
    """A well-formed action that a rule forbids; ``rule`` is always set."""

    def __init__(self, key: str, rule: str, **data: Any) -> None:
        super().__init__(key, rule, **data)


class RecordError(ValueError):
    """A game record that is not valid: ``field`` names where (``hands[0].deal[2]``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}" if field else problem)

"""Walkthroughs: one language-free model of steps (:mod:`engine.walkthrough.model`) and
one builder per game (:mod:`engine.walkthrough.kachuful`, :mod:`engine.walkthrough.krypkasino`)."""

from engine.walkthrough.model import (
    Fact,
    ModelError,
    Note,
    Step,
    StepOption,
    Walkthrough,
    YourMove,
    facts,
)

__all__ = ["Fact", "ModelError", "Note", "StepOption", "Step", "Walkthrough", "YourMove", "facts"]

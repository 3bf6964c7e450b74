"""The explore pages: their links, the budget check, the progress-bar runner, the line-up, deck and rules pickers."""

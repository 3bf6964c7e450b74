"""The studies of the simulation lab (picklable; ``simulate(start, count)`` and
``summarize(results)``)."""

"""The simulation lab: studies, their scheduler, their cost and their store, between the
engine (which plays the games) and the site (:mod:`ui`, which shows the results).

* :mod:`lab.stats` — :class:`~lab.stats.Estimate` (value, 95% interval, sample size) and
  the intervals the studies report.
* :mod:`lab.cost` — what a request costs before it runs (the budget of one visit).
* :mod:`lab.runner` — seeded, chunked runs (:func:`~lab.runner.run`,
  :func:`~lab.runner.unit_seed`); :mod:`lab.pool` — the shared pebble process pool;
  :mod:`lab.scheduler` — the pages' requests as fair, cancellable jobs.
* :mod:`lab.ray_backend` — the same studies on a Ray cluster (``RULES_LAB_RAY_ADDRESS``).
* :mod:`lab.library` — finished studies kept in the store, and the shipped ones
  (``lab/studies/*.json``).
* :mod:`lab.studies` — the studies: hand odds, the dealer's hook, the variant lab, score
  progression, sweep danger.

docs/lab.md says how it fits together and why pebble.
"""

"""The site's UI helpers: navigation, sidebar, preferences, cards, charts, query params, i18n.

Nothing in here knows a rule of either game: pages call the engine and use these helpers to
draw what it returns.
"""

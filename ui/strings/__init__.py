"""UI string modules, one per site area; each defines ``STRINGS = {lang: {key: template}}``.

:mod:`ui.i18n` discovers every module of this package. Prefix keys with the area
(``walkthrough.next``) and give every key in ``en``, ``es`` and ``pt`` with the same
``{fields}``; ``tests/test_ui_i18n.py`` fails otherwise.
"""

"""Rules Lab's rules engines: Kachuful and Krypkasino.

The core imports only the standard library. Subpackages: :mod:`engine.kachuful`,
:mod:`engine.krypkasino`; shared pieces: :mod:`engine.cards`, :mod:`engine.rng`,
:mod:`engine.errors`, :mod:`engine.messages`, :mod:`engine.recordio`, :mod:`engine.game`.
"""

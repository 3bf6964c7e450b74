"""First use of the heavy libraries, once per server process, one session at a time.

Streamlit runs each visitor's script in its own thread. When two sessions of a freshly
started server reach ``st.dataframe`` or ``st.plotly_chart`` together, both import pandas,
pyarrow and plotly's lazily loaded submodules for the first time at once; Python's import
locks then hand one thread a *partially initialized* module (issue 11:
``AttributeError: partially initialized module 'pandas' has no attribute 'Series'``).

:func:`warm_up` (called first thing by ``streamlit_app.py``) does every such first use
under one lock: the first session does it, any other waits for it, and afterwards the
call is a flag check. It goes through the same paths a page does (a table through
Streamlit's Arrow conversion, a figure of every trace type the site draws through
plotly's JSON encoder), so the lazy imports inside them are done too.

>>> warm_up() and warm_up()
True
"""

from __future__ import annotations

import threading

__all__ = ["warm_up"]

_LOCK = threading.Lock()
_DONE = threading.Event()


def warm_up() -> bool:
    """Do the heavy first uses once (thread-safe); True once done."""
    if _DONE.is_set():
        return True
    with _LOCK:
        if _DONE.is_set():  # another session did it while this one waited
            return True
        import numpy  # noqa: F401
        import pandas
        import plotly.graph_objects as go
        import plotly.io
        from streamlit import dataframe_util

        table = pandas.DataFrame({"a": [1, 2], "b": ["x", "y"]})
        dataframe_util.convert_anything_to_arrow_bytes(table)
        dataframe_util.convert_anything_to_arrow_bytes([{"a": 1, "b": "x"}])
        figure = go.Figure()
        figure.add_trace(go.Scatter(x=[0, 1], y=[0, 1], fill="toself"))
        figure.add_trace(go.Bar(x=[0, 1], y=[1, 2]))
        figure.add_trace(go.Histogram(x=[0, 1, 1]))
        figure.update_layout(title={"text": "warm"})
        plotly.io.to_json(figure, validate=False)
        _DONE.set()
    return True

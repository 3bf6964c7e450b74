"""Progress that lasts (issue 15): a learner's answers per rule ID, kept in :mod:`store` under
an anonymous learner id, drawn as a chart on the quiz page.

Nothing is kept until the learner asks for it ("Keep my progress"). The id (120 random bits)
is then the whole key of the record:

* it is in the page's link (``me=<id>``): a bookmark, or the link opened on another
  device, carries the record there;
* it is kept in this browser's ``localStorage`` (no cookie: Streamlit cannot set one); a
  later visit without ``me=`` to any page that records answers (:func:`restore`: the quiz,
  both walkthroughs, a live class) puts it back into the link;
* within a visit it is in the session, so your-move steps of the walkthroughs and live
  classes joined from here count too.

"Erase my record" deletes it from the database and from the browser.

>>> rows = [store.Mastery("K-9", 4, 3), store.Mastery("C-8", 2, 0), store.Mastery("K-11", 1, 1)]
>>> [(r.rule, r.asked) for r in ordered(rows)]
[('K-9', 4), ('K-11', 1), ('C-8', 2)]
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

import store
from ui.i18n import t

PARAM = "me"
SESSION = "progress.me"
ERASED = "progress.erased"
STORAGE_KEY = "rules-lab-learner"


def _rule_key(rule: str) -> tuple[str, int]:
    prefix, _, number = rule.partition("-")
    return ("0" if prefix == "K" else "1") + prefix, int(number) if number.isdigit() else 0


def ordered(rows: Sequence[store.Mastery]) -> list[store.Mastery]:
    """Rules in the rules' order (Kachuful first, then by number)."""
    return sorted(rows, key=lambda r: _rule_key(r.rule))


def figure(rows: Sequence[store.Mastery], lang: str) -> go.Figure:
    """A horizontal bar per rule: the share of right answers, with ``right/asked``."""
    rows = ordered(rows)[::-1]  # Plotly draws the first bar at the bottom
    shares = [round(100 * r.right / r.asked) if r.asked else 0 for r in rows]
    fig = go.Figure(go.Bar(
        x=shares, y=[r.rule for r in rows], orientation="h", marker_color="#2563eb",
        text=[f"{r.right}/{r.asked}" for r in rows], textposition="outside", cliponaxis=False,
        hovertext=[t("progress.hover", lang, right=r.right, asked=r.asked) for r in rows],
        hovertemplate="%{y}: %{x}%<extra>%{hovertext}</extra>"))
    fig.update_layout(height=max(160, 28 * len(rows) + 70),
                      margin={"l": 10, "r": 30, "t": 10, "b": 40}, showlegend=False,
                      xaxis={"title": t("progress.axis", lang), "range": [0, 115]},
                      yaxis={"type": "category"})
    return fig


# -- Streamlit -------------------------------------------------------------------------------
def learner() -> str | None:
    """The learner id of this visit (link first, then session), or ``None``."""
    import streamlit as st

    linked = st.query_params.get(PARAM)
    if store.Store.valid_learner(linked):
        st.session_state[SESSION] = linked
        return linked
    kept = st.session_state.get(SESSION)
    return kept if store.Store.valid_learner(kept) else None


def record(rule: str, right: bool, source: str) -> None:
    """Count one answer in the learner's record (nothing when they keep none)."""
    me = learner()
    if me is not None:
        try:
            store.get().record(me, rule, right, source)
        except store.Refused:
            pass  # not a rule ID or source the record keeps
        except store.Unavailable:  # the answer still counts on the page; the panel says so
            import streamlit as st

            st.session_state[DOWN] = True


def _walkthrough_answer(source: str, rule: str, right: bool, step_id: str) -> None:
    record(rule, right, "walkthrough")


def listen() -> None:
    """Count the walkthroughs' your-move answers too (if that feature is present)."""
    try:
        from ui import your_move
    except ImportError:
        return
    add = getattr(your_move, "add_listener", None)
    if callable(add):
        add(_walkthrough_answer)


#: Put a learner id kept in this browser back into the link (one reload), unless the link
#: already has one. The id is checked against the store's shape before it is used.
_RESTORE_JS = (
    f"const id = window.localStorage.getItem('{STORAGE_KEY}');"
    "const u = new URL(window.location.href);"
    "if (id && /^[A-Za-z0-9_-]{20}$/.test(id) && !u.searchParams.get('me')) {"
    " u.searchParams.set('me', id); window.location.replace(u.toString()); }")
KEPT = "progress.kept"
DOWN = "progress.down"
ERASED_VISIT = "progress.erased-visit"


def restore() -> str | None:
    """Call first on every page that records answers (quiz, the walkthroughs' your-move
    steps, a live class): the learner id of this visit, restored from this browser.

    With an id in the link or the session it is returned (and kept in this browser once a
    visit, so a ``me=`` link opened here carries on here); without one the browser is asked
    to put back an id it kept (the page reloads once with ``me=``), unless the learner
    erased the record during this visit.
    """
    import streamlit as st

    me = learner()
    if me is not None:
        if st.session_state.get(KEPT) != me:
            st.session_state[KEPT] = me
            _script(f"window.localStorage.setItem('{STORAGE_KEY}', '{me}');")  # [A-Za-z0-9_-]
        return me
    if not st.session_state.get(ERASED_VISIT):
        _script(_RESTORE_JS)
    return None


def _start() -> None:
    import streamlit as st

    me = store.Store.new_learner_id()
    st.session_state[SESSION] = me
    st.session_state.pop(ERASED, None)
    st.session_state.pop(ERASED_VISIT, None)
    st.query_params[PARAM] = me


def _erase(me: str) -> None:
    import streamlit as st

    try:
        store.get().erase(me)
    except store.Unavailable:
        st.session_state[DOWN] = True
        return
    st.session_state.pop(SESSION, None)
    st.session_state.pop(KEPT, None)
    st.session_state[ERASED] = True
    st.session_state[ERASED_VISIT] = True
    if PARAM in st.query_params:
        del st.query_params[PARAM]


def _script(body: str) -> None:
    import streamlit as st

    st.html(f"<script>{body}</script>", unsafe_allow_javascript=True)


def panel(lang: str, key: str = "progress") -> None:
    """The quiz page's "Your progress": start, the chart, the link to carry on, erase.
    When the storage cannot be used it says so in a sentence (the quiz goes on)."""
    import streamlit as st

    st.markdown(f"### {t('progress.title', lang)}")
    try:
        _panel(lang, key)
    except store.Unavailable:
        st.session_state[DOWN] = True
    if st.session_state.pop(DOWN, False):
        st.warning(t("progress.unavailable", lang), icon=":material/cloud_off:")


def _panel(lang: str, key: str) -> None:
    import streamlit as st

    me = learner()
    erased = bool(st.session_state.pop(ERASED, False))
    if erased:
        st.success(t("progress.erased", lang), icon=":material/delete:")
        _script(f"window.localStorage.removeItem('{STORAGE_KEY}');")
    if me is None:
        st.caption(t("progress.lead", lang))
        st.button(t("progress.start", lang), key=f"{key}.start", on_click=_start,
                  icon=":material/bookmark_add:")
        return  # (a record kept in this browser before came back through restore())
    if st.query_params.get(PARAM) != me:
        st.query_params[PARAM] = me
    _script(f"window.localStorage.setItem('{STORAGE_KEY}', '{me}');")  # me: [A-Za-z0-9_-]
    rows = store.get().mastery(me)
    if rows:
        st.caption(t("progress.chart", lang))
        st.plotly_chart(figure(rows, lang), key=f"{key}.chart",
                        config={"displayModeBar": False})
    else:
        st.caption(t("progress.none", lang))
    with st.expander(t("progress.link", lang), icon=":material/devices:"):
        base = (st.context.url or "").split("?")[0]
        st.code(f"{base}?{PARAM}={me}", language=None, wrap_lines=True)
    st.button(t("progress.erase", lang), key=f"{key}.erase", on_click=_erase, args=(me,),
              icon=":material/delete:")

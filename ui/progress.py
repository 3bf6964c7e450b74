"""Progress that lasts (issue 15): a learner's answers per rule ID, kept in :mod:`store` under
an anonymous learner id, drawn as a chart on the quiz page.

Nothing is kept until the learner asks for it ("Keep my progress"). The id (120 random bits)
is then the whole key of the record, so it stays out of every address a learner may copy:

* within a visit it is in the session (your-move steps of the walkthroughs and live classes
  joined from here count too);
* it is kept in this browser's ``localStorage`` (no cookie: Streamlit cannot set one); a
  later visit to a page that records answers (:func:`restore`: the quiz, both walkthroughs, a
  live class) asks the browser for it, which reloads once with ``kept=<id>``; the page takes
  it into the session and removes it from the address at once;
* ``me=<id>`` is only in the explicit "move my progress" link of the quiz page's panel. A page
  opened with it takes the record when this device has none (or the same one); when this
  device keeps another record it asks first, and if the learner takes the new one, the old
  id is not dropped (kept in the session to switch back, and in the browser under
  :data:`PREVIOUS_KEY`). ``me=`` is removed from the address too.

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
PREVIOUS_KEY = "rules-lab-learner-previous"
KEPT_PARAM = "kept"  # this browser's own id, put back by the restore script (removed at once)
OFFER = "progress.offer"  # a move link's id, waiting for the learner's yes or no
PREVIOUS = "progress.previous"  # the id this device held before it took a moved record
ASKED = "progress.asked-browser"
MOVED = "progress.moved"


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
    """The learner id of this visit (in the session; :func:`restore` puts it there), or
    ``None``."""
    import streamlit as st

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
        from ui.walkthrough import your_move
    except ImportError:
        return
    add = getattr(your_move, "add_listener", None)
    if callable(add):
        add(_walkthrough_answer)


#: Give the server the learner id kept in this browser (one reload with ``kept=<id>``), if
#: there is one. The id is checked against the store's shape before it is used.
_RESTORE_JS = (
    f"const id = window.localStorage.getItem('{STORAGE_KEY}');"
    "const u = new URL(window.location.href);"
    f"if (id && /^[A-Za-z0-9_-]{{20}}$/.test(id) && !u.searchParams.get('{KEPT_PARAM}')) {{"
    f" u.searchParams.set('{KEPT_PARAM}', id); window.location.replace(u.toString()); }}")
#: With a move link (``me=``) open, the server must know whether this browser keeps another
#: record before it takes the link's: one reload with ``kept=<id>`` or ``kept=-``.
_ASK_JS = (
    f"const id = window.localStorage.getItem('{STORAGE_KEY}');"
    "const u = new URL(window.location.href);"
    f"if (!u.searchParams.get('{KEPT_PARAM}')) {{"
    f" u.searchParams.set('{KEPT_PARAM}', id && /^[A-Za-z0-9_-]{{20}}$/.test(id) ? id : '-');"
    " window.location.replace(u.toString()); }")
KEPT = "progress.kept"
DOWN = "progress.down"
ERASED_VISIT = "progress.erased-visit"


def restore() -> str | None:
    """Call first on every page that records answers (quiz, the walkthroughs' your-move
    steps, a live class): the learner id of this visit (see the module's docstring for the
    ``kept=`` and ``me=`` parameters, both removed from the address here). A move link for
    another record than this device's asks the learner first (:data:`OFFER`)."""
    import streamlit as st

    params = st.query_params
    me = learner()
    kept = params.get(KEPT_PARAM)
    if kept is not None:
        del params[KEPT_PARAM]
        st.session_state[ASKED] = True
        if me is None and store.Store.valid_learner(kept) and \
                not st.session_state.get(ERASED_VISIT):
            me = st.session_state[SESSION] = kept
            st.session_state[KEPT] = kept  # it came from this browser: nothing to write back
    linked = params.get(PARAM)
    if linked is not None:
        if not store.Store.valid_learner(linked):
            del params[PARAM]
        elif me is None and not st.session_state.get(ASKED):
            _script(_ASK_JS)  # does this browser keep a record? (one reload)
            return None
        else:
            del params[PARAM]
            if me is None or me == linked:
                me = st.session_state[SESSION] = linked
                st.session_state.pop(ERASED_VISIT, None)
                st.session_state[MOVED] = True
            else:
                st.session_state[OFFER] = linked
    if me is not None:
        if st.session_state.get(KEPT) != me:
            st.session_state[KEPT] = me
            previous = st.session_state.get(PREVIOUS)
            keep_old = (f"window.localStorage.setItem('{PREVIOUS_KEY}', '{previous}');"
                        if store.Store.valid_learner(previous) else "")
            _script(f"window.localStorage.setItem('{STORAGE_KEY}', '{me}');"  # [A-Za-z0-9_-]
                    + keep_old)
        _offer(me)
        return me
    if not st.session_state.get(ERASED_VISIT) and not st.session_state.get(ASKED):
        _script(_RESTORE_JS)
    return None


def _offer(me: str) -> None:
    """A move link for another record than this device's: ask before taking it."""
    import streamlit as st

    from ui.prefs import current

    linked = st.session_state.get(OFFER)
    if not store.Store.valid_learner(linked) or linked == me:
        st.session_state.pop(OFFER, None)
        return
    lang = current().lang
    with st.container(border=True, key="progress_offer"):
        st.warning(t("progress.offer", lang), icon=":material/devices:")
        take, keep = st.columns(2)
        take.button(t("progress.offer.take", lang), key="rl.progress.take", on_click=_take,
                    args=(me, str(linked)), type="primary", icon=":material/download:")
        keep.button(t("progress.offer.keep", lang), key="rl.progress.keep", on_click=_keep,
                    icon=":material/close:")


def _take(old: str, new: str) -> None:
    """Use the moved record here; the one this device held stays (to switch back)."""
    import streamlit as st

    st.session_state[SESSION] = new
    st.session_state[PREVIOUS] = old
    st.session_state.pop(OFFER, None)
    st.session_state.pop(KEPT, None)  # the next run writes both ids into the browser


def _keep() -> None:
    import streamlit as st

    st.session_state.pop(OFFER, None)


def _switch_back(current_id: str, previous: str) -> None:
    _take(current_id, previous)


def _start() -> None:
    import streamlit as st

    me = store.Store.new_learner_id()
    st.session_state[SESSION] = me
    st.session_state.pop(ERASED, None)
    st.session_state.pop(ERASED_VISIT, None)


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


def _script(body: str) -> None:
    import streamlit as st

    st.html(f"<script>{body}</script>", unsafe_allow_javascript=True)


def panel(lang: str, key: str = "quiz.progress") -> None:
    """The quiz page's "Your progress": start, the chart, the link to carry on, erase (its
    widgets' keys start with ``key``, under the quiz page's ``quiz.``).
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
    if st.session_state.pop(MOVED, False):
        st.success(t("progress.moved", lang), icon=":material/devices:")
    _script(f"window.localStorage.setItem('{STORAGE_KEY}', '{me}');")  # me: [A-Za-z0-9_-]
    rows = store.get().mastery(me)
    if rows:
        st.caption(t("progress.chart", lang))
        st.plotly_chart(figure(rows, lang), key=f"{key}.chart",
                        config={"displayModeBar": False})
    else:
        st.caption(t("progress.none", lang))
    previous = st.session_state.get(PREVIOUS)
    if store.Store.valid_learner(previous) and previous != me:
        st.caption(t("progress.previous", lang))
        st.button(t("progress.switch-back", lang), key=f"{key}.back", on_click=_switch_back,
                  args=(me, str(previous)), icon=":material/undo:")
    # The one place the id is written into an address: a link the learner asks for.
    with st.expander(t("progress.move", lang), icon=":material/devices:"):
        st.caption(t("progress.move.help", lang))
        base = (st.context.url or "").split("?")[0]
        st.code(f"{base}?{PARAM}={me}", language=None, wrap_lines=True)
    st.button(t("progress.erase", lang), key=f"{key}.erase", on_click=_erase, args=(me,),
              icon=":material/delete:")

"""Links inside the site open in the same tab and keep the visit's session (issue 28).

Streamlit draws every markdown link with ``target="_blank"``: "Take the quiz" at the end of a
walkthrough opened a new tab, that is a new session, and the quiz said "No answers yet"
after the walkthrough had said the answers count there. :func:`same_tab_script` is a small
script, put on every page once (``streamlit_app.py``), that

* takes ``target="_blank"`` off every link to a page of this site (a link elsewhere keeps
  it), so a screen reader no longer announces a new window;
* on a plain click of such a link (no modifier key: Ctrl/⌘-click still opens a tab), puts
  its address in the history and tells Streamlit the address changed (the ``popstate``
  its own Back button sends), so Streamlit switches page **in the same session**, as its
  own page links do; a ``#fragment`` (a rule's section) is scrolled to once drawn.

>>> "popstate" in same_tab_script() and "_stcore" in same_tab_script()
True
"""

from __future__ import annotations

#: The script (idempotent: a second copy on the page does nothing).
SCRIPT = r"""
(() => {
  if (window.__rlSameTab) return;
  window.__rlSameTab = true;
  const inside = (a) => {
    if (!a || !a.getAttribute('href') || a.hasAttribute('download')) return null;
    let url;
    try { url = new URL(a.getAttribute('href'), document.baseURI); } catch (e) { return null; }
    if (url.origin !== location.origin) return null;
    if (url.pathname.includes('/_stcore/') || url.pathname.includes('/media/')
        || url.pathname.includes('/app/static/')) return null;
    return url;
  };
  const fix = (root) => {
    root.querySelectorAll('a[target="_blank"]').forEach((a) => {
      if (inside(a)) { a.removeAttribute('target'); a.removeAttribute('rel'); }
    });
  };
  new MutationObserver(() => fix(document)).observe(document.body,
    {childList: true, subtree: true});
  fix(document);
  const reveal = (hash) => {
    if (!hash) { window.scrollTo(0, 0); return; }
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const look = () => {
      const el = document.getElementById(id);
      if (el) { el.scrollIntoView(); } else if (tries++ < 80) { setTimeout(look, 100); }
    };
    setTimeout(look, 200);
  };
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    const a = event.target.closest ? event.target.closest('a[href]') : null;
    const url = inside(a);
    if (!url) return;
    const here = new URL(location.href);
    if (url.pathname === here.pathname && url.search === here.search && url.hash) return;
    event.preventDefault();
    history.pushState(null, '', url.toString());
    window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
    reveal(url.hash);
  });
})();
"""


def same_tab_script() -> str:
    """The ``<script>`` element (see the module doc)."""
    return f"<script>{SCRIPT}</script>"


def install() -> None:
    """Put the script on the page (once per run, from ``streamlit_app.py``; invisible)."""
    import streamlit as st

    st.sidebar.html(same_tab_script(), unsafe_allow_javascript=True)

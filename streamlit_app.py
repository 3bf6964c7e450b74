"""Rules Lab: the entry point. Builds the navigation over pages/ and the shared sidebar."""

import streamlit as st

st.set_page_config(page_title="Rules Lab", page_icon="🂡", layout="wide")

pages = {
    "Start": [st.Page("pages/home.py", title="Home", icon="🏠", default=True)],
}
nav = st.navigation(pages)
with st.sidebar:
    st.caption("Rules Lab — learn Kachuful and Krypkasino on a live rules engine.")
nav.run()

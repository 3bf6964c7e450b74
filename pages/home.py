"""Home: what the two games are and where to start."""

import streamlit as st

st.title("Rules Lab")
st.write(
    "An interactive rules school for two card games: **Kachuful**, where everyone bids "
    "the exact number of tricks they will take, and **Krypkasino**, the Swedish reverse "
    "Casino where the lowest score wins."
)

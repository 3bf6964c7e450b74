"""Instructions in the words of the device in hand (issue 28): a phone has no arrow keys, no
Enter and no hover, so a touch screen reads the touch sentence and a mouse-and-keyboard
screen the other one.

The page cannot know the device (the server sees neither), so both sentences are sent and
the browser shows one: :data:`CSS` hides ``.rl-touch`` unless the main pointer is coarse
and cannot hover (``@media (hover: none) and (pointer: coarse)``: phones, tablets) and
``.rl-pointer`` when it is. :func:`either` is the HTML of the pair (both escaped).

>>> either("Press Enter.", "Tap <Check>.")
'<span class="rl-pointer">Press Enter.</span><span class="rl-touch">Tap &lt;Check&gt;.</span>'
"""

from __future__ import annotations

from ui.safe import escape_html

TOUCH = "(hover: none) and (pointer: coarse)"
CSS = ("<style>"
       f"@media {TOUCH} {{ .rl-pointer {{ display: none !important; }} }}"
       f"@media not all and {TOUCH} {{ .rl-touch {{ display: none !important; }} }}"
       "</style>")


def either(pointer: str, touch: str) -> str:
    """The two sentences, each shown only on its kind of screen."""
    return (f'<span class="rl-pointer">{escape_html(pointer)}</span>'
            f'<span class="rl-touch">{escape_html(touch)}</span>')


def caption(pointer: str, touch: str) -> None:
    """``st.caption`` of the sentence for this screen (with the CSS that picks it)."""
    import streamlit as st

    st.caption(CSS + either(pointer, touch), unsafe_allow_html=True)

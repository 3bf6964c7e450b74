"""The walkthrough controls and layout both walkthrough pages share (issue 12).

One design for the two games: the engine builds language-free steps
(:mod:`engine.walkthrough.model`); this module says their notes in the page's language
(:func:`say`, :func:`refusal`, :func:`ask_of`) and draws the same controls in the same
places on both pages (:func:`controls`: Start, ◂ Back, the step slider, Next ▸ and "Show
the table as"; :func:`panel`: "What happened" and "Why"; :func:`share`: the link of the
step). The page's state is its URL: the step (by id), the scenario, the seat whose eyes
the table shows; every control writes ``st.query_params``, so a link reproduces the view.

>>> from engine.walkthrough.model import Note
>>> say(Note("kwalk.title.bid", {"seat": 2}), "en"), say(Note("kwalk.title.bid", {"seat": 2}), "pt")
('Player C bids', 'O jogador C aposta')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.messages import render
from engine.walkthrough.model import Note, YourMove
from ui.i18n import t
from ui.play.link import page_origin
from ui.safe import escape_markdown
from ui.walkthrough.your_move import Ask, MoveChoice

__all__ = ["ALL", "ask_of", "bottom_controls", "controls", "end_links", "panel", "refusal", "say",
           "say_all", "seat_choice", "share", "step_index", "sync"]

#: The "show the table as" value of the teaching view (every hand face up).
ALL = "all"


def say(note: Note, lang: str) -> str:
    """A note in ``lang``: an engine sentence (the engine's catalogue, nowhere else)."""
    if not note.key:
        return ""
    return render(note.key, lang, **note.args())


def say_all(notes: Iterable[Note], lang: str) -> tuple[str, ...]:
    return tuple(say(n, lang) for n in notes)


def refusal(note: Note, rule: str, lang: str) -> str:
    """The engine's refusal as a sentence that starts with a capital and names its rule:
    ``"Player B does not hold 4♠ (K-10)"``."""
    text = say(note, lang)
    text = text[:1].upper() + text[1:]
    return f"{text} ({rule})" if rule else text


def ask_of(move: YourMove, lang: str) -> Ask:
    """A your-move step of the engine as the question :mod:`ui.walkthrough.your_move` draws."""
    choices = []
    for option in move.options:
        if option.verdict == "illegal":
            feedback = " ".join(refusal(n, option.rule, lang) for n in option.feedback)
        else:
            feedback = " ".join(say(n, lang) for n in option.feedback)
        choices.append(MoveChoice(option.id, say(option.label, lang), option.verdict, feedback,
                              option.rule))
    return Ask(move.step_id, say(move.prompt, lang), move.rule, tuple(choices), move.answer,
               " ".join(say(n, lang) for n in move.remark))


def step_index(raw: str | None, ids: Sequence[str]) -> int | None:
    """The 0-based step a link's ``step`` names: a step id, else an old 1-based number;
    ``None`` when it names no step (the page says so and starts at the first).

    >>> step_index("b", ["a", "b"]), step_index("2", ["a", "b"]), step_index("3", ["a", "b"])
    (1, 1, None)
    """
    if raw is None:
        return None
    raw = raw.strip()
    if raw in ids:
        return list(ids).index(raw)
    if raw.isdigit() and len(raw) <= 6 and 1 <= int(raw) <= len(ids):
        return int(raw) - 1
    return None


def seat_choice(players: int) -> list[str]:
    """The "show the table as" values: every hand face up, then each seat (its number as
    the link writes it)."""
    return [ALL, *(str(s) for s in range(players))]


# -- drawing (Streamlit) ---------------------------------------------------------------


def controls(*, key: str, lang: str, index: int, count: int, go: Callable[[int], None],
             players: int | None = None, seat: str = ALL,
             on_seat: Callable[[str], None] | None = None, hold: bool = False) -> None:
    """The shared navigation, in this order on both pages: Start, ◂ Back, Next ▸ and
    "Show the table as" in one row, the step slider under them. ``go(index)`` moves to a
    0-based step (the page keeps it from passing a "your move" stop that waits:
    :func:`ui.walkthrough.your_move.clamp`); ``on_seat(value)`` changes the eyes (``ALL`` or a seat
    number); ``hold``: this step waits for an answer, so Next is off."""
    import streamlit as st

    from engine.seats import seat_letter

    last = count - 1
    if st.session_state.pop(f"{key}.to_top", False):  # moved by the buttons under the step
        from ui.focus import move_focus

        move_focus(f"[data-testid='stMain'] .st-key-{widget_class(key)}-next button", str(index))
    row = st.columns([1, 1, 1, 2], vertical_alignment="bottom")
    row[0].button(t("walk.start", lang), key=f"{key}.first", on_click=go, args=(0,),
                  disabled=index == 0, width="stretch", icon=":material/first_page:")
    row[1].button(t("walk.back", lang), key=f"{key}.back", on_click=go,
                  args=(max(0, index - 1),), disabled=index == 0, width="stretch")
    row[2].button(t("walk.next", lang), key=f"{key}.next", on_click=go,
                  args=(min(last, index + 1),), disabled=index >= last or hold, type="primary",
                  width="stretch")
    if players is not None and on_seat is not None:
        values = seat_choice(players)
        widget = f"{key}.seat"
        if st.session_state.get(widget) != seat:
            st.session_state[widget] = seat if seat in values else ALL

        def seat_changed() -> None:
            on_seat(str(st.session_state[widget]))

        with row[3]:
            st.selectbox(t("walk.view", lang), values, key=widget, on_change=seat_changed,
                         format_func=lambda s: t("walk.view.all", lang) if s == ALL
                         else t("walk.view.seat", lang, seat=seat_letter(int(s))))
    if count > 1:
        slider = f"{key}.step"
        if st.session_state.get(slider) != index + 1:
            st.session_state[slider] = index + 1

        def slid() -> None:
            go(int(st.session_state[slider]) - 1)

        st.slider(t("walk.step.of", lang, step=index + 1, count=count), min_value=1,
                  max_value=count, key=slider, on_change=slid)
    if index == last:
        st.caption(t("walk.end", lang))


def widget_class(key: str) -> str:
    """The CSS class part Streamlit makes of a widget key (``st-key-<this>``).

    >>> widget_class("kwalk.w")
    'kwalk-w'
    """
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in key)


def bottom_controls(*, key: str, lang: str, index: int, count: int,
                    go: Callable[[int], None], hold: bool = False) -> None:
    """◂ Back and Next ▸ again at the end of the step, so a phone need not scroll back up;
    after a move the page goes back to the step's top (the keyboard focus on the Next at
    the top, which a browser scrolls into view)."""
    import streamlit as st

    if count <= 1:
        return
    last = count - 1

    def move(to: int) -> None:
        st.session_state[f"{key}.to_top"] = True
        go(to)

    with st.container(horizontal=True, key=f"{key}.bottom", gap="small"):
        st.button(t("walk.back", lang), key=f"{key}.back2", on_click=move,
                  args=(max(0, index - 1),), disabled=index == 0, width="stretch")
        st.button(t("walk.next", lang), key=f"{key}.next2", on_click=move,
                  args=(min(last, index + 1),), disabled=index >= last or hold, type="primary",
                  width="stretch")


def panel(*, lang: str, title: str, happened: Sequence[str], why: Sequence[str],
          text: str | None = None, error: str | None = None,
          hidden_note: str | None = None, extra: Callable[[], None] | None = None,
          rules: Sequence[str] = (), query: Mapping[str, str] | None = None) -> None:
    """The "what happened / why" panel: the scenario's teaching text, the engine's
    sentences, its refusal, the reasons; ``extra`` draws what a game adds (advice,
    refusals); last, "Rules behind this step", each rule ID a link to its rules page
    (``query`` keeps the visitor's language and deck)."""
    import streamlit as st

    from ui.docs import rule_href

    st.header(title, anchor=False)
    if text:
        st.info(f"**{t('walk.teacher', lang)}:** {text}", icon=":material/school:")
    if happened:
        st.markdown(f"**{t('walk.what', lang)}**\n\n"
                    + "\n".join(f"- {escape_markdown(line)}" for line in happened))
    if error:
        st.error(f"**{t('walk.refused', lang)}:** {escape_markdown(error)}",
                 icon=":material/block:")
    if why:
        st.markdown(f"**{t('walk.why', lang)}**\n\n"
                    + "\n".join(f"- {escape_markdown(line)}" for line in why))
    if hidden_note:
        st.caption(hidden_note)
    if extra is not None:
        extra()
    if rules:
        links = ", ".join(f"[{r}]({rule_href(r, query=dict(query or {}))})" for r in rules)
        st.markdown(t("walk.rules", lang, links=links))


def share(*, lang: str, page: str, query: dict[str, str]) -> None:
    """The link of this step (both pages: an expander under the step)."""
    import urllib.parse

    import streamlit as st

    path = f"{page}?{urllib.parse.urlencode(query)}"
    origin = page_origin()
    with st.expander(t("walk.share", lang), icon=":material/link:"):
        st.caption(t("walk.share.help", lang))
        st.code(origin + path, language=None)


def sync(key: str, value: Any) -> str:
    """The widget key ``key`` holding ``value`` (the link's) before its widget is drawn."""
    import streamlit as st

    if st.session_state.get(key) != value:
        st.session_state[key] = value
    return key


def end_links(game: str, *, scenario: str, scenarios: Sequence[str], title_of: Callable[[str], str],
              players: int, variant: dict[str, Any], seed: int | None, rules: Iterable[str],
              page: str, lang: str, query: Mapping[str, str]) -> None:
    """The "where next" box of a walkthrough's last step: play it, the quiz on its rules,
    the scenario after this one in the menu (when there is one)."""
    from ui.walkthrough import your_move as ym

    position = list(scenarios).index(scenario) if scenario in scenarios else None
    following = (scenarios[position + 1] if position is not None
                 and position + 1 < len(scenarios) else None)
    ym.draw_next(ym.where_next(game, players, variant, seed, list(rules),
                               (following, title_of(following)) if following else None, page),
                 lang, "&".join(f"{k}={v}" for k, v in query.items()))


def write_query(params: dict[str, str | None]) -> None:
    """Put the page's state in the address bar (``None`` removes a key)."""
    import streamlit as st

    for name, value in params.items():
        if value is None:
            if name in st.query_params:
                del st.query_params[name]
        elif st.query_params.get(name) != value:
            st.query_params[name] = value



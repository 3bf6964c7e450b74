"""The play pages' setup expander: players, seat, a level per bot, seed, practice, every
variant option (with their labels), and the button that starts a new game.

The widgets hold a draft (``<prefix>w.*`` keys); :func:`draft_setup` turns it into an
:class:`engine.session.Setup` and the engine checks it before the game starts.
"""

from __future__ import annotations

import streamlit as st

from engine.errors import RulesLabError
from engine.registry import BOT_LEVELS, GAMES, MAX_SEED, Option, level_label
from engine.seats import seat_letter
from engine.session import HUMAN, Setup, new_state
from ui.i18n import t
from ui.play import session as play
from ui.safe import escape_markdown


def _option(game: str, name: str) -> Option:
    return GAMES[game].option(name)


def _is_flag(game: str, name: str) -> bool:
    return _option(game, name).kind == "flag"


def _choices(game: str, name: str, players: int) -> list[str]:
    """The option's values for ``players``, as codes (what the widget holds)."""
    option = _option(game, name)
    return [option.code(v) for v in option.values(players)]


def _default_code(game: str, name: str) -> str:
    option = _option(game, name)
    return option.code(option.default)


def _drafts_from(setup: Setup, prefix: str) -> None:
    """Give the setup widgets the values of ``setup`` (a new game was started)."""
    w = prefix + "w."
    st.session_state[w + "players"] = setup.players
    st.session_state[w + "seat"] = setup.seat
    for s, level in enumerate(setup.levels):
        st.session_state[w + f"level.{s}"] = "basic" if level == HUMAN else level
    st.session_state[w + "seed"] = setup.seed
    st.session_state[w + "practice"] = setup.practice
    rules = setup.rules()
    for name in GAMES[setup.game].option_names:
        value = getattr(rules, name)
        st.session_state[w + f"opt.{name}"] = value if _is_flag(setup.game, name) \
            else _option(setup.game, name).code(value)
    st.session_state[prefix + "drafted"] = setup


def draft_setup(game: str, prefix: str) -> Setup:
    """The setup the widgets describe (raises ``ValueError``/the engine's error if bad)."""
    w = prefix + "w."
    players = int(st.session_state[w + "players"])
    seat = min(int(st.session_state[w + "seat"]), players - 1)
    levels = tuple(HUMAN if s == seat else str(st.session_state.get(w + f"level.{s}", "basic"))
                   for s in range(players))
    variant = []
    for name in GAMES[game].option_names:
        raw = st.session_state.get(w + f"opt.{name}")
        text = ("true" if raw else "false") if _is_flag(game, name) else str(raw)
        if text != _default_code(game, name):
            variant.append((name, _option(game, name).parse(text, players)))
    setup = Setup(game, players, seat, levels, tuple(variant),
                  int(st.session_state[w + "seed"]), bool(st.session_state[w + "practice"]))
    new_state(setup)  # the engine checks the variant for this number of players
    return setup


def on_start(game: str, prefix: str) -> None:
    """Start a new game with the drafted setup (an unplayable one leaves a message)."""
    try:
        setup = draft_setup(game, prefix)
    except RulesLabError as exc:
        st.session_state[prefix + "setup.error"] = exc
        return
    st.session_state[prefix + "setup.error"] = None
    play.start(prefix, setup)
    st.session_state[prefix + "drafted"] = setup
    # The setup folds away once the game starts: a new expander (a new key) is drawn closed.
    st.session_state[prefix + "setup.round"] = st.session_state.get(prefix + "setup.round", 0) + 1


def on_new_seed(prefix: str) -> None:
    st.session_state[prefix + "w.seed"] = play.new_seed()


def _keep_choices_valid(game: str, prefix: str, players: int) -> None:
    w = prefix + "w."
    if int(st.session_state.get(w + "seat", 0)) >= players:
        st.session_state[w + "seat"] = 0
    for name in GAMES[game].option_names:
        choices = _choices(game, name, players)
        if not _is_flag(game, name) and st.session_state.get(w + f"opt.{name}") not in choices:
            st.session_state[w + f"opt.{name}"] = choices[0]


def quick_setup(setup: Setup) -> Setup:
    """The game's short first variant (a few short hands, or one deal) for this table."""
    given = dict(setup.variant) | dict(setup.play.first)
    return Setup(setup.game, setup.players, setup.seat, setup.levels, tuple(given.items()),
                 setup.seed, setup.practice)


def on_preset(prefix: str, setup: Setup) -> None:
    """A preset button: a new game of that setup, with new cards."""
    play.start(prefix, setup.with_seed(play.new_seed()))
    st.session_state[prefix + "setup.round"] = st.session_state.get(prefix + "setup.round", 0) + 1


def render_presets(game: str, prefix: str, lang: str) -> None:
    """Two ready games for this table: a quick one (the short first variant) and the whole
    game or session; their lengths are the engine's."""
    from engine.session import PlaySession

    current = play.session_of(prefix).setup
    quick = quick_setup(current)
    try:
        facts = PlaySession.start(quick).first_game_facts() or {}
    except (RulesLabError, ValueError):
        return
    with st.container(horizontal=True, key=prefix + "presets"):
        st.button(t(f"play.preset.quick.{game}", lang, **facts), key=prefix + "preset.quick",
                  on_click=on_preset, args=(prefix, quick), icon=":material/timer:")
        st.button(t(f"play.full.{game}", lang, hands=facts.get("full_hands", 0),
                    cards=facts.get("full_cards", 0), deals=facts.get("full_deals", 0)),
                  key=prefix + "preset.full", on_click=on_preset,
                  args=(prefix, current.full_game()), icon=":material/playing_cards:")


def render_setup(game: str, prefix: str, lang: str) -> None:
    """The setup expander: the ready games on its top, then the setup (the game in progress
    keeps its setup until Start). The ready games sit inside it so that on a 390 px phone
    the table, the hand and its buttons stay on the first screen."""
    session = play.session_of(prefix)
    w = prefix + "w."
    if st.session_state.get(prefix + "drafted") != session.setup:
        _drafts_from(session.setup, prefix)
    players = int(st.session_state[w + "players"])
    _keep_choices_valid(game, prefix, players)
    box = f"{prefix}setup.box.{st.session_state.get(prefix + 'setup.round', 0)}"
    with st.expander(t("play.setup", lang), icon=":material/tune:", expanded=False, key=box):
        render_presets(game, prefix, lang)
        st.caption(t("play.setup.note", lang))
        top = st.columns(3)
        top[0].selectbox(t("play.setup.players", lang), GAMES[game].players.values,
                         key=w + "players")
        top[1].selectbox(t("play.setup.seat", lang), list(range(players)), key=w + "seat",
                         format_func=seat_letter)
        with top[2]:
            st.number_input(t("play.setup.seed", lang), min_value=0, max_value=MAX_SEED, step=1,
                            key=w + "seed", help=t("play.setup.seed.help", lang))
            st.button(t("play.setup.new-seed", lang), key=prefix + "newseed",
                      on_click=on_new_seed, args=(prefix,), icon=":material/casino:")
        seat = int(st.session_state[w + "seat"])
        bots = [s for s in range(players) if s != seat]

        def shown_level(level: str) -> str:
            return level_label(level, lang)

        cols = st.columns(min(len(bots), 4))
        for i, s in enumerate(bots):
            st.session_state.setdefault(w + f"level.{s}", "basic")
            cols[i % len(cols)].selectbox(t("play.setup.level", lang, seat=s), list(BOT_LEVELS),
                                          key=w + f"level.{s}", format_func=shown_level)
        st.markdown(f"**{t('play.setup.variant', lang)}**")
        option_cols = st.columns(4)
        for i, name in enumerate(GAMES[game].option_names):
            option = _option(game, name)
            with option_cols[i % 4]:
                if option.kind == "flag":
                    st.toggle(option.label(lang), key=w + f"opt.{name}", help=option.help(lang))
                    continue

                def shown(code: str, option: Option = option) -> str:
                    return option.value_label(option.parse(code, players), lang)

                st.selectbox(option.label(lang), _choices(game, name, players),
                             key=w + f"opt.{name}", format_func=shown, help=option.help(lang))
        st.toggle(t("play.setup.practice", lang), key=w + "practice")
        st.button(t("play.setup.start", lang), key=prefix + "start", on_click=on_start,
                  args=(game, prefix), type="primary", icon=":material/play_arrow:")
        render_table_link(game, prefix, lang)
        error = st.session_state.get(prefix + "setup.error")
        if error is not None:
            st.error(t("play.setup.bad", lang, reason=escape_markdown(error.localized(lang))))


def table_url(game: str, prefix: str) -> str:
    """The table form (``/table``) with this page's drafted setup (else the game's):
    the player's seat a person's, the other seats bots of their levels, every option."""
    import urllib.parse

    from ui.play.link import page_origin, setup_params

    try:
        setup = draft_setup(game, prefix)
    except (RulesLabError, ValueError, KeyError):
        setup = play.session_of(prefix).setup
    query = {"game": game, **{k: v for k, v in setup_params(setup).items() if v is not None
                              and k not in ("seed", "practice")}}
    return f"{page_origin()}table?{urllib.parse.urlencode(query)}"


def render_table_link(game: str, prefix: str, lang: str) -> None:
    """"Play with people": a table of this setup, each person's seat with its own link."""
    st.link_button(t("play.table.open", lang), table_url(game, prefix),
                   help=t("play.table.open.help", lang), icon=":material/group_add:")

"""AppTest: the coach and the review on the play pages read the one analyst (issue 27).

On the Kachuful play page the coach says the analyst's advice in one sentence, with the
distribution of the tricks the hand takes when bidding and every decision's figures
folded below; the review of the finished hand marks each of the player's decisions with
the same analysis the coach showed (in every language)."""

from __future__ import annotations

from typing import Any

from testkit import click, session

from engine import coach
from engine.kachuful import Bid
from engine.messages import render
from ui.apptest import SiteTest, open_site

K = "kplay."


def infos(at: SiteTest) -> str:
    return "\n".join(str(i.value) for i in at.info).replace("\\", "")


def captions(at: SiteTest) -> str:
    return "\n".join(str(c.value) for c in at.caption).replace("\\", "")


def said(note: Any, lang: str) -> str:
    return render(note.key, lang, **note.fields)


def test_the_kachuful_coach_speaks_plainly_and_the_review_reads_the_same_analysis() -> None:
    at = open_site("pages/kachuful_play.py", players="4", seat="0",
                   bots="you,basic,basic,basic", seed="5", max_cards="3")
    assert not at.exception, at.exception
    game = session(at, K)
    while not game.human_turn:
        click(at, K + "next")
        game = session(at, K)
    advice = game.advice()
    assert advice is not None and isinstance(advice.action, Bid)
    # One sentence, in plain words: the bid and how often it is made.
    assert f"Coach: Bid {advice.action.n}: you make it about" in infos(at)
    assert "%" not in infos(at) and "strong bot" not in infos(at)
    # Bidding: how many tricks this hand takes.
    assert "Your hand takes, over" in captions(at)
    # The figures, folded.
    assert "How the coach worked it out" in [e.label for e in at.expander]
    table = at.dataframe[0].value
    assert list(table.columns)[:2] == ["Move", "Makes the bid"]
    assert len(table) == len(advice.analysis.decisions)
    # Follow the coach to the end of the hand.
    shown: dict[int, coach.Advice] = {}
    while session(at, K).play.results(session(at, K).state) == 0:
        game = session(at, K)
        if not game.human_turn:
            click(at, K + "next")
            continue
        advice = game.advice()
        assert advice is not None
        shown[len(game.moves)] = advice
        action = advice.action
        click(at, f"{K}bid.{action.n}" if isinstance(action, Bid) else f"{K}card.{action.code}")
        assert not at.exception, at.exception
    game = session(at, K)
    assert "Review of hand 1" in [e.label for e in at.expander]
    review = dict(game.reviews())[1]
    marked = [n for n in review if n.key.startswith("review.")]
    assert len(marked) == len(shown)  # every decision of the player, bid and cards
    for note, (index, advice) in zip(marked, sorted(shown.items()), strict=True):
        assert game.analysis_at(index) is advice.analysis
        assert note.key.endswith(".right")  # the coach's own advice, followed
        assert note.fields["tenths"] == coach.tenths(advice.analysis.best.make)
    page = "\n".join(str(m.value) for m in at.markdown).replace("\\", "")
    assert said(marked[0], "en").replace("\\", "")[:25] in page


def test_the_coach_in_spanish_and_portuguese() -> None:
    for lang, word in (("es", "Entrenador: Apuesta"), ("pt", "Treinador: Aposte")):
        at = open_site("pages/kachuful_play.py", lang=lang, players="4", seat="0",
                       bots="you,basic,basic,basic", seed="5", max_cards="3")
        game = session(at, K)
        while not game.human_turn:
            click(at, K + "next")
            game = session(at, K)
        assert word in infos(at), infos(at)


def test_learn_from_your_mistakes_plays_a_marked_position_again() -> None:
    """A decision the review marks worse is offered again, as it was; the answer is judged
    by the same analysis (right: the analyst's best or close to it)."""
    at = open_site("pages/kachuful_play.py", players="4", seat="0",
                   bots="you,basic,basic,basic", seed="5", max_cards="3")
    wrong_at = None
    while session(at, K).play.results(session(at, K).state) == 0:
        game = session(at, K)
        if not game.human_turn:
            click(at, K + "next")
            continue
        advice = game.advice()
        assert advice is not None
        worse = [d for d in advice.analysis.decisions if d.mark not in coach.RIGHT]
        action = advice.action
        if wrong_at is None and worse:
            wrong_at, action = len(game.moves), worse[-1].action
        click(at, f"{K}bid.{action.n}" if isinstance(action, Bid) else f"{K}card.{action.code}")
        assert not at.exception, at.exception
    assert wrong_at is not None, "seed 5 offers a clearly worse decision"
    game = session(at, K)
    drills = game.drills(1)
    assert [d.index for d in drills][:1] == [wrong_at]
    start = next(b for b in at.button if b.label.startswith("Learn from your mistakes"))
    start.click().run()
    assert not at.exception, at.exception
    assert "Position 1 of" in "\n".join(str(m.value) for m in at.markdown)
    drill = drills[0]
    best = next(o for o in drill.options if o.right)
    radio = next(r for r in at.radio if r.key == f"{K}drill.pick.1.0")
    radio.set_value(best.id)
    next(b for b in at.button if b.label == "Check" and "drill" in str(b.key)).click().run()
    assert not at.exception, at.exception
    assert any(said(best.verdict, "en")[:20] in str(s.value).replace("\\", "")
               for s in at.success)


def test_the_krypkasino_coach_speaks_of_the_lowest_total() -> None:
    at = open_site("pages/krypkasino_play.py", players="2", seat="0", bots="you,basic",
                   seed="13", session="1")
    assert not at.exception, at.exception
    game = session(at, "cplay.")
    while not game.human_turn:
        click(at, "cplay.next")
        game = session(at, "cplay.")
    advice = game.advice()
    assert advice is not None
    text = infos(at)
    assert f"Coach: Play {coach.play_text(advice.action)}: you end the session with the " \
           "lowest total about" in text
    table = at.dataframe[0].value
    assert list(table.columns)[:2] == ["Move", "Lowest total"]

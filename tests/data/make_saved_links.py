"""Write tests/data/saved_links.txt with the code as it was before issue 12's link codec.

Each page that put rules, seats or bots in a link wrote its links with its own code; this
script writes a set of them with that code and records what that code read back. Run it
inside an export of commit d7c8a3d (it imports that tree's ui/ modules)::

    mkdir /tmp/old && git archive d7c8a3d | tar -x -C /tmp/old
    cd /tmp/old && python <repo>/tests/data/make_saved_links.py <repo>/tests/data/saved_links.txt
"""
# ruff: noqa: E402, I001
import json
import sys
import urllib.parse
from typing import Any

sys.path.insert(0, ".")
from engine.kachuful.rules import KachufulRules, DEFAULT_RULES
from engine.krypkasino.rules import KrypkasinoRules
import ui.play as play
import ui.walkthrough_kachuful as wkach
import ui.walkthrough_krypkasino as wkryp
import ui.explore as ex
from ui.query import LinkReader
import ui.scorekeeper as sk
from engine.scoresheet import KachufulSheet, KrypkasinoSheet
from tutorials import lessons, scenarios as scen

out = []
def emit(page: str, query: dict[str, str], expected: dict[str, Any]) -> None:
    q = urllib.parse.urlencode(query)
    out.append(f"{page}\t{q}\t{json.dumps(expected, sort_keys=True)}")

def diff(rules: Any, base: Any) -> dict[str, Any]:
    d = {}
    for f in type(rules).__dataclass_fields__:
        if getattr(rules, f) != getattr(base, f):
            d[f] = getattr(rules, f)
    return d

# -- play pages: setups written by setup_params, read by read_setup
Setup = play.Setup
plays = [
    ("kachuful", 4, 0, ("human", "basic", "basic", "basic"), (), 1),
    ("kachuful", 3, 1, ("strong", "human", "random"), (("max_cards", 5),), 42),
    ("kachuful", 5, 4, ("basic", "random", "strong", "basic", "human"), (("hook_rule", False), ("scoring", "margin")), 2**40),
    ("kachuful", 6, 2, ("basic",) * 2 + ("human",) + ("random",) * 3, (("schedule", "up-down"), ("trumps", "cycle-nt"), ("max_cards", "classic"), ("blind_bids", True)), 7),
    ("kachuful", 8, 7, ("basic",) * 7 + ("human",), (("one_card_forehead", True), ("renege", "penalized"), ("trumps", "turned")), 9),
    ("kachuful", 4, 0, ("human", "strong", "strong", "strong"), (("schedule", "down-up-twice"), ("scoring", "ten-times")), 2**53 - 1),
    ("krypkasino", 2, 0, ("human", "basic"), (), 1),
    ("krypkasino", 2, 1, ("strong", "human"), (("session", 1),), 5),
    ("krypkasino", 3, 0, ("human", "random", "basic"), (("sweep_points", 3), ("double_sweep", False)), 11),
    ("krypkasino", 6, 5, ("basic",) * 5 + ("human",), (("forced_sweep", False), ("capture", "maximal"), ("session", 4)), 123456),
    ("krypkasino", 4, 2, ("random", "strong", "human", "basic"), (("sweep_points", 0),), 0),
]
for game, n, seat, levels, variant, seed in plays:
    setup = Setup(game, n, seat, tuple(levels), tuple(variant), seed)
    params = {k: v for k, v in play.setup_params(setup).items() if v is not None}
    back, problems = play.read_setup(game, params)
    assert not problems, problems
    page = f"{game}_play"
    emit(page, params, {"game": game, "players": back.players, "seat": back.seat,
                        "levels": list(back.levels), "seed": back.seed,
                        "variant": dict(back.variant)})
# hand-typed old play links (a short one, bots naming "you")
for game, params in [("kachuful", {"players": "3", "bots": "strong,you,basic", "max_cards": "3"}),
                     ("krypkasino", {"players": "2", "seat": "0", "bots": "you,basic", "seed": "1", "sweep_points": "3"}),
                     ("kachuful", {"players": "4", "seat": "0", "bots": "you,basic,basic,basic", "seed": "4", "max_cards": "auto", "hook_rule": "true"})]:
    back, problems = play.read_setup(game, params)
    assert not problems, problems
    emit(f"{game}_play", params, {"game": game, "players": back.players, "seat": back.seat,
                                  "levels": list(back.levels), "seed": back.seed,
                                  "variant": dict(back.variant)})

# -- Kachuful walkthrough
kmenu = [(s.id, wkach.scenario_rules(s).to_dict()) for s in wkach.load_scenarios()]
kids = [m[0] for m in kmenu]
def kbase(scenario: str) -> KachufulRules:
    for sid, v in kmenu:
        if sid == scenario:
            return KachufulRules.from_dict(v)
    return DEFAULT_RULES
kcfgs = [
    wkach.Config("random", KachufulRules(), 1, 4, 1),
    wkach.Config("random", KachufulRules(max_cards=5, hook_rule=False), 77, 3, 4, "1"),
    wkach.Config("random", KachufulRules(schedule="up", trumps="turned", scoring="per-trick"), 5, 6, 2, "all"),
    wkach.Config("random", KachufulRules(max_cards="classic", blind_bids=True, renege="penalized"), 2**50, 5, 3, "4"),
    wkach.Config(kids[0], KachufulRules.from_dict({**kbase(kids[0]).to_dict(), "hook_rule": False}), 1, 4, 1, "2"),
    wkach.Config(kids[-1], kbase(kids[-1]), 1, 4, 1),
]
for cfg in kcfgs:
    base = kbase(cfg.scenario)
    params = {k: v for k, v in wkach.config_params(cfg, base, 3).items() if v is not None}
    back, problems = wkach.read_config(params, "en", kids, kbase, kids[0])
    assert not problems, problems
    exp = {"game": "kachuful", "scenario": back.scenario, "base": base.to_dict(),
           "variant": diff(back.rules, base), "seat": None if back.seat == "all" else int(back.seat)}
    if back.scenario == "random":
        exp.update(players=back.players, seed=back.seed, hands=back.hands)
    emit("kachuful_walkthrough", params, exp)

# -- Krypkasino walkthrough
cmenu = []
for sid in scen.ids("krypkasino"):
    try:
        s = scen.load("krypkasino", sid, wkryp.GAME_KEYS)
        cmenu.append((s.order, s.id, wkryp.base_variant(s.data)))
    except Exception:
        pass
cmenu.sort()
cids = [m[1] for m in cmenu]
cbases = {m[1]: m[2] for m in cmenu}
def full(v):
    return KrypkasinoRules.from_dict(dict(v)).to_dict()
csel = [
    ("random", 1, 2, {}),
    ("random", 99, 4, {"sweep_points": 7, "session": 2}),
    ("random", 2**53 - 1, 6, {"capture": "maximal", "forced_sweep": False, "double_sweep": False}),
    (cids[0], 1, 2, {"sweep_points": 3}),
    (cids[-1], 1, 2, {}),
]
for scenario, seed, players, over in csel:
    base = cbases.get(scenario, {})
    options = {**full(base), **over}
    sel = wkryp.Selection(scenario, seed, players, tuple((k, options[k]) for k in wkryp.VARIANT_KEYS))
    params = {k: v for k, v in wkryp.link_params(sel, base, 2).items() if v is not None}
    reader = LinkReader("en", params=params)
    back = wkryp.read_link(reader, cids, cbases)
    assert not reader.problems, reader.problems
    b = KrypkasinoRules.from_dict(dict(base))
    exp = {"game": "krypkasino", "scenario": back.scenario, "base": b.to_dict(),
           "variant": diff(KrypkasinoRules.from_dict(back.options), b), "seat": None}
    if back.scenario == "random":
        exp.update(players=back.players, seed=back.seed)
    emit("krypkasino_walkthrough", params, exp)

# -- explorers
def read(cls, params):
    r = LinkReader("en", params=params)
    v = cls.read(r)
    assert not r.problems, (params, r.messages())
    return v
labs = [ex.LabInputs(), ex.LabInputs("kachuful", ("basic", "strong", "random"), "max_cards:5", "hook_rule:false,max_cards:5", 200, 9),
        ex.LabInputs("krypkasino", ("basic", "basic"), "", "forced_sweep:false", 100, 1),
        ex.LabInputs("krypkasino", ("random", "basic", "strong"), "session:2,sweep_points:3", "capture:maximal,double_sweep:false,session:2", 50, 2**31 - 1),
        ex.LabInputs("kachuful", ("basic",) * 4, "max_cards:null,schedule:up", "renege:penalized,scoring:judgement,trumps:turned", 100, 3)]
for lab in labs:
    params = lab.query()
    back = read(ex.LabInputs, params)
    emit("explore_variant_lab", params, {"game": back.game, "levels": list(back.lineup), "seed": back.seed,
                                         "a": ex.decode_rules(back.rules_a), "b": ex.decode_rules(back.rules_b)})
# the page's default link (no a/b given)
for params in ({"game": "krypkasino"}, {}):
    back = read(ex.LabInputs, params)
    emit("explore_variant_lab", params, {"game": back.game, "levels": list(back.lineup), "seed": back.seed,
                                         "a": ex.decode_rules(back.rules_a), "b": ex.decode_rules(back.rules_b)})
fans = [ex.FanInputs(), ex.FanInputs("kachuful", ("strong", "basic", "basic"), "hook_rule:false", 100, 5, 2),
        ex.FanInputs("krypkasino", ("basic", "random"), "sweep_points:3", 200, 1, 2),
        ex.FanInputs("krypkasino", ("basic",) * 6, "", 300, 8, 6)]
for fan in fans:
    params = fan.query()
    back = read(ex.FanInputs, params)
    emit("explore_score_fan", params, {"game": back.game, "levels": list(back.lineup), "seed": back.seed,
                                       "rules": ex.decode_rules(back.rules), "seat": back.position - 1})
sweeps = [ex.SweepInputs(), ex.SweepInputs(3, "3C,AH,KH,3D,7C", "4D,AD", "", 5, "forced_sweep:false", 2),
          ex.SweepInputs(2, "3C,AH", "4D", "5S", 2, "double_sweep:false,sweep_points:3", 4)]
for sw in sweeps:
    params = sw.query()
    back = read(ex.SweepInputs, params)
    emit("explore_sweep_danger", params, {"game": "krypkasino", "players": back.players, "seed": back.seed,
                                          "rules": ex.decode_rules(back.rules)})
for hook in (ex.HookInputs(), ex.HookInputs((3, 5, 7), "margin", 100, 3)):
    params = hook.query()
    back = read(ex.HookInputs, params)
    emit("explore_hook", params, {"game": "kachuful", "players_list": list(back.players), "seed": back.seed,
                                  "rules": {"scoring": back.scoring} if back.scoring != "exact" else {}})
for odds in (ex.OddsInputs(), ex.OddsInputs("AS,KS", 2, "NT", 3, 3, "margin", "off", "strong", 500, 12)):
    params = odds.query()
    back = read(ex.OddsInputs, params)
    rules = {}
    if back.scoring != "exact":
        rules["scoring"] = back.scoring
    if back.hook == "off":
        rules["hook_rule"] = False
    emit("explore_hand_odds", params, {"game": "kachuful", "players": back.players, "seed": back.seed,
                                       "rules": rules, "position": back.position, "level": back.level})

# -- scorekeepers: the sheet link holds names, the variant and the first dealer
for sheet, page in [
        (KachufulSheet.new(["Ana", "Bo", "Cy"], KachufulRules(max_cards=3, hook_rule=False), 1), "kachuful_scorekeeper"),
        (KachufulSheet.new(["Ana", "Bo", "Cy", "Di"], KachufulRules(), 0), "kachuful_scorekeeper"),
        (KrypkasinoSheet.new(["Ana", "Bo"], KrypkasinoRules(sweep_points=3, session=2), 0), "krypkasino_scorekeeper"),
        (KrypkasinoSheet.new(["Ana", "Bo", "Cy"], KrypkasinoRules(), 2), "krypkasino_scorekeeper")]:
    game = "kachuful" if page.startswith("kachuful") else "krypkasino"
    params = {"sheet": sk.encode(sheet)}
    back = sk.decode(params["sheet"], game).sheet
    assert back is not None
    base = KachufulRules() if game == "kachuful" else KrypkasinoRules()
    emit(page, params, {"game": game, "players": len(back.names), "variant": diff(back.rules, base),
                        "dealer": back.first_dealer if hasattr(back, "first_dealer") else None})

# -- lessons and classroom: a shipped lesson by id, and a packed lesson with variants
import ui.classroom as classroom
for lesson_id in lessons.ids():
    lesson = lessons.load(lesson_id)
    if any(item_variant for item_variant in (getattr(i, "variant", ()) for i in lesson.items)):
        for page, student in (("classroom", False), ("lessons", True)):
            params = classroom.link_query(lesson, 1, student)
            emit(page, params, {"lesson": lesson_id, "variants": [dict(getattr(i, "variant", ())) for i in lesson.items]})
        shared = lessons.decode_link(lessons.encode_link(lesson))  # what an l= link holds
        params = {"l": lessons.encode_link(lesson), "step": "2"}
        emit("classroom", params, {"lesson": "shared", "variants": [dict(getattr(i, "variant", ())) for i in shared.items]})

header = ["# Links of the site as the code before issue 12's link codec (commit d7c8a3d) wrote them,",
          "# with what that code read from them. One per line: page<TAB>query<TAB>expected JSON.",
          "# tests/test_link_saved.py opens each through ui/link.py and checks the same rules and setup.",
          "# Made by tests/data/make_saved_links.py (run in an export of that commit); never edit by hand."]
open(sys.argv[1], "w").write("\n".join(header + out) + "\n")
print(len(out), "links")

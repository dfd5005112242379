"""The win-chance estimate and the game review (issue 23): fair (they read the public view only),
the same for the same seed, certain at the end of a game, and able to find where a game was lost."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from castellion.ai import estimate as E
from castellion.ai import review as R
from castellion.ai.prior import posterior
from castellion.ai.work import Work
from castellion.rules import actions as A
from castellion.rules import new_game
from castellion.rules.public import public_view
from tests.rules.test_public_view import _other_hidden_order, _played
from tests.xvfb_helpers import HANG_GUARD

LOST_GAME = Path(__file__).resolve().parents[1] / "data" / "review" / "lost_intro_seed2.json"


def lost_game() -> dict:
    """An intro deal the playout policy wins (seed 2), with one placement at action 21 replaced
    by the worst one the evaluation knows; the policy plays the rest and the game is lost."""
    return json.loads(LOST_GAME.read_text(encoding="utf-8"))


def test_the_estimate_is_the_same_for_the_same_seed_and_counts_its_work():
    view = public_view(_played("intro", 4, 90))  # late in the deal: short playouts
    first = E.win_chance(view, 150, seed=3)
    assert first == E.win_chance(view, 150, seed=3)
    assert first.playouts >= 1 and first.work >= 150  # playouts are whole: the last may overrun
    # The chance is what its wins say under the level's spread of chances (ai/prior.py).
    assert (first.p, first.stderr) == posterior("intro", first.wins, first.playouts)
    more = E.win_chance(view, 600, seed=3)
    assert more.playouts > first.playouts  # more work, more playouts


def test_the_estimate_reads_only_the_public_view():
    game = _played("base", 6, 90)
    mine = E.win_chance(public_view(game), 800, seed=1)
    assert mine.playouts >= 2
    assert E.win_chance(public_view(_other_hidden_order(game, 0)), 800, seed=1) == mine


def test_a_finished_game_is_certain():
    doc = lost_game()
    lost = R.replay(doc["options"], doc["actions"])
    assert lost.outcome is not None and lost.outcome.result == "lost"
    assert E.win_chance(public_view(lost), 1000, seed=0) == E.Estimate(0.0, 0.0, 0, 0, 0)
    won = new_game("intro", seed=2)  # the same deal, played by the policy alone, is won
    while won.outcome is None:
        won.apply(E.policy_move(won, Work()))
    assert won.outcome.result == "won"
    assert E.win_chance(public_view(won), 1000, seed=0).p == 1.0


def test_the_estimate_stops_when_cancelled():
    view = public_view(new_game("intro", seed=5))
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 30  # a few moves into the first playout

    est = E.win_chance(view, 100_000, seed=0, cancel=cancel)
    assert est.playouts == 0 and (est.p, est.stderr) == posterior("intro", 0, 0)  # the level's mean


def test_marks_follow_the_drop_and_need_agreeing_samples():
    assert R.mark_for(0.5, 4) == "blunder"
    assert R.mark_for(0.25, 3) == "mistake"
    assert R.mark_for(0.125, 2) == "inaccuracy"
    assert R.mark_for(0.05, 2) is None
    assert R.mark_for(0.5, 1) is None  # one lucky sample is not a mistake


def test_a_reviewed_decision_reads_only_the_public_view():
    game = _played("intro", 8, 24)
    legal = game.legal_actions()
    played = A.action_to_dict(legal[-1])
    mine = R.review_decision(public_view(game), played, 24, entry_work=600, playouts=3)
    other = R.review_decision(public_view(_other_hidden_order(game, 0)), played, 24, entry_work=600, playouts=3)
    assert other == mine


@pytest.mark.slow
def test_the_review_of_a_lost_game_finds_its_decisive_mistake():
    doc = lost_game()
    review = R.review_game(doc["options"], doc["actions"])
    assert review is not None
    assert review["finished"] and review["result"] == "lost" and review["knowledge"] == "public"
    assert review["summary"]["turned_index"] == doc["blunder_index"] == 21
    entry = next(d for d in review["decisions"] if d["index"] == 21)
    assert entry["mark"] == "blunder" and entry["drop"] >= 0.3 and entry["samples"] == R.PLAYOUTS + R.CONFIRM
    assert entry["best"] != entry["played"] and entry["reason"]["kind"]
    # What the blunder gave up, in the game's terms: the first Ordeal moved tiles away.
    assert entry["given_up"] == {"ordeal": 0, "tiles": entry["given_up"]["tiles"]} and entry["given_up"]["tiles"] >= 3
    # The other decisions the policy itself made are at most inaccuracies, and every one is reviewed.
    assert all(d["mark"] in (None, "inaccuracy") for d in review["decisions"] if d["index"] != 21)
    assert all(d["checked"] for d in review["decisions"]) and review["summary"]["complete"]
    assert 50 < review["summary"]["accuracy"] < 100  # one blunder among ninety decisions
    assert review["graph"][-1]["p"] == 0.0  # the end: lost
    assert [e["ordeal"] for e in review["encounters"]][:1] == [0]
    json.dumps(review)  # plain data


def test_a_review_can_be_cancelled():
    doc = lost_game()
    assert R.review_game(doc["options"], doc["actions"], cancel=lambda: True) is None


def test_the_estimate_runs_in_the_computer_players_child_process():
    from castellion.ai.pool import ComputePool

    view = public_view(_played("intro", 4, 90))
    pool = ComputePool()
    try:
        job = pool.submit(E.win_chance, view, 150, 3)
        assert job.wait(HANG_GUARD)
        assert job.result() == E.win_chance(view, 150, seed=3)
        assert pool.pid is not None  # answered by the child, not a fallback thread
    finally:
        pool.close()


def _saved_lost_game(tmp_path: Path) -> Path:
    from castellion.persistence.saves import write_save
    from castellion.rules import new_game as fresh
    from castellion.session import Session

    doc = lost_game()
    session = Session(fresh(**doc["options"]))
    for data in doc["actions"]:
        session.apply(A.action_from_dict(data))
    path = tmp_path / "lost.json"
    write_save(path, session)
    return path


@pytest.mark.slow
def test_the_command_line_prints_the_review_and_keeps_it(tmp_path, monkeypatch, capsys):
    import functools

    from castellion import cli
    from castellion.persistence import reviews

    path = _saved_lost_game(tmp_path)
    quick = functools.partial(R.review_game, limit=2, playouts=4)
    monkeypatch.setattr(R, "review_game", quick)
    assert cli.main(["--review", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["result"] == "lost" and printed["summary"]["turned_index"] == 21
    marked = [d for d in printed["decisions"] if d.get("mark")]
    assert [d["index"] for d in marked] == [21] and {"before", "after", "best", "reason"} <= set(marked[0])
    kept = list((reviews.review_path("x").parent).glob("*.json"))
    assert len(kept) == 1  # kept in the saves folder's reviews/, not beside the file given

    def never(*args, **kw):
        raise AssertionError("a kept review is not computed again")

    monkeypatch.setattr(R, "review_game", never)
    assert cli.main(["--review", str(path)]) == 0  # the words, from the kept review
    text = capsys.readouterr().out
    assert "blunder" in text and "turn 11" in text
    kept[0].write_bytes(b"{broken")  # a damaged kept review is computed again, never trusted
    monkeypatch.setattr(R, "review_game", quick)
    assert cli.main(["--review", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == printed


def test_the_command_line_refuses_what_is_not_a_save(tmp_path, capsys):
    from castellion import cli

    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert cli.main(["--review", str(bad), "--json"]) == 2
    assert "cannot be reviewed" in capsys.readouterr().err


def test_a_kept_review_is_found_by_its_game_and_nothing_else():
    from castellion.persistence import reviews

    options, history = {"level": "intro", "seed": 2}, [{"type": "DrawTile", "pile": "regular"}]
    key = reviews.review_key(options, history, 1)
    assert key != reviews.review_key(options, [], 1)
    assert key != reviews.review_key(options, history, 2)
    assert reviews.load_review(key, options, history) is None  # none kept yet
    kept = {"options": options, "actions": 1, "finished": False, "result": None, "decisions": [], "graph": [],
            "encounters": [], "summary": {"blunder": 1, "mistake": 0, "inaccuracy": 0, "turned_at": None,
                                          "turned_index": None}}
    assert reviews.keep_review(key, kept)
    assert reviews.load_review(key, options, history) == kept
    path = reviews.review_path(key)
    assert path.parent.parent.name == "saves" and not path.name.endswith(".json.bak")
    other = reviews.review_path("0" * 64)
    other.write_bytes(path.read_bytes())  # another game's name on this file: not that game's review
    assert reviews.load_review("0" * 64, options, history) is None
    path.write_bytes(b"\x00" * 10)
    assert reviews.load_review(key, options, history) is None


def test_a_kept_review_whose_moves_mostly_differ_from_the_computers_is_not_thrown_away():
    """The graph holds a point after every move that was not the best: up to two per action. A
    kept review of a game played mostly otherwise than the computer must load as kept, not be set
    aside as damaged and computed again at every opening."""
    from castellion.persistence import reviews

    doc = lost_game()
    options, history = doc["options"], doc["actions"]
    entries = [_entry(i, 0.5, 0.4) for i in range(len(history))]  # every move differs from the best
    kept = {"options": options, "actions": len(history), "finished": True, "result": "lost", "decisions": [],
            "graph": R.graph(entries, len(history), "lost"), "encounters": [],
            "summary": {"blunder": 0, "mistake": 0, "inaccuracy": 0, "turned_at": None, "turned_index": None}}
    assert len(kept["graph"]) > len(history) + 1
    assert reviews.review_problem(kept, options, history) is None
    kept["graph"][3]["sd"] = "wide"
    assert reviews.review_problem(kept, options, history) is not None  # the band's width is checked too


def _entry(index: int, before: float, after: float, *, same: bool = False, mark: str | None = None,
           player: int = 0) -> R.Entry:
    played = {"type": "DrawTile", "pile": "regular"}
    best = played if same else {"type": "DrawTile", "pile": "safe"}
    return R.Entry(index, index // 2 + 1, player, "get", 0, played, best, {"kind": "draw"}, before, after,
                   max(0.0, before - after), 0.1, 8, mark, 100, 0.05, 0.06)


def test_accuracy_is_the_share_of_chance_kept_and_weighs_bad_moves():
    assert R.move_accuracy(0.6, 0.6) == pytest.approx(100, abs=0.01)
    assert R.move_accuracy(0.3, 0.6) == pytest.approx(100, abs=0.01)  # a chance gained is no loss
    assert R.move_accuracy(0.5, 0.4) > R.move_accuracy(0.5, 0.3) > R.move_accuracy(0.8, 0.1) >= 0
    clean = R.game_accuracy([100.0] * 40)
    cuts = R.game_accuracy([R.move_accuracy(0.5, 0.44)] * 40)  # forty drops of 6 points, none marked
    one_blunder = R.game_accuracy([100.0] * 39 + [R.move_accuracy(0.6, 0.1)])
    assert clean == pytest.approx(100) and cuts < 80 and one_blunder < 97
    assert R.game_accuracy([]) is None


def test_a_lost_game_says_where_it_was_already_lost():
    entries = [_entry(0, 0.4, 0.4, same=True), _entry(2, 0.3, 0.2), _entry(4, 0.04, 0.03),
               _entry(6, 0.02, 0.02, same=True), _entry(8, 0.01, 0.0)]
    assert R.lost_at(entries, "lost") == entries[2]
    assert R.lost_at(entries, "won") is None
    assert R.lost_at(entries[:2], "lost") is None  # still a chance at its last decision
    s = R.summary(entries, "lost", decisions=5)
    assert (s["lost_at"], s["lost_index"], s["complete"]) == (3, 4, True)
    assert s["given_away"] == pytest.approx(0.1)  # what was given away while a chance was left
    assert R.summary(entries[:3], "lost", decisions=5)["lost_at"] is None  # not while it fills in


def test_the_graph_holds_each_decisions_own_numbers():
    entries = [_entry(0, 0.5, 0.5, same=True), _entry(2, 0.45, 0.12, mark="blunder"), _entry(5, 0.1, 0.1, same=True)]
    points = R.graph(entries, 9, "lost")
    assert [(g["index"], g["p"]) for g in points] == [(0, 0.5), (2, 0.45), (3, 0.12), (5, 0.1), (9, 0.0)]
    assert all(g["sd"] >= 0 for g in points)


def test_the_dearest_decisions_are_reviewed_first():
    doc = lost_game()
    screened = R.screen(doc["options"], doc["actions"])
    first = R.order(screened)
    assert first[0] == doc["blunder_index"]  # its mark comes within the first job
    assert sorted(first) == [s["index"] for s in screened]  # and every decision is reviewed


def test_neighbouring_decisions_meet_the_same_hidden_orders():
    """A placement reveals nothing: the coupled sample of the position after it is the sample
    before it with the move applied — so the review's line does not jump when nothing happened;
    a draw only takes its tile out, the others keep their order."""
    from collections import Counter

    from castellion.rules.public import sample_coupled

    def piles(game):
        return sample_coupled(public_view(game), 99)._piles  # the hidden orders themselves

    game = _played("intro", 3, 20)
    while not any(isinstance(a, A.PlaceTile) for a in game.legal_actions()):
        game.apply(game.legal_actions()[0])
    action = next(a for a in game.legal_actions() if isinstance(a, A.PlaceTile))
    sampled = sample_coupled(public_view(game), 99)
    sampled.apply(action)
    game.apply(action)
    assert piles(game) == sampled._piles
    assert game.phase == "get" and A.DrawTile("regular") in game.legal_actions()
    pile = piles(game)["regular"]
    game.apply(A.DrawTile("regular"))
    later = piles(game)["regular"]
    assert sum((Counter(pile) - Counter(later)).values()) == 1
    rest = iter(pile)
    assert all(tile in rest for tile in later)  # `later` is `pile` less one tile, in the same order


def test_the_deeper_look_thinks_deep_times_longer_on_every_count(monkeypatch):
    """The deeper look (when the player asks) is the quick look with DEEP times its move budget,
    playouts and their work — never a different estimate."""
    from castellion.ai.decision import MOVE_WORK

    seen = []

    def spy(view, played_data, index, entry_work, playouts, cancel, move_work):
        seen.append({"turn": view.game.turn, "played": played_data, "index": index, "entry_work": entry_work,
                     "playouts": playouts, "move_work": move_work})
        return "entry"

    monkeypatch.setattr(R, "review_decision", spy)
    options = {"level": "intro", "seed": 2}
    game = new_game(**options)
    history = [A.action_to_dict(game.legal_actions()[0])]
    # the review's deeper look at a decision, and "try again" judging it: one budget
    assert R.deep_entry(options, history, 0) == R.deep_decision(public_view(game), history[0], 0) == "entry"
    assert R.DEEP > 1 and seen[0] == seen[1] == {
        "turn": game.turn, "played": history[0], "index": 0, "entry_work": R.ENTRY_WORK * R.DEEP,
        "playouts": R.PLAYOUTS * R.DEEP, "move_work": MOVE_WORK * R.DEEP}

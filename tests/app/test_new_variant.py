"""A variant is one unit: declared in a level's data and in the rules' one registry
(castellion/rules/options.py), and every list of variants follows — Setup, the board, saves,
statistics and records — with no other change (issue 33, item 1; docs/architecture.md,
"Adding a variant"). A level may have any number of variants (docs/rules.md §8).

The test works on a scratch copy of the game's data: it gives the School of Architects a second
harder variant, "The Watch", beside the Prophet. Its hooks combine two existing ones (the Vigil's
tile set aside and the Premonition's free discard, §8.1 and §8.3) — its leaning is the data's word,
the test follows the variant through the program: offered, played, saved, resumed and counted.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from castellion import persistence as P
from castellion.content import load_ruleset
from castellion.content import loader as content_loader
from castellion.content.resources import resource_path
from castellion.rules import actions as A
from castellion.rules import use_ruleset
from castellion.rules.bots import greedy_action
from castellion.rules.dealcode import code_of
from castellion.rules.options import VARIANT_HOOKS, VariantHooks
from castellion.rules.rng import SeededRandom
from castellion.scenes.setup import SetupScene
from castellion.scenes.stats import StatisticsScene
from castellion.ui import records_view
from castellion.ui.names import variant_title
from tests.conftest import TextSpy, board_of, frames

WATCH = {"id": "watch", "leaning": "harder", "name": "The Watch",
         "description": "Keep a safe tile as the Vigil, and once discard a plain Traitor for free."}


def _scratch_levels(tmp: Path, entry: dict[str, str] | None = None) -> Path:
    """A copy of the game's levels/ whose intro level lists `entry` after its own variants (the data's one edit)."""
    levels = tmp / "levels"
    shutil.copytree(resource_path("levels"), levels)
    intro = yaml.safe_load((levels / "intro.yaml").read_text(encoding="utf-8"))
    intro["variants"].append(dict(entry or WATCH))
    (levels / "intro.yaml").write_text(yaml.safe_dump(intro, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return levels


@pytest.fixture
def watch_data(tmp_path, monkeypatch):
    """The scratch data as the game's own, with the Watch's hooks registered (the rules' one edit)."""
    monkeypatch.setitem(VARIANT_HOOKS, "watch", VARIANT_HOOKS["vigil"] | VARIANT_HOOKS["premonition"])
    levels = _scratch_levels(tmp_path)
    monkeypatch.setattr(content_loader, "resource_path",
                        lambda name: levels if name == "levels" else resource_path(name))
    content_loader._load_default.cache_clear()
    use_ruleset(None)
    yield levels
    content_loader._load_default.cache_clear()
    use_ruleset(None)


def test_a_second_harder_variant_in_the_data_and_the_registry_is_offered_played_saved_and_counted(
        watch_data, make_app):
    intro = load_ruleset().levels["intro"]
    assert intro.variant_ids() == ("vigil", "prophet", "watch")

    # Setup offers it beside the Prophet, both harder, easier → plain → harder, and draws its words
    app = make_app()
    spy = TextSpy(app.ctx.fonts)
    app.ctx.fonts = spy
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    frames(app)
    setup._select_level("intro")
    offered = setup.difficulty.options
    assert [o.value for o in offered] == ["vigil", "normal", "prophet", "watch"]
    assert all(o.enabled for o in offered) and [o.note for o in offered[2:]] == ["The Prophet", WATCH["name"]]
    assert offered[2].label == offered[3].label and offered[2].mark == offered[3].mark  # both "Harder" △
    setup.difficulty._select(3)
    frames(app)
    assert setup.options() == {"variant": "watch"}
    assert spy.drawn(WATCH["name"]) and spy.drawn(WATCH["description"][:30])

    # it plays with its hooks from the deal
    setup.start()
    frames(app, 3)
    board = board_of(app)
    assert board is not None
    game = board.session.game
    assert game.variant_id == "watch" and game.options["variant"] == "watch"
    assert game.variant_hooks == VariantHooks(vigil=True, premonition=True)
    assert game.vigil is not None and game.premonition_available
    rng = SeededRandom.from_seed(5)
    moves: set[type] = set()  # the Watch's own moves: the Vigil's exchange, the Premonition
    for _ in range(80):  # until a Traitor is drawn: the Premonition is offered then
        if board.session.game.outcome is not None or {A.ExchangeVigil, A.UsePremonition} <= moves:
            break
        moves |= {type(a) for a in board.session.game.legal_actions()}
        board.session.apply(greedy_action(board.session.game, rng))
    assert {A.ExchangeVigil, A.UsePremonition} <= moves, moves
    code = code_of(game.options, app.ctx.ruleset())  # its deal has a code of its own, apart from the Prophet's
    assert code is not None and code != code_of(dict(game.options, variant="prophet"), app.ctx.ruleset())

    # it saves and resumes as it was
    P.save_slot("watch", board.session)
    loaded = P.load_save("watch")
    assert loaded.game.to_dict() == board.session.game.to_dict()
    assert loaded.game.variant_hooks == VariantHooks(vigil=True, premonition=True)
    assert loaded.info.variant == "watch"
    assert variant_title(app.ctx, loaded.info.level, loaded.info.variant) == WATCH["name"]

    # statistics and records count it on its own lines, apart from the Prophet
    assert P.record_game(board.session.game.options, "won", turns=30, key="a" * 32)
    assert P.record_game(dict(board.session.game.options, variant="prophet"), "lost", turns=9, key="b" * 32)
    stats = P.load_stats()
    assert (stats.get("intro", "watch").won, stats.get("intro", "prophet").lost) == (1, 1)
    assert records_view.win_rates(stats)[("intro", "watch")] == (1, 1)
    assert records_view.bar_variants(app.ctx, "intro") == ("normal", "vigil", "prophet", "watch")
    scene = StatisticsScene(app.ctx)
    app.stack.push(scene)
    frames(app)
    assert [key for key, _rec in scene.rows] == [("intro", "prophet", 1), ("intro", "watch", 1)]
    assert spy.drawn(WATCH["name"])


def test_a_level_may_have_no_variant_of_a_leaning(tmp_path, monkeypatch):
    levels = tmp_path / "levels"
    shutil.copytree(resource_path("levels"), levels)
    intro = yaml.safe_load((levels / "intro.yaml").read_text(encoding="utf-8"))
    intro["variants"] = [v for v in intro["variants"] if v["leaning"] != "harder"]
    (levels / "intro.yaml").write_text(yaml.safe_dump(intro, sort_keys=False), encoding="utf-8")
    base = yaml.safe_load((levels / "base.yaml").read_text(encoding="utf-8"))
    del base["variants"]
    (levels / "base.yaml").write_text(yaml.safe_dump(base, sort_keys=False), encoding="utf-8")
    ruleset = load_ruleset(levels)
    assert list(ruleset.levels["intro"].variants) == ["vigil"] and ruleset.levels["base"].variants == {}
    from castellion.rules import new_game

    with pytest.raises(ValueError, match="no variant 'prophet'"):
        new_game("intro", seed=1, variant="prophet", ruleset=ruleset)
    assert new_game("intro", seed=1, variant="vigil", ruleset=ruleset).variant_id == "vigil"


def test_a_variant_the_rules_do_not_know_is_refused_by_the_loader(tmp_path):
    levels = _scratch_levels(tmp_path, entry=dict(WATCH, id="nightmare"))
    with pytest.raises(ValueError, match="unknown variant 'nightmare'"):
        load_ruleset(levels)

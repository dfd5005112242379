"""What a drop or a click on the board means (castellion/scenes/board/meaning.py), without a
display: target + game → an action, or a refusal with its rule id. Also the filing table of
`Choices` and the banner, which are pure too."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from castellion.rules import Phase, Refusal, Why, new_game
from castellion.rules import actions as A
from castellion.scenes.board import meaning as M
from castellion.scenes.board.banner import banner_text, default_keys
from castellion.scenes.board.choices import _FILERS, Choices
from castellion.ui.rules_text import refusal_text
from castellion.ui.targets import (
    CastleTarget,
    CellTarget,
    DiscardTarget,
    HandTarget,
    OrdealTarget,
    PileTarget,
    VigilTarget,
)
from castellion.ui.text import t
from tests.rules_helpers import rows, scenario

BOARD = Path(__file__).resolve().parents[3] / "castellion" / "scenes" / "board"
PURE = ("meaning.py", "banner.py", "choices.py", "words.py", "pantry.py")
FOUNDATION = """
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    .. .. .. .. .. ..
    Pt Jc .. .. .. .."""


def names(player: int) -> str:
    return ("Anna", "Ben")[player]


def holding(code: str = "St", **kw: object):
    return scenario(castle_text=FOUNDATION, held=code, phase="use", held_from="regular", turn_used=True, **kw)


def test_the_pure_parts_import_no_pygame():
    for name in PURE:
        tree = ast.parse((BOARD / name).read_text(encoding="utf-8"))
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not any(m.split(".")[0] == "pygame" for m in imported), name


def test_every_action_type_of_the_rules_is_filed_by_choices():
    assert set(typing.get_args(A.Action)) <= set(_FILERS)
    game = holding()
    c = Choices(game)
    assert c.phase is Phase.USE and c.phase == "use"
    filed = (len(c.place) + len(c.prison) + len(c.guardian) + (c.discard is not None) + (c.traitor is not None)
             + (c.vigil is not None) + (c.pass_tile is not None) + (c.premonition is not None))
    assert filed == len(c.actions)


def test_a_legal_cell_drop_is_the_placement_and_names_what_it_does():
    game = holding()
    v = M.judge_held(game, Choices(game), CellTarget((0, 2)), names)
    assert v.ok and v.action == A.PlaceTile((0, 2), "St")
    assert v.text == t("board.hint.legal")


def test_an_illegal_cell_drop_is_refused_with_its_rule_id_and_the_game_is_untouched():
    game = holding()
    before = game.to_dict()
    v = M.judge_held(game, Choices(game), CellTarget((1, 0)), names)  # a triangle on a triangle
    assert not v.ok and v.action is None and v.text.startswith("R-P3")
    assert game.to_dict() == before


def test_a_drop_on_nothing_or_on_the_hand_means_nothing():
    game = holding()
    c = Choices(game)
    assert M.judge_held(game, c, None, names) == M.NOTHING
    assert M.judge_held(game, c, HandTarget(), names) == M.NOTHING


def test_discard_and_ordeal_drops():
    game = holding()
    c = Choices(game)
    v = M.judge_held(game, c, DiscardTarget(), names)
    assert v.ok and v.action == c.discard and isinstance(v.action, A.DiscardTile)
    # a Defender is not a Traitor: the Ordeal refuses it (R-§4), without touching the game
    v = M.judge_held(game, c, OrdealTarget(0), names)
    assert not v.ok and "R-\u00a74" in v.text


def test_a_traitor_goes_on_the_current_ordeal_only():
    game = holding("T")
    c = Choices(game)
    current = game.current_ordeal
    assert current == 0
    assert M.judge_held(game, c, OrdealTarget(0), names).action == c.traitor
    wrong = M.judge_held(game, c, OrdealTarget(1), names)
    assert not wrong.ok and wrong.text == t("board.traitor_current", name=M.rules_text.ordeal_label(game, 0))


def test_the_vigil_takes_a_defender_and_refuses_a_traitor_by_rule_id():
    game = holding(variant="vigil")  # the introductory level's easier variant: the Vigil (§8.1)
    assert game.vigil is not None
    v = M.judge_held(game, Choices(game), VigilTarget(), names)
    assert v.ok and isinstance(v.action, A.ExchangeVigil)
    game = holding("T", variant="vigil")
    v = M.judge_held(game, Choices(game), VigilTarget(), names)
    # the reason is the rules' own (Why.VIGIL_TRAITOR), put in words by rules_text
    assert not v.ok and v.text == refusal_text(Refusal(Why.VIGIL_TRAITOR)) and v.text.startswith("R-\u00a78.1")


def test_a_solo_drop_on_a_castle_panel_is_refused():
    game = holding()
    v = M.judge_held(game, Choices(game), CastleTarget(1), names)
    assert not v.ok and v.action is None


def test_pile_clicks_draw_in_the_get_phase_and_explain_otherwise():
    game = new_game("intro", seed=3)
    c = Choices(game)
    assert M.click_pile(game, c, "regular") == M.Act(A.DrawTile("regular"))
    assert M.press_pile(game, c, "safe") == M.Act(A.DrawTile("safe"))
    game = holding()
    refused = M.click_pile(game, Choices(game), "regular")
    assert isinstance(refused, M.Refuse) and refused.text.startswith("R-")


def test_cell_clicks_in_the_use_phase_put_the_tile_in_hand_down():
    game = holding()
    assert M.click_cell(game, Choices(game), (0, 2), None) == M.DropHeld()


def _juggler(game):
    c = Choices(game)
    c.phase = Phase.JUGGLER
    swap = A.SwapTiles((0, 0), (0, 1))
    c.swaps = {frozenset(((0, 0), (0, 1))): swap}
    c.swap_cells = {(0, 0), (0, 1)}
    return c, swap


def test_juggler_clicks_select_then_swap_or_refuse():
    game = holding()
    c, swap = _juggler(game)
    assert M.click_cell(game, c, (0, 0), None) == M.Select((0, 0))
    assert M.click_cell(game, c, (0, 0), (0, 0)) == M.Select(None)
    assert M.click_cell(game, c, (0, 1), (0, 0)) == M.Act(swap)
    assert M.click_cell(game, c, (3, 3), None) == M.Refuse(t("board.cannot_swap"))
    assert M.judge_castle_move(game, c, (0, 0), (0, 1)).action == swap
    assert M.judge_castle_move(game, c, (0, 0), (2, 2)) == M.Verdict(False, t("board.cannot_swap"))


def test_pyro_clicks_choose_the_tile_then_its_new_place():
    game = holding()
    c = Choices(game)
    c.phase = Phase.PYRO_MOVE
    move = A.MoveTile((0, 1), (0, 2))
    c.moves = {(0, 1): {(0, 2): move}}
    assert M.click_cell(game, c, (0, 1), None) == M.Select((0, 1))
    assert M.click_cell(game, c, (0, 2), (0, 1)) == M.Act(move)
    assert M.click_cell(game, c, (4, 4), None) == M.Refuse(t("board.cannot_lift_empty"))  # said, R-§6
    refused = M.click_cell(game, c, (4, 4), (0, 1))
    assert isinstance(refused, M.Refuse) and refused.text
    assert M.judge_castle_move(game, c, (0, 1), (0, 2)) == M.Verdict(True, "", move)


def test_a_pantry_tile_outside_the_get_phase_is_refused_by_rule_id():
    game = holding(pantry=True)
    v = M.judge_pantry(game, Choices(game), "*t", CellTarget((0, 2)))
    assert not v.ok and v.text == t("board.pantry_not_now") and v.text.startswith("R-\u00a710")
    assert M.judge_pantry(game, Choices(game), "*t", PileTarget("regular")) == M.NOTHING


def test_the_banner_reads_the_phase():
    game = new_game("intro", seed=3)
    keys = default_keys()  # the sentences name the keys of the table: D, S, X… by default
    assert banner_text(game, Choices(game), None, names) == t("board.do.get", **keys)
    assert "(D regular, S safe)" in banner_text(game, Choices(game), None, names)
    game = holding()
    assert banner_text(game, Choices(game), None, names) == t("board.do.use", tile=M.tile_name("St"), **keys)
    two = new_game("intro", seed=3, players=2)
    # two players: whose turn it is, then what to do
    expected = t("board.do.who", name=names(two.active), text=t("board.do.get", **keys))
    assert banner_text(two, Choices(two), None, names) == expected



def test_a_pyro_lift_that_would_split_the_castle_is_refused_with_its_rule():
    """R-§6: lifting the tile the Pyro moves must not split the castle; a click on such a tile
    (nothing on top, but the castle's bridge) says so instead of nothing."""
    game = scenario("base", castle_text=rows("Ps .. Jc .. .. ..", "Pt Sc Jt .. .. .."), phase="pyro_move",
                    power_faction="P", power_faction_tile="Pt")
    sources = {a.src for a in game.legal_actions() if isinstance(a, A.MoveTile)}
    assert sources and (0, 1) not in sources and game.castle(0).tile_at((1, 1)) is None
    assert M.click_cell(game, Choices(game), (0, 1), None) == M.Refuse(t("board.cannot_lift_split"))

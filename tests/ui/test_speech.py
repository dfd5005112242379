"""The speaker and its engines (castellion/ui/speech/speaker.py, engines.py) and the narration of
the rules' events (narration.py): off by default, queued and interrupted as documented, every
event type and each of its kinds worded in en/es/ja, every event of a two-player game and of a
Pantry game played on the board said, the program playing on (and saying so once) when no engine
works."""

from __future__ import annotations

import re
import shutil
import typing
import wave

import pytest

from castellion.rules import actions as A
from castellion.rules import events as E
from castellion.rules import new_game
from castellion.ui.speech import RecordingEngine, Speech, engines
from castellion.ui.speech.narration import SAYERS, Narrator, cell_words, event_lines
from castellion.ui.text import t


def test_speech_is_off_until_turned_on_and_then_reaches_the_engine():
    recorder = RecordingEngine()
    speech = Speech(lambda: recorder)
    assert not speech.say("a line made up by the test")
    assert recorder.lines == []
    speech.enabled = True
    speech.say("first")
    speech.say("second", interrupt=False)
    speech.say_lines(["cut", "queued"])
    assert recorder.lines == ["first", "second", "cut", "queued"]
    assert recorder.interrupts == [True, False, True, False]  # a new move cuts; a list is queued after its head
    assert list(speech.heard) == recorder.lines


def test_no_engine_means_silence_and_one_notice(ctx, monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(ctx, "notify", lambda text, kind="info": told.append(text))
    ctx.speech = Speech(lambda: None)
    ctx.change_settings(speech=True)
    ctx.change_settings(speech=False)
    ctx.change_settings(speech=True)
    assert told == [t("speech.unavailable")]
    assert not ctx.speech.say("a line made up by the test")


def test_an_engine_that_fails_is_no_engine():
    def broken():
        raise OSError("a fault made up by the test")

    speech = Speech(broken, enabled=True)
    assert not speech.available
    assert not speech.say("anything")


def test_the_environment_picks_an_engine(monkeypatch):
    monkeypatch.setenv("CASTELLION_SPEECH", "record")
    assert isinstance(engines.find_engine(lambda: "en"), RecordingEngine)
    monkeypatch.setenv("CASTELLION_SPEECH", "none")
    assert engines.find_engine(lambda: "en") is None
    monkeypatch.setenv("CASTELLION_SPEECH", "no-such-engine")
    assert engines.find_engine(lambda: "en") is None


def test_orca_is_found_among_the_processes(tmp_path):
    (tmp_path / "12").mkdir()
    (tmp_path / "12" / "comm").write_text("bash\n")
    assert not engines.orca_running(tmp_path)
    (tmp_path / "345").mkdir()
    (tmp_path / "345" / "comm").write_text("orca\n")
    assert engines.orca_running(tmp_path)


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="eSpeak NG is not installed")
def test_espeak_ng_writes_each_line_to_a_wav_file(tmp_path):
    engine = engines.espeak_engine(lambda: "en", tmp_path)
    assert engine is not None
    engine.speak(cell_words((2, 3)), interrupt=False)
    from tests.conftest import eventually

    assert eventually(lambda: (tmp_path / "line-0001.wav").exists() and engine.count == 1
                      and (tmp_path / "line-0001.wav").stat().st_size > 1000)
    engine.close()
    with wave.open(str(tmp_path / "line-0001.wav")) as wav:
        assert wav.getnframes() > wav.getframerate() // 4  # a quarter of a second of speech at least


def test_every_event_type_has_its_sentence():
    assert set(SAYERS) == set(typing.get_args(E.Event))


def test_a_turn_is_told_in_order_with_the_formation_it_made():
    game = new_game("intro", seed=7)
    narrator = Narrator()
    narrator.remember(game)
    lines = narrator.lines(game, "apply", game.apply(A.DrawTile("regular")))
    held = game.held
    assert held is not None and len(lines) == 1
    assert lines[0] == event_lines(game, [E.TileDrawn("regular", held)])[0]
    place = next(a for a in game.legal_actions() if isinstance(a, A.PlaceTile))
    lines = narrator.lines(game, "apply", game.apply(place))
    assert cell_words(place.cell) in lines[0]
    assert narrator.lines(game, "undo", []) == [t("speech.undone")]


def test_cells_are_counted_from_the_foundation_up_and_the_edges_named():
    assert cell_words((0, 0)) == t("speech.cell", row=1, col=1)
    assert cell_words((5, 2)) == t("speech.cell", row=6, col=3)
    assert cell_words((0, -1)) == t("speech.cell.beyond_left")
    assert cell_words((0, 6)) == t("speech.cell.beyond_right")


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_the_lines_about_a_known_subject_leave_their_name_out_and_name_the_other_player(lang):
    """The hand-over says "Anna did: placed …": Anna's own events are worded without "Anna: "
    (by the narration, not by cutting translated text), her partner's keep their name."""
    from castellion.ui.rules_text import tile_name
    from castellion.ui.text import set_language

    set_language(lang)
    try:
        game = new_game("intro", seed=7, players=2)
        events = [E.TilePlaced(0, (0, 2), "Jc"), E.TilePlaced(1, (0, 3), "Ps")]
        placed = t("speech.event.placed", tile=tile_name("Jc"), cell=cell_words((0, 2)))
        named = event_lines(game, events, ["Anna", "Ben"])
        mine = event_lines(game, events, ["Anna", "Ben"], subject=0)
        assert named[0] == t("speech.who", name="Anna") + placed != placed
        assert mine[0] == placed
        assert mine[1] == named[1] and mine[1].startswith(t("speech.who", name="Ben"))
    finally:
        set_language("en")


RAW = re.compile(r"[{}]|\b(?:speech|rules|board|controls)\.[a-z_.]+")  # a key id or a field left unfilled


def _worded(line: str) -> bool:
    return bool(line.strip()) and RAW.search(line) is None


@pytest.mark.parametrize("lang", ["en", "es", "ja"])
def test_every_kind_of_every_event_is_worded_in_each_language(lang):
    """Each event type, and each kind an event carries (what a destruction is for, why a power
    ended, what brought an Ordeal, the pawn's role, the prison found complete or short), says a
    sentence from the catalog: no key id and no unfilled field. A power that simply did its work
    (PowerEnd.DONE) says nothing more: the swap, move or reveal it made was said."""
    from castellion.rules.reasons import Cause, Destruction, PowerEnd
    from castellion.ui.speech.narration import _Said
    from castellion.ui.text import set_language

    game = new_game("base", seed=7, players=2)
    card = game.ordeals[0].card.id
    events: list[E.Event] = [E.DestructionRequired(1, 3, kind, card if kind is Destruction.ASSAULT else "", auto)
                             for kind in Destruction for auto in (False, True)]
    events += [E.PowerEnded(f, why) for f in "SCJP" for why in PowerEnd if why is not PowerEnd.DONE]
    events += [E.OrdealEncountered(0, card, cause, met, facer=1) for cause in Cause for met in (False, True)]
    events += [E.PawnPlaced(0, (1, 2), role) for role in ("guardian", "intruder")]
    events += [E.PrisonChecked(8, True), E.PrisonChecked(5, False), E.PantryChecked(1, 2, 3),
               E.PantryRecovered(0, "Pt"), E.TilePassed(0, 1, "Ps"), E.FacerChosen(0, 1), E.ChampionTaken(0),
               E.TurnPassed(1), E.OrdealPassed(0, card), E.ProphetPlaced(1), E.TilesSwapped(1, (0, 0), (0, 1))]
    set_language(lang)
    try:
        said = _Said(game, ["Anna", "Ben"])
        unworded = [(ev, line) for ev in events if not _worded(line := SAYERS[type(ev)](ev, said))]
        assert not unworded
        assert SAYERS[E.PowerEnded](E.PowerEnded("P", PowerEnd.DONE), said) == ""
    finally:
        set_language("en")


def _bold(game, rng, done: set):
    """Greedy, but passes a tile once and hands the Champion over once (two players, §9)."""
    from castellion.rules.bots import greedy_action

    for a in game.legal_actions():
        kind = type(a).__name__
        if isinstance(a, (A.PassTile, A.HandChampion)) and kind not in done and len(game.castle(game.active)) >= 6:
            done.add(kind)
            return a
    return greedy_action(game, rng)


@pytest.mark.parametrize("two", [True, False], ids=["two_players_base", "pantry_expert"])
def test_every_event_of_a_game_played_on_the_board_is_said(ctx, two):
    """A two-player base game (a pass, the Champion handed over, who faces the first Ordeal) and an
    expert Pantry game (its Pantry counted after an encounter), played on the board to the end with
    the recording engine for ears: every event the rules report is a type the narration words, and
    its sentence reaches the speech engine."""
    from castellion.rules import Game
    from tests.board_driver import ListeningBoard
    from tests.rules_helpers import TOWER_BASTION_LINE, scenario

    if two:
        game: Game = scenario("base", players=2, castles=[TOWER_BASTION_LINE] * 2,
                              cards=["sim-1", "sim-2a", "sim-3a"], traitors=[["T", "T"]], held="T", seed=4)
    else:
        game = new_game("expert", seed=6, pantry=True)
    ear = ListeningBoard(ctx, game)
    heard: list[tuple[type, str]] = []

    def note(session, kind, action, events) -> None:
        heard.extend((type(ev), line) for ev in events
                     for line in event_lines(session.game, [ev], session.player_names))

    ear.ctx.observe_session(ear.d.board.session)  # as the app's flow does: the narration speaks
    ear.d.board.session.observers.append(note)
    done: set = set()
    seen = ear.d.play_to_end(lambda g, rng: _bold(g, rng, done), 21)
    types = {kind for kind, _ in heard}
    assert types <= set(SAYERS) and E.TileDrawn in types and E.OrdealEncountered in types
    if two:
        assert seen["PassTile"] and seen["HandChampion"] and seen["ChooseFacer"]
        assert {E.TilePassed, E.ChampionTaken, E.FacerChosen, E.TurnPassed} <= types
    else:
        assert E.PantryChecked in types
    lines = ear.recorder.lines
    assert [(kind.__name__, line) for kind, line in heard if line not in lines] == []
    assert [line for line in lines if not _worded(line)] == []

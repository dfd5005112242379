"""Sound effects: the generated WAVs, their generator, the event → sound mapping and the
`SoundBoard`'s promises (follows the setting, never raises). SDL's dummy audio driver is set by
conftest, so the real mixer runs without a device; most tests use a stub mixer that records."""

from __future__ import annotations

import importlib.util
import logging
import random
import sys
import wave
from pathlib import Path
from types import SimpleNamespace

import pytest

from castellion.persistence.settings import Settings
from castellion.rules import Outcome, Result
from castellion.rules import events as E
from castellion.ui import sound as S

REPO = Path(__file__).resolve().parents[2]
SOUNDS = REPO / "assets" / "sounds"
SCRIPT = REPO / "scripts" / "make_sounds.py"


def _script():
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_sounds", module)
    spec.loader.exec_module(module)
    return module


# --- the files -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", S.SOUND_NAMES)
def test_sound_file_is_a_short_mono_16_bit_wav(name: str) -> None:
    path = SOUNDS / f"{name}.wav"
    assert path.is_file(), path
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() in (22050, 44100)
        assert w.getcomptype() == "NONE"
        length = w.getnframes() / w.getframerate()  # the sound's length in seconds (not a time taken)
        frames = w.readframes(w.getnframes())
    assert 0.1 <= length <= 2.0, f"{name}: {length:.2f} s"
    import array

    pcm = array.array("h", frames)
    if sys.byteorder != "little":
        pcm.byteswap()
    peak = max(abs(x) for x in pcm)
    assert 0.3 * 32767 < peak < 0.95 * 32767, f"{name}: peak {peak} (silent or clipping)"
    assert abs(pcm[0]) < 600 and abs(pcm[-1]) < 600, f"{name}: starts or ends with a click"


def test_sounds_are_small_documented_and_exactly_the_known_set() -> None:
    wavs = sorted(p.stem for p in SOUNDS.glob("*.wav"))
    assert wavs == sorted(S.SOUND_NAMES)
    assert sum((SOUNDS / f"{n}.wav").stat().st_size for n in wavs) < 500 * 1024
    readme = (SOUNDS / "README.md").read_text(encoding="utf-8")
    assert "make_sounds.py" in readme and "Licence" in readme
    for name in wavs:
        assert f"{name}.wav" in readme, name


def test_script_makes_exactly_these_sounds_byte_identical(tmp_path: Path) -> None:
    make = _script()
    assert set(make.SOUNDS) == set(S.SOUND_NAMES)
    sizes = make.generate(tmp_path)
    assert set(sizes) == set(S.SOUND_NAMES)
    for name in S.SOUND_NAMES:
        fresh = (tmp_path / f"{name}.wav").read_bytes()
        assert fresh == (SOUNDS / f"{name}.wav").read_bytes(), \
            f"{name}.wav differs from what scripts/make_sounds.py makes: rerun it and commit the WAVs"
    assert make.render("place") == make.render("place")  # deterministic within one run too
    assert make.check(tmp_path) == []
    (tmp_path / "draw.wav").write_bytes(b"RIFF")
    assert make.check(tmp_path) == ["draw"]


def test_script_uses_the_standard_library_only() -> None:
    text = SCRIPT.read_text(encoding="utf-8")
    for module in ("numpy", "pygame", "scipy"):
        assert f"import {module}" not in text


def test_packaging_carries_the_sounds() -> None:
    import tomllib

    # one table maps all of assets/ (so assets/sounds) into the wheel; the spec reads the same table
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    force_include = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert force_include["assets"] == "castellion/_data/assets"
    spec = (REPO / "build" / "pyinstaller.spec").read_text(encoding="utf-8")
    assert '["wheel"]["force-include"]' in spec


def test_verify_sounds_for_the_self_test(tmp_path: Path) -> None:
    assert S.verify_sounds() == len(S.SOUND_NAMES)
    for name in S.SOUND_NAMES:
        (tmp_path / f"{name}.wav").write_bytes((SOUNDS / f"{name}.wav").read_bytes())
    assert S.verify_sounds(tmp_path) == len(S.SOUND_NAMES)
    (tmp_path / "won.wav").unlink()
    (tmp_path / "place.wav").write_bytes(b"not a wav")
    with pytest.raises(ValueError) as info:
        S.verify_sounds(tmp_path)
    assert "won.wav" in str(info.value) and "place.wav" in str(info.value)
    with pytest.raises(FileNotFoundError):
        S.verify_sounds(tmp_path / "nowhere")


# --- event -> sound ------------------------------------------------------------------------------


def test_every_mapped_sound_exists_and_has_a_priority() -> None:
    assert set(S.EVENT_SOUNDS.values()) <= set(S.PRIORITY)
    assert len(set(S.PRIORITY)) == len(S.PRIORITY)
    assert set(S.PRIORITY) | {"invalid"} == set(S.SOUND_NAMES)
    for kind in S.EVENT_SOUNDS:
        assert getattr(E, kind.__name__) is kind


def test_a_burst_of_destructions_is_one_crumble() -> None:
    burst = [E.TileDestroyed(0, (r, c), "St") for r in range(4) for c in range(4)]
    assert S.sounds_for(burst) == ["destroy"]
    assert S.sounds_for([E.RowsDestroyed(0, 2, ("St",) * 12), *burst]) == ["rows", "destroy"]


def test_the_end_of_the_game_is_heard_alone_and_first() -> None:
    assert S.sounds_for([E.OrdealPassed(2, "x"), E.GameWon(Outcome(Result.WON, "R-O6"))]) == ["won"]
    assert S.sounds_for([E.TraitorPlaced(0, "Tt", 3, 3), E.OrdealEncountered(0, "x", "traitors", False),
                         E.TileDestroyed(0, (0, 0), "St"), E.GameLost(Outcome(Result.LOST, "R-O5"))]) == ["lost"]


def test_at_most_two_sounds_most_important_first() -> None:
    events = [E.TraitorPlaced(0, "Tt", 3, 3), E.OrdealEncountered(0, "x", "traitors", True),
              E.OrdealPassed(0, "x")]
    assert S.sounds_for(events) == ["ordeal_passed", "traitor"]
    assert S.sounds_for([E.TilePlaced(0, (0, 0), "St"), E.TurnPassed(1)]) == ["place", "turn"]
    assert S.sounds_for([E.TileDrawn("regular", "St")]) == ["draw"]
    assert S.sounds_for([E.TileDrawn("regular", "St")], limit=0) == []
    assert S.sounds_for([E.PowerOffered("P"), E.CastleShifted(0, 1), E.PowerSkipped("P")]) == []
    assert S.sounds_for([]) == []


def test_a_random_game_never_plays_more_than_two_sounds_an_action() -> None:
    from castellion.rules import new_game

    rng = random.Random(3)
    for level, options in (("expert", {}), ("base", {"players": 2})):
        game = new_game(level, seed=4, **options)
        while game.outcome is None:
            actions = list(game.legal_actions())
            if not actions:
                break
            names = S.sounds_for(game.apply(rng.choice(actions)))
            assert len(names) <= 2 and len(set(names)) == len(names)


# --- the SoundBoard, with a stub mixer ---------------------------------------------------------


class StubSound:
    def __init__(self, mixer: StubMixer, path: str) -> None:
        self.mixer, self.name, self.volume = mixer, Path(path).stem, None

    def set_volume(self, v: float) -> None:
        self.volume = v

    def play(self) -> None:
        if self.mixer.play_fails:
            raise RuntimeError("channel exploded")
        self.mixer.plays.append((self.name, round(self.volume, 3)))


class StubMixer:
    def __init__(self, *, initialised: bool = True) -> None:
        self.initialised = initialised
        self.loads: list[str] = []
        self.plays: list[tuple[str, float]] = []
        self.play_fails = False

    def get_init(self):
        return (22050, -16, 1) if self.initialised else None

    def Sound(self, path: str) -> StubSound:  # noqa: N802 - pygame's name
        if not Path(path).is_file():
            raise FileNotFoundError(path)
        self.loads.append(Path(path).stem)
        return StubSound(self, path)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _board(settings=None, **kw):
    mixer = kw.pop("mixer", None) or StubMixer()
    clock = Clock()
    board = S.SoundBoard(settings if settings is not None else Settings(sound=True), mixer=mixer,
                         clock=clock, **kw)
    return board, mixer, clock


def test_plays_the_sounds_of_an_action_and_loads_lazily() -> None:
    board, mixer, _ = _board(volume=0.5)
    assert mixer.loads == []  # nothing loaded before the first play
    played = board.play_events([E.TilePlaced(0, (0, 0), "St"), E.TurnPassed(1)])
    assert played == ["place", "turn"] == board.played
    assert mixer.plays == [("place", 0.5), ("turn", round(0.5 * S.SECONDARY_VOLUME, 3))]
    assert mixer.loads == ["place", "turn"]
    board.play("place")  # cached
    assert mixer.loads == ["place", "turn"]


def test_sound_off_plays_nothing_and_follows_the_setting_at_play_time() -> None:
    settings = Settings(sound=False)
    board, mixer, clock = _board(lambda: settings)
    assert board.play_events([E.GameWon("x")]) == []
    assert board.play("draw") is False
    assert mixer.plays == [] and mixer.loads == []
    settings.sound = True
    assert board.play_events([E.GameWon("x")]) == ["won"]
    settings.sound = False
    clock.now += 10
    assert board.play_events([E.GameWon("x")]) == []
    assert [name for name, _ in mixer.plays] == ["won"]


def test_the_board_plays_at_its_volume_kept_within_0_and_1() -> None:
    board, mixer, _ = _board(Settings(sound=True), volume=0.25)
    board.play("draw")
    assert mixer.plays == [("draw", 0.25)]
    board2, mixer2, _ = _board(Settings(sound=True), volume=1.7)
    board2.play("draw")
    assert mixer2.plays == [("draw", 1.0)]


def test_preload_loads_everything_once_unless_sound_is_off() -> None:
    settings = Settings(sound=False)
    board, mixer, _ = _board(lambda: settings)
    assert board.preload() == 0 and mixer.loads == []
    settings.sound = True
    assert board.preload() == len(S.SOUND_NAMES)
    assert board.preload() == len(S.SOUND_NAMES)
    assert sorted(mixer.loads) == sorted(S.SOUND_NAMES)
    broken, _, _ = _board(lambda: 1 / 0)
    assert broken.preload() == 0


def test_the_same_sound_is_not_restarted_within_the_gap() -> None:
    board, mixer, clock = _board()
    assert board.play("place") is True
    assert board.play("place") is False
    assert board.play("draw") is True  # another sound may overlap
    clock.now += board.min_gap + 0.01
    assert board.play("place") is True
    assert [n for n, _ in mixer.plays] == ["place", "draw", "place"]


def test_missing_file_is_logged_once_and_silent(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    board, mixer, clock = _board(directory=tmp_path)
    with caplog.at_level(logging.WARNING, logger="castellion.ui.sound"):
        for _ in range(3):
            assert board.play("won") is False
            clock.now += 1
    assert mixer.plays == []
    assert len([r for r in caplog.records if "won" in r.getMessage()]) == 1


def test_failing_mixer_never_raises(caplog: pytest.LogCaptureFixture) -> None:
    class Broken(StubMixer):
        def get_init(self):
            raise RuntimeError("no audio stack")

    class Unreadable(StubMixer):
        def Sound(self, path):  # noqa: N802 - stands in for pygame.mixer.Sound
            raise OSError("unreadable")

    for mixer in (Broken(), Unreadable(), StubMixer(initialised=False)):
        board, _, _ = _board(mixer=mixer)
        assert board.play_events([E.GameWon("x")]) == []
        assert board.play("invalid") is False
        board.observe(None, "apply", None, [E.TileDrawn("regular", "St")])
    board, mixer, _ = _board()
    mixer.play_fails = True
    assert board.play("draw") is False
    board.observe(None, "apply", None, [E.TileDrawn("regular", "St")])  # logged once, silent


def test_observer_plays_apply_and_redo_not_undo() -> None:
    board, mixer, clock = _board()
    board.observe(None, "apply", None, [E.TileDrawn("regular", "St")])
    clock.now += 1
    board.observe(None, "undo", None, [])
    board.observe(None, "redo", None, [E.TilePlaced(0, (0, 0), "St")])
    assert [n for n, _ in mixer.plays] == ["draw", "place"]


# --- attached by the AppContext ----------------------------------------------------------------


def test_context_attaches_sounds_to_observed_sessions(ctx) -> None:
    from castellion.rules import actions as A
    from castellion.rules import new_game
    from castellion.session import Session

    mixer = StubMixer()
    ctx.sounds = S.SoundBoard(lambda: ctx.settings, mixer=mixer)
    session = Session(new_game("intro", seed=1))
    ctx.observe_session(session)
    assert sorted(mixer.loads) == sorted(S.SOUND_NAMES)  # preloaded at the game's start
    ctx.observe_session(session)  # twice: still one sound observer, nothing loaded again
    assert len(mixer.loads) == len(S.SOUND_NAMES)
    assert session.observers.count(ctx._sound_observer) == 1
    draw = next(a for a in session.game.legal_actions() if isinstance(a, A.DrawTile))
    session.apply(draw)
    assert [n for n, _ in mixer.plays] == ["draw"]
    ctx.change_settings(sound=False)
    session.apply(next(iter(session.game.legal_actions())))
    assert [n for n, _ in mixer.plays] == ["draw"]
    ctx.release_session(session)
    assert ctx._sound_observer not in session.observers
    assert ctx.play_sound("invalid") is False  # sound is off
    ctx.change_settings(sound=True)
    assert ctx.play_sound("invalid") is True


def test_sync_sessions_attaches_sounds_too(ctx) -> None:
    from castellion.rules import new_game
    from castellion.session import Session

    session = Session(new_game("intro", seed=2))
    holder = SimpleNamespace(session=session)
    ctx.sync_sessions([holder])
    assert ctx._sound_observer in session.observers
    ctx.sync_sessions([])
    assert ctx._sound_observer not in session.observers


def test_real_mixer_plays_every_sound_in_the_app(app) -> None:
    """The real App (dummy audio driver): a board's first draw plays through pygame's mixer."""
    pygame = app.pygame
    if not pygame.mixer.get_init():
        pytest.skip("no mixer even with the dummy audio driver")
    from castellion.rules import actions as A

    app.start_board("intro", 5)
    app.step(1 / 60)
    session = app.ctx.current_session()
    assert session is not None and app.ctx._sound_observer in session.observers
    session.apply(next(a for a in session.game.legal_actions() if isinstance(a, A.DrawTile)))
    assert app.ctx.sounds.played == ["draw"]
    board = app.ctx.sounds
    for name in S.SOUND_NAMES:
        assert board.load(name) is not None, name
    assert S.verify_sounds(mixer=pygame.mixer) == len(S.SOUND_NAMES)


def test_effects_and_interface_sounds_follow_their_own_levels() -> None:
    """Issue 31: Settings → Accessibility → Effects / Interface sounds (0 … 100 %), each read at
    play time; 0 plays nothing of that kind and leaves the other."""
    settings = Settings(sound=True, effects_volume=50, interface_volume=100)
    board, mixer, clock = _board(lambda: settings, volume=0.8)
    assert S.INTERFACE_SOUNDS == {"invalid"} and S.INTERFACE_SOUNDS <= set(S.SOUND_NAMES)
    board.play("place")
    board.play("invalid")
    assert mixer.plays == [("place", 0.4), ("invalid", 0.8)]
    settings.effects_volume, settings.interface_volume = 0, 25
    clock.now += 10
    assert board.play("place") is False and board.play("invalid") is True
    assert mixer.plays[-1] == ("invalid", 0.2)


def test_every_sound_has_a_visual_cue_listed_in_the_accessibility_page() -> None:
    """XAG 103: no cue by sound alone. A new sound needs its cue here and in docs/accessibility.md."""
    assert set(S.VISUAL_CUES) == set(S.SOUND_NAMES)
    page = (Path(__file__).resolve().parents[2] / "docs" / "accessibility.md").read_text(encoding="utf-8")
    missing = [name for name in S.SOUND_NAMES if f"`{name}`" not in page]
    assert not missing, missing

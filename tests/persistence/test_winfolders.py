"""The Windows shell's folders (castellion/persistence/winfolders.py, issue 30): the data folder
and the share card's Pictures folder come from the shell on Windows — by their long names, and
wherever the player (or OneDrive) moved them. Here the shell's answer is stood in for; the real
calls run under Wine in tests/persistence/test_windows_wine.py."""

from __future__ import annotations

import sys

import pytest

from castellion.persistence import datadir, pictures, winfolders


@pytest.mark.skipif(sys.platform == "win32", reason="the shell answers on Windows")
def test_no_known_folders_off_windows():
    assert winfolders.known_folder(winfolders.LOCAL_APP_DATA) is None
    assert winfolders.known_folder(winfolders.PICTURES) is None


def shell(monkeypatch, **folders):
    ids = {"local": winfolders.LOCAL_APP_DATA, "pictures": winfolders.PICTURES}
    answers = {ids[k]: str(v) for k, v in folders.items()}
    monkeypatch.setattr(winfolders, "known_folder", lambda folder_id: answers.get(folder_id))


def test_the_data_folder_is_the_shells_local_appdata_by_its_long_name(tmp_path, monkeypatch):
    monkeypatch.delenv("CASTELLION_HOME")
    local = tmp_path / "Users" / "Jörg Ñandú 山田" / "AppData" / "Local"
    shell(monkeypatch, local=local)
    assert datadir.data_dir() == local / "Castellion" / "Castellion"
    monkeypatch.setenv("CASTELLION_HOME", str(tmp_path / "elsewhere"))  # the override still wins
    assert datadir.data_dir() == tmp_path / "elsewhere"


def test_the_share_card_goes_to_the_shells_pictures_folder(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "Pictures").mkdir(parents=True)
    monkeypatch.setattr(pictures.Path, "home", classmethod(lambda cls: home))
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    moved = tmp_path / "OneDrive" / "Bilder"
    shell(monkeypatch, pictures=moved)
    assert pictures.pictures_dir() == home / "Pictures"  # the shell's folder does not exist (yet)
    moved.mkdir(parents=True)
    assert pictures.pictures_dir() == moved
    assert pictures.save_picture("card.png", b"png") == moved / "card.png"

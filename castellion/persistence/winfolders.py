"""The folders the Windows shell knows (`SHGetKnownFolderPath`): where a player's Local AppData
and Pictures really are — moved by the player, redirected to OneDrive, and always by their long
names (appdirs shortens a profile path holding non-Latin-1 letters to its 8.3 form,
"C:\\Users\\J_RG~QL0", which the game would then show). None anywhere but Windows."""

from __future__ import annotations

import sys

LOCAL_APP_DATA = "f1b32785-6fba-4fcf-9d55-7b8e7f157091"  # FOLDERID_LocalAppData
PICTURES = "33e28130-4e1e-4676-835a-98395c3bc3bb"  # FOLDERID_Pictures


def known_folder(folder_id: str) -> str | None:
    """The path of the known folder `folder_id` (a FOLDERID_… GUID), or None: not Windows, or
    the shell does not know it (a redirection to a folder that does not exist)."""
    if sys.platform != "win32":
        return None
    import ctypes
    import uuid
    from ctypes import wintypes

    class GUID(ctypes.Structure):
        _fields_ = [("Data1", wintypes.DWORD), ("Data2", wintypes.WORD), ("Data3", wintypes.WORD),
                    ("Data4", ctypes.c_ubyte * 8)]

    guid = GUID.from_buffer_copy(uuid.UUID(folder_id).bytes_le)
    found = ctypes.c_wchar_p()
    try:
        failed = ctypes.windll.shell32.SHGetKnownFolderPath(ctypes.byref(guid), 0, None, ctypes.byref(found))
        value = found.value
        ctypes.windll.ole32.CoTaskMemFree(found)
    except (OSError, AttributeError):
        return None
    return None if failed or not value else value

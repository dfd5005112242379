"""The game's data layer: ``levels/*.yaml`` -> a validated ``Ruleset``, and bundled-file lookup.

Never imports pygame and does no I/O at import time (``load_ruleset`` reads on first call).
"""

from .loader import ContentError, load_ruleset
from .resources import resource_path

__all__ = ["ContentError", "load_ruleset", "resource_path"]

"""The `>>>` examples in the rules' docstrings are run, so the public face documented there
(new game, castle notation, legal actions, refusal, judging an Ordeal) keeps saying the truth."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import castellion.rules

MODULES = sorted(m.name for m in pkgutil.iter_modules(castellion.rules.__path__, "castellion.rules."))
# The modules whose examples document the public API: each must keep at least one.
DOCUMENTED = {"castellion.rules.game", "castellion.rules.castle", "castellion.rules.ordeals",
              "castellion.rules.phase"}


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_in_the_rules_docstrings_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    if name in DOCUMENTED:
        assert result.attempted > 0, f"{name} lost its examples"

"""Shared fixtures: every game and listed way to play of this build."""

import os

import meeple
import pytest

# Under AddressSanitizer the engine runs several times slower: the long
# per-step loops take fewer steps there (MEEPLE_SANITIZED is set by ctest).
SANITIZED = os.environ.get("MEEPLE_SANITIZED") == "1"


def variants():
    """(game name, options) for every variant meeple.game_info lists."""
    out = []
    for name in meeple.games():
        for v in meeple.game_info(name)["variants"]:
            out.append((name, v["options"]))
    return out


def variant_id(v):
    name, options = v
    return name + "-" + "-".join(f"{k}={options[k]}" for k in sorted(options))


VARIANTS = variants()


@pytest.fixture(params=VARIANTS, ids=[variant_id(v) for v in VARIANTS])
def game(request):
    name, options = request.param
    return meeple.load_game(name, options)

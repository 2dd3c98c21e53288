"""meeple: the rules of five published board games, for research and bots.

The compiled module (meeple._meeple) binds the engine's game contract in the
shape of OpenSpiel's pyspiel::

    import meeple
    game = meeple.load_game("reversi")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

docs/python.md lists every call and the differences from pyspiel.
"""

import os as _os

# An installed package carries the games' data files (setup.py); a module
# imported from a build tree reads the checkout's data/ (compiled in).
# MEEPLE_DATA_DIR set by the user (corrected data files) wins over both.
_data = _os.path.join(_os.path.dirname(__file__), "data")
if _os.path.isdir(_data):
    _os.environ.setdefault("MEEPLE_DATA_DIR", _data)

from ._meeple import *  # noqa: F401,F403,E402
from ._meeple import (  # noqa: F401,E402
    CHANCE,
    SPECTATOR,
    TERMINAL,
    Bot,
    Error,
    Game,
    IllegalActionError,
    InvalidArgumentError,
    Match,
    State,
    bot,
    game_info,
    games,
    load_game,
    playouts,
    replay,
    verify,
)

__all__ = [name for name in dir() if not name.startswith("_")]


def random_playout(state, rng):
    """Plays `state` (a copy) to the end with uniformly random actions and
    chance outcomes drawn by their probabilities from `rng` (random.Random or
    numpy.random.Generator); returns the terminal state. A reference loop in
    Python for comparison with meeple.playouts()."""
    state = state.clone()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            if hasattr(rng, "choices"):
                action = rng.choices(actions, weights)[0]
            else:
                action = actions[rng.choice(len(actions), p=weights)]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))] if hasattr(rng, "randrange") else legal[
                rng.integers(len(legal))]
        state.apply_action(action)
    return state

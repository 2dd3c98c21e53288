"""Bad input from Python gets a clear meeple.Error and changes nothing;
hostile input never crashes the interpreter."""

import json
import random

import meeple
import pytest


@pytest.fixture
def reversi():
    return meeple.load_game("reversi")


def test_unknown_game_and_options():
    with pytest.raises(meeple.NotFoundError, match="nosuch"):
        meeple.load_game("nosuch")
    with pytest.raises(meeple.InvalidArgumentError, match="colour"):
        meeple.load_game("reversi", colour=1)
    with pytest.raises(meeple.InvalidArgumentError):
        meeple.load_game("risk", {"players": "three"})
    with pytest.raises(meeple.InvalidArgumentError):
        meeple.load_game("risk", [1, 2])
    with pytest.raises(meeple.NotFoundError):
        meeple.game_info("nosuch")
    # Every error is a meeple.Error and the builtin a caller would expect.
    assert issubclass(meeple.IllegalActionError, ValueError)
    assert issubclass(meeple.NotFoundError, LookupError)
    assert issubclass(meeple.InvalidArgumentError, meeple.Error)


def test_illegal_actions_change_nothing(reversi):
    state = reversi.new_initial_state()
    before = state.to_json()
    for bad in (-1, 0, 64, 10**6, 2**31, -(2**31) - 1, 2**63):
        with pytest.raises((meeple.IllegalActionError, OverflowError, TypeError)):
            state.apply_action(bad)
    with pytest.raises(TypeError):
        state.apply_action("d3")
    with pytest.raises(meeple.IllegalActionError):
        state.action_to_string(0)
    with pytest.raises(meeple.Error):
        state.apply_json({"move": "a1"})
    with pytest.raises(meeple.Error):
        state.apply_json({"nonsense": [1, 2, 3]})
    assert state.to_json() == before
    # A legal text command is applied.
    ids = state.decode_action("d3")
    assert state.apply_json("d3") == ids
    assert state.to_json() != before


def test_game_over_refuses_actions(reversi):
    state = reversi.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(meeple.FailedPreconditionError):
        state.apply_action(0)
    with pytest.raises(meeple.FailedPreconditionError):
        meeple.bot(1).choose(state)
    with pytest.raises(meeple.InvalidArgumentError, match="name the seat"):
        state.observation_tensor()
    assert state.observation_tensor(0).shape == tuple(reversi.observation_tensor_shape())


def test_bad_seats_and_buffers(reversi):
    state = reversi.new_initial_state()
    for seat in (2, -1, -2, 99):
        with pytest.raises(meeple.InvalidArgumentError, match="seat"):
            state.observation_tensor(seat)
        with pytest.raises(meeple.InvalidArgumentError):
            state.view(seat)
        with pytest.raises(meeple.InvalidArgumentError):
            state.determinize(seat, 1)
    import numpy as np

    size = reversi.observation_tensor_size()
    for out in (np.zeros(size - 1, np.float32), np.zeros(size, np.float64),
                np.zeros(size * 2, np.float32)[::2]):
        with pytest.raises(meeple.InvalidArgumentError, match="out"):
            state.observation_tensor(0, out=out)
    frozen = np.zeros(size, np.float32)
    frozen.setflags(write=False)
    with pytest.raises(meeple.InvalidArgumentError):
        state.observation_tensor(0, out=frozen)
    with pytest.raises(meeple.InvalidArgumentError, match="level"):
        meeple.bot(11)
    with pytest.raises(meeple.InvalidArgumentError, match="levels"):
        meeple.playouts(reversi, 2, levels=[0])
    with pytest.raises(meeple.InvalidArgumentError, match="n"):
        meeple.playouts(reversi, -1)


def test_hostile_documents(reversi):
    deep = []
    cur = deep
    for _ in range(5000):
        cur.append([])
        cur = cur[0]
    with pytest.raises(meeple.InvalidArgumentError, match="deeper"):
        reversi.state_from_json({"board": deep})
    with pytest.raises(meeple.InvalidArgumentError, match="deeper"):
        reversi.state_from_json("[" * 100000 + "]" * 100000)
    with pytest.raises(meeple.InvalidArgumentError, match="JSON"):
        reversi.state_from_json(b"{\"a\": \"\xff\xfe\"}")
    with pytest.raises(meeple.InvalidArgumentError, match="JSON"):
        reversi.state_from_json("{not json")
    with pytest.raises(meeple.InvalidArgumentError, match="64-bit"):
        reversi.state_from_json({"x": 2**70})
    with pytest.raises(meeple.InvalidArgumentError, match="finite"):
        reversi.state_from_json({"x": float("nan")})
    with pytest.raises(meeple.InvalidArgumentError, match="key"):
        reversi.state_from_json({1: 2})
    with pytest.raises(meeple.InvalidArgumentError, match="set"):
        reversi.state_from_json({"x": {1, 2}})
    cyclic = []
    cyclic.append(cyclic)
    with pytest.raises(meeple.InvalidArgumentError):
        reversi.state_from_json({"x": cyclic})
    with pytest.raises(meeple.InvalidArgumentError, match="surrogate"):
        reversi.state_from_json({"x": "\udcff"})
    with pytest.raises(meeple.InvalidArgumentError, match="surrogate"):
        reversi.state_from_json({"\udcff": 1})
    with pytest.raises(meeple.InvalidArgumentError, match="surrogate"):
        reversi.state_from_json("\udcff")
    for text in ("", "null", "[]", "{}", '{"game": "reversi"}', '{"game": 5, "state": {}}',
                 '{"game": "nosuch", "state": {}}', '{"game": "reversi", "state": []}'):
        with pytest.raises(meeple.Error):
            meeple.deserialize(text)


def mutate(value, rng):
    """A random small corruption of a JSON document."""
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        out = dict(value)
        roll = rng.random()
        if roll < 0.2:
            del out[key]
        elif roll < 0.3:
            out[key + "_extra"] = 1
        else:
            out[key] = mutate(value[key], rng)
        return out
    if isinstance(value, list) and value:
        out = list(value)
        i = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.2:
            del out[i]
        elif roll < 0.3:
            out.append(out[i])
        else:
            out[i] = mutate(out[i], rng)
        return out
    return rng.choice([None, True, -1, 0, 1, 7, 2**40, -(2**62), 1.5, "", "x", [], {}, "é"])


@pytest.mark.parametrize("name", meeple.games())
def test_corrupted_states_are_refused_or_consistent(name):
    game = meeple.load_game(name)
    rng = random.Random(11)
    state = game.new_initial_state()
    out = meeple.playouts(game, 1, seed=5, max_length=40)
    assert out["lengths"][0] > 0
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    doc = state.to_json()
    for _ in range(150):
        bad = mutate(doc, rng)
        try:
            loaded = game.state_from_json(bad)
        except meeple.Error as e:
            assert str(e)  # names what was wrong
            continue
        # Accepted: then it is a state the contract holds for.
        again = game.state_from_json(loaded.to_json())
        assert again.hash() == loaded.hash()
        if not loaded.is_terminal():
            assert loaded.legal_actions()


def test_hostile_actions_never_crash():
    rng = random.Random(3)
    for name in meeple.games():
        state = meeple.load_game(name).new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.legal_actions()[0])
        before = state.hash()
        for _ in range(200):
            action = mutate({"move": rng.choice(["d3", "pass", 1, None])}, rng)
            try:
                state.decode_action(action)
            except meeple.Error:
                pass
        for text in ("", " ", "\x00", "attack " * 1000, "é" * 10000, json.dumps([[1]] * 50)):
            try:
                state.decode_action(text)
            except meeple.Error:
                pass
        assert state.hash() == before

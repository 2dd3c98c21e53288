"""Every game and mode through the bindings: the contract of core/game.h
seen from Python (legal actions legal, chance outcomes a distribution,
returns in range, tensors of the declared shapes, JSON and serialization
round trips, determinizations consistent with the view)."""

import copy
import pickle
import random

import meeple
import numpy as np
from conftest import SANITIZED

# Steps checked in full per variant; the rest of the game is played plainly.
CHECKED_STEPS = 60 if SANITIZED else 200
MAX_STEPS = 3000 if SANITIZED else 20000


def check_tensors(game, state):
    seats = list(range(game.num_players())) + [meeple.SPECTATOR]
    for seat in seats:
        obs = state.observation_tensor(seat)
        assert obs.dtype == np.float32
        assert list(obs.shape) == game.observation_tensor_shape()
        assert np.isfinite(obs).all()
        info = state.information_state_tensor(seat)
        assert list(info.shape) == game.information_state_tensor_shape()
        assert np.isfinite(info).all()
        # out=: written in place, equal to the fresh array.
        buf = np.full(obs.shape, 7.0, dtype=np.float32)
        assert state.observation_tensor(seat, out=buf) is not None
        assert np.array_equal(buf, obs)
        assert isinstance(state.observation_string(seat), str)
        assert isinstance(state.information_state_string(seat), str)


def check_round_trips(game, state):
    doc = state.to_json()
    back = game.state_from_json(doc)
    assert back.to_json() == doc
    assert back.hash() == state.hash()
    text = state.serialize()
    again = meeple.deserialize(text)
    assert again.hash() == state.hash()
    assert pickle.loads(pickle.dumps(state)).hash() == state.hash()
    assert copy.deepcopy(state).hash() == state.hash()
    assert pickle.loads(pickle.dumps(game)).options == game.options


def check_determinize(game, state, seed):
    for seat in range(game.num_players()):
        sample = state.determinize(seat, seed)
        # The sample agrees with everything the seat may know.
        assert sample.view(seat) == state.view(seat)
        assert sample.current_player() == state.current_player()
        if not game.has_hidden_information:
            assert sample.hash() == state.hash()


def check_step(game, state, rng):
    legal = state.legal_actions()
    assert legal == sorted(set(legal)) and legal
    mask = state.legal_actions_mask()
    assert mask.dtype == np.uint8 and mask.shape == (game.num_distinct_actions(),)
    assert np.flatnonzero(mask).tolist() == legal
    assert not state.is_legal(-1) and not state.is_legal(game.num_distinct_actions())
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert [a for a, _ in outcomes] == legal
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
    else:
        seat = state.current_player()
        assert 0 <= seat < game.num_players()
        assert state.legal_actions(seat) == legal
        other = (seat + 1) % game.num_players()
        if other != seat:
            assert state.legal_actions(other) == []
        for a in legal[:5]:
            assert isinstance(state.action_to_string(a), str)
            # The JSON form decodes back to the id.
            assert state.decode_action(state.action_to_json(a)) == [a]
        check_determinize(game, state, rng.randrange(1 << 30))
    check_tensors(game, state)
    check_round_trips(game, state)
    assert state.returns() == [0.0] * game.num_players()


def play(game, state, rng, checked_steps):
    steps = 0
    while not state.is_terminal() and steps < MAX_STEPS:
        if steps < checked_steps:
            check_step(game, state, rng)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            a = legal[rng.randrange(len(legal))]
        state.apply_action(a)
        steps += 1
    return steps


def test_random_game_keeps_the_contract(game):
    rng = random.Random(7)
    state = game.new_initial_state()
    play(game, state, rng, CHECKED_STEPS)
    check_tensors(game, state)
    check_round_trips(game, state)
    if state.is_terminal():
        returns = state.returns()
        assert len(returns) == game.num_players()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        if game.utility in ("zero_sum", "constant_sum"):
            assert abs(sum(returns) - game.utility_sum()) < 1e-9
        assert state.legal_actions() == []
        assert state.current_player() == meeple.TERMINAL


def test_metadata_attributes(game):
    md = game.metadata
    assert game.num_players() == len(game.seat_names) == len(md["seat_names"])
    assert game.num_distinct_actions() == md["num_distinct_actions"]
    assert game.observation_tensor_shape() == md["observation_tensor_shape"]
    assert game.observation_tensor_size() == int(np.prod(game.observation_tensor_shape()))
    assert sorted(s for team in game.teams for s in team) == list(range(game.num_players()))
    assert game.chance_mode in ("deterministic", "explicit_stochastic", "sampled_stochastic")
    assert game.has_chance == (game.chance_mode != "deterministic")
    assert game.name in meeple.games()
    again = meeple.load_game(game.name, game.options)
    assert again.options == game.options


def test_batch_playouts_end_in_range(game):
    n = 4 if SANITIZED else 16
    # Random players may never end a game without a length bound (Risk):
    # those stop at a cap (by default the game's practical length).
    bounded = game.max_game_length() >= 0
    out = meeple.playouts(game, n, seed=3, max_length=0 if bounded else 3000)
    assert out["returns"].shape == (n, game.num_players())
    assert out["lengths"].shape == (n,) and (out["lengths"] > 0).all()
    assert (out["lengths"] <= (game.max_game_length() if bounded else 3000)).all()
    if bounded:
        assert out["terminal"].all()
    assert (out["returns"][~out["terminal"]] == 0).all()
    r = out["returns"]
    assert ((r >= game.min_utility()) & (r <= game.max_utility())).all()

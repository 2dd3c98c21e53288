"""The engine's bots from Python, match logs made, replayed and verified, and
batch playouts: deterministic, the same on any number of threads."""

import threading

import meeple
import numpy as np
import pytest
from conftest import SANITIZED


@pytest.mark.parametrize("name", meeple.games())
def test_bots_choose_legal_actions(name):
    game = meeple.load_game(name)
    state = game.new_initial_state()
    bot = meeple.bot(1, seed=4)
    steps = 0
    while not state.is_terminal() and steps < (20 if SANITIZED else 60):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        a = bot.choose(state)
        assert state.is_legal(a)
        # The same seed and information give the same choice.
        assert meeple.bot(1, seed=4).choose(state) == meeple.bot(1, seed=4).choose(state)
        with pytest.raises(meeple.FailedPreconditionError):
            bot.choose(state, seat=(state.current_player() + 1) % game.num_players())
        state.apply_action(a)
        steps += 1
    assert bot.level == 1 and bot.name(state)


def play_match(game, seed, levels):
    match = meeple.Match(game, seed)
    bots = [meeple.bot(level, seed=s) for s, level in enumerate(levels)]
    while True:
        match.resolve_chance()
        if match.is_terminal():
            return match
        state = match.state
        match.act(bots[state.current_player()].choose(state))


def test_match_logs_replay_and_verify():
    game = meeple.load_game("reversi")
    match = play_match(game, 9, [1, 0])
    log = match.log()
    assert log["game"] == "reversi" and len(log["entries"]) == len(match)
    again = meeple.replay(log)
    assert again.state.hash() == match.state.hash()
    assert meeple.replay(match.log_json()).state.to_json() == match.state.to_json()
    # Without the seed's commitment nothing shows the seed was fixed first.
    verdict = meeple.verify(log)
    assert verdict["verdict"] == "failed" and "seed_sha256" in verdict["message"]
    log = match.log(commit=True)
    verdict = meeple.verify(log)
    assert verdict["verdict"] == "verified", verdict
    # A tampered entry: replay names it, verify fails it.
    bad = dict(log)
    bad["entries"] = [dict(e) for e in log["entries"]]
    bad["entries"][3]["hash"] = "0" * 16
    with pytest.raises(meeple.Error, match="entr"):
        meeple.replay(bad)
    verdict = meeple.verify(bad)
    assert verdict["verdict"] == "failed" and verdict["entry"] == 4


def test_chance_games_log_and_verify():
    game = meeple.load_game("risk", mode="domination", players=3)
    match = meeple.Match(game, 21)
    for _ in range(40 if SANITIZED else 200):
        match.resolve_chance()
        if match.is_terminal():
            break
        match.act(meeple.bot(0, seed=len(match)).choose(match.state))
    if not match.is_terminal():
        # Unfinished: verify refuses it (logs are revealed at the end).
        verdict = meeple.verify(match.log())
        assert verdict["verdict"] == "failed" and "before the game does" in verdict["message"]
    assert meeple.replay(match.log()).state.hash() == match.state.hash()
    # Illegal actions through a Match change nothing.
    match.resolve_chance()
    before = len(match)
    state = match.state
    illegal = next(a for a in range(game.num_distinct_actions()) if not state.is_legal(a))
    with pytest.raises(meeple.IllegalActionError):
        match.act(illegal)
    with pytest.raises(meeple.IllegalActionError):
        match.act(2**40)
    assert len(match) == before


def test_playouts_are_deterministic_on_any_thread_count():
    game = meeple.load_game("reversi")
    one = meeple.playouts(game, 24, seed=5, threads=1)
    two = meeple.playouts(game, 24, seed=5, threads=2)
    for key in ("returns", "lengths", "terminal"):
        assert np.array_equal(one[key], two[key])
    other = meeple.playouts(game, 24, seed=6, threads=2)
    assert not np.array_equal(one["lengths"], other["lengths"])
    # Reversi: both sides' returns are opposite and the game lasts at most 60 moves + passes.
    assert (one["returns"].sum(axis=1) == 0).all()
    assert (one["lengths"] <= game.max_game_length()).all()


def test_playouts_with_bots_start_and_cap():
    game = meeple.load_game("reversi")
    out = meeple.playouts(game, 6, seed=2, levels=[1, 0])
    # The heuristic beats random in most games.
    assert (out["returns"][:, 0] > 0).sum() >= 4
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    capped = meeple.playouts(game, 3, seed=2, max_length=5, start=state)
    assert (capped["lengths"] == 5).all() and not capped["terminal"].any()
    assert (capped["returns"] == 0).all()
    risk = meeple.load_game("risk", mode="domination", players=3)
    with pytest.raises(meeple.InvalidArgumentError, match="another game"):
        meeple.playouts(risk, 1, start=state)


def test_playouts_release_the_gil():
    game = meeple.load_game("reversi")
    expected = meeple.playouts(game, 8, seed=1, threads=1)
    results = []

    def work():
        results.append(meeple.playouts(game, 8, seed=1, threads=1))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3
    for r in results:
        assert np.array_equal(r["returns"], expected["returns"])

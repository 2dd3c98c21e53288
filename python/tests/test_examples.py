"""The examples of python/examples/, each run through its main() with small
parameters, and what each promises checked: MCTS and the learned linear
player beat the random player, the Python bot's match logs verify, and the
pyspiel loop finishes every game with returns in range. Every example seeds
everything, so these results are fixed numbers, not luck; the margins
asserted are still well below what the seeds give, so a change in a game's
rules or bots that shifts the numbers a little does not break them."""

import copy
import os
import random
import sys

import meeple
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))

import linear_reversi  # noqa: E402
import mcts  # noqa: E402
import pyspiel_port  # noqa: E402
import python_bot_vs_levels  # noqa: E402


def test_mcts_beats_random_at_reversi():
    result = mcts.main(game="reversi", games=8, simulations=200, seed=0)
    assert result["games"] == 8
    assert result["wins"] >= 7, result  # 30 of 30 over three seeds when measured


def test_mcts_is_deterministic():
    game = meeple.load_game("reversi")
    state = game.new_initial_state()
    for a in (19, 18, 17):  # d3 c3 b3 where legal: a position with choices
        if state.is_legal(a):
            state.apply_action(a)
    first = mcts.MCTSBot(game, simulations=40, seed=5).choose(state)
    again = mcts.MCTSBot(game, simulations=40, seed=5).choose(state)
    assert first == again
    assert state.is_legal(first)


def test_mcts_determinized_search_beats_random_at_goa():
    # Goa hides hands and the deck and has chance: every iteration searches
    # a determinization from the searching seat's view.
    game = meeple.load_game("goa")
    assert game.has_hidden_information and game.has_chance
    # Both seats, 15 simulations a move: 10 of 10 games won over 5 seeds.
    result = mcts.main(game="goa", games=2, simulations=15, seed=0)
    assert result["wins"] == 2, result


def test_mcts_determinized_search_on_risk_never_peeks():
    # Risk: cards and missions hidden, dice. Mid-game, the search must
    # choose the same action from the true state as from any state that the
    # seat cannot tell apart from it (state.determinize redraws the hidden
    # parts): it only ever searches its own redraws.
    game = meeple.load_game("risk")
    assert game.has_hidden_information
    rng = random.Random(2)
    state = game.new_initial_state()

    def random_step():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    for _ in range(1500):  # past the set-up, into the attacks
        random_step()
    for k in range(5):
        while state.is_chance_node() or len(state.legal_actions()) < 2:
            random_step()
        seat = state.current_player()
        redrawn = state.determinize(seat, 1000 + k)
        assert redrawn.to_json() != state.to_json()  # the hidden parts differ
        action = mcts.MCTSBot(game, simulations=20, seed=k, rollout_length=40).choose(state)
        assert state.is_legal(action)
        again = mcts.MCTSBot(game, simulations=20, seed=k, rollout_length=40).choose(redrawn)
        assert again == action
        state.apply_action(action)


def test_linear_player_beats_random():
    result = linear_reversi.main(train_games=500, eval_games=100, seed=0)
    assert result["games"] == 100
    assert result["win_rate"] >= 0.7, result
    # What it learned: a corner is worth more than the square diagonal to it.
    w = result["weights"][0]
    assert w[0, 0] > 0 > w[1, 1]


def test_linear_learning_is_deterministic():
    a = linear_reversi.main(train_games=40, eval_games=4, seed=3)
    b = linear_reversi.main(train_games=40, eval_games=4, seed=3)
    assert (a["weights"] == b["weights"]).all() and a["wins"] == b["wins"]


def test_python_bot_match_logs_verify():
    result = python_bot_vs_levels.main(levels=(0, 1, 3, 6), games=2, seed=0)
    assert result["all_verified"]
    assert [row["level"] for row in result["table"]] == [0, 1, 3, 6]
    for row in result["table"]:
        assert row["verdicts"] == ["verified"] * 2
        assert row["wins"] + row["draws"] + row["losses"] == 2
    assert result["table"][0]["wins"] == 2  # the heuristic beats random play


def test_match_log_needs_its_commitment_and_catches_tampering():
    game = meeple.load_game("reversi")
    bot = python_bot_vs_levels.HeuristicBot(game)
    match = python_bot_vs_levels.play_match(game, bot, meeple.bot(0, seed=1), 0, seed=77)
    log = match.log()
    # Match.log() has no seed commitment: verify refuses to call it fair.
    assert meeple.verify(log)["verdict"] == "failed"
    log["seed_sha256"] = python_bot_vs_levels.seed_commitment(77)
    assert meeple.verify(log)["verdict"] == "verified"
    assert match.log(commit=True) == log
    wrong = copy.deepcopy(log)
    wrong["seed_sha256"] = python_bot_vs_levels.seed_commitment(78)
    assert meeple.verify(wrong)["verdict"] == "failed"
    tampered = copy.deepcopy(log)
    entries = tampered["entries"]
    entries[-1], entries[-2] = entries[-2], entries[-1]
    verdict = meeple.verify(tampered)
    assert verdict["verdict"] == "failed" and verdict["message"]


def test_pyspiel_port_plays_every_game_to_the_end():
    results = pyspiel_port.main(games=1, seed=0)
    assert set(results) == set(meeple.games())
    for name, runs in results.items():
        game = meeple.load_game(name)
        for run in runs:
            assert run["terminal"], (name, run)
            assert len(run["returns"]) == game.num_players()
            assert all(-1 <= r <= 1 for r in run["returns"]), (name, run)
            if name != "reversi":  # the only game with draws
                assert any(r > 0 for r in run["returns"]), (name, run)
            if game.max_game_length() > 0:
                # A bounded game ends at random, within its bound.
                assert run["bot_steps"] == 0
                assert run["length"] <= game.max_game_length()


def test_pyspiel_port_pure_random_loop():
    # --random-steps 0: the loop exactly as in pyspiel, here on games whose
    # random play ends (Risk's may not: see the example's docstring).
    results = pyspiel_port.main(["reversi", "king-is-dead", "goa"], games=1, seed=1,
                                random_steps=0)
    for runs in results.values():
        assert runs[0]["terminal"] and runs[0]["bot_steps"] == 0


def test_example_scripts_parse_their_options():
    assert mcts.parse_args(["--games", "2", "--options", '{"players": 2}']).options == {
        "players": 2}
    assert linear_reversi.parse_args(["--eval-games", "3"]).eval_games == 3
    assert python_bot_vs_levels.parse_args(["--levels", "1", "4"]).levels == [1, 4]
    assert pyspiel_port.parse_args(["reversi"]).names == ["reversi"]


def test_pyspiel_style_option_string_is_refused():
    # One of the differences the port lists: options are a dict, not a
    # "name(key=value)" string.
    with pytest.raises(meeple.Error):
        meeple.load_game("risk(players=3)")

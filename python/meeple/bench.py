"""Random playouts per second from Python: `python3 -m meeple.bench`.

For each game (default options unless --game names one and --options gives
JSON), three figures:
  * step:   a Python loop, one binding call per step (legal_actions or
            chance_outcomes, a choice with `random`, apply_action), the way a
            pyspiel user writes it;
  * batch1: meeple.playouts(threads=1), whole games in C++;
  * batchN: meeple.playouts(threads=0), every core.
Compare with `meeple bench <game>` (the C++ figures, one thread).
A game without a length bound (Risk: random players may attack and fortify
forever) stops at its practical_game_length, as meeple.playouts does by
default; its actions/s is the figure to read.
"""

import argparse
import json
import random
import time

import meeple


def length_cap(game):
    bound = game.max_game_length()
    return bound if bound >= 0 else game.practical_game_length


def step_rate(game, seconds, seed):
    rng = random.Random(seed)
    games = actions = 0
    cap = length_cap(game)
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal() and length < cap:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                a = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                legal = state.legal_actions()
                a = legal[rng.randrange(len(legal))]
            state.apply_action(a)
            length += 1
        actions += length
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / elapsed


def batch_rate(game, seconds, seed, threads):
    n, games, actions, elapsed = 1, 0, 0, 0.0
    while elapsed < seconds:
        start = time.perf_counter()
        out = meeple.playouts(game, n, seed=seed + games, threads=threads)
        elapsed += time.perf_counter() - start
        games += n
        actions += int(out["lengths"].sum())
        n = min(n * 2, 1 << 16)
    return games / elapsed, actions / elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game (default: every game, default options)")
    parser.add_argument("--options", default="{}", help="JSON options for --game")
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    names = [args.game] if args.game else meeple.games()
    rows = []
    for name in names:
        game = meeple.load_game(name, json.loads(args.options) if args.game else None)
        step = step_rate(game, args.seconds, args.seed)
        one = batch_rate(game, args.seconds, args.seed, 1)
        every = batch_rate(game, args.seconds, args.seed, 0)
        row = {"game": str(game), "step_games_s": step[0], "step_actions_s": step[1],
               "batch1_games_s": one[0], "batch1_actions_s": one[1],
               "batchN_games_s": every[0], "batchN_actions_s": every[1]}
        rows.append(row)
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{name:14} games/s  step {step[0]:10.1f}  batch1 {one[0]:10.1f}  "
                  f"batchN {every[0]:10.1f}   actions/s step {step[1]:12.0f}  "
                  f"batch1 {one[1]:12.0f}", flush=True)
    return rows


if __name__ == "__main__":
    main()

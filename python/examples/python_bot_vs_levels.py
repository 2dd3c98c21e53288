"""A Reversi bot written in Python against the engine's levels, in matches
that leave a verifiable log.

The Python bot is a classic 1-ply heuristic: for each legal action it looks
at the resulting position through observation_tensor (from its own side)
and scores it with a positional square table (corners good, the squares
next to an empty corner bad) minus the opponent's mobility (plane 3 of the
tensor: the legal squares of the side to move, the opponent after one's
move). A finished game scores its true result.

Every game is played through a meeple.Match rather than a bare State: a
Match validates each action, samples chance from its own seed and keeps the
ordered log with state hashes. Like a meeple server table, the script
commits to each match's seed before the first move by publishing
match.seed_sha256, SHA-256 of the decimal seed (docs/protocol.md), and the
finished log carries that commitment (match.log(commit=True)): without it
meeple.verify() answers 'failed' ("nothing shows the seed was fixed before
the first move"). meeple.verify(log) then replays the log in
the engine and must say 'verified' (the check of the command line `meeple
verify`), and meeple.replay() must rebuild the same final position. That is
how a result obtained from Python can be shown to others.

Usage (small defaults; deeper levels take longer under a sanitizer build):

    python3 python_bot_vs_levels.py                        # levels 0-6, 2 games each
    python3 python_bot_vs_levels.py --games 10 --levels 0 1 2 3 4 5 6 7 8 9
                            # 8..10 think up to 0.01, 0.06, 1.25 s a move
    python3 python_bot_vs_levels.py --save-logs /tmp/logs  # keep each match log as JSON

main() returns {'table': [{'level', 'games', 'wins', 'draws', 'losses',
'disc_margin', 'verdicts'}...], 'all_verified': bool}.
"""

import argparse
import hashlib
import json
import os

import meeple
import numpy as np

# The classic positional table (rank 1 first; symmetric, so orientation does
# not matter): corners +100, X-squares (diagonal to a corner) -50, C-squares
# -20, edges +10, the rest small.
SQUARE_WEIGHTS = np.array([
    [100, -20, 10, 5, 5, 10, -20, 100],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [5, -2, -1, -1, -1, -1, -2, 5],
    [10, -2, -1, -1, -1, -1, -2, 10],
    [-20, -50, -2, -2, -2, -2, -50, -20],
    [100, -20, 10, 5, 5, 10, -20, 100],
], dtype=np.float32)
CORNERS = ((0, 0), (0, 7), (7, 0), (7, 7))


class HeuristicBot:
    """Positional table + mobility, 1 ply. choose(state) -> action id."""

    def __init__(self, game, mobility_weight=5.0):
        self.mobility_weight = mobility_weight
        self.buf = np.zeros(game.observation_tensor_shape(), dtype=np.float32)

    def score(self, state, me):
        if state.is_terminal():
            return 1e6 * state.returns()[me]
        obs = state.observation_tensor(me, out=self.buf)
        mine, theirs, _, legal, _ = obs
        weights = SQUARE_WEIGHTS.copy()
        # Once a corner is taken its neighbours are safe: stop penalizing them.
        for r, f in CORNERS:
            if mine[r, f] or theirs[r, f]:
                for dr in (-1, 0, 1):
                    for df in (-1, 0, 1):
                        rr, ff = r + dr, f + df
                        if 0 <= rr < 8 and 0 <= ff < 8 and weights[rr, ff] < 0:
                            weights[rr, ff] = 0
        positional = float(np.vdot(weights, mine - theirs))
        # Plane 3 is the side to move's legal squares: after our move, the
        # opponent's (empty when all it may do is pass, which is an action
        # of its own in meeple). Fewer of them is better for us.
        mobility = float(legal.sum())
        return positional - self.mobility_weight * mobility

    def choose(self, state):
        me = state.current_player()
        best, best_score = None, -np.inf
        for a in state.legal_actions():
            child = state.clone()
            child.apply_action(a)
            s = self.score(child, me)
            if s > best_score:
                best, best_score = a, s
        return best


def seed_commitment(seed):
    """What a table publishes before the first move: SHA-256 of the seed in
    decimal. Revealing the seed at the end proves it was not chosen later."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


def play_match(game, python_bot, engine_bot, python_seat, seed):
    """One game in a meeple.Match; returns the match (its log is the record)."""
    match = meeple.Match(game, seed)
    while not match.is_terminal():
        state = match.state  # a copy: the match's own state stays untouchable
        if state.is_chance_node():
            match.resolve_chance()  # the match's seed draws; Reversi has none
            continue
        bot = python_bot if state.current_player() == python_seat else engine_bot
        match.act(bot.choose(state))  # validated: an illegal id would raise
    return match


def main(levels=(0, 1, 2, 3, 4, 5, 6), games=2, seed=0, save_logs=None, verbose=False):
    game = meeple.load_game("reversi")
    python_bot = HeuristicBot(game)
    table = []
    all_verified = True
    for level in levels:
        row = {"level": level, "games": games, "wins": 0, "draws": 0, "losses": 0,
               "disc_margin": 0, "verdicts": []}
        for i in range(games):
            seat = i % 2  # alternate colours: Black (seat 0) moves first
            engine_bot = meeple.bot(level, seed=seed * 1000 + level * 100 + i)
            match_seed = seed * 1000 + i
            match = play_match(game, python_bot, engine_bot, seat, match_seed)
            # The engine's commitment equals the one a table would publish.
            assert match.seed_sha256 == seed_commitment(match_seed)
            final = match.state
            r = final.returns()[seat]
            row["wins"] += r > 0
            row["draws"] += r == 0
            row["losses"] += r < 0
            margin = final.scores()["margin"]  # black discs - white discs
            row["disc_margin"] += margin if seat == 0 else -margin
            # The log replays in the engine: every action legal, every hash
            # equal. 'verified' is the only acceptable verdict here.
            log = match.log(commit=True)
            verdict = meeple.verify(log)
            row["verdicts"].append(verdict["verdict"])
            all_verified &= verdict["verdict"] == "verified"
            replayed = meeple.replay(json.dumps(log))  # a dict or JSON text
            all_verified &= replayed.state.serialize() == final.serialize()
            if save_logs:
                os.makedirs(save_logs, exist_ok=True)
                with open(os.path.join(save_logs, f"level{level}-game{i}.json"), "w") as f:
                    json.dump(log, f)
        table.append(row)
        if verbose:
            if len(table) == 1:
                print("level  games  wins  draws  losses  disc margin  logs")
            print(f"{level:5d}  {games:5d}  {row['wins']:4d}  {row['draws']:5d}"
                  f"  {row['losses']:6d}  {row['disc_margin']:+11d}"
                  f"  {', '.join(sorted(set(row['verdicts'])))}")
    return {"table": table, "all_verified": bool(all_verified)}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--levels", type=int, nargs="+", default=[0, 1, 2, 3, 4, 5, 6],
                   help="engine levels to play (0 random, 1..10)")
    p.add_argument("--games", type=int, default=2, help="games per level, colours alternating")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save-logs", default=None, help="a directory for the match logs (JSON)")
    return p.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    print("Python heuristic bot against meeple.bot(level), Reversi:")
    result = main(args.levels, args.games, args.seed, args.save_logs, verbose=True)
    print("every match log verified" if result["all_verified"] else "VERIFICATION FAILED")
    raise SystemExit(0 if result["all_verified"] else 1)

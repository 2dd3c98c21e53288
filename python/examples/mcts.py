"""UCT Monte Carlo tree search written only against the meeple bindings.

The tree (selection, expansion, backpropagation) lives in Python; the
rollouts are played in C++ by meeple.playouts(game, 1, seed, start=state),
one call per simulation, so a simulation costs a few binding calls instead
of a Python loop over the whole rest of the game.

It works for every meeple game:

* Perfect information (Reversi): plain UCT. Each iteration starts from a
  copy of the real state.
* Chance (Risk's dice, Goa's draws): chance nodes are not tree nodes. Each
  iteration samples an outcome by its probability and walks on, so a node
  stands for a sequence of decisions ("open loop" MCTS).
* Hidden information (Risk's cards and missions, Goa's hands, The King is
  Dead's Cunning cards): determinized search in the style of single-observer
  ISMCTS. Each iteration draws a fresh full state consistent with what the
  searching seat may know, state.determinize(seat, seed), and descends the
  tree with the actions legal in that sample; a child's exploration term
  counts the iterations in which it was available (its "availability"), not
  its parent's visits, because an action may be legal in some samples only.
  The search therefore never uses what its seat cannot see.

Usage (small defaults, a quick test; the docstring numbers take minutes):

    python3 mcts.py                               # 6 Reversi games, 200 sims: ~3 s
    python3 mcts.py --games 50 --simulations 1000 # stronger, ~10 min
    python3 mcts.py --game king-is-dead --games 4 --simulations 50     # ~10 s
    python3 mcts.py --game goa --games 2 --simulations 30              # hidden info, ~20 s
    python3 mcts.py --game risk --options '{"mode": "two-player-passive", "players": 2}' \
        --games 2 --simulations 10 --rollout-level 4 --max-moves 20000

(Times are for the AddressSanitizer build of the module; a release build is
several times faster.) Risk runs, but is no showcase: random rollouts almost
never finish a game of Risk, so a search learns nothing from them, and
heuristic rollouts (--rollout-level 4, Risk's heuristic) cost ~25 ms each under ASan while a
game takes thousands of decisions with dozens of choices each. With the
budget above (fewer simulations than choices) the search is barely better
than random play: the measured game went 8465 actions and was lost. The
tests use Risk to check that the determinized search never peeks.

main() returns {'game', 'games', 'wins', 'draws', 'losses', 'returns', ...}
where wins/draws/losses count the MCTS player's results against
meeple.bot(0), the uniformly random player.
"""

import argparse
import json
import math
import random
import sys
import time

import meeple


class Node:
    """One node of the tree: the statistics of the action that led here.

    `value` sums the returns of the seat that chose that action (the mover at
    the parent), so a parent picks the child that is best for whoever moves
    there; that makes the same code right for two or more seats.
    """

    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self):
        self.children = {}  # action id -> Node
        self.visits = 0
        self.value = 0.0
        self.avail = 0  # iterations in which this node's action was legal


class MCTSBot:
    """UCT search for the seat to move; choose(state) returns an action id.

    simulations: iterations per decision.
    uct_c: exploration constant; returns lie in [-1, 1], so sqrt(2) (the UCB1
        constant for rewards in [0, 1]) is scaled by the range, then lowered a
        little because short searches gain more from exploiting.
    rollout_length: actions per rollout before it stops (0: to the end). An
        unfinished rollout returns 0 for every seat, which is the right
        "don't know" for games scored 1/0/-1. Risk needs a bound: random
        Risk games can take thousands of steps.
    rollout_level: the bot level that plays the rollouts (0: random); the
        game's heuristic (game_info(name)["levels"]["heuristic"]: Risk 4) is
        slower per step but more informative, and it ends Risk games far
        sooner than random play.
    """

    def __init__(self, game, simulations=100, seed=0, uct_c=1.2, rollout_length=0,
                 rollout_level=0):
        self.game = game
        self.simulations = simulations
        self.uct_c = uct_c
        self.rollout_length = rollout_length
        self.rollout_level = rollout_level
        # Everything random in the search comes from this generator, so the
        # same seed gives the same moves (meeple.playouts and determinize
        # take their seeds from it too).
        self.rng = random.Random(seed)
        self.hidden = game.has_hidden_information

    def choose(self, state):
        seat = state.current_player()
        if seat < 0:
            raise meeple.InvalidArgumentError("MCTSBot.choose: no seat is to move")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]  # a forced move (Reversi's pass): no search needed
        root = Node()
        for _ in range(self.simulations):
            self._iterate(state, seat, root)
        # The most visited action is the robust choice: its mean is the best
        # estimated and the least noisy.
        return max(legal, key=lambda a: (root.children[a].visits, root.children[a].value)
                   if a in root.children else (-1, 0.0))

    def _iterate(self, state, seat, root):
        rng = self.rng
        if self.hidden:
            # One determinization per iteration (ISMCTS): what `seat` cannot
            # see is redrawn; what it knows (its hand, the board) stays.
            s = state.determinize(seat, rng.getrandbits(64))
        else:
            s = state.clone()
        node = root
        path = []  # (node, seat that chose the action leading to node)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(self._sample_chance(s))
                continue
            mover = s.current_player()
            legal = s.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                # Expansion: one new node per iteration, then a rollout.
                a = untried[rng.randrange(len(untried))]
                child = Node()
                child.avail = 1
                children[a] = child
                s.apply_action(a)
                path.append((child, mover))
                break
            # Selection: UCB1 with availability counts (equal to the parent's
            # visits in a perfect-information game).
            c = self.uct_c
            best, best_score = None, -math.inf
            for a in legal:
                child = children[a]
                score = child.value / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = a, score
            node = children[best]
            s.apply_action(best)
            path.append((node, mover))
        returns = self._rollout(s)
        root.visits += 1
        for n, mover in path:
            n.visits += 1
            n.value += returns[mover]

    def _rollout(self, s):
        if s.is_terminal():
            return s.returns()
        # One game in C++ from s: random (or heuristic) actions and chance
        # outcomes drawn with their probabilities. threads=1 because a single
        # game gains nothing from a thread pool.
        result = meeple.playouts(self.game, 1, seed=self.rng.getrandbits(64),
                                 levels=self.rollout_level, threads=1,
                                 max_length=self.rollout_length, start=s)
        return result["returns"][0].tolist()

    def _sample_chance(self, s):
        outcomes = s.chance_outcomes()
        return self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def play_game(game, agents, rng, max_moves=0):
    """One game between `agents` (one per seat, each with choose(state));
    chance outcomes are drawn from rng. Returns (returns, moves)."""
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and (max_moves <= 0 or moves < max_moves):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(agents[state.current_player()].choose(state))
        moves += 1
    return state.returns(), moves


def main(game="reversi", games=6, simulations=200, seed=0, options=None, uct_c=1.2,
         rollout_length=0, rollout_level=0, max_moves=0, verbose=False):
    """Plays `games` games of MCTS against the random player, MCTS taking
    seat i % num_players in game i (the others are random), and returns the
    tally from the MCTS seat's side."""
    g = meeple.load_game(game, options)
    n = g.num_players()
    rng = random.Random(seed)
    wins = draws = losses = 0
    all_returns = []
    started = time.perf_counter()
    for i in range(games):
        seat = i % n
        agents = [meeple.bot(0, seed=seed * 1000 + i * 10 + p) for p in range(n)]
        agents[seat] = MCTSBot(g, simulations, seed=seed * 1000 + i, uct_c=uct_c,
                               rollout_length=rollout_length, rollout_level=rollout_level)
        returns, moves = play_game(g, agents, rng, max_moves)
        r = returns[seat]
        all_returns.append(r)
        # Returns are 1 win, 0 draw (or an unfinished game), -1 loss.
        wins += r > 0
        draws += r == 0
        losses += r < 0
        if verbose:
            print(f"game {i + 1}: MCTS seat {seat} ({g.seat_names[seat]}) return {r:+g} "
                  f"after {moves} moves")
    return {"game": game, "games": games, "simulations": simulations, "wins": wins,
            "draws": draws, "losses": losses, "returns": all_returns,
            "seconds": time.perf_counter() - started}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="reversi", help="a name from meeple.games()")
    p.add_argument("--options", type=json.loads, default=None,
                   help="game options as JSON, e.g. "
                        "'{\"mode\": \"two-player-passive\", \"players\": 2}'")
    p.add_argument("--games", type=int, default=6, help="games against the random player")
    p.add_argument("--simulations", type=int, default=200, help="MCTS iterations per move")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--uct-c", type=float, default=1.2, help="exploration constant")
    p.add_argument("--rollout-length", type=int, default=0,
                   help="actions per rollout before stopping (0: to the end)")
    p.add_argument("--rollout-level", type=int, default=0,
                   help="bot level playing the rollouts (0 random, 1.. engine heuristic)")
    p.add_argument("--max-moves", type=int, default=0,
                   help="stop a game after this many actions, counted a draw (0: no limit)")
    return p.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    result = main(args.game, args.games, args.simulations, args.seed, args.options, args.uct_c,
                  args.rollout_length, args.rollout_level, args.max_moves, verbose=True)
    print(f"{result['game']}: MCTS ({result['simulations']} simulations) vs random: "
          f"{result['wins']} wins, {result['draws']} draws, {result['losses']} losses "
          f"in {result['seconds']:.1f} s")
    sys.exit(0)

"""OpenSpiel's example loop, ported to meeple, run over every meeple game.

The loop a pyspiel user typically writes (random play to the end):

    import random
    import numpy as np
    import pyspiel

    game = pyspiel.load_game("kuhn_poker")          # or "name(opt=val,...)"
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action_list, prob_list = zip(*outcomes)
            action = np.random.choice(action_list, p=prob_list)
            state.apply_action(action)
        else:
            action = random.choice(state.legal_actions(state.current_player()))
            state.apply_action(action)
    print("Returns:", state.returns())

The loop below is the same loop; only load_game's options change. The
differences a pyspiel user meets (docs/python.md has the full list):

* load_game takes options as a dict or keyword arguments, not a string:
  meeple.load_game("risk", {"mode": "domination", "players": 3}) or
  meeple.load_game("risk", players=3), never "risk(players=3)". Unknown
  options or values raise meeple.InvalidArgumentError.
* Game names are meeple.games(): "goa", "king-is-dead" (hyphens, where
  pyspiel writes "kuhn_poker"), "reversi", "risk".
* Player ids: meeple.CHANCE is -1 as in pyspiel, but meeple.TERMINAL is -2
  (pyspiel's kTerminalPlayerId is -4, and -2 is its simultaneous-move id:
  meeple has no simultaneous nodes); meeple.SPECTATOR (-3) asks for the
  public view in observation_* and view(). Compare with the constants, never
  the numbers.
* No state.history() / history_str(): a meeple state keeps no history (the
  rules never need it). Keep your own list of applied actions, or play
  through a meeple.Match, whose log() is the ordered, hash-checked record.
* Errors are meeple.Error subclasses (IllegalActionError, which is also a
  ValueError; InvalidArgumentError; FailedPreconditionError, also a
  RuntimeError...), not pyspiel.SpielError. apply_action always checks:
  an illegal id raises IllegalActionError and leaves the state unchanged.
* Game metadata are attributes and methods: game.name, game.options (a
  dict), game.has_chance, game.has_hidden_information, game.seat_names,
  game.chance_mode / information / utility (strings), game.metadata (all of
  it) — where pyspiel has game.get_type().  num_players(),
  num_distinct_actions(), max_game_length() (-1: no bound, Risk and Goa),
  observation_tensor_shape() and information_state_tensor_shape() are as in
  pyspiel.
* Returns are 1 win / 0 draw / -1 loss per seat (shared victories give each
  winner 1), not game-specific scores; state.scores() has the scores.
* observation_tensor() returns a NumPy float32 array already in the
  declared shape (pyspiel returns a flat list); out= fills your own array.
* chance_outcomes() and legal_actions() are as in pyspiel (ascending ids).

One thing pyspiel users will not expect: uniformly random players almost
never finish a game of Risk. Nothing forces an attack, so random armies
shuffle about for ever; of 52 random games over every Risk mode, 2 ended
within 300,000 actions. (Risk and Goa have no length bound in their rules:
max_game_length() is -1.) So for a game without a bound the random loop
stops after --random-steps actions (default 2000) and the engine's
heuristic player (its level: game_info(name)["levels"]["heuristic"]) for
every seat finishes the game from
there; random Goa games end long before that, so only Risk is handed over.

Usage:

    python3 pyspiel_port.py                   # every game once, default options
    python3 pyspiel_port.py --games 10        # ten random games of each
    python3 pyspiel_port.py --variants        # every listed way to play of each game
    python3 pyspiel_port.py --random-steps 0 risk   # Risk purely random (may never end)

main() returns {name: [{'options', 'returns', 'length', 'bot_steps',
'terminal'}...]}; length counts chance outcomes too, bot_steps the
decisions meeple.bot made.
"""

import argparse
import random

import meeple
import numpy as np


def play_random_game(game, rng, np_rng, random_steps=0, finish_level=1, max_steps=0):
    """The pyspiel loop: random chance outcomes by probability, uniformly
    random legal actions. After `random_steps` actions (0: never) the seats
    are played by meeple.bot(finish_level) instead. Stops after max_steps
    actions in all (0: only at the end). Returns (state, steps, bot_steps)."""
    state = game.new_initial_state()
    finisher = meeple.bot(finish_level, seed=rng.getrandbits(64))
    steps = random_done = bot_steps = 0
    while not state.is_terminal():
        if max_steps and steps >= max_steps:
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action_list, prob_list = zip(*outcomes)
            # np.random.choice returns a numpy integer: apply_action accepts
            # it, as pyspiel does.
            action = np_rng.choice(action_list, p=prob_list)
            state.apply_action(action)
        elif random_steps and random_done >= random_steps:
            # The engine's bot sees only what the seat to move may know.
            state.apply_action(finisher.choose(state))
            bot_steps += 1
        else:
            # legal_actions(player) as in pyspiel: another seat's list is empty.
            action = rng.choice(state.legal_actions(state.current_player()))
            state.apply_action(action)
            random_done += 1
        steps += 1
    return state, steps, bot_steps


def check_end(game, state):
    """What a pyspiel user checks at the end, asserted."""
    n = game.num_players()
    assert state.current_player() == meeple.TERMINAL  # -2, not pyspiel's -4
    returns = state.returns()
    assert len(returns) == n
    assert all(game.min_utility() <= r <= game.max_utility() for r in returns), returns
    for seat in range(n):
        obs = state.observation_tensor(seat)
        assert obs.dtype == np.float32 and list(obs.shape) == game.observation_tensor_shape()
    # An action at the end is refused with a meeple.Error, not an abort.
    try:
        state.apply_action(0)
    except meeple.Error:
        pass
    else:
        raise AssertionError("apply_action after the end was accepted")
    return returns


def main(names=None, games=1, seed=0, variants=False, random_steps=2000, finish_level=None,
         max_steps=0, verbose=False):
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)  # pyspiel's example uses np.random
    results = {}
    for name in names or meeple.games():
        if variants:
            option_sets = [v["options"] for v in meeple.game_info(name)["variants"]]
        else:
            option_sets = [None]
        results[name] = []
        # The heuristic finishes: a lower level of Risk is mostly random
        # moves and may never end the game either.
        level = finish_level if finish_level is not None else \
            meeple.game_info(name)["levels"]["heuristic"]
        for options in option_sets:
            game = meeple.load_game(name, options)
            # A bounded game always ends under random play; an unbounded one
            # (-1) may not, so it gets a budget of random steps.
            budget = random_steps if game.max_game_length() < 0 else 0
            for _ in range(games):
                state, steps, bot_steps = play_random_game(game, rng, np_rng, budget,
                                                             level, max_steps)
                terminal = state.is_terminal()
                returns = check_end(game, state) if terminal else state.returns()
                results[name].append({"options": game.options, "returns": returns,
                                      "length": steps, "bot_steps": bot_steps,
                                      "terminal": terminal})
                if verbose:
                    how = (f" (random for {budget} actions, then meeple.bot({level}) "
                           f"for {bot_steps})" if bot_steps else "")
                    print(f"{name} {game.options}: {steps} steps{how}, "
                          f"{'returns ' + str(returns) if terminal else 'stopped unfinished'}")
    return results


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1, help="random games per game and options")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--variants", action="store_true",
                   help="every way to play that meeple.game_info lists, not only the defaults")
    p.add_argument("--random-steps", type=int, default=2000,
                   help="random actions in a game without a length bound before "
                        "meeple.bot(--finish-level) takes over (0: random to the end)")
    p.add_argument("--finish-level", type=int, default=None,
                   help="the bot level that finishes (default: the game's heuristic)")
    p.add_argument("--max-steps", type=int, default=0,
                   help="stop a game after this many actions (0: play to the end)")
    p.add_argument("names", nargs="*", help="games (default: every game of meeple.games())")
    return p.parse_args(argv)


if __name__ == "__main__":
    args = parse_args()
    main(args.names or None, args.games, args.seed, args.variants, args.random_steps,
         args.finish_level, args.max_steps, verbose=True)

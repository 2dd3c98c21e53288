#!/usr/bin/env python3
"""A complete `meeple arena` bot: takes a corner when it can, else a random legal move.

Run it:  meeple arena reversi --agent "cmd:python3 examples/arena/corner_bot.py" --agent 3

The arena writes one JSON object a line to standard input and reads one
answer a line from standard output (docs/arena.md):
  {"cmd":"start", "game", "options", "num_seats", "seat", "seed", ...}  no answer
  {"cmd":"choose", "seat", "view", "legal":[{"id","json","text"}...]}   answer {"action": id}
  {"cmd":"end", "end", "returns", "scores"}                              no answer
  {"cmd":"quit"}                                                         exit
Anything printed for people goes to standard error.
"""
import json
import random
import sys


def main():
    rng = random.Random(0)
    seat = None
    for line in sys.stdin:
        msg = json.loads(line)
        cmd = msg["cmd"]
        if cmd == "start":
            seat = msg["seat"]
            rng.seed(int(msg["seed"]))
        elif cmd == "choose":
            legal = msg["legal"]
            # Reversi's view counts discs; prefer corners, else any move.
            corners = [a for a in legal if a["text"] in ("a1", "a8", "h1", "h8")]
            pick = rng.choice(corners or legal)
            print(json.dumps({"action": pick["id"]}), flush=True)
        elif cmd == "end":
            print(f"seat {seat}: game over, returns {msg.get('returns')}", file=sys.stderr)
        elif cmd == "quit":
            return


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the golden match logs of tests/golden/ (docs/golden.md).

Run ONCE per new game or mode, never again for an existing file: a golden log
pins what the code did when it was written, so regenerating one after a change
would hide exactly the break it is there to catch. The script refuses to
overwrite a file.

It plays every registered game and mode (the same list tests/golden/
golden_test.cpp requires) through `meeple engine`, the engine protocol of
docs/protocol.md, using only its existing commands:
  new (auto_chance false)  -> every chance node is ours to roll
  legal + roll             -> at a chance node: the outcome the match RNG
                              samples, with its JSON and text
  bot (apply true)         -> at a decision: the bot's choice, with its JSON
                              and text, seeded by the step number
  log                      -> the match log, checked against what we recorded
and writes, for each game and mode, tests/golden/<game>/<mode>.json: a match
log (game, options, seed, entries with seat, id, JSON, text and hash after
the step) plus "expect" (final hash, returns, scores) and "golden" (how it
was made).

  python3 scripts/golden-generate.py --meeple build/release/cli/meeple [--only risk/teams-4]
"""
import argparse
import itertools
import json
import os
import subprocess
import sys

# The players: a fixed level per game, chosen so a game ends in a few thousand
# steps (Reversi level 2: a two-ply search with a little noise; Risk: level
# 5, which was its top when the files were made, played as its level 3 then).
BOT_LEVEL = {"reversi": 2, "risk": 5}
DEFAULT_LEVEL = 0  # a game with no bot of its own: the random player
# A mode whose game the level above would not end within MAX_STEPS: Risk
# 2008's World Conquest (§13, [UNVERIFIED]) ends only when one player is left,
# which random players rarely reach (15 of 50 random 3-player games in 60,000
# steps, tests/games/risk_2008/property_test.cpp); its heuristic ends every
# game (level 3; it was level 2 when the files were made, before the careless
# levels below it). The files of the other modes keep the level they were
# made at.
MODE_BOT_LEVEL = {("risk-2008", "world-conquest"): 3}
# Match seeds tried per mode; the shortest finished game is kept, so the
# files stay small (a few hundred KB).
MATCH_SEEDS = range(20261123, 20261123 + 8)
BOT_SEED_BASE = 7000000
MAX_STEPS = 20000  # a cap, never reached by today's bots; noted in the file if it were


class Engine:
    def __init__(self, meeple):
        self.proc = subprocess.Popen([meeple, "engine"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, **req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        answer = json.loads(line)
        if not answer.get("ok"):
            sys.exit(f"golden-generate: {req} -> {answer}")
        return answer

    def close(self):
        self.proc.stdin.write('{"cmd":"quit"}\n')
        self.proc.stdin.close()
        self.proc.wait()


def option_domain(spec):
    """The finite set of values an option may take, or None (free text)."""
    if "allowed" in spec:
        return spec["allowed"]
    if spec["type"] == "bool":
        return [False, True]
    if spec["type"] == "int" and "min" in spec and spec["max"] - spec["min"] <= 16:
        return list(range(spec["min"], spec["max"] + 1))
    return None


def modes(game):
    """(name, options) for every combination of enumerable option values.
    Combinations the game rejects are left out by the caller."""
    specs = [s for s in game["options"] if option_domain(s) is not None]
    if not specs:
        return [("standard", {})]
    out = []
    for values in itertools.product(*[option_domain(s) for s in specs]):
        name = "-".join(str(v).lower() for v in values)
        out.append((name, {s["name"]: v for s, v in zip(specs, values)}))
    return out


def play(engine, game, options, level, seed):
    status = engine.ask(cmd="new", game=game, options=options, seed=str(seed),
                        auto_chance=False)
    entries = []
    while not status["terminal"] and len(entries) < MAX_STEPS:
        if status["current_player"] == "chance":
            outcomes = {a["id"]: a for a in engine.ask(cmd="legal")["actions"]}
            status = engine.ask(cmd="roll")
            chosen = outcomes[status["outcome"]]
            entries.append({"seat": "chance", "action": chosen["id"], "json": chosen["json"],
                            "text": chosen["text"], "hash": status["hash"]})
        else:
            seat = status["current_player"]
            status = engine.ask(cmd="bot", level=level, seed=str(BOT_SEED_BASE + len(entries)),
                                apply=True)
            chosen = status["action"]
            entries.append({"seat": seat, "action": chosen["id"], "json": chosen["json"],
                            "text": chosen["text"], "hash": status["hash"]})
    log = engine.ask(cmd="log")["log"]
    # The engine's own log must agree with what we recorded, step by step.
    assert len(log["entries"]) == len(entries), (len(log["entries"]), len(entries))
    for mine, theirs in zip(entries, log["entries"]):
        assert (mine["seat"], mine["action"], mine["hash"]) == \
            (theirs["seat"], theirs["action"], theirs["hash"]), (mine, theirs)
        assert "supplied" not in theirs
    expect = {"terminal": status["terminal"], "moves": len(entries), "hash": status["hash"],
              "current_player": status["current_player"]}
    if status["terminal"]:
        expect["returns"] = status["returns"]
        expect["scores"] = status["scores"]
    return log, entries, expect


def write(path, header, entries, expect):
    """One entry a line, so a diff names the step that changed."""
    with open(path, "x", encoding="utf-8") as f:
        f.write("{\n")
        for key, value in header.items():
            f.write(f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)},\n")
        f.write(f'  "expect": {json.dumps(expect, sort_keys=True)},\n')
        f.write('  "entries": [\n')
        for i, e in enumerate(entries):
            comma = "," if i + 1 < len(entries) else ""
            f.write(f"    {json.dumps(e, sort_keys=True)}{comma}\n")
        f.write("  ]\n}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--meeple", default="build/release/cli/meeple")
    parser.add_argument("--out", default="tests/golden")
    parser.add_argument("--only", help="one GAME/MODE, e.g. risk/teams-4")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                            check=True).stdout.strip()
    engine = Engine(args.meeple)
    for game in engine.ask(cmd="list")["games"]:
        for mode, options in modes(game):
            name = f"{game['name']}/{mode}"
            if args.only and args.only != name:
                continue
            level = MODE_BOT_LEVEL.get((game["name"], options.get("mode")),
                                       BOT_LEVEL.get(game["name"], DEFAULT_LEVEL))
            path = os.path.join(args.out, game["name"], mode + ".json")
            if os.path.exists(path):
                print(f"{name}: {path} exists, kept (golden logs are never regenerated)")
                continue
            probe = Engine(args.meeple)
            probe.proc.stdin.write(json.dumps({"cmd": "new", "game": game["name"],
                                               "options": options}) + "\n")
            probe.proc.stdin.flush()
            accepted = json.loads(probe.proc.stdout.readline()).get("ok")
            probe.close()
            if not accepted:
                continue  # a combination the game rejects (e.g. teams with 3 players)
            games = [play(engine, game["name"], options, level, seed) for seed in MATCH_SEEDS]
            finished = [g for g in games if g[2]["terminal"]] or games
            log, entries, expect = min(finished, key=lambda g: len(g[1]))
            header = {
                "golden": {
                    "about": "A golden log (docs/golden.md): it pins ids, JSON, text, hashes and "
                             "dice. Never regenerate it; a change that breaks it needs a "
                             "documented migration.",
                    "made_by": "scripts/golden-generate.py",
                    "commit": commit,
                    "bot_level": level,
                    "bot_seed": f"{BOT_SEED_BASE} + the entry's index",
                    "seed_choice": f"the shortest finished game of seeds {MATCH_SEEDS.start}.."
                                   f"{MATCH_SEEDS.stop - 1}",
                    "capped_at": None if expect["terminal"] else MAX_STEPS,
                },
                "game": log["game"],
                "options": log["options"],
                "seed": log["seed"],
            }
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write(path, header, entries, expect)
            print(f"{name}: {len(entries)} steps, terminal={expect['terminal']} -> {path}")
    engine.close()


if __name__ == "__main__":
    main()

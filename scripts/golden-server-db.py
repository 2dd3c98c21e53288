#!/usr/bin/env python3
"""Writes tests/golden/server/meeple-v1.db: tables saved by the server of its
day, which every later server must still open (tests/server/golden_db_test.cpp,
tests/golden/server/README.md).

Run ONCE, like the golden logs: it starts `meeple serve` on a fresh SQLite
file, creates tables through the HTTP API (docs/api.md) and plays them to
the positions below with the API's own hints, stops the server, folds the WAL
into the one file and writes the tokens and what each table looked like
beside it (meeple-v1.json), so the test can act with them.

  python3 scripts/golden-server-db.py --meeple build/release/cli/meeple
"""
import argparse
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

PORT = 18931


def call(method, path, body=None, token=None):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}{path}", method=method,
                                 data=None if body is None else json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def ok(method, path, body=None, token=None):
    status, answer = call(method, path, body, token)
    if status >= 300:
        sys.exit(f"golden-server-db: {method} {path} {body} -> {status} {answer}")
    return answer


def settle(table_id):
    """Waits until no computer seat is thinking: a human or nobody to move."""
    for _ in range(600):
        t = ok("GET", f"/api/tables/{table_id}")["table"]
        kinds = {s["seat"]: s["kind"] for s in t["seats"]}
        if t["to_move"] == "terminal" or kinds.get(t["to_move"]) == "human":
            return t
        time.sleep(0.1)
    sys.exit(f"golden-server-db: table {table_id} never came back to a human")


def play_humans(table_id, tokens, steps):
    """The humans play `steps` decisions (or to the end), each taking the
    server's level-1 hint, computers answering in between."""
    for _ in range(steps):
        t = settle(table_id)
        if t["to_move"] == "terminal":
            return t
        token = tokens[t["to_move"]]
        hint = ok("POST", f"/api/tables/{table_id}/hint", {"level": 1}, token)
        ok("POST", f"/api/tables/{table_id}/actions",
           {"action": hint["action"]["id"], "version": t["version"]}, token)
    return settle(table_id)


def create(game, options, seats):
    created = ok("POST", "/api/tables", {"game": game, "options": options, "seats": seats})
    tokens = {t["seat"]: t["token"] for t in created["tokens"]}
    return created["id"], tokens


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--meeple", default="build/release/cli/meeple")
    parser.add_argument("--out", default="tests/golden/server")
    args = parser.parse_args()
    db_out = os.path.join(args.out, "meeple-v1.db")
    if os.path.exists(db_out):
        sys.exit(f"golden-server-db: {db_out} exists; it is never regenerated")
    work = tempfile.mkdtemp(prefix="meeple-golden-db-")
    db = os.path.join(work, "meeple.db")
    server = subprocess.Popen([args.meeple, "serve", "--port", str(PORT), "--db", db])
    try:
        for _ in range(100):
            try:
                ok("GET", "/api/health")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        human, computer = {"kind": "human"}, {"kind": "computer", "level": 3}
        tables = []

        # 1. Reversi, two humans, 12 moves in: either may be asked to move next.
        tid, tokens = create("reversi", {}, [human, human])
        play_humans(tid, tokens, 12)
        tables.append(("reversi-midgame-humans", tid, tokens))

        # 2. Risk Secret Missions, one human and three computers, well into
        #    the game (claiming, placing and some turns), the human to move.
        tid, tokens = create("risk", {"mode": "missions", "players": 4},
                             [human, computer, computer, computer])
        play_humans(tid, tokens, 120)
        tables.append(("risk-missions-computers", tid, tokens))

        # 3. Reversi against a computer, played to the end.
        tid, tokens = create("reversi", {}, [human, {"kind": "computer", "level": 1}])
        t = play_humans(tid, tokens, 100)
        assert t["to_move"] == "terminal", t
        tables.append(("reversi-finished", tid, tokens))

        # 4. Risk World Domination, three humans, into the placing: a human to move.
        tid, tokens = create("risk", {"mode": "domination", "players": 3}, [human, human, human])
        play_humans(tid, tokens, 70)
        tables.append(("risk-domination-humans", tid, tokens))

        # 5. Two-player Risk with active neutrals, a human against a computer.
        tid, tokens = create("risk", {"mode": "two-player-active", "players": 2},
                             [human, computer])
        play_humans(tid, tokens, 80)
        tables.append(("risk-two-player-active", tid, tokens))

        sidecar = {"about": "Made by scripts/golden-server-db.py with the server of commit "
                            + subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True,
                                             text=True).stdout.strip()
                            + "; see README.md. Never regenerated.",
                   "tables": []}
        for label, tid, tokens in tables:
            snap = ok("GET", f"/api/tables/{tid}")
            t = snap["table"]
            sidecar["tables"].append({
                "label": label, "id": tid, "game": t["game"], "options": t["options"],
                "status": t["status"], "version": t["version"], "to_move": t["to_move"],
                "seats": t["seats"], "seed_sha256": t["seed_sha256"],
                "tokens": [{"seat": s, "token": tok} for s, tok in sorted(tokens.items())],
                **({"returns": t["returns"], "seed": t["seed"]} if "returns" in t else {}),
            })
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)
    # One self-contained file: fold the write-ahead log in.
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    for suffix in ("-wal", "-shm"):
        if os.path.exists(db + suffix) and os.path.getsize(db + suffix) > 0:
            sys.exit(f"golden-server-db: {db}{suffix} still holds data")
    os.makedirs(args.out, exist_ok=True)
    shutil.copyfile(db, db_out)
    with open(os.path.join(args.out, "meeple-v1.json"), "x", encoding="utf-8") as f:
        json.dump(sidecar, f, indent=1, sort_keys=True)
        f.write("\n")
    for t in sidecar["tables"]:
        print(f"{t['label']}: {t['id']} version {t['version']}, {t['status']}, "
              f"to move {t['to_move']}")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()

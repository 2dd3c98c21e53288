#!/usr/bin/env python3
"""A bot that fails on purpose, for tests of the arena's forfeits.

argv[1]: garbage (answers non-JSON), illegal (answers id 99999), hang (never
answers), exit (exits at the first decision), long (a 2 MB line), text
(answers the first legal action by its text, which is allowed).
"""
import json
import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    msg = json.loads(line)
    if msg["cmd"] != "choose":
        continue
    if mode == "garbage":
        print("this is not json", flush=True)
    elif mode == "illegal":
        print(json.dumps({"action": 99999}), flush=True)
    elif mode == "hang":
        time.sleep(60)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "long":
        sys.stdout.write("x" * (2 << 20))
        sys.stdout.flush()
        time.sleep(60)
    elif mode == "text":
        print(json.dumps({"action": msg["legal"][0]["text"]}), flush=True)
    elif mode == "json":
        print(json.dumps({"action": msg["legal"][-1]["json"]}), flush=True)

#!/usr/bin/env python3
"""Fail-over of several `meeple serve` on one PostgreSQL (docs/scale.md).

Real components only: three `meeple serve` processes on one database,
HAProxy in front (balance by the table id in the path, health checks on
GET /api/health). Many Reversi tables are played through HAProxy, every
action with a request_id; mid-burst the server that owns the tables is
killed with SIGKILL; requests that got no answer are retried with the same
request_id. Then:
  - every table finishes;
  - every acknowledged action is in the stored log exactly once (its
    request row names the version it answered, and the log has no gap);
  - the tables were taken over, within a few seconds (printed).
A second phase pauses a server (SIGSTOP) past its lease: it must not
write after waking, and it exits. A third cuts the last server's writer
connection: its next write fails, it exits, nothing acknowledged is lost.

Usage: failover.py MEEPLE_BINARY   (MEEPLE_TEST_POSTGRES: the server's URL,
set by ctest's "postgres" fixture, tests/CMakeLists.txt). Python 3's
standard library, psql and haproxy (Debian packages).
"""
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

TABLES = int(os.environ.get("FAILOVER_TABLES", "24"))
WORKERS = 8
KILL_AFTER = 0.3  # of the expected actions acknowledged
PAUSE_S = 7.0  # longer than the 5 s lease
IN_FLIGHT_S = 0.25
MAX_TAKEOVER_S = 12.0
DEADLINE_S = 50.0


def fail(msg):
    print("FAIL: " + msg, flush=True)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def with_database(url, name):
    # postgresql:///meeple?host=... -> postgresql:///NAME?host=...
    m = re.match(r"^(postgres(?:ql)?://[^/]*/)([^?]*)(.*)$", url)
    if not m:
        fail("cannot parse MEEPLE_TEST_POSTGRES " + url)
    return m.group(1) + name + m.group(3)


def psql(url, sql):
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", url, "-c", sql],
                         check=True, capture_output=True, text=True)
    return [line.split("\t") for line in out.stdout.splitlines() if line]


class Api:
    """One HTTP/1.1 connection per call: simple, and a dead server shows as
    an exception, never as a hung keep-alive connection."""

    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None, token=None, timeout=3):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            headers = {"Host": "127.0.0.1:%d" % self.port}
            if token:
                headers["Authorization"] = "Bearer " + token
            data = None
            if body is not None:
                data = json.dumps(body)
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            r = conn.getresponse()
            text = r.read().decode()
            try:
                return r.status, json.loads(text)
            except ValueError:
                return r.status, {"raw": text}
        finally:
            conn.close()


class Server:
    def __init__(self, binary, db, logdir, n):
        self.log = open(os.path.join(logdir, "serve%d.log" % n), "w+")
        self.proc = subprocess.Popen(
            [binary, "serve", "--db", db, "--port", "0", "--address", "127.0.0.1",
             "--max-actions-per-minute", "0", "--max-tables-per-minute", "0",
             "--max-live-tables", "0"],
            stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None
        deadline = time.time() + 20
        while time.time() < deadline and self.port is None:
            self.log.flush()
            with open(self.log.name) as f:
                m = re.search(r"open http://[^:]+:(\d+)/", f.read())
            if m:
                self.port = int(m.group(1))
            elif self.proc.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if self.port is None:
            with open(self.log.name) as f:
                fail("meeple serve %d did not start:\n%s" % (n, f.read()))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def start_haproxy(servers, logdir):
    port = free_port()
    lines = [
        "global", "  maxconn 2000",
        "defaults", "  mode http", "  timeout connect 1s", "  timeout client 30s",
        "  timeout server 15s", "  retries 3", "  option redispatch",
        "listen meeple", "  bind 127.0.0.1:%d" % port,
        # The table id is the path's third segment, in /api/tables/{id}/...
        # and /ws/tables/{id} alike: a table's requests reach one server.
        "  balance hash path,field(4,/)", "  hash-type consistent",
        # Only servers mark requests as forwarded.
        "  http-request del-header X-Meeple-Forwarded",
        "  option httpchk",
        "  http-check send meth GET uri /api/health ver HTTP/1.1 hdr Host 127.0.0.1",
        "  default-server inter 500ms fall 2 rise 2",
    ]
    for i, s in enumerate(servers):
        lines.append("  server s%d 127.0.0.1:%d check" % (i, s.port))
    cfg = os.path.join(logdir, "haproxy.cfg")
    with open(cfg, "w") as f:
        f.write("\n".join(lines) + "\n")
    log = open(os.path.join(logdir, "haproxy.log"), "w")
    proc = subprocess.Popen(["haproxy", "-db", "-f", cfg], stdout=log, stderr=subprocess.STDOUT)
    api = Api(port)
    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            if api.call("GET", "/api/health", timeout=2)[0] == 200:
                return proc, api
        except OSError:
            pass
        time.sleep(0.1)
    fail("haproxy did not come up; see " + log.name)


class Player:
    """Plays one table to its end: each action with a request_id derived
    from the table and version it is sent at, retried with the same id
    until it gets an answer."""

    def __init__(self, api, table, stats):
        self.api = api
        self.id = table["id"]
        self.tokens = {t["seat"]: t["token"] for t in table["tokens"]}
        self.stats = stats
        self.acked = {}  # request_id -> version answered
        self.finished = False
        self.finished_at = None
        self.first_ack_after_kill = None

    def request(self, method, path, body=None, token=None):
        """Until answered with something other than a network error or a
        502/503/504 (the client retry rule of docs/api.md)."""
        while time.time() < self.stats.deadline:
            try:
                status, j = self.api.call(method, path, body, token)
            except (OSError, http.client.HTTPException):
                self.stats.count("network error")
                time.sleep(0.1)
                continue
            if status in (502, 503, 504):
                self.stats.count("%d" % status)
                time.sleep(0.1)
                continue
            return status, j
        fail("table %s: no answer to %s %s before the deadline" % (self.id, method, path))

    def play(self):
        path = "/api/tables/" + self.id
        seat = 0
        while True:
            status, snap = self.request("GET", path, token=self.tokens[seat])
            if status != 200:
                fail("table %s: GET %d %s" % (self.id, status, snap))
            if snap["table"]["status"] == "finished":
                self.finished = True
                self.finished_at = time.time()
                return
            if not snap.get("legal"):
                seat = 1 - seat
                continue
            version = snap["table"]["version"]
            rid = "%s-v%d" % (self.id, version)
            body = {"action": snap["legal"][0]["json"], "version": version, "request_id": rid}
            status, r = self.request("POST", path + "/actions", body, self.tokens[seat])
            if status != 200:
                fail("table %s: action at version %d: %d %s" % (self.id, version, status, r))
            self.acked[rid] = (seat, r["version"])
            self.stats.acked(r.get("repeated", False))
            # An answer within IN_FLIGHT_S of the fault was on its way
            # before it: not a sign of takeover.
            now = time.time()
            if (self.stats.killed_at and now > self.stats.killed_at + IN_FLIGHT_S
                    and self.first_ack_after_kill is None):
                self.first_ack_after_kill = now


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.errors = {}
        self.acks = 0
        self.repeated = 0
        self.killed_at = None
        self.deadline = time.time() + DEADLINE_S

    def count(self, what):
        with self.lock:
            self.errors[what] = self.errors.get(what, 0) + 1

    def acked(self, repeated):
        with self.lock:
            self.acks += 1
            self.repeated += 1 if repeated else 0


def new_tables(api, db, n):
    """n Reversi tables, each taken by the server its id hashes to (its
    first request); and the live server owning the most of them."""
    tables = []
    for _ in range(n):
        status, t = api.call("POST", "/api/tables", {"game": "reversi"})
        if status != 201:
            fail("create: %d %s" % (status, t))
        tables.append(t)
    for t in tables:
        api.call("GET", "/api/tables/" + t["id"])
    ids = ",".join("'%s'" % t["id"] for t in tables)
    owners = psql(db, "SELECT s.id, s.url, count(*) FROM tables t JOIN servers s "
                      "ON s.id = t.owner_id WHERE t.id IN (%s) "
                      "GROUP BY s.id, s.url ORDER BY 3 DESC" % ids)
    return tables, int(owners[0][0]), owners[0][1]


def play_with_fault(api, db, tables, stats, victim_id, fault):
    """Plays every table to its end in WORKERS threads; once KILL_AFTER of
    the expected actions are in, runs fault() on the victim's server.
    Returns the players and the victim's tables at that moment."""
    players = [Player(api, t, stats) for t in tables]
    queue = list(players)
    qlock = threading.Lock()

    def worker():
        while True:
            with qlock:
                if not queue:
                    return
                p = queue.pop()
            p.play()

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(WORKERS)]
    for th in threads:
        th.start()
    # About 30 moves a Reversi game.
    while stats.acks < KILL_AFTER * len(tables) * 30 and any(t.is_alive() for t in threads):
        time.sleep(0.02)
    fault()
    stats.killed_at = time.time()
    # Its tables at that moment (it takes no more after).
    victim_tables = {r[0] for r in psql(db, "SELECT id FROM tables WHERE owner_id = %d"
                                            % victim_id)}
    for th in threads:
        th.join(max(0.1, stats.deadline - time.time()))
        if th.is_alive():
            fail("players did not finish before the deadline")
    if not all(p.finished for p in players):
        fail("not every table finished")
    return players, victim_tables


def check_stored(db, players, victim_id, victim_tables, stats, what):
    """Every acknowledged action stored exactly once, at the version it was
    answered with; every log without a gap; the victim's tables moved.
    Prints and returns the takeover times."""
    stored = {(r[0], r[1]): (int(r[2]), int(r[3]))
              for r in psql(db, "SELECT table_id, request_id, seat, version FROM requests")}
    logs = {r[0]: (int(r[1]), int(r[2]))
            for r in psql(db, "SELECT table_id, count(*), max(idx) FROM actions "
                              "GROUP BY table_id")}
    acked = 0
    ids = {p.id for p in players}
    for p in players:
        for rid, (seat, version) in p.acked.items():
            acked += 1
            if stored.get((p.id, rid)) != (seat, version):
                fail("table %s: request %s acknowledged at version %d is stored as %s"
                     % (p.id, rid, version, stored.get((p.id, rid))))
        n, last = logs[p.id]
        if n != last + 1:
            fail("table %s: its log has a gap (%d rows, last index %d)" % (p.id, n, last))
    mine = sum(1 for r in stored if r[0] in ids)
    if mine != acked:
        fail("%d request rows for %d acknowledged actions" % (mine, acked))
    # The victim's tables still being played went on elsewhere: the
    # takeover time runs from the fault to the first action acknowledged
    # on one of them (and to the last such first action).
    still = {r[0] for r in psql(db, "SELECT id FROM tables WHERE owner_id = %d" % victim_id)}
    moved = [p for p in players if p.id in victim_tables and p.first_ack_after_kill]
    if not moved:
        fail("none of the %s server's tables was still being played after it" % what)
    for p in moved:
        if p.id in still:
            fail("table %s was played after the fault but names the %s server" % (p.id, what))
    takeover = min(p.first_ack_after_kill for p in moved) - stats.killed_at
    slowest = max(p.first_ack_after_kill for p in moved) - stats.killed_at
    print("%s server: tables: %d (%d taken over), actions acknowledged: %d (%d answered as "
          "repeats)" % (what, len(players), len(moved), acked, stats.repeated))
    print("retried answers: %s" % (stats.errors or "none"))
    print("takeover time (fault to the first action acknowledged on a table of the %s "
          "server): %.2f s; to the last of them: %.2f s" % (what, takeover, slowest), flush=True)
    if slowest > MAX_TAKEOVER_S:
        fail("takeover took %.1f s (more than %.0f s)" % (slowest, MAX_TAKEOVER_S))


def check_forwarding(api, db, servers):
    tables, owner_id, owner_url = new_tables(api, db, 1)
    t = tables[0]
    path = "/api/tables/" + t["id"]
    token = t["tokens"][0]["token"]
    other = next(s for s in servers if not owner_url.endswith(":%d" % s.port))
    direct = Api(other.port)
    status, snap = direct.call("GET", path, token=token)
    if status != 200 or snap.get("you") != 0:
        fail("GET through a server that does not own the table: %d %s" % (status, snap))
    body = {"action": snap["legal"][0]["json"], "version": snap["table"]["version"],
            "request_id": "forwarded-1"}
    status, r = direct.call("POST", path + "/actions", body, token)
    if status != 200 or r.get("version") != snap["table"]["version"] + 1:
        fail("an action through a server that does not own the table: %d %s" % (status, r))
    status, r = direct.call("POST", path + "/actions", body, token)
    if status != 200 or not r.get("repeated"):
        fail("the same request_id again, forwarded: %d %s" % (status, r))
    owner_now = psql(db, "SELECT owner_id FROM tables WHERE id = '%s'" % t["id"])[0][0]
    if int(owner_now) != owner_id:
        fail("forwarding moved the table from its live owner")
    conn = http.client.HTTPConnection("127.0.0.1", other.port, timeout=3)
    conn.request("GET", path, headers={"Host": "127.0.0.1", "X-Meeple-Forwarded": "1"})
    r = conn.getresponse()
    r.read()
    conn.close()
    if r.status != 503:
        fail("a request marked forwarded was answered %d, not 503" % r.status)
    print("forwarding: GET, an action and its repeat through a non-owner reached the owner; "
          "a forwarded request is not forwarded again")


def check_writer_cut(db, alive):
    if not alive:
        fail("no server left for the writer-cut phase")
    server = alive[0]
    direct = Api(server.port)
    status, t = direct.call("POST", "/api/tables", {"game": "reversi"})
    if status != 201:
        fail("create: %d %s" % (status, t))
    path = "/api/tables/" + t["id"]
    tokens = {x["seat"]: x["token"] for x in t["tokens"]}

    def move():
        """The first legal action of whichever seat is to move."""
        for seat, token in sorted(tokens.items()):
            status, snap = direct.call("GET", path, token=token)
            if status != 200:
                return status, snap
            if snap["legal"]:
                body = {"action": snap["legal"][0]["json"], "version": snap["table"]["version"]}
                return direct.call("POST", path + "/actions", body, token)
        fail("writer cut: no seat has a legal action")

    status, r = move()
    if status != 200:
        fail("writer cut: the first action: %d %s" % (status, r))
    acked = r["version"]
    lease = psql(db, "SELECT id FROM servers WHERE url LIKE '%%:%d' ORDER BY epoch DESC LIMIT 1"
                 % server.port)[0][0]
    cut = psql(db, "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                   "WHERE application_name = 'meeple-writer-%s'" % lease)
    if cut[0][0] != "1":
        fail("writer cut: found %s writer connections of server %s, not 1" % (cut[0][0], lease))
    # The next write fails, and the server stops within a second or so.
    try:
        status, r = move()
    except OSError:
        status, r = None, "no answer"
    if status == 200:
        fail("writer cut: an action was acknowledged after the connection was cut")
    try:
        server.proc.wait(5)
    except subprocess.TimeoutExpired:
        fail("writer cut: the server did not stop after its database connection failed")
    with open(server.log.name) as f:
        if "database connection failed" not in f.read():
            fail("writer cut: the server stopped without saying its database connection failed")
    stored = int(psql(db, "SELECT count(*) FROM actions WHERE table_id = '%s'" % t["id"])[0][0])
    if stored < acked:
        fail("writer cut: %d actions acknowledged, %d stored" % (acked, stored))
    print("writer cut: the next write failed (%s), the server stopped; the %d acknowledged "
          "actions are stored" % (status, acked))


def main():
    if len(sys.argv) != 2:
        fail("usage: failover.py MEEPLE_BINARY")
    binary = sys.argv[1]
    admin = os.environ.get("MEEPLE_TEST_POSTGRES")
    if not admin:
        fail("MEEPLE_TEST_POSTGRES is not set (run under ctest, which starts PostgreSQL)")
    if not shutil.which("haproxy"):
        fail("haproxy is not installed (bash scripts/setup.sh installs it)")
    name = "failover_%d" % os.getpid()
    psql(admin, "DROP DATABASE IF EXISTS %s WITH (FORCE)" % name)
    psql(admin, "CREATE DATABASE %s" % name)
    db = with_database(admin, name)
    logdir = tempfile.mkdtemp(prefix="meeple-failover-")
    servers, haproxy = [], None
    ok = False
    try:
        servers = [Server(binary, db, logdir, i) for i in range(3)]
        haproxy, api = start_haproxy(servers, logdir)

        # 0. A request reaching a server that does not own its table is
        # forwarded to the owner, once: a request marked as forwarded
        # already is answered 503, never sent on again.
        check_forwarding(api, db, servers)

        # 1. SIGKILL mid-burst.
        tables, victim_id, victim_url = new_tables(api, db, TABLES)
        victim = next(s for s in servers if victim_url.endswith(":%d" % s.port))
        # Tables nobody will visit again but whose move timer runs: taken
        # by the survivors' sweep, without a request.
        idle = []
        for _ in range(8):
            status, t = api.call("POST", "/api/tables", {"game": "reversi", "move_seconds": 60})
            if status != 201:
                fail("create: %d %s" % (status, t))
            api.call("GET", "/api/tables/" + t["id"])
            idle.append(t["id"])
        stats = Stats()
        start = time.time()
        players, victim_tables = play_with_fault(
            api, db, tables, stats, victim_id, lambda: victim.proc.send_signal(signal.SIGKILL))
        print("killed the server on port %d (owner of %d tables) mid-burst; played in %.1f s"
              % (victim.port, len(victim_tables), time.time() - start))
        check_stored(db, players, victim_id, victim_tables, stats, "killed")
        orphans = set(idle) & victim_tables
        while orphans and time.time() < stats.killed_at + 20:
            left = psql(db, "SELECT count(*) FROM tables WHERE owner_id = %d AND id IN (%s)"
                        % (victim_id, ",".join("'%s'" % i for i in orphans)))
            if int(left[0][0]) == 0:
                print("%d timed tables of the killed server nobody visited were taken by the "
                      "sweep %.1f s after the kill" % (len(orphans), time.time() - stats.killed_at))
                break
            time.sleep(0.2)
        else:
            if orphans:
                fail("the killed server's timed tables were not taken within 20 s")
            print("no timed table fell to the killed server (nothing to sweep)")

        # 2. SIGSTOP for longer than the lease, then SIGCONT: the paused
        # server's tables are taken over while it sleeps; awake, it must
        # not write to them (fencing), and it stops (its lease is gone).
        tables, victim_id, victim_url = new_tables(api, db, TABLES // 2)
        paused = next(s for s in servers if victim_url.endswith(":%d" % s.port))
        stats = Stats()

        def pause():
            paused.proc.send_signal(signal.SIGSTOP)
            threading.Timer(PAUSE_S, lambda: paused.proc.send_signal(signal.SIGCONT)).start()

        players, victim_tables = play_with_fault(api, db, tables, stats, victim_id, pause)
        check_stored(db, players, victim_id, victim_tables, stats, "paused")
        deadline = time.time() + PAUSE_S + 10
        while paused.proc.poll() is None and time.time() < deadline:
            time.sleep(0.1)
        if paused.proc.poll() is None:
            fail("the paused server did not stop after losing its lease")
        with open(paused.log.name) as f:
            if "lost its lease" not in f.read():
                fail("the paused server stopped without saying it lost its lease")
        print("the paused server stopped after losing its lease (exit %d)" % paused.proc.poll())

        # 3. The database connection of the last server's writer is cut
        # (a database restart, a network cut): a commit whose outcome is
        # unknown fails, and the server stops rather than serve tables
        # that may differ from what was stored; what it acknowledged is
        # stored.
        check_writer_cut(db, [s for s in servers if s.proc.poll() is None])
        print("OK")
        ok = True
    finally:
        if haproxy:
            haproxy.terminate()
            haproxy.wait(10)
        for s in servers:
            try:
                s.proc.send_signal(signal.SIGCONT)
            except OSError:
                pass
            s.stop()
        if ok:
            shutil.rmtree(logdir, ignore_errors=True)
            psql(admin, "DROP DATABASE IF EXISTS %s WITH (FORCE)" % name)
        else:
            print("logs kept in " + logdir)


if __name__ == "__main__":
    main()

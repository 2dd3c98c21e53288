// The attacks of issue 8 on the network side, replayed against a really
// started in-process server on loopback with raw sockets (raw_client.h):
// the exact bytes an attacker sends, no client library tidying them up.
//   1. static files: only regular files under the web root
//   2. no request, however malformed, ends the process
//   5. storage that cannot open is an error, not a crash
//   Host / Origin checks, security headers, the WebSocket token message
// Connection caps, EMFILE and idle timeouts: attack_limits_test.cpp.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include "tests/server/fixture.h"
#include "tests/server/raw_client.h"

namespace meeple::test {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// Every answer carries the security headers (docs/api.md).
void expect_security_headers(const RawResponse& r, const std::string& what) {
  const std::string csp = r.header("content-security-policy");
  EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << what << ": " << csp;
  EXPECT_NE(csp.find("script-src 'self'"), std::string::npos) << what << ": " << csp;
  EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << what << ": " << csp;
  EXPECT_EQ(r.header("x-content-type-options"), "nosniff") << what;
  EXPECT_EQ(r.header("referrer-policy"), "no-referrer") << what;
}

// ---------------------------------------------------------------------------
// 1. Static files.

// A web root with the traps an attacker would look for: links out of it,
// a hidden file, and the server's own database inside it.
class StaticFileAttack : public ServerFixture {
 protected:
  void SetUp() override {
    base_ = fs::path(temp_db_path("static_root")).replace_extension("");
    fs::remove_all(base_);
    root_ = base_ / "web";
    fs::create_directories(root_ / "sub");
    write_file(root_ / "index.html", "<!doctype html><title>ok</title>");
    write_file(root_ / "app.js", "export const ok = 1;");
    write_file(root_ / "sub" / "deep.css", "body{}");
    write_file(root_ / ".hidden.txt", "hidden");
    write_file(base_ / "secret.js", "SECRET outside the root");
    fs::create_directory_symlink("/etc", root_ / "etc-link");
    fs::create_symlink("/etc/passwd", root_ / "passwd.txt");
    fs::create_symlink("../secret.js", root_ / "escape.js");
    fs::create_symlink("app.js", root_ / "inside.js");  // stays in the root: fine
    db_ = (root_ / "meeple.db").string();
    start();
  }
  void configure(server::ServerOptions& o) override { o.web_root = root_.string(); }
  fs::path base_, root_;
};

TEST_F(StaticFileAttack, OnlyRegularFilesUnderTheRootAreServed) {
  const std::string db_abs = fs::canonical(db_).string();
  const std::vector<std::string> attacks = {
      "//etc/passwd",
      "/%2Fetc/passwd",
      "/%2fetc%2fpasswd",
      "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2f..%2f..%2fetc%2fpasswd",
      "/../../../../etc/passwd",
      "/sub/../../secret.js",
      "/proc/self/environ",
      "//proc/self/environ",
      "/%2Fproc%2Fself%2Fenviron",
      "/etc-link/passwd",
      "/passwd.txt",
      "/escape.js",
      "/.hidden.txt",
      "/meeple.db",
      "/meeple.db-wal",
      "/meeple.db-shm",
      "/" + db_abs,
      "/%2F" + db_abs.substr(1),
      "/index.html%00.js",
      "/sub\\..\\..\\secret.js",
      "/sub",
  };
  for (const auto& target : attacks) {
    auto r = raw_request(port_, http_bytes("GET", target));
    ASSERT_TRUE(r) << target << ": no answer";
    EXPECT_EQ(r->status, 404) << target;
    EXPECT_EQ(r->body.find("root:"), std::string::npos) << target;
    EXPECT_EQ(r->body.find("SECRET"), std::string::npos) << target;
    EXPECT_EQ(r->body.find("SQLite format"), std::string::npos) << target;
    EXPECT_EQ(r->body.find("PATH="), std::string::npos) << target;
    EXPECT_FALSE(r->j.is_null()) << target << ": " << r->body;
    expect_security_headers(*r, target);
  }
  // What is there is still served, through a link inside the root too.
  for (const std::string target : {"/", "/app.js", "/sub/deep.css", "/inside.js", "//app.js"}) {
    auto r = raw_request(port_, http_bytes("GET", target));
    ASSERT_TRUE(r) << target;
    EXPECT_EQ(r->status, 200) << target;
    expect_security_headers(*r, target);
  }
}

TEST_F(StaticFileAttack, NotFoundDoesNotEchoThePath) {
  auto r = raw_request(port_, http_bytes("GET", "/%ff%fe%3Cscript%3Ealert(1)%3C/script%3E"));
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_EQ(r->body.find("<script>"), std::string::npos) << r->body;
  EXPECT_FALSE(r->j.is_null()) << "not JSON (or not UTF-8): " << r->body;
}

// ---------------------------------------------------------------------------
// 2. No request may end the process.

class MalformedRequestAttack : public ServerFixture {};

TEST_F(MalformedRequestAttack, NoRequestEndsTheProcess) {
  const json created = create({{"game", "reversi"}});
  const std::string id = created["id"];
  const std::string token = token_of(created, 0);
  const std::string auth = "Authorization: Bearer " + token + "\r\n";
  struct Case {
    std::string bytes;
    std::string what;
  };
  const std::vector<Case> cases = {
      {http_bytes("GET", "/%ff"), "GET /%ff"},
      {http_bytes("GET", "/%c0"), "GET /%c0"},
      {http_bytes("GET", "/api/tables/%c0"), "table id %c0"},
      {http_bytes("GET", "/api/tables/%c0%80/replay"), "overlong NUL in the id"},
      {http_bytes("GET", "/api/tables?status=%ff"), "?status=%ff"},
      {http_bytes("GET", "/api/tables?%ff=%fe&status=%ed%a0%80"), "query key, surrogate"},
      {http_bytes("GET", "/api/%ff%fe"), "API route %ff"},
      {http_bytes("PUT", "/api/tables/%ff"), "PUT on a bad id"},
      {http_bytes("POST", "/api/tables/%ff/actions", "", "{}"), "POST to a bad id"},
      {http_bytes("GET", "/\xff"), "raw 0xFF in the target"},
      {http_bytes("GET", "/api/tables/\xc0\xaf"), "raw overlong '/' in the id"},
      {http_bytes("GET", "/api/tables?status=\xff\xfe"), "raw 0xFF in the query"},
      {http_bytes("GET", "/api/\xff%00"), "raw 0xFF and NUL"},
      {http_bytes("GET", "/api/tables/" + id, "Authorization: Bearer \xff\xfe\r\n"),
       "token that is not UTF-8"},
      {http_bytes("GET", "/api/tables/%ff", "X-Note: \xff\xfe\x80\r\n"), "header not UTF-8"},
      {http_bytes("POST", "/api/tables", "", "{\"game\":\"\xff\"}"), "body not UTF-8"},
      {http_bytes("POST", "/api/tables", "",
                  R"({"game":"reversi","seats":[{"kind":"\u00ff\u0000"},{"kind":"human"}]})"),
       "seat kind with NUL"},
      {http_bytes("POST", "/api/tables", "", R"({"game":"\ud800"})"), "lone surrogate escape"},
      {http_bytes("POST", "/api/tables/" + id + "/actions", auth, "{\"action\":\"\xff\"}"),
       "action not UTF-8"},
      {http_bytes("POST", "/api/tables/" + id + "/actions", auth,
                  R"({"action":{"move":[1,{"x":null}]},"version":"0"})"),
       "action of the wrong shape"},
      {http_bytes("POST", "/api/tables/" + id + "/hint", auth, R"({"level":1e400})"),
       "level out of range"},
      {http_bytes("GET", "/ws/tables/%ff",
                  "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"),
       "WebSocket to a bad id"},
  };
  for (const auto& c : cases) {
    auto r = raw_request(port_, c.bytes);
    ASSERT_TRUE(r) << c.what << ": no answer (did the server die?)";
    EXPECT_GE(r->status, 400) << c.what;
    EXPECT_LT(r->status, 600) << c.what;
    // The answer is JSON, hence valid UTF-8, whatever bytes came in.
    EXPECT_FALSE(r->j.is_null()) << c.what << ": " << r->body;
    auto health = get(port_, "/api/health");
    ASSERT_EQ(health.status, 200) << "after " << c.what;
  }
}

TEST_F(MalformedRequestAttack, BadWebSocketMessagesGetAnErrorNotACrash) {
  const json created = create({{"game", "reversi"}});
  WsClient ws(port_, "/ws/tables/" + created["id"].get<std::string>());
  ASSERT_TRUE(ws.next());  // the snapshot
  ws.send("not json \xff", /*binary=*/true);
  auto e = ws.next();
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["type"], "error");
  ws.send(R"({"type":"\u00ff\u0000 what"})");
  e = ws.next();
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["type"], "error");
  EXPECT_NE((*e)["error"]["message"].get<std::string>().find("unknown message type"),
            std::string::npos);
  EXPECT_EQ(get(port_, "/api/health").status, 200);
}

// ---------------------------------------------------------------------------
// 5. Storage that cannot open.

std::string open_error(const std::string& db) {
  server::ServerOptions o;
  o.port = 0;
  o.db_path = db;
  auto s = server::Server::open(o);
  return s ? "" : s.status().to_string();
}

TEST(StorageAttack, MissingDirectoryIsAClearError) {
  const fs::path dir = fs::path(temp_db_path("missing")).replace_extension("") / "no-such-dir";
  const std::string e = open_error((dir / "x.db").string());
  EXPECT_NE(e.find("does not exist"), std::string::npos) << e;
  EXPECT_NE(e.find("no-such-dir"), std::string::npos) << e;
}

TEST(StorageAttack, ReadOnlyDirectoryIsAClearError) {
  fs::path dir = fs::path(temp_db_path("readonly")).replace_extension("");
  fs::create_directories(dir);
  ::chmod(dir.c_str(), 0555);
  // root ignores permissions: then a directory where nobody may create a
  // file stands in (procfs).
  {
    std::ofstream probe(dir / "probe");
    if (probe) {
      fs::remove(dir / "probe");
      dir = "/proc";
    }
  }
  const std::string db = (dir / "meeple-test.db").string();
  const std::string e = open_error(db);
  EXPECT_NE(e.find("unavailable: cannot"), std::string::npos) << e;
  EXPECT_NE(e.find(db), std::string::npos) << e;
  ::chmod(fs::path(temp_db_path("readonly")).replace_extension("").c_str(), 0755);
}

TEST(StorageAttack, FileThatIsNotADatabaseIsAClearError) {
  const std::string db = temp_db_path("not_sqlite");
  write_file(db, std::string(4096, 'x') + " this is not a SQLite database");
  const std::string e = open_error(db);
  EXPECT_NE(e.find("not a database"), std::string::npos) << e;
}

TEST(StorageAttack, DirectoryInPlaceOfTheFileIsAClearError) {
  const std::string db = temp_db_path("a_directory");
  fs::create_directories(db);
  const std::string e = open_error(db);
  EXPECT_NE(e.find("is a directory"), std::string::npos) << e;
  fs::remove_all(db);
}

// The command prints the reason and exits 1 (it used to segfault).
TEST(StorageAttack, ServeCommandExitsWithTheReason) {
  const std::string meeple = MEEPLE_BINARY_DIR "/cli/meeple";
  if (!fs::exists(meeple)) GTEST_SKIP() << "no binary at " << meeple;
  const fs::path dir = fs::path(temp_db_path("serve_missing")).replace_extension("") / "nowhere";
  const std::string err = temp_db_path("serve_missing_stderr") + ".txt";
  const std::string cmd =
      meeple + " serve --port 0 --db " + (dir / "x.db").string() + " 2>" + err + " >/dev/null";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc)) << "killed by a signal: " << rc;
  EXPECT_EQ(WEXITSTATUS(rc), 1);
  std::ifstream in(err);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("does not exist"), std::string::npos) << text;
}

// ---------------------------------------------------------------------------
// 7. /api/health tells when storage failed.

class HealthAttack : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override {
    o.storage_busy_timeout = std::chrono::milliseconds(100);
  }
};

TEST_F(HealthAttack, HealthReportsAFailedStorage) {
  EXPECT_EQ(get(port_, "/api/health").status, 200);
  // Another process holds the database's write lock longer than the
  // server waits: the commit fails and the storage refuses writes.
  sqlite3* other = nullptr;
  ASSERT_EQ(sqlite3_open(db_.c_str(), &other), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(other, "BEGIN IMMEDIATE;", nullptr, nullptr, nullptr), SQLITE_OK);
  auto r = post(port_, "/api/tables", {{"game", "reversi"}});
  EXPECT_EQ(r.status, 503) << r.body;
  sqlite3_exec(other, "ROLLBACK;", nullptr, nullptr, nullptr);
  sqlite3_close(other);
  auto h = get(port_, "/api/health");
  EXPECT_EQ(h.status, 503) << h.body;
  EXPECT_EQ(h.j["ok"], false);
  EXPECT_NE(h.j["error"]["message"].get<std::string>().find("locked"), std::string::npos) << h.body;
}

// ---------------------------------------------------------------------------
// Host and Origin, security headers.

class HostOriginAttack : public ServerFixture {
 protected:
  void configure(server::ServerOptions& o) override { o.allowed_hosts = {"Meeple.LAN"}; }
  std::optional<RawResponse> with_host(const std::string& host,
                                       const std::string& target = "/api/health") {
    return raw_request(
        port_, "GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
  }
  std::string origin_of_server() const { return "http://127.0.0.1:" + std::to_string(port_); }
};

TEST_F(HostOriginAttack, UnknownHostNamesGet421) {
  const std::string p = ":" + std::to_string(port_);
  for (const std::string& host :
       std::vector<std::string>{"evil.example" + p, "evil.example", "meeple.lan.evil.example" + p,
                                "127.0.0.1.evil.example" + p, "localhost.evil.example"}) {
    auto r = with_host(host);
    ASSERT_TRUE(r) << host;
    EXPECT_EQ(r->status, 421) << host;
    expect_security_headers(*r, host);
    // Static files too: a rebound page must not read the UI either.
    auto s = with_host(host, "/");
    ASSERT_TRUE(s);
    EXPECT_EQ(s->status, 421) << host;
  }
  for (const std::string& host :
       std::vector<std::string>{"127.0.0.1" + p, "127.0.0.1", "localhost" + p, "LOCALHOST",
                                "[::1]" + p, "meeple.lan" + p, "MEEPLE.LAN", "192.168.1.20" + p}) {
    auto r = with_host(host);
    ASSERT_TRUE(r) << host;
    EXPECT_EQ(r->status, 200) << host;
  }
  auto bad = with_host("\xff\xfe");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->status, 400);
  // HTTP/1.1 must name a host; HTTP/1.0 may not.
  auto none = raw_request(port_, "GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n");
  ASSERT_TRUE(none);
  EXPECT_EQ(none->status, 400);
  auto old = raw_request(port_, "GET /api/health HTTP/1.0\r\n\r\n");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->status, 200);
}

TEST_F(HostOriginAttack, PostsFromOtherOriginsGet403) {
  const std::string body = R"({"game":"reversi"})";
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  auto post_from = [&](const std::string& origin) {
    return raw_request(port_,
                       "POST /api/tables HTTP/1.1\r\nHost: " + host + "\r\nOrigin: " + origin +
                           "\r\nContent-Type: text/plain\r\nContent-Length: " +
                           std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  };
  for (const std::string& origin : std::vector<std::string>{
           "http://evil.example", "null", "http://localhost:" + std::to_string(port_),
           "http://127.0.0.1:1", "http://127.0.0.1", "file://", "\xff"}) {
    auto r = post_from(origin);
    ASSERT_TRUE(r) << origin;
    EXPECT_EQ(r->status, 403) << origin << ": " << r->body;
    EXPECT_FALSE(r->j.is_null()) << r->body;
  }
  auto same = post_from(origin_of_server());
  ASSERT_TRUE(same);
  EXPECT_EQ(same->status, 201) << same->body;
  // Reading is not changing: a GET with a foreign Origin is answered (the
  // browser will not show it to the foreign page).
  auto read =
      raw_request(port_, "GET /api/health HTTP/1.1\r\nHost: " + host +
                             "\r\nOrigin: http://evil.example\r\nConnection: close\r\n\r\n");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->status, 200);
}

TEST_F(HostOriginAttack, WebSocketHandshakesFromOtherOriginsGet403) {
  const std::string id = create({{"game", "reversi"}})["id"];
  const std::string host = "127.0.0.1:" + std::to_string(port_);
  auto handshake = [&](const std::string& origin) {
    RawConnection c(port_);
    c.send("GET /ws/tables/" + id + " HTTP/1.1\r\nHost: " + host +
           "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nOrigin: " +
           origin + "\r\n\r\n");
    return c.read_response();
  };
  auto evil = handshake("http://evil.example");
  ASSERT_TRUE(evil);
  EXPECT_EQ(evil->status, 403);
  auto same = handshake("http://" + host);
  ASSERT_TRUE(same);
  EXPECT_EQ(same->status, 101);
  expect_security_headers(*same, "WebSocket handshake");
}

TEST_F(HostOriginAttack, EveryAnswerCarriesTheSecurityHeaders) {
  for (const std::string target :
       {"/", "/app.js", "/nope.js", "/api/health", "/api/tables/nope", "/api/nope"}) {
    auto r = raw_request(port_, http_bytes("GET", target));
    ASSERT_TRUE(r) << target;
    expect_security_headers(*r, target);
  }
}

// The policy forbids inline script and style, so the page must have none.
TEST(WebPage, HasNoInlineScriptOrStyle) {
  std::ifstream in(MEEPLE_SOURCE_DIR "/web/index.html");
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(html.empty());
  std::smatch m;
  for (auto it = html.cbegin();
       std::regex_search(it, html.cend(), m, std::regex("<script([^>]*)>", std::regex::icase));
       it = m.suffix().first)
    EXPECT_NE(m[1].str().find("src="), std::string::npos) << "inline script: " << m[0];
  EXPECT_FALSE(std::regex_search(html, std::regex("<style", std::regex::icase)));
  EXPECT_FALSE(std::regex_search(html, std::regex("\\son[a-z]+\\s*=", std::regex::icase)));
  EXPECT_FALSE(std::regex_search(html, std::regex("\\sstyle\\s*=", std::regex::icase)));
  EXPECT_EQ(html.find("javascript:"), std::string::npos);
}

// ---------------------------------------------------------------------------
// 6. The WebSocket token in the first message instead of the URL.

class WebSocketTokenAttack : public ServerFixture {};

TEST_F(WebSocketTokenAttack, TokenInTheFirstMessageMakesTheConnectionTheSeats) {
  const json created = create({{"game", "reversi"}});
  const std::string id = created["id"];
  WsClient ws(port_, "/ws/tables/" + id);
  auto first = ws.next();
  ASSERT_TRUE(first);
  EXPECT_EQ((*first)["you"], "spectator");
  ws.send(json{{"type", "auth"}, {"token", token_of(created, 1)}}.dump());
  auto mine = ws.until([](const json& m) { return m["type"] == "state" && m["you"] == 1; },
                       std::chrono::seconds(10));
  ASSERT_TRUE(mine) << "no snapshot for seat 1 after the auth message";
  // Only once, and only first.
  ws.send(json{{"type", "auth"}, {"token", token_of(created, 0)}}.dump());
  auto again = ws.until([](const json& m) { return m["type"] == "error"; });
  ASSERT_TRUE(again);
  // ?token= still works (deprecated).
  WsClient old(port_, "/ws/tables/" + id + "?token=" + token_of(created, 0));
  auto o = old.next();
  ASSERT_TRUE(o);
  EXPECT_EQ((*o)["you"], 0);
}

TEST_F(WebSocketTokenAttack, WrongTokenMessageClosesWithPolicyViolation) {
  const json created = create({{"game", "reversi"}});
  WsClient ws(port_, "/ws/tables/" + created["id"].get<std::string>());
  ASSERT_TRUE(ws.next());
  ws.send(R"({"type":"auth","token":"0123456789abcdef0123456789abcdef"})");
  auto e = ws.until([](const json& m) { return m["type"] == "error"; });
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["error"]["code"], "permission_denied");
  EXPECT_FALSE(ws.next(std::chrono::seconds(5)));
  EXPECT_EQ(ws.close_code(), 1008);
}

}  // namespace
}  // namespace meeple::test

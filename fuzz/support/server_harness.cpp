#include "fuzz/support/server_harness.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "fuzz/support/check.h"
#include "server/server.h"

// OpenSSL keeps per-thread state (the random generator behind tokens and
// seeds) that it frees only in OPENSSL_cleanup, after LeakSanitizer's check
// at exit: a fixed few hundred bytes, not a leak per request (libFuzzer's
// per-input leak check would name the input that leaked).
extern "C" const char* __lsan_default_suppressions() {
  return "leak:libcrypto.so\n";
}

namespace meeple::fuzz {

namespace {

using json = nlohmann::json;

std::unique_ptr<server::Server>& the_server() {
  static std::unique_ptr<server::Server> s;
  return s;
}

std::filesystem::path& the_dir() {
  static std::filesystem::path dir;
  return dir;
}

void stop_server() {
  if (the_server()) {
    the_server()->stop();
    the_server().reset();
  }
  std::error_code ec;
  if (!the_dir().empty()) std::filesystem::remove_all(the_dir(), ec);
}

// The JSON body of an HTTP answer (everything after the blank line).
json body_of(const std::string& answer) {
  const size_t at = answer.find("\r\n\r\n");
  if (at == std::string::npos) return nullptr;
  return json::parse(answer.substr(at + 4), nullptr, /*allow_exceptions=*/false);
}

// Creates a table with every seat human; returns the creation answer.
json create_table(const std::string& request) {
  const std::string http =
      "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "Content-Type: application/json\r\nConnection: close\r\n"
      "Content-Length: " +
      std::to_string(request.size()) + "\r\n\r\n" + request;
  const std::string answer = exchange(http, 10000);
  const json created = body_of(answer);
  FUZZ_CHECK(created.is_object() && created.contains("id") && created.contains("tokens"),
             "the harness could not create a table: %s", answer.c_str());
  return created;
}

std::string token_of(const json& created, int seat) {
  for (const auto& t : created["tokens"])
    if (t["seat"] == seat) return t["token"];
  return "";
}

ServerUnderTest start() {
  char tmpl[] = "/tmp/meeple_fuzz_XXXXXX";
  FUZZ_CHECK(::mkdtemp(tmpl) != nullptr, "cannot make a temporary directory");
  the_dir() = tmpl;
  server::ServerOptions o;
  o.port = 0;
  o.db_path = (the_dir() / "fuzz.db").string();
  o.durable_fsync = false;
  o.io_threads = 1;  // one thread: a race needs no luck to be found again
  o.bot_threads = 1;
  // Short time limits, so an input that stops mid-request costs a second,
  // not thirty.
  o.limits.http_idle_timeout = std::chrono::seconds(1);
  o.limits.header_timeout = std::chrono::seconds(1);
  o.limits.request_timeout = std::chrono::seconds(1);
  auto s = server::Server::open(o);
  FUZZ_CHECK(s.is_ok(), "the server does not start: %s", s.status().to_string().c_str());
  the_server() = std::move(*s);
  the_server()->start();
  std::atexit(stop_server);
  ServerUnderTest out;
  out.port = the_server()->port();
  return out;
}

ServerUnderTest& mutable_server() {
  static ServerUnderTest sut = start();
  return sut;
}

}  // namespace

const ServerUnderTest& server_under_test() {
  static const bool ready = [] {
    ServerUnderTest& s = mutable_server();
    const json reversi = create_table(
        R"({"game":"reversi","options":{},"seats":[{"kind":"human"},{"kind":"human"}]})");
    s.reversi_id = reversi["id"];
    s.reversi_token0 = token_of(reversi, 0);
    s.reversi_token1 = token_of(reversi, 1);
    const json risk =
        create_table(R"({"game":"risk","options":{"mode":"domination","players":3},)"
                     R"("seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]})");
    s.risk_id = risk["id"];
    s.risk_token0 = token_of(risk, 0);
    return true;
  }();
  (void)ready;
  return mutable_server();
}

std::string substitute_placeholders(std::string text) {
  const ServerUnderTest& s = server_under_test();
  const std::pair<std::string, const std::string*> names[] = {{"{TABLE}", &s.reversi_id},
                                                              {"{TOKEN0}", &s.reversi_token0},
                                                              {"{TOKEN1}", &s.reversi_token1},
                                                              {"{RISK}", &s.risk_id},
                                                              {"{RISK_TOKEN0}", &s.risk_token0}};
  for (const auto& [name, value] : names)
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at))
      text.replace(at, name.size(), *value), at += value->size();
  return text;
}

int connect_to_server() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  FUZZ_CHECK(fd >= 0, "socket() failed");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(mutable_server().port);
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int rc;
  do rc = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  while (rc != 0 && errno == EINTR);
  FUZZ_CHECK(rc == 0, "the server does not accept connections: %s", std::strerror(errno));
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

void write_all(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;  // libFuzzer's timer signal
    if (n <= 0) return;                     // the server closed: it may refuse early
    done += static_cast<size_t>(n);
  }
}

std::string read_until_close(int fd, int timeout_ms, size_t limit) {
  std::string out;
  char buf[16384];
  while (out.size() < limit) {
    pollfd p{fd, POLLIN, 0};
    const int ready = ::poll(&p, 1, timeout_ms);
    if (ready < 0 && errno == EINTR) continue;  // libFuzzer's timer signal
    if (ready <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  return out;
}

std::string exchange(const std::string& bytes, int timeout_ms) {
  const int fd = connect_to_server();
  write_all(fd, bytes);
  ::shutdown(fd, SHUT_WR);
  std::string answer = read_until_close(fd, timeout_ms);
  ::close(fd);
  return answer;
}

void check_http_answer(const std::string& answer) {
  if (answer.empty()) return;
  FUZZ_CHECK(answer.rfind("HTTP/1.", 0) == 0, "the server answered something not HTTP: %.200s",
             answer.c_str());
  for (size_t at = 0; at != std::string::npos; at = answer.find("\r\nHTTP/1.", at + 1)) {
    const size_t code = answer.find(' ', at) + 1;
    FUZZ_CHECK(answer.compare(code, 4, "500 ") != 0,
               "500 Internal Server Error (a bug the server survived): %.400s",
               answer.c_str() + at);
  }
}

std::string websocket_frame(uint8_t opcode, const std::string& payload, uint32_t mask_key) {
  std::string f;
  f += static_cast<char>(0x80 | (opcode & 0x0f));
  const uint64_t n = payload.size();
  if (n < 126) {
    f += static_cast<char>(0x80 | n);
  } else if (n <= 0xffff) {
    f += static_cast<char>(0x80 | 126);
    f += static_cast<char>(n >> 8), f += static_cast<char>(n & 0xff);
  } else {
    f += static_cast<char>(0x80 | 127);
    for (int shift = 56; shift >= 0; shift -= 8) f += static_cast<char>((n >> shift) & 0xff);
  }
  const uint8_t mask[4] = {static_cast<uint8_t>(mask_key >> 24),
                           static_cast<uint8_t>(mask_key >> 16),
                           static_cast<uint8_t>(mask_key >> 8), static_cast<uint8_t>(mask_key)};
  f.append(reinterpret_cast<const char*>(mask), 4);
  for (size_t i = 0; i < payload.size(); ++i)
    f += static_cast<char>(static_cast<uint8_t>(payload[i]) ^ mask[i % 4]);
  return f;
}

}  // namespace meeple::fuzz

// meeple_loadgen: scripted Reversi players against a running `meeple serve`
// on loopback, to measure accepted actions/s, latency from submit to
// broadcast (p50/p99), and server memory per open table.
//
//   meeple_loadgen --port 8080 --tables 200 --seconds 20 [--server-pid PID]
//
// 1. Creates N human-vs-human Reversi tables (before the clock starts) and
//    opens per table one WebSocket (as seat 0; every seat gets every view)
//    and one keep-alive HTTP connection.
// 2. On every new snapshot the client submits the first legal square (or a
//    pass) for the seat to move, with the table's version; latency is from
//    just before the POST is written to the arrival of the WebSocket
//    message of the new version (commit + broadcast + delivery).
// 3. Stops when every game ended or the time is up (bounded in both).
// Memory: the server's RSS (from /proc/PID/status) before the tables were
// created and after, divided by N. Loopback only: the server is 127.0.0.1;
// the players connect from 127.0.1.1, 127.0.1.2, ... (100 tables, 200
// connections each), under the server's default cap per client address.

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench/loadgen/stats.h"
#include "server/beast.h"

namespace {

using json = nlohmann::json;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

const auto kLoopback = asio::ip::make_address("127.0.0.1");

long rss_kib(int pid) {
  std::ifstream f(fmt::format("/proc/{}/status", pid));
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

json sync_post(unsigned short port, const std::string& target, const json& body) {
  asio::io_context ioc;
  beast::tcp_stream s(ioc);
  s.connect({kLoopback, port});
  http::request<http::string_body> req{http::verb::post, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.body() = body.dump();
  req.prepare_payload();
  http::write(s, req);
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(s, buf, res);
  return json::parse(res.body());
}

struct Stats {
  std::vector<double> latencies_ms;
  size_t accepted = 0, rejected = 0, finished = 0, errors = 0;
};

class Player : public std::enable_shared_from_this<Player> {
 public:
  Player(asio::io_context& ioc, unsigned short port, asio::ip::address source, std::string id,
         std::string t0, std::string t1, Stats& stats)
      : ioc_(ioc),
        port_(port),
        source_(source),
        id_(std::move(id)),
        tokens_{std::move(t0), std::move(t1)},
        http_(ioc),
        ws_(ioc),
        stats_(stats) {}

  void start() {
    connect_from(http_.socket());
    connect_from(beast::get_lowest_layer(ws_).socket());
    ws_.handshake("127.0.0.1", "/ws/tables/" + id_ + "?token=" + tokens_[0]);
    read();
  }
  bool done() const { return done_; }
  void set_think(std::chrono::milliseconds t) { think_ = t; }

 private:
  void read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        if (!self->done_) ++self->stats_.errors;
        self->done_ = true;
        return;
      }
      json m = json::parse(beast::buffers_to_string(self->buf_.data()), nullptr, false);
      self->buf_.consume(self->buf_.size());
      self->on_state(m);
      if (!self->done_) self->read();
    });
  }

  void on_state(const json& m) {
    if (m.is_discarded() || !m.contains("table")) return;
    const size_t version = m["table"]["version"];
    if (version <= version_ && version_ != 0) return;
    if (waiting_ && version > version_) {
      stats_.latencies_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - submitted_).count());
      waiting_ = false;
    }
    version_ = version;
    const json& v = m["view"];
    if (v.value("terminal", false)) {
      ++stats_.finished;
      done_ = true;
      beast::error_code ec;
      ws_.async_close(websocket::close_code::normal,
                      [self = shared_from_this()](beast::error_code) {});
      return;
    }
    latest_ = v;
    maybe_act();
  }

  // Acts on the newest snapshot once the previous action is both answered
  // (HTTP) and seen (WebSocket); the two arrive in either order.
  void maybe_act() {
    if (waiting_ || posting_ || done_ || thinking_ || latest_.is_null()) return;
    if (think_.count() > 0 && !thought_) {
      // A player's think time: the offered load is tables / think.
      thinking_ = true;
      timer_.expires_after(think_);
      timer_.async_wait([self = shared_from_this()](beast::error_code) {
        self->thinking_ = false;
        self->thought_ = true;
        self->maybe_act();
      });
      return;
    }
    thought_ = false;
    const json& v = latest_;
    const int seat = v["current_player"];
    json action = v.value("must_pass", false) ? json("pass") : json{{"move", v["legal_moves"][0]}};
    post(seat, action, version_);
  }

  void post(int seat, const json& action, size_t version) {
    req_ = {http::verb::post, "/api/tables/" + id_ + "/actions", 11};
    req_.set(http::field::host, "127.0.0.1");
    req_.set(http::field::authorization, "Bearer " + tokens_[static_cast<size_t>(seat)]);
    req_.body() = json{{"action", action}, {"version", version}}.dump();
    req_.prepare_payload();
    submitted_ = Clock::now();
    waiting_ = true;
    posting_ = true;
    http::async_write(http_, req_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        ++self->stats_.errors;
        self->done_ = true;
        return;
      }
      self->res_ = {};
      http::async_read(self->http_, self->hbuf_, self->res_, [self](beast::error_code ec2, size_t) {
        self->posting_ = false;
        if (ec2) {
          ++self->stats_.errors;
          self->done_ = true;
          return;
        }
        if (self->res_.result_int() == 200)
          ++self->stats_.accepted;
        else
          ++self->stats_.rejected;
        self->maybe_act();
      });
    });
  }

  void connect_from(asio::ip::tcp::socket& s) {
    s.open(asio::ip::tcp::v4());
    s.bind({source_, 0});
    s.connect({kLoopback, port_});
  }

  asio::io_context& ioc_;
  unsigned short port_;
  asio::ip::address source_;
  std::string id_;
  std::string tokens_[2];
  beast::tcp_stream http_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buf_, hbuf_;
  http::request<http::string_body> req_;
  http::response<http::string_body> res_;
  Stats& stats_;
  size_t version_ = 0;
  json latest_;
  std::chrono::milliseconds think_{0};
  asio::steady_timer timer_{ioc_};
  bool thinking_ = false, thought_ = false;
  bool waiting_ = false, posting_ = false, done_ = false;
  Clock::time_point submitted_;
};

using meeple::loadgen::percentile;

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meeple_loadgen: bounded load on a local meeple serve"};
  unsigned short port = 8080;
  int tables = 200, seconds = 20, server_pid = 0, think_ms = 0;
  app.add_option("--port", port, "The server's port on 127.0.0.1")->capture_default_str();
  app.add_option("--tables", tables, "Concurrent tables (1..2000)")
      ->check(CLI::Range(1, 2000))
      ->capture_default_str();
  app.add_option("--seconds", seconds, "Time limit (1..300)")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
  app.add_option("--server-pid", server_pid, "Server process, for memory per table");
  app.add_option("--think-ms", think_ms,
                 "Pause before each action (open-loop pacing; 0: as fast as possible)")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);

  const long rss0 = server_pid ? rss_kib(server_pid) : -1;
  asio::io_context ioc;
  Stats stats;
  std::vector<std::shared_ptr<Player>> players;
  for (int i = 0; i < tables; ++i) {
    json c = sync_post(
        port, "/api/tables",
        {{"game", "reversi"}, {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
    const auto source = asio::ip::make_address_v4(fmt::format("127.0.1.{}", 1 + i / 100));
    players.push_back(std::make_shared<Player>(ioc, port, source, c["id"], c["tokens"][0]["token"],
                                               c["tokens"][1]["token"], stats));
  }
  for (auto& p : players) {
    p->set_think(std::chrono::milliseconds(think_ms));
    p->start();
  }
  const long rss1 = server_pid ? rss_kib(server_pid) : -1;
  const auto t0 = Clock::now();
  ioc.run_for(std::chrono::seconds(seconds));
  const double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  // run_for returns when all work is done; measure to the last broadcast.
  fmt::print("tables {}  finished games {}  elapsed {:.2f} s\n", tables, stats.finished, elapsed);
  fmt::print("accepted actions {}  rejected {}  errors {}\n", stats.accepted, stats.rejected,
             stats.errors);
  fmt::print("throughput {:.0f} accepted actions/s\n",
             static_cast<double>(stats.accepted) / elapsed);
  fmt::print("submit->broadcast latency: p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms  (n={})\n",
             percentile(stats.latencies_ms, 0.50), percentile(stats.latencies_ms, 0.99),
             percentile(stats.latencies_ms, 1.0), stats.latencies_ms.size());
  if (server_pid) {
    const long rss2 = rss_kib(server_pid);
    fmt::print(
        "server RSS: {} KiB before, {} KiB with {} open tables + connections, {} KiB after play\n",
        rss0, rss1, tables, rss2);
    fmt::print("memory per open table (incl. its 2 connections): {:.1f} KiB\n",
               static_cast<double>(rss1 - rss0) / tables);
  }
  return stats.errors == 0 ? 0 : 1;
}

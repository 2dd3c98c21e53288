// meeple_slowloris: a normal request's latency while a running `meeple serve`
// holds many idle connections and slowloris clients (issue 8: target p99
// under 50 ms with 2,000 idle and 50 slowloris connections).
//
//   meeple_slowloris --port 8080 --idle 2000 --slowloris 50 --seconds 20
//
// 1. Opens --idle connections that send nothing (a browser's preconnected
//    sockets, or an attacker holding descriptors), from 127.0.2.1,
//    127.0.2.2, ... (--per-address each, under the server's cap per client
//    address), and --slowloris connections that send a request line and
//    then one header line every second, never ending the headers, from
//    127.0.100.x. A slowloris connection the server cuts is opened again at
//    once, as an attacker would.
// 2. Meanwhile, from 127.0.0.1, 20 times a second: GET /api/health on a
//    fresh connection (connect + request + answer: the accept path the
//    idle connections load), and the same on one keep-alive connection.
// 3. Prints p50/p99/max of both, and how many idle connections were still
//    open at the end (the server's idle timeout may close them: keep
//    --seconds under --http-idle-timeout to measure with all of them).
// Loopback only, bounded in time; raises its own descriptor limit to the
// hard limit.

#include <fmt/format.h>
#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bench/loadgen/stats.h"
#include "server/beast.h"

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

const auto kServer = asio::ip::make_address("127.0.0.1");

void raise_descriptor_limit() {
  rlimit rl{};
  if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= rl.rlim_max) return;
  rl.rlim_cur = rl.rlim_max == RLIM_INFINITY ? rlim_t{1} << 20 : rl.rlim_max;
  (void)setrlimit(RLIMIT_NOFILE, &rl);
}

asio::ip::address source(int block, int i, int per_address) {
  const int n = 1 + i / per_address;
  return asio::ip::make_address_v4(fmt::format("127.0.{}.{}", block + n / 250, n % 250));
}

struct Counts {
  std::atomic<size_t> idle_open{0}, idle_failed{0}, slow_cut{0}, slow_failed{0};
};

// A connection that sends nothing.
class Idle : public std::enable_shared_from_this<Idle> {
 public:
  Idle(asio::io_context& ioc, Counts& counts) : socket_(ioc), counts_(counts) {}
  bool open(asio::ip::address from, unsigned short port) {
    beast::error_code ec;
    socket_.open(tcp::v4(), ec);
    if (!ec) socket_.bind({from, 0}, ec);
    if (!ec) socket_.connect({kServer, port}, ec);
    if (ec) {
      ++counts_.idle_failed;
      return false;
    }
    ++counts_.idle_open;
    // Notice when the server closes it.
    socket_.async_read_some(asio::buffer(byte_),
                            [self = shared_from_this()](beast::error_code e, size_t) {
                              if (e) --self->counts_.idle_open;
                            });
    return true;
  }

 private:
  tcp::socket socket_;
  Counts& counts_;
  char byte_[1];
};

// A request whose headers never end: one line a second; reconnects when cut.
class Slowloris : public std::enable_shared_from_this<Slowloris> {
 public:
  Slowloris(asio::io_context& ioc, asio::ip::address from, unsigned short port, Counts& counts)
      : ioc_(ioc), socket_(ioc), timer_(ioc), from_(from), port_(port), counts_(counts) {}
  void start() {
    beast::error_code ec;
    socket_ = tcp::socket(ioc_);
    socket_.open(tcp::v4(), ec);
    if (!ec) socket_.bind({from_, 0}, ec);
    if (!ec) socket_.connect({kServer, port_}, ec);
    if (ec) {
      ++counts_.slow_failed;
      return;
    }
    line_ = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n";
    send();
  }

 private:
  void send() {
    asio::async_write(socket_, asio::buffer(line_),
                      [self = shared_from_this()](beast::error_code ec, size_t) {
                        if (ec) {
                          ++self->counts_.slow_cut;
                          return self->start();
                        }
                        self->line_ = "X-Slow: a\r\n";
                        self->timer_.expires_after(std::chrono::seconds(1));
                        self->timer_.async_wait([self](beast::error_code e) {
                          if (!e) self->send();
                        });
                      });
  }
  asio::io_context& ioc_;
  tcp::socket socket_;
  asio::steady_timer timer_;
  asio::ip::address from_;
  unsigned short port_;
  Counts& counts_;
  std::string line_;
};

// GET /api/health on `stream`; true on 200.
bool health(beast::tcp_stream& stream) {
  http::request<http::empty_body> req{http::verb::get, "/api/health", 11};
  req.set(http::field::host, "127.0.0.1");
  beast::error_code ec;
  http::write(stream, req, ec);
  if (ec) return false;
  beast::flat_buffer buf;
  http::response<http::string_body> res;
  http::read(stream, buf, res, ec);
  return !ec && res.result_int() == 200;
}

using meeple::loadgen::percentile;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"meeple_slowloris: request latency while idle and slowloris connections are open"};
  unsigned short port = 8080;
  int idle = 2000, slow = 50, seconds = 20, per_address = 200;
  app.add_option("--port", port, "The server's port on 127.0.0.1")->capture_default_str();
  app.add_option("--idle", idle, "Idle connections (0..20000)")
      ->check(CLI::Range(0, 20000))
      ->capture_default_str();
  app.add_option("--slowloris", slow, "Slowloris connections (0..2000)")
      ->check(CLI::Range(0, 2000))
      ->capture_default_str();
  app.add_option("--seconds", seconds, "Measuring time (1..300)")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
  app.add_option("--per-address", per_address, "Connections per client address (1..250)")
      ->check(CLI::Range(1, 250))
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  raise_descriptor_limit();

  // 1. The load, on its own thread.
  asio::io_context ioc;
  Counts counts;
  std::vector<std::shared_ptr<Idle>> idles;
  for (int i = 0; i < idle; ++i) {
    auto c = std::make_shared<Idle>(ioc, counts);
    if (c->open(source(2, i, per_address), port)) idles.push_back(std::move(c));
  }
  for (int i = 0; i < slow; ++i)
    std::make_shared<Slowloris>(ioc, source(100, i, per_address), port, counts)->start();
  fmt::print("open: {} idle ({} failed), {} slowloris ({} failed)\n", counts.idle_open.load(),
             counts.idle_failed.load(), slow - static_cast<int>(counts.slow_failed.load()),
             counts.slow_failed.load());
  auto guard = asio::make_work_guard(ioc);
  std::thread load([&] { ioc.run(); });

  // 2. Normal requests, 20 a second.
  std::vector<double> fresh, kept;
  size_t failures = 0;
  asio::io_context client;
  beast::tcp_stream keep(client);
  keep.connect({kServer, port});
  const auto end = Clock::now() + std::chrono::seconds(seconds);
  while (Clock::now() < end) {
    const auto next = Clock::now() + std::chrono::milliseconds(50);
    {
      const auto t = Clock::now();
      beast::tcp_stream s(client);
      beast::error_code ec;
      s.connect({kServer, port}, ec);
      if (!ec && health(s))
        fresh.push_back(ms_since(t));
      else
        ++failures;
    }
    {
      const auto t = Clock::now();
      if (health(keep)) {
        kept.push_back(ms_since(t));
      } else {
        ++failures;
        beast::error_code ec;
        keep.close();
        keep.connect({kServer, port}, ec);  // the server's idle timeout closed it
      }
    }
    std::this_thread::sleep_until(next);
  }
  const size_t idle_left = counts.idle_open;  // read before stopping (approximate)
  ioc.stop();
  load.join();

  // 3. Report.
  fmt::print(
      "fresh connection GET /api/health: p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms  (n={})\n",
      percentile(fresh, 0.50), percentile(fresh, 0.99), percentile(fresh, 1.0), fresh.size());
  fmt::print(
      "keep-alive       GET /api/health: p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms  (n={})\n",
      percentile(kept, 0.50), percentile(kept, 0.99), percentile(kept, 1.0), kept.size());
  fmt::print(
      "failed requests {}; idle connections still open at the end {}; slowloris connections "
      "cut by the server {}\n",
      failures, idle_left, counts.slow_cut.load());
  return failures == 0 ? 0 : 1;
}

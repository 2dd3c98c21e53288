// Accepts TCP connections and hands each to an HttpSession on its own
// strand, within the connection caps (connection_limiter.h): a connection
// over a cap is answered 503 at once and closed, without reading it.
//
// When accept fails for lack of file descriptors (EMFILE, ENFILE) or
// memory, the pending connection stays in the kernel's queue and accepting
// again at once would fail again at once (a busy loop that starves every
// other connection), so the listener waits 50 ms, doubling up to 1 s while
// it keeps failing, and logs once per episode.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>

#include "core/status.h"
#include "server/beast.h"
#include "server/context.h"

namespace meeple::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, ServerContext& ctx)
      : ioc_(ioc), acceptor_(ioc), retry_(ioc), ctx_(ctx) {}
  // Binds and listens; port 0 picks a free port (see port()).
  Status open(const boost::asio::ip::tcp::endpoint& endpoint);
  unsigned short port() const;
  void run() { do_accept(); }
  void close();
  // Accepts that failed for lack of descriptors or memory (since start).
  size_t resource_failures() const { return resource_failures_; }
  // Connections refused because a cap was reached (since start).
  size_t refused() const { return refused_; }

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  void refuse(boost::asio::ip::tcp::socket& socket, const char* why);
  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  std::chrono::milliseconds backoff_{0};
  ServerContext& ctx_;
  std::atomic<size_t> resource_failures_{0};
  std::atomic<size_t> refused_{0};
};

}  // namespace meeple::server

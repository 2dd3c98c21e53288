// Accepts TCP connections and hands each to an HttpSession on its own strand.
#pragma once

#include <memory>

#include "core/status.h"
#include "server/beast.h"
#include "server/context.h"

namespace meeple::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(boost::asio::io_context& ioc, ServerContext& ctx)
      : ioc_(ioc), acceptor_(ioc), ctx_(ctx) {}
  // Binds and listens; port 0 picks a free port (see port()).
  Status open(const boost::asio::ip::tcp::endpoint& endpoint);
  unsigned short port() const;
  void run() { do_accept(); }
  void close();

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  boost::asio::io_context& ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  ServerContext& ctx_;
};

}  // namespace meeple::server

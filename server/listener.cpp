#include "server/listener.h"

#include <fmt/format.h>

#include "server/http_session.h"

namespace meeple::server {

namespace asio = boost::asio;
namespace beast = boost::beast;

Status Listener::open(const asio::ip::tcp::endpoint& endpoint) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    return unavailable(fmt::format("cannot listen on {}:{}: {}", endpoint.address().to_string(),
                                   endpoint.port(), ec.message()));
  return Status::ok();
}

unsigned short Listener::port() const {
  beast::error_code ec;
  return acceptor_.local_endpoint(ec).port();
}

void Listener::close() {
  asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(ioc_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (!ec) {
    beast::error_code ignore;
    socket.set_option(asio::ip::tcp::no_delay(true), ignore);
    std::make_shared<HttpSession>(std::move(socket), ctx_)->run();
  }
  do_accept();
}

}  // namespace meeple::server

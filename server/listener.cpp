#include "server/listener.h"

#include <fmt/format.h>
#include <sys/socket.h>

#include "server/connection_limiter.h"
#include "server/http_session.h"
#include "server/log.h"

namespace meeple::server {

namespace asio = boost::asio;
namespace beast = boost::beast;

namespace {

constexpr std::chrono::milliseconds kFirstBackoff{50};
constexpr std::chrono::milliseconds kMaxBackoff{1000};

bool out_of_resources(const beast::error_code& ec) {
  return ec == asio::error::no_descriptors ||  // EMFILE
         ec == boost::system::error_code(ENFILE, boost::system::system_category()) ||
         ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
}

}  // namespace

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
    self->retry_.cancel();
  });
}

void Listener::do_accept() {
  acceptor_.async_accept(asio::make_strand(ioc_),
                         beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, asio::ip::tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (out_of_resources(ec)) {
    ++resource_failures_;
    if (backoff_.count() == 0)
      log_line(fmt::format("accept failed: {}; retrying with a back-off of {} ms up to {} ms",
                           ec.message(), kFirstBackoff.count(), kMaxBackoff.count()));
    backoff_ = backoff_.count() == 0 ? kFirstBackoff : std::min(backoff_ * 2, kMaxBackoff);
    retry_.expires_after(backoff_);
    retry_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
      if (!wait_ec) self->do_accept();
    });
    return;
  }
  backoff_ = std::chrono::milliseconds(0);
  if (!ec) {
    beast::error_code ignore;
    const auto peer = socket.remote_endpoint(ignore);
    ConnectionLimiter::Refusal why = ConnectionLimiter::Refusal::kNone;
    auto slot =
        ctx_.connections->acquire(ignore ? std::string() : peer.address().to_string(), &why);
    if (!slot) {
      refuse(socket, why == ConnectionLimiter::Refusal::kServerFull
                         ? "the server has too many open connections"
                         : "too many open connections from your address");
    } else {
      socket.set_option(asio::ip::tcp::no_delay(true), ignore);
      std::make_shared<HttpSession>(std::move(socket), ctx_, std::move(slot))->run();
    }
  }
  do_accept();
}

// A short answer written without waiting (it fits any socket buffer), then
// close: the refused client costs no descriptor and no work after this.
void Listener::refuse(asio::ip::tcp::socket& socket, const char* why) {
  ++refused_;
  const std::string body =
      fmt::format(R"({{"error":{{"code":"unavailable","message":"{}; try again later"}}}})", why);
  const std::string res = fmt::format(
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
      "Content-Length: {}\r\nRetry-After: 1\r\nConnection: close\r\n"
      "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n{}",
      body.size(), body);
  const int fd = socket.native_handle();
  (void)::send(fd, res.data(), res.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
  beast::error_code ec;
  socket.shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  // Drop what the client already sent, so closing does not reset the
  // connection before it reads the answer.
  char sink[4096];
  for (int i = 0; i < 16 && ::recv(fd, sink, sizeof sink, MSG_DONTWAIT) > 0; ++i) {
  }
  socket.close(ec);
}

}  // namespace meeple::server

#include "server/websocket_session.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace asio = boost::asio;

WebSocketSession::WebSocketSession(asio::ip::tcp::socket&& socket, ServerContext& ctx,
                                   std::shared_ptr<Table> table, Seat seat)
    : ws_(std::move(socket)), ctx_(ctx), table_(std::move(table)), seat_(seat) {}

WebSocketSession::~WebSocketSession() {
  if (table_) table_->unsubscribe(this);
}

void WebSocketSession::run(beast::http::request<beast::http::string_body> req) {
  auto opt = websocket::stream_base::timeout::suggested(beast::role_type::server);
  opt.idle_timeout = std::chrono::seconds(60);
  opt.keep_alive_pings = true;
  ws_.set_option(opt);
  ws_.read_message_max(ctx_.limits.max_ws_message_bytes);
  ws_.set_option(websocket::stream_base::decorator(
      [](websocket::response_type& res) { res.set(beast::http::field::server, "meeple"); }));
  auto self = shared_from_this();
  asio::dispatch(ws_.get_executor(), [self, req = std::move(req)]() mutable {
    self->ws_.async_accept(req, beast::bind_front_handler(&WebSocketSession::on_accept, self));
  });
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  open_ = true;
  // Subscribe first, then send the snapshot: a move committed in between
  // arrives as a newer version and replaces or follows it.
  table_->subscribe(shared_from_this(), seat_);
  size_t version = 0;
  auto first = table_->message_for(seat_, &version);
  queue(std::move(first), version);
  do_read();
}

void WebSocketSession::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, size_t) {
  if (ec) {
    open_ = false;
    table_->unsubscribe(this);
    return;
  }
  buffer_.consume(buffer_.size());  // messages from clients are ignored
  do_read();
}

void WebSocketSession::deliver(std::shared_ptr<const std::string> message, size_t version) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), message = std::move(message),
                                  version]() mutable { self->queue(std::move(message), version); });
}

void WebSocketSession::queue(std::shared_ptr<const std::string> message, size_t version) {
  if (!open_ || version < latest_version_) return;  // older than what we have
  latest_version_ = version;
  waiting_ = std::move(message);
  if (!writing_) write_next();
}

void WebSocketSession::write_next() {
  if (!waiting_) return;
  writing_ = true;
  writing_msg_ = std::move(waiting_);
  waiting_.reset();
  ws_.text(true);
  ws_.async_write(asio::buffer(*writing_msg_),
                  beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, size_t) {
  writing_ = false;
  writing_msg_.reset();
  if (ec) {
    open_ = false;
    table_->unsubscribe(this);
    return;
  }
  write_next();
}

}  // namespace meeple::server

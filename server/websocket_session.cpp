#include "server/websocket_session.h"

#include <fmt/format.h>

#include "core/json_depth.h"
#include "server/http_guard.h"
#include "server/log.h"
#include "server/safe_text.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace asio = boost::asio;

namespace {
constexpr size_t kMaxControlMessages = 4;  // error answers waiting; more are dropped
}

// Subscribed to the table for one seat. A session that changes seat (auth
// message) subscribes a new Watch with a new generation, so a snapshot of
// the old seat still in flight from the table is recognised and dropped.
class WebSocketSession::Watch : public Subscriber {
 public:
  Watch(std::weak_ptr<WebSocketSession> session, unsigned generation)
      : session_(std::move(session)), generation_(generation) {}
  void deliver(std::shared_ptr<const std::string> message, size_t version) override {
    if (auto s = session_.lock()) s->deliver(std::move(message), version, generation_);
  }

 private:
  std::weak_ptr<WebSocketSession> session_;
  unsigned generation_;
};

WebSocketSession::WebSocketSession(asio::ip::tcp::socket&& socket, ServerContext& ctx,
                                   std::shared_ptr<Table> table, Seat seat,
                                   ConnectionLimiter::Slot slot, bool may_authenticate)
    : ws_(std::move(socket)),
      idle_timer_(ws_.get_executor()),
      ctx_(ctx),
      table_(std::move(table)),
      seat_(seat),
      slot_(std::move(slot)),
      may_authenticate_(may_authenticate) {}

WebSocketSession::~WebSocketSession() {
  if (table_ && watch_) table_->unsubscribe(watch_.get(), false);
}

void WebSocketSession::run(beast::http::request<beast::http::string_body> req) {
  auto opt = websocket::stream_base::timeout::suggested(beast::role_type::server);
  opt.idle_timeout = ctx_.limits.ws_ping_timeout;
  opt.keep_alive_pings = true;
  ws_.set_option(opt);
  ws_.read_message_max(ctx_.limits.max_ws_message_bytes);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
    res.set(beast::http::field::server, "meeple");
    add_security_headers(res);
  }));
  auto self = shared_from_this();
  asio::dispatch(ws_.get_executor(), [self, req = std::move(req)]() mutable {
    self->ws_.async_accept(req, beast::bind_front_handler(&WebSocketSession::on_accept, self));
  });
}

void WebSocketSession::on_accept(beast::error_code ec) {
  if (ec) return;
  open_ = true;
  watch_as(seat_);
  last_message_ = std::chrono::steady_clock::now();
  arm_idle_timer(ctx_.limits.ws_idle_timeout);
  do_read();
}

// Subscribe first, then send the snapshot: a move committed in between
// arrives as a newer version and replaces or follows it.
void WebSocketSession::watch_as(Seat seat) {
  if (watch_) table_->unsubscribe(watch_.get());
  seat_ = seat;
  watch_ = std::make_shared<Watch>(weak_from_this(), ++generation_);
  table_->subscribe(watch_, seat_);
  size_t version = 0;
  auto first = table_->message_for(seat_, &version);
  latest_version_ = 0;  // the new seat's snapshot, even at the same version
  queue(std::move(first), version);
}

void WebSocketSession::deliver(std::shared_ptr<const std::string> message, size_t version,
                               unsigned generation) {
  asio::post(ws_.get_executor(),
             [self = shared_from_this(), message = std::move(message), version, generation] {
               if (generation == self->generation_) self->queue(message, version);
             });
}

void WebSocketSession::do_read() {
  ws_.async_read(buffer_,
                 beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, size_t) {
  if (ec) return stop();
  const std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  ++messages_read_;
  last_message_ = std::chrono::steady_clock::now();
  try {
    on_message(text);
  } catch (const std::exception& e) {
    log_line(fmt::format("WebSocket message failed: {}", printable(e.what(), 200)));
    send_error("internal", "the server failed on this message; it has been logged");
  }
  if (open_) do_read();
}

void WebSocketSession::on_message(const std::string& text) {
  const json m = json_text_deeper_than(text) ? json(nullptr) : json::parse(text, nullptr, false);
  if (m.is_discarded() || !m.is_object() || !m.contains("type") || !m["type"].is_string())
    return send_error("invalid_argument",
                      "a message is a JSON object with a \"type\" (auth or ping)");
  const std::string type = m["type"].get<std::string>();
  if (type == "ping") return;
  if (type == "auth") {
    if (!may_authenticate_ || messages_read_ != 1)
      return send_error("invalid_argument",
                        "auth must be the first message of a connection opened without ?token=");
    if (!m.contains("token") || !m["token"].is_string())
      return send_error("invalid_argument", "auth needs \"token\": a seat's token");
    auto seat = table_->authenticate(m["token"].get<std::string>());
    if (!seat) {
      send_error(status_code_name(seat.status().code()), seat.status().message());
      return close_after_writes(websocket::close_code::policy_error, "wrong token");
    }
    may_authenticate_ = false;
    return watch_as(*seat);
  }
  send_error("invalid_argument",
             fmt::format("unknown message type '{}' (expected auth or ping)", printable(type, 40)));
}

// The timer is armed once and, when it fires, measured against the last
// message rather than re-armed on every message: re-arming races with an
// expiry whose handler is already queued (it then runs with no error and
// would close a client that had just spoken), and costs a timer
// operation per message.
void WebSocketSession::arm_idle_timer(std::chrono::steady_clock::duration after) {
  idle_timer_.expires_after(after);
  idle_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || !self->open_) return;  // cancelled or closed
    const auto quiet = std::chrono::steady_clock::now() - self->last_message_;
    const auto limit = std::chrono::steady_clock::duration(self->ctx_.limits.ws_idle_timeout);
    if (quiet < limit) return self->arm_idle_timer(limit - quiet);
    self->close_after_writes(websocket::close_code::going_away,
                             "no message from the client for too long");
  });
}

void WebSocketSession::send_error(const std::string& code, const std::string& message) {
  if (!open_ || control_.size() >= kMaxControlMessages) return;
  json j = {{"type", "error"}, {"error", {{"code", code}, {"message", message}}}};
  control_.push_back(std::make_shared<const std::string>(dump_json(j)));
  if (!writing_) write_next();
}

void WebSocketSession::close_after_writes(websocket::close_code code, std::string reason) {
  if (!open_ || close_) return;
  close_ = websocket::close_reason(code, reason);
  if (!writing_) write_next();
}

void WebSocketSession::queue(std::shared_ptr<const std::string> message, size_t version) {
  if (!open_ || close_ || version < latest_version_) return;  // older than what we have
  latest_version_ = version;
  waiting_ = std::move(message);
  if (!writing_) write_next();
}

void WebSocketSession::write_next() {
  if (!control_.empty()) {
    writing_msg_ = std::move(control_.front());
    control_.pop_front();
  } else if (waiting_ && !close_) {
    writing_msg_ = std::move(waiting_);
    waiting_.reset();
  } else if (close_) {
    writing_ = true;
    ws_.async_close(*close_, [self = shared_from_this()](beast::error_code) {
      self->writing_ = false;
      self->stop();
    });
    return;
  } else {
    return;
  }
  writing_ = true;
  ws_.text(true);
  ws_.async_write(asio::buffer(*writing_msg_),
                  beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, size_t) {
  writing_ = false;
  writing_msg_.reset();
  if (ec) return stop();
  write_next();
}

void WebSocketSession::stop() {
  open_ = false;
  idle_timer_.cancel();
  if (watch_) table_->unsubscribe(watch_.get());
  watch_.reset();
}

}  // namespace meeple::server

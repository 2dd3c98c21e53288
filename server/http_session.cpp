#include "server/http_session.h"

#include <fmt/format.h>

#include <atomic>
#include <boost/beast/websocket.hpp>

#include "server/forward.h"
#include "server/http_guard.h"
#include "server/log.h"
#include "server/safe_text.h"
#include "server/static_files.h"
#include "server/websocket_session.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

namespace {

std::string_view sv(beast::string_view s) {
  return {s.data(), s.size()};
}

std::optional<std::string_view> header(const http::request<http::string_body>& req, http::field f) {
  auto it = req.find(f);
  if (it == req.end()) return std::nullopt;
  return sv(it->value());
}

}  // namespace

// The promise of an API answer: the API answers through a callback, maybe
// later and from another thread. Whoever holds the callback holds this;
// if every copy is dropped without an answer (a handler threw somewhere
// on the way), the client still gets a 500 instead of waiting forever.
class HttpSession::PendingAnswer {
 public:
  PendingAnswer(std::shared_ptr<HttpSession> session, bool keep_alive)
      : session_(std::move(session)), stopping_(session_->ctx_.stopping), keep_alive_(keep_alive) {}
  PendingAnswer(const PendingAnswer&) = delete;
  PendingAnswer& operator=(const PendingAnswer&) = delete;
  ~PendingAnswer() {
    if (given_.exchange(true) || *stopping_) return;
    log_line("an API request was dropped without an answer; sent 500");
    post(ApiResponse{500,
                     {{"error",
                       {{"code", "internal"},
                        {"message", "the server failed on this request; it has been logged"}}}}});
  }
  void give(ApiResponse r) {
    if (given_.exchange(true)) return;
    post(std::move(r));
  }

 private:
  void post(ApiResponse r) {
    // Nothing to answer once the server is stopping (and posting into an
    // io_context that is being destroyed is not allowed).
    if (*stopping_) return;
    // Back to the connection's strand.
    asio::post(session_->stream_.get_executor(),
               [s = session_, keep_alive = keep_alive_, r = std::move(r)] {
                 s->api_pending_ = false;
                 s->send_json(r.status, r.body, keep_alive);
               });
  }
  std::shared_ptr<HttpSession> session_;
  std::shared_ptr<std::atomic<bool>> stopping_;
  bool keep_alive_;
  std::atomic<bool> given_{false};
};

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, ServerContext& ctx,
                         ConnectionLimiter::Slot slot)
    : stream_(std::move(socket)), ctx_(ctx), slot_(std::move(slot)) {}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(),
                 beast::bind_front_handler(&HttpSession::wait_for_request, shared_from_this()));
}

// 1. Idle: a fresh or keep-alive connection waits for a request's first
//    bytes for at most the idle timeout.
void HttpSession::wait_for_request() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(ctx_.limits.max_header_bytes));
  parser_->body_limit(ctx_.limits.max_body_bytes);
  if (buffer_.size() > 0) {  // a pipelined request already arrived
    request_start_ = Clock::now();
    return read_header();
  }
  stream_.expires_after(ctx_.limits.http_idle_timeout);
  stream_.async_read_some(
      buffer_.prepare(4096),
      beast::bind_front_handler(&HttpSession::on_first_bytes, shared_from_this()));
}

void HttpSession::on_first_bytes(beast::error_code ec, size_t bytes) {
  if (ec) return drop();  // idle timeout, or the client left
  buffer_.commit(bytes);
  request_start_ = Clock::now();
  read_header();
}

// 2. Headers, complete within the header timeout from the first byte.
void HttpSession::read_header() {
  stream_.expires_at(request_start_ +
                     std::min(ctx_.limits.header_timeout, ctx_.limits.request_timeout));
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

// 3. The body, complete within the request timeout from the first byte.
void HttpSession::on_header(beast::error_code ec, size_t bytes) {
  if (ec || parser_->is_done()) return on_read(ec, bytes);
  stream_.expires_at(request_start_ + ctx_.limits.request_timeout);
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, size_t) {
  if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == beast::error::timeout ||
      ec == asio::error::connection_reset || ec == asio::error::operation_aborted)
    return drop();
  if (ec == http::error::body_limit) {
    return send_error(
        413, "too_large",
        fmt::format("request body exceeds the limit of {} bytes", ctx_.limits.max_body_bytes),
        false);
  }
  if (ec == http::error::header_limit)
    return send_error(431, "too_large", "request headers are too large", false);
  if (ec) return send_error(400, "bad_request", "malformed HTTP request: " + ec.message(), false);
  Request req = parser_->release();
  version_ = req.version();
  route(std::move(req));
}

void HttpSession::route(Request req) {
  const std::string what = fmt::format("{} {}", printable(sv(req.method_string()), 16),
                                       printable(sv(req.target()), 120));
  try {
    const auto host = header(req, http::field::host);
    if (auto r = check_host(ctx_.hosts, host, req.version()))
      return send_error(r->status, r->code, r->message, false);
    const bool is_upgrade = beast::websocket::is_upgrade(req);
    const bool safe_method = req.method() == http::verb::get || req.method() == http::verb::head ||
                             req.method() == http::verb::options;
    if (is_upgrade || !safe_method) {
      if (auto r = check_origin(header(req, http::field::origin), host))
        return send_error(r->status, r->code, r->message, false);
    }
    if (is_upgrade) return upgrade(std::move(req));
    handle(std::move(req));
  } catch (const std::exception& e) {
    log_line(fmt::format("{} failed: {}", what, printable(e.what(), 200)));
    if (!out_ && !api_pending_)
      send_error(500, "internal", "the server failed on this request; it has been logged", false);
  }
}

void HttpSession::upgrade(Request req) {
  // /ws/tables/{id}[?token=...]: the table (and a token in the URL, the
  // deprecated form) are checked before the handshake, so a wrong one gets
  // a plain HTTP error. Without a token the connection starts as a
  // spectator and may send its token in its first message.
  std::string path;
  std::map<std::string, std::string> query;
  split_target(std::string(req.target()), &path, &query);
  const std::string prefix = "/ws/tables/";
  if (path.rfind(prefix, 0) != 0)
    return send_error(404, "not_found", "WebSocket endpoint is /ws/tables/{id}", false);
  // On a shared database a table whose owner died is taken over here; a
  // table a live process owns is shown from this process's mirror of it,
  // which follows the owner's commits (docs/scale.md "Fan-out").
  auto found = ctx_.lobby->watch(path.substr(prefix.size()));
  if (!found) {
    auto r = error_response(found.status());
    return send_json(r.status, r.body, false);
  }
  auto table = *found;
  const auto token = query.find("token");
  auto seat = table->authenticate(token == query.end() ? "" : token->second);
  if (!seat) {
    auto r = error_response(seat.status());
    return send_json(r.status, r.body, false);
  }
  stream_.expires_never();
  std::make_shared<WebSocketSession>(stream_.release_socket(), ctx_, std::move(table), *seat,
                                     std::move(slot_),
                                     /*may_authenticate=*/token == query.end())
      ->run(std::move(req));
}

void HttpSession::handle(Request req) {
  const bool keep_alive = req.keep_alive();
  std::string path;
  std::map<std::string, std::string> query;
  split_target(std::string(req.target()), &path, &query);
  if (path.rfind("/api/", 0) == 0 || path == "/api") return handle_api(std::move(req));
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return send_error(405, "method_not_allowed", "static files are GET only", keep_alive);
  auto file = load_static(ctx_.web_root, path, ctx_.hidden_files);
  // The path is not quoted back: it may be any bytes.
  if (!file) return send_error(404, "not_found", "no such file", keep_alive);
  Response res{http::status::ok, version_};
  res.set(http::field::content_type, file->content_type);
  res.set(http::field::cache_control, "no-cache");
  res.keep_alive(keep_alive);
  if (req.method() == http::verb::get) res.body() = std::move(file->body);
  res.prepare_payload();
  send(std::move(res));
}

void HttpSession::handle_api(Request req) {
  const bool keep_alive = req.keep_alive();
  ApiRequest api;
  api.method = std::string(req.method_string());
  api.target = std::string(req.target());
  split_target(api.target, &api.path, &api.query);
  // Only "1" marks a forwarded request (forward.h); anything else is
  // treated as absent.
  if (auto fwd = req.find(kForwardedHeader); fwd != req.end()) api.forwarded = fwd->value() == "1";
  api.body = std::move(req.body());
  beast::error_code peer_ec;
  const auto peer = stream_.socket().remote_endpoint(peer_ec);
  if (!peer_ec) {
    // Quotas per address: the peer's, or the client a trusted balancer names.
    std::optional<std::string_view> xff;
    if (auto it = req.find("X-Forwarded-For"); it != req.end()) xff = sv(it->value());
    auto client = client_address(ctx_.hosts, peer.address().to_string(), xff);
    if (client.refusal)
      return send_error(client.refusal->status, client.refusal->code, client.refusal->message,
                        keep_alive);
    api.client = std::move(client.address);
  }
  auto auth = req.find(http::field::authorization);
  if (auth != req.end()) {
    std::string v(auth->value());
    if (v.rfind("Bearer ", 0) == 0)
      api.token = v.substr(7);
    else
      api.token = v;  // a wrong scheme is a wrong token: 403
  } else if (auto it = api.query.find("token"); it != api.query.end()) {
    api.token = it->second;
  }
  api_pending_ = true;
  auto answer = std::make_shared<PendingAnswer>(shared_from_this(), keep_alive);
  ctx_.api->handle(api, [answer](ApiResponse r) { answer->give(std::move(r)); });
}

void HttpSession::send_error(int status, const std::string& code, const std::string& message,
                             bool keep_alive) {
  send_json(status, {{"error", {{"code", code}, {"message", message}}}}, keep_alive);
}

void HttpSession::send_json(int status, const json& body, bool keep_alive) {
  Response res{static_cast<http::status>(status), version_};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep_alive);
  res.body() = dump_json(body);  // never throws on bytes that are not UTF-8
  res.prepare_payload();
  send(std::move(res));
}

void HttpSession::send(Response res) {
  add_security_headers(res);
  out_ = std::make_shared<Response>(std::move(res));
  const bool close_after = !out_->keep_alive();
  stream_.expires_after(ctx_.limits.request_timeout);
  http::async_write(
      stream_, *out_,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), close_after));
}

void HttpSession::on_write(bool close_after, beast::error_code ec, size_t) {
  out_.reset();
  if (ec) return drop();
  if (close_after) return close();
  wait_for_request();
}

void HttpSession::drop() {
  beast::error_code ec;
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  stream_.close();
}

void HttpSession::close() {
  // Lingering close: stop sending, then read and drop what the client still
  // sends (a body we refused), up to a limit and a time, so the client
  // reads our answer instead of a connection reset.
  beast::error_code ec;
  stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ec);
  drain_ = std::make_shared<std::array<char, 16384>>();
  stream_.expires_after(std::chrono::seconds(2));
  drain(0);
}

void HttpSession::drain(size_t total) {
  stream_.async_read_some(asio::buffer(*drain_),
                          [self = shared_from_this(), total](beast::error_code ec, size_t n) {
                            if (ec || total + n > 4 * 1024 * 1024)
                              return;  // done; the socket closes with us
                            self->drain(total + n);
                          });
}

}  // namespace meeple::server

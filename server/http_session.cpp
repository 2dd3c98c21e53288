#include "server/http_session.h"

#include <boost/beast/websocket.hpp>

#include "server/static_files.h"
#include "server/websocket_session.h"

namespace meeple::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace asio = boost::asio;

HttpSession::HttpSession(asio::ip::tcp::socket&& socket, ServerContext& ctx)
    : stream_(std::move(socket)), ctx_(ctx) {}

void HttpSession::run() {
  asio::dispatch(stream_.get_executor(),
                 beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
  parser_.emplace();
  parser_->header_limit(static_cast<std::uint32_t>(ctx_.limits.max_header_bytes));
  parser_->body_limit(ctx_.limits.max_body_bytes);
  stream_.expires_after(std::chrono::seconds(ctx_.limits.http_timeout_seconds));
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, size_t) {
  if (ec == http::error::end_of_stream || ec == asio::error::eof || ec == beast::error::timeout ||
      ec == asio::error::connection_reset || ec == asio::error::operation_aborted)
    return close();
  if (ec == http::error::body_limit) {
    return send_json(413,
                     {{"error",
                       {{"code", "too_large"},
                        {"message", "request body exceeds the limit of " +
                                        std::to_string(ctx_.limits.max_body_bytes) + " bytes"}}}},
                     false);
  }
  if (ec == http::error::header_limit) {
    return send_json(
        431, {{"error", {{"code", "too_large"}, {"message", "request headers are too large"}}}},
        false);
  }
  if (ec) {
    return send_json(
        400,
        {{"error",
          {{"code", "bad_request"}, {"message", "malformed HTTP request: " + ec.message()}}}},
        false);
  }
  Request req = parser_->release();
  version_ = req.version();
  if (beast::websocket::is_upgrade(req)) return upgrade(std::move(req));
  handle(std::move(req));
}

void HttpSession::upgrade(Request req) {
  // /ws/tables/{id}?token=...: the table and token are checked before the
  // handshake, so a wrong one gets a plain HTTP error.
  std::string path;
  std::map<std::string, std::string> query;
  split_target(std::string(req.target()), &path, &query);
  const std::string prefix = "/ws/tables/";
  if (path.rfind(prefix, 0) != 0)
    return send_json(404, error_response(not_found("WebSocket endpoint is /ws/tables/{id}")).body,
                     false);
  auto table = ctx_.lobby->find(path.substr(prefix.size()));
  if (!table) return send_json(404, error_response(not_found("no such table")).body, false);
  auto seat = table->authenticate(query.count("token") ? query["token"] : "");
  if (!seat) {
    auto r = error_response(seat.status());
    return send_json(r.status, r.body, false);
  }
  stream_.expires_never();
  std::make_shared<WebSocketSession>(stream_.release_socket(), ctx_, std::move(table), *seat)
      ->run(std::move(req));
}

void HttpSession::handle(Request req) {
  const bool keep_alive = req.keep_alive();
  ApiRequest api;
  api.method = std::string(req.method_string());
  split_target(std::string(req.target()), &api.path, &api.query);
  if (api.path.rfind("/api/", 0) == 0 || api.path == "/api") {
    api.body = std::move(req.body());
    beast::error_code peer_ec;
    const auto peer = stream_.socket().remote_endpoint(peer_ec);
    if (!peer_ec) api.client = peer.address().to_string();  // quotas per address
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
    auto self = shared_from_this();
    ctx_.api->handle(api, [self, keep_alive](ApiResponse r) {
      // Possibly another thread: back to this connection's strand.
      asio::post(self->stream_.get_executor(), [self, keep_alive, r = std::move(r)] {
        self->send_json(r.status, r.body, keep_alive);
      });
    });
    return;
  }
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return send_json(
        405,
        {{"error", {{"code", "method_not_allowed"}, {"message", "static files are GET only"}}}},
        keep_alive);
  auto file = load_static(ctx_.web_root, api.path);
  if (!file)
    return send_json(404, {{"error", {{"code", "not_found"}, {"message", "no file " + api.path}}}},
                     keep_alive);
  Response res{http::status::ok, version_};
  res.set(http::field::content_type, file->content_type);
  res.set(http::field::cache_control, "no-cache");
  res.set("X-Content-Type-Options", "nosniff");
  res.keep_alive(keep_alive);
  if (req.method() == http::verb::get) res.body() = std::move(file->body);
  res.prepare_payload();
  send(std::move(res));
}

void HttpSession::send_json(int status, const json& body, bool keep_alive) {
  Response res{static_cast<http::status>(status), version_};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(keep_alive);
  res.body() = body.dump();
  res.prepare_payload();
  send(std::move(res));
}

void HttpSession::send(Response res) {
  out_ = std::make_shared<Response>(std::move(res));
  const bool close_after = !out_->keep_alive();
  stream_.expires_after(std::chrono::seconds(ctx_.limits.http_timeout_seconds));
  http::async_write(
      stream_, *out_,
      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), close_after));
}

void HttpSession::on_write(bool close_after, beast::error_code ec, size_t) {
  out_.reset();
  if (ec || close_after) return close();
  do_read();
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

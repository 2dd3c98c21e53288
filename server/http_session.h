// One HTTP connection: wait for a request (idle timeout), read its headers
// (header timeout, against slowloris) and body (request timeout), check
// Host and Origin (http_guard.h), answer it (API route, static file, or
// WebSocket upgrade), repeat while keep-alive. One request at a time per
// connection; the answer may come later from another thread (a commit, a
// bot hint) and is posted back to this connection's strand. Whatever a
// handler throws becomes a 500 for that request only, never the end of the
// process. The connection holds its ConnectionLimiter slot for its whole
// life and hands it to the WebSocket session on upgrade. Patterned on
// Beast's example/advanced/server.
#pragma once

#include <array>
#include <chrono>
#include <memory>
#include <optional>

#include "server/beast.h"
#include "server/connection_limiter.h"
#include "server/context.h"

namespace meeple::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx,
              ConnectionLimiter::Slot slot);
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;
  class PendingAnswer;  // an API answer still to come (http_session.cpp)
  friend class PendingAnswer;

  // Reading one request, in three stages with their own deadlines.
  void wait_for_request();
  void on_first_bytes(boost::beast::error_code ec, size_t bytes);
  void read_header();
  void on_header(boost::beast::error_code ec, size_t bytes);
  void on_read(boost::beast::error_code ec, size_t bytes);
  // Answering it.
  void route(Request req);
  void handle(Request req);
  void handle_api(Request req);
  void upgrade(Request req);
  void send(Response res);
  void send_json(int status, const json& body, bool keep_alive);
  void send_error(int status, const std::string& code, const std::string& message, bool keep_alive);
  void on_write(bool close, boost::beast::error_code ec, size_t bytes);
  void close();
  void drop();
  void drain(size_t total);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<Response> out_;
  ServerContext& ctx_;
  ConnectionLimiter::Slot slot_;
  std::chrono::steady_clock::time_point request_start_;
  unsigned version_ = 11;
  bool api_pending_ = false;  // an API answer will be posted back
  std::shared_ptr<std::array<char, 16384>> drain_;
};

}  // namespace meeple::server

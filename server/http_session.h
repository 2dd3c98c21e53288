// One HTTP connection: read a request (size and time limited), answer it
// (API route, static file, or WebSocket upgrade), repeat while keep-alive.
// One request at a time per connection; the answer may come later from
// another thread (a commit, a bot hint) and is posted back to this
// connection's strand. Patterned on Beast's example/advanced/server.
#pragma once

#include <array>
#include <memory>
#include <optional>

#include "server/beast.h"
#include "server/context.h"

namespace meeple::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx);
  void run();

 private:
  using Request = boost::beast::http::request<boost::beast::http::string_body>;
  using Response = boost::beast::http::response<boost::beast::http::string_body>;

  void do_read();
  void on_read(boost::beast::error_code ec, size_t bytes);
  void handle(Request req);
  void upgrade(Request req);
  void send(Response res);
  void send_json(int status, const json& body, bool keep_alive);
  void on_write(bool close, boost::beast::error_code ec, size_t bytes);
  void close();
  void drain(size_t total);

  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
  std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
  std::shared_ptr<Response> out_;
  ServerContext& ctx_;
  unsigned version_ = 11;
  std::shared_ptr<std::array<char, 16384>> drain_;
};

}  // namespace meeple::server

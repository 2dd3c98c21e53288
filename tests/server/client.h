// A small blocking HTTP and WebSocket client for the server tests (Beast).
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "server/beast.h"

namespace meeple::test {

using json = nlohmann::json;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

struct HttpReply {
  int status = 0;
  std::string body;
  json j;  // parsed body (null if not JSON)
};

// One request on a fresh connection; `source` binds the client's end to
// another loopback address (127.0.0.2 ...) to act as another client.
inline HttpReply http_request(unsigned short port, const std::string& method,
                              const std::string& target, const std::string& body = "",
                              const std::string& token = "",
                              const std::string& content_type = "application/json",
                              const std::string& source = "") {
  asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  if (!source.empty()) {
    stream.socket().open(asio::ip::tcp::v4());
    stream.socket().bind(asio::ip::tcp::endpoint(asio::ip::make_address(source), 0));
  }
  stream.connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  if (!body.empty()) {
    req.set(http::field::content_type, content_type);
    req.body() = body;
  }
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  http::read(stream, buf, parser);
  HttpReply r;
  r.status = static_cast<int>(parser.get().result_int());
  r.body = parser.get().body();
  r.j = json::parse(r.body, nullptr, false);
  if (r.j.is_discarded()) r.j = nullptr;
  beast::error_code ec;
  stream.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
  return r;
}

inline HttpReply get(unsigned short port, const std::string& target,
                     const std::string& token = "") {
  return http_request(port, "GET", target, "", token);
}
inline HttpReply post(unsigned short port, const std::string& target, const json& body,
                      const std::string& token = "") {
  return http_request(port, "POST", target, body.dump(), token);
}
inline HttpReply post_from(const std::string& source, unsigned short port,
                           const std::string& target, const json& body,
                           const std::string& token = "") {
  return http_request(port, "POST", target, body.dump(), token, "application/json", source);
}

// A WebSocket watcher of /ws/tables/{id}?token=...
class WsClient {
 public:
  WsClient(unsigned short port, const std::string& target) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect(
        asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    ws_.handshake("127.0.0.1", target);
  }
  ~WsClient() {
    beast::error_code ec;
    ws_.close(beast::websocket::close_code::normal, ec);
  }
  // The next message, or nullopt after `timeout`.
  std::optional<json> next(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    beast::flat_buffer buf;
    std::optional<json> out;
    bool done = false;
    ws_.async_read(buf, [&](beast::error_code ec, size_t) {
      done = true;
      if (!ec) out = json::parse(beast::buffers_to_string(buf.data()), nullptr, false);
    });
    ioc_.restart();
    ioc_.run_for(timeout);
    if (!done) {
      // Cancel the read and let it finish, so the stream stays usable.
      beast::get_lowest_layer(ws_).cancel();
      ioc_.restart();
      ioc_.run();
      return std::nullopt;
    }
    return out;
  }
  // Sends one message (text unless `binary`).
  void send(const std::string& message, bool binary = false) {
    ws_.binary(binary);
    beast::error_code ec;
    ws_.write(asio::buffer(message), ec);
  }
  // The close code the server sent (0 if it did not close).
  int close_code() const { return static_cast<int>(ws_.reason().code); }
  // Reads messages until one satisfies `pred` (or timeout).
  template <typename Pred>
  std::optional<json> until(Pred pred,
                            std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end) {
      auto m = next(std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now()));
      if (!m) return std::nullopt;
      if (pred(*m)) return m;
    }
    return std::nullopt;
  }

 private:
  asio::io_context ioc_;
  beast::websocket::stream<beast::tcp_stream> ws_;
};

}  // namespace meeple::test

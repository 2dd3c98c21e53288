#include "tests/server/client.h"

#include "server/beast.h"

namespace meeple::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body, const std::string& token,
                       const std::string& content_type, const std::string& source) {
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

struct WsClient::Impl {
  asio::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws{ioc};
};

WsClient::WsClient(unsigned short port, const std::string& target)
    : impl_(std::make_unique<Impl>()) {
  beast::get_lowest_layer(impl_->ws).connect(
      asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl_->ws.handshake("127.0.0.1", target);
}

WsClient::~WsClient() {
  beast::error_code ec;
  impl_->ws.close(beast::websocket::close_code::normal, ec);
}

std::optional<json> WsClient::next(std::chrono::milliseconds timeout) {
  auto& ws = impl_->ws;
  auto& ioc = impl_->ioc;
  beast::flat_buffer buf;
  std::optional<json> out;
  bool done = false;
  ws.async_read(buf, [&](beast::error_code ec, size_t) {
    done = true;
    if (!ec) out = json::parse(beast::buffers_to_string(buf.data()), nullptr, false);
  });
  ioc.restart();
  ioc.run_for(timeout);
  if (!done) {
    // Cancel the read and let it finish, so the stream stays usable.
    beast::get_lowest_layer(ws).cancel();
    ioc.restart();
    ioc.run();
    return std::nullopt;
  }
  return out;
}

void WsClient::send(const std::string& message, bool binary) {
  impl_->ws.binary(binary);
  beast::error_code ec;
  impl_->ws.write(asio::buffer(message), ec);
}

int WsClient::close_code() const {
  return static_cast<int>(impl_->ws.reason().code);
}

}  // namespace meeple::test

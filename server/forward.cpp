#include "server/forward.h"

#include <fmt/format.h>

#include <memory>

#include "server/beast.h"
#include "server/safe_text.h"

namespace meeple::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

// An owner's answer is one JSON document; more is not ours to relay.
constexpr size_t kMaxForwardedBody = 4 * 1024 * 1024;

ApiResponse owner_unreachable(const std::string& url, const std::string& why) {
  return error_response(unavailable(
      fmt::format("the server that has this table ({}) did not answer: {}; retry the request",
                  printable(url, 100), why)));
}

class Forwarder : public std::enable_shared_from_this<Forwarder> {
 public:
  Forwarder(asio::io_context& ioc, std::string url, HttpUrl target,
            std::chrono::milliseconds timeout, std::function<void(ApiResponse)> done)
      : resolver_(ioc),
        stream_(ioc),
        url_(std::move(url)),
        target_(std::move(target)),
        timeout_(timeout),
        done_(std::move(done)) {}

  void run(const ApiRequest& in) {
    req_.method_string(in.method);
    req_.target(in.target.empty() ? in.path : in.target);
    req_.version(11);
    req_.set(http::field::host, target_.host_header);
    req_.set(kForwardedHeader, "1");
    // The owner counts the client, not this server, if it trusts this one
    // (--trusted-proxy); otherwise it ignores the header.
    if (!in.client.empty()) req_.set("X-Forwarded-For", in.client);
    if (!in.token.empty()) req_.set(http::field::authorization, "Bearer " + in.token);
    if (!in.body.empty()) req_.set(http::field::content_type, "application/json");
    req_.body() = in.body;
    req_.keep_alive(false);
    req_.prepare_payload();
    parser_.body_limit(kMaxForwardedBody);
    stream_.expires_after(timeout_);
    resolver_.async_resolve(
        target_.host, std::to_string(target_.port),
        [self = shared_from_this()](beast::error_code ec, tcp::resolver::results_type results) {
          if (ec) return self->fail("cannot resolve its host: " + ec.message());
          self->stream_.async_connect(results, [self](beast::error_code ec2, const tcp::endpoint&) {
            if (ec2) return self->fail(ec2.message());
            http::async_write(self->stream_, self->req_, [self](beast::error_code ec3, size_t) {
              if (ec3) return self->fail(ec3.message());
              self->read();
            });
          });
        });
  }

 private:
  void read() {
    http::async_read(stream_, buffer_, parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) return self->fail(ec.message());
                       self->finish();
                     });
  }

  void finish() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    const auto& res = parser_.get();
    json body = json::parse(res.body(), nullptr, false);
    if (body.is_discarded()) return fail("its answer is not JSON");
    done_(ApiResponse{static_cast<int>(res.result_int()), std::move(body)});
  }

  void fail(const std::string& why) { done_(owner_unreachable(url_, why)); }

  tcp::resolver resolver_;
  beast::tcp_stream stream_;
  std::string url_;
  HttpUrl target_;
  std::chrono::milliseconds timeout_;
  std::function<void(ApiResponse)> done_;
  http::request<http::string_body> req_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
};

}  // namespace

Result<HttpUrl> parse_http_url(const std::string& url) {
  const auto bad = [&](const char* why) {
    return invalid_argument(
        fmt::format("'{}' is not a server URL http://HOST:PORT: {}", printable(url, 100), why));
  };
  const std::string scheme = "http://";
  if (url.rfind(scheme, 0) != 0) return bad("it must start with http://");
  std::string rest = url.substr(scheme.size());
  if (!rest.empty() && rest.back() == '/') rest.pop_back();
  HttpUrl out;
  size_t colon;
  if (!rest.empty() && rest[0] == '[') {
    const size_t close = rest.find(']');
    if (close == std::string::npos) return bad("an IPv6 address needs its ']'");
    out.host = rest.substr(1, close - 1);
    if (out.host.empty() ||
        out.host.find_first_not_of("0123456789abcdefABCDEF:.") != std::string::npos)
      return bad("not an IPv6 address");
    colon = close + 1;
    if (colon >= rest.size() || rest[colon] != ':') return bad("the port is missing");
  } else {
    colon = rest.find(':');
    if (colon == std::string::npos) return bad("the port is missing");
    out.host = rest.substr(0, colon);
    if (out.host.empty() || out.host.size() > 253 ||
        out.host.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") !=
            std::string::npos)
      return bad("the host must be letters, digits, '.' and '-'");
  }
  const std::string port = rest.substr(colon + 1);
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
    return bad("the port must be a number");
  const int p = std::stoi(port);
  if (p < 1 || p > 65535) return bad("the port must be 1..65535");
  out.port = static_cast<uint16_t>(p);
  out.host_header = rest.substr(0, colon) + ":" + port;
  return out;
}

void forward_request(asio::io_context& ioc, const std::string& url, const ApiRequest& req,
                     std::chrono::milliseconds timeout, std::function<void(ApiResponse)> done) {
  auto target = parse_http_url(url);
  if (!target) return done(owner_unreachable(url, "its stored URL is not valid"));
  std::make_shared<Forwarder>(ioc, url, std::move(*target), timeout, std::move(done))->run(req);
}

}  // namespace meeple::server

// Raw TCP for the attack tests: the bytes exactly as given (no client
// library fixing up a target or a header), from a chosen local address,
// with every wait bounded.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/text.h"

namespace meeple::test {

struct RawResponse {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  nlohmann::json j;  // parsed body, null if not JSON (or not UTF-8)
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

class RawConnection {
 public:
  // Creates the socket; connect() separately (the EMFILE test needs the
  // descriptor before it runs out of them).
  RawConnection() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {}
  RawConnection(unsigned short port, const char* source = nullptr) : RawConnection() {
    connect(port, source);
  }
  ~RawConnection() { close(); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  // `source`: the local address to connect from (127.0.0.x are all this
  // machine, so one test can be many client addresses).
  bool connect(unsigned short port, const char* source = nullptr) {
    if (fd_ < 0) return false;
    if (source) {
      sockaddr_in local{};
      local.sin_family = AF_INET;
      ::inet_pton(AF_INET, source, &local.sin_addr);
      if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0) return false;
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    ::inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
    connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    return connected_;
  }
  bool ok() const { return connected_; }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (n <= 0) return false;
      bytes.remove_prefix(static_cast<size_t>(n));
    }
    return true;
  }

  // One HTTP response (headers, then Content-Length bytes of body), or
  // nothing if the connection closed first or `timeout` passed.
  std::optional<RawResponse> read_response(
      std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    size_t head_end;
    while ((head_end = in_.find("\r\n\r\n")) == std::string::npos)
      if (!fill(end)) return std::nullopt;
    RawResponse r;
    const std::string head = in_.substr(0, head_end);
    if (head.rfind("HTTP/1.", 0) != 0 || head.size() < 12) return std::nullopt;
    r.status = std::stoi(head.substr(9, 3));
    size_t pos = head.find("\r\n");
    while (pos != std::string::npos) {
      const size_t next = head.find("\r\n", pos + 2);
      const std::string line =
          head.substr(pos + 2, next == std::string::npos ? next : next - pos - 2);
      const size_t colon = line.find(':');
      if (colon != std::string::npos)
        r.headers[ascii_lower(line.substr(0, colon))] = std::string(trim(line.substr(colon + 1)));
      pos = next;
    }
    const size_t length =
        r.headers.count("content-length") ? std::stoul(r.headers["content-length"]) : 0;
    while (in_.size() < head_end + 4 + length)
      if (!fill(end)) return std::nullopt;
    r.body = in_.substr(head_end + 4, length);
    in_.erase(0, head_end + 4 + length);
    r.j = nlohmann::json::parse(r.body, nullptr, false);
    if (r.j.is_discarded()) r.j = nullptr;
    return r;
  }

  // True if the peer closed (or reset) the connection within `timeout`;
  // bytes that arrive meanwhile are kept for read_response.
  bool closed_within(std::chrono::milliseconds timeout) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < end)
      if (!fill(end)) return eof_;
    return false;
  }

 private:
  // Reads what is there (waiting until `end`); false on close or timeout.
  bool fill(std::chrono::steady_clock::time_point end) {
    if (eof_) return false;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) return false;
    char buf[65536];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) {
      eof_ = true;
      return false;
    }
    in_.append(buf, static_cast<size_t>(n));
    return true;
  }

  int fd_ = -1;
  bool connected_ = false;
  bool eof_ = false;
  std::string in_;
};

// One request, exactly these bytes, on a fresh connection.
inline std::optional<RawResponse> raw_request(unsigned short port, std::string_view bytes) {
  RawConnection c(port);
  if (!c.ok() || !c.send(bytes)) return std::nullopt;
  return c.read_response();
}

// "METHOD TARGET HTTP/1.1" with Host 127.0.0.1 and Connection: close,
// extra header lines and a body.
inline std::string http_bytes(std::string_view method, std::string_view target,
                              std::string_view extra_headers = "", std::string_view body = "") {
  std::string s;
  s.append(method).append(" ").append(target).append(" HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  s.append(extra_headers);
  if (!body.empty())
    s.append("Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
             "\r\n");
  s.append("Connection: close\r\n\r\n");
  s.append(body);
  return s;
}

}  // namespace meeple::test

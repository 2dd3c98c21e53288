// A small blocking HTTP and WebSocket client for the server tests. Beast
// lives in client.cpp only: instantiated in every test file it made each
// one take minutes to compile under the sanitizers.
#pragma once

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace meeple::test {

using json = nlohmann::json;

struct HttpReply {
  int status = 0;
  std::string body;
  json j;  // parsed body (null if not JSON)
};

// One request on a fresh connection; `source` binds the client's end to
// another loopback address (127.0.0.2 ...) to act as another client.
HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                       const std::string& body = "", const std::string& token = "",
                       const std::string& content_type = "application/json",
                       const std::string& source = "");

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

// A WebSocket watcher of /ws/tables/{id}?token=... The constructor throws
// if the connection or the handshake fails.
class WsClient {
 public:
  WsClient(unsigned short port, const std::string& target);
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  // The next message, or nullopt after `timeout`.
  std::optional<json> next(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Sends one message (text unless `binary`).
  void send(const std::string& message, bool binary = false);
  // The close code the server sent (0 if it did not close).
  int close_code() const;
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
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace meeple::test

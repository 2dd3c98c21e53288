// One WebSocket connection watching one table as one seat (or spectator).
//
// The server pushes: on connect the current snapshot, then every new one.
// Messages are whole snapshots, so a slow client never needs the ones it
// missed: at most one write is in flight and at most one message waits;
// a newer message replaces the waiting one (style.md: one write in flight,
// capped queues). A client that stops reading therefore costs one buffer
// and never delays the table or other watchers.
//
// The client sends small JSON messages (docs/api.md "WebSocket"):
//   {"type": "auth", "token": "..."}  first message only, on a connection
//        opened without ?token=: the connection becomes that seat's (a
//        wrong token gets an error message and close code 1008);
//   {"type": "ping"}  keep-alive, nothing is answered.
// Timeouts: Beast's pings drop dead peers (Limits::ws_ping_timeout); a client that
// sends no message for Limits::ws_idle_timeout is closed even if it
// answers pings, so an abandoned tab does not hold a connection forever.
#pragma once

#include <chrono>
#include <deque>
#include <memory>
#include <optional>

#include "server/beast.h"
#include "server/connection_limiter.h"
#include "server/context.h"
#include "server/table.h"

namespace meeple::server {

class WebSocketSession : public std::enable_shared_from_this<WebSocketSession> {
 public:
  // `may_authenticate`: the connection came without a token and may send
  // one in its first message.
  WebSocketSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx,
                   std::shared_ptr<Table> table, Seat seat, ConnectionLimiter::Slot slot,
                   bool may_authenticate);
  ~WebSocketSession();
  void run(boost::beast::http::request<boost::beast::http::string_body> req);

 private:
  class Watch;  // the table's Subscriber for one seat of this session
  void on_accept(boost::beast::error_code ec);
  void watch_as(Seat seat);
  void deliver(std::shared_ptr<const std::string> message, size_t version, unsigned generation);
  void do_read();
  void on_read(boost::beast::error_code ec, size_t bytes);
  void on_message(const std::string& text);
  void arm_idle_timer(std::chrono::steady_clock::duration after);
  void queue(std::shared_ptr<const std::string> message, size_t version);
  void send_error(const std::string& code, const std::string& message);
  void close_after_writes(boost::beast::websocket::close_code code, std::string reason);
  void write_next();
  void on_write(boost::beast::error_code ec, size_t bytes);
  void stop();

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  boost::asio::steady_timer idle_timer_;
  std::chrono::steady_clock::time_point last_message_;  // the client's, for the idle timeout
  ServerContext& ctx_;
  std::shared_ptr<Table> table_;
  Seat seat_;
  ConnectionLimiter::Slot slot_;
  bool may_authenticate_;
  std::shared_ptr<Watch> watch_;
  unsigned generation_ = 0;  // which Watch's deliveries are current
  size_t messages_read_ = 0;
  bool open_ = false;
  bool writing_ = false;
  std::shared_ptr<const std::string> writing_msg_;
  std::deque<std::shared_ptr<const std::string>> control_;  // error messages, first
  std::shared_ptr<const std::string> waiting_;              // the newest snapshot
  size_t latest_version_ = 0;
  std::optional<boost::beast::websocket::close_reason> close_;  // after the writes
};

}  // namespace meeple::server

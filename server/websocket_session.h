// One WebSocket connection watching one table as one seat (or spectator).
//
// The server only pushes: on connect the current snapshot, then every new
// one. Messages are whole snapshots, so a slow client never needs the ones
// it missed: at most one write is in flight and at most one message waits;
// a newer message replaces the waiting one (style.md: one write in flight,
// capped queues). A client that stops reading therefore costs one buffer
// and never delays the table or other watchers; the idle timeout with
// pings drops dead peers. Incoming messages are size-limited and ignored
// (actions go through POST /api/tables/{id}/actions).
#pragma once

#include <memory>

#include "server/beast.h"
#include "server/context.h"
#include "server/table.h"

namespace meeple::server {

class WebSocketSession : public Subscriber, public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(boost::asio::ip::tcp::socket&& socket, ServerContext& ctx,
                   std::shared_ptr<Table> table, Seat seat);
  ~WebSocketSession() override;
  void run(boost::beast::http::request<boost::beast::http::string_body> req);
  void deliver(std::shared_ptr<const std::string> message, size_t version) override;

 private:
  void on_accept(boost::beast::error_code ec);
  void do_read();
  void on_read(boost::beast::error_code ec, size_t bytes);
  void queue(std::shared_ptr<const std::string> message, size_t version);
  void write_next();
  void on_write(boost::beast::error_code ec, size_t bytes);

  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  ServerContext& ctx_;
  std::shared_ptr<Table> table_;
  Seat seat_;
  bool open_ = false;
  bool writing_ = false;
  std::shared_ptr<const std::string> writing_msg_;
  std::shared_ptr<const std::string> waiting_;
  size_t latest_version_ = 0;
};

}  // namespace meeple::server

// The client side of the WebSocket fuzz targets: a handshake done by hand
// (RFC 6455 §4.1) on a raw connection to the in-process server, so that
// after it the fuzzer's bytes reach the server's frame parser unchanged.
#pragma once

#include <string>

namespace meeple::fuzz {

// Opens /ws/tables/{reversi table}?token={seat 0}, checks the 101 answer,
// writes `bytes`, half-closes and reads until the server closes.
void websocket_exchange(const std::string& bytes);

}  // namespace meeple::fuzz

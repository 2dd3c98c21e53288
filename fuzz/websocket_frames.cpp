// WebSocket frame handling: a real handshake to /ws/tables/{id}?token=...
// for the harness's Reversi table (support/server_harness.h), then the input
// as raw bytes on the upgraded connection (frames, fragments, control
// frames, bad masks and lengths, garbage), then a half-close; the server
// must survive and close.
#include "fuzz/support/websocket_client.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  meeple::fuzz::websocket_exchange(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}

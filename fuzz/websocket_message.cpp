// WebSocket message handling: as websocket_frames, but the input is the
// payload of one well-formed masked text frame, so the server reads it as a
// whole message and whatever parses client messages sees the bytes.
#include "fuzz/support/server_harness.h"
#include "fuzz/support/websocket_client.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meeple::fuzz;
  const std::string payload =
      substitute_placeholders(std::string(reinterpret_cast<const char*>(data), size));
  websocket_exchange(websocket_frame(0x1, payload, 0x37fa213d));
  return 0;
}

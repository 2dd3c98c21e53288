// One in-process `meeple serve` for the server's fuzz targets
// (http_request, websocket_frames, websocket_message): started once per
// process on 127.0.0.1, port 0, with a fresh SQLite file and short time
// limits, and two tables made at start (a Reversi and a 3-player Risk table,
// every seat human) for inputs to reference.
//
// The harness speaks raw TCP (POSIX sockets, no HTTP library) so the bytes
// the fuzzer writes are exactly the bytes the server reads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace meeple::fuzz {

struct ServerUnderTest {
  unsigned short port = 0;
  std::string reversi_id, reversi_token0, reversi_token1;  // seats 0 and 1
  std::string risk_id, risk_token0;
};

// The server, started at the first call (aborts if it cannot start).
const ServerUnderTest& server_under_test();

// Replaces the placeholders {TABLE} {TOKEN0} {TOKEN1} (the Reversi table)
// and {RISK} {RISK_TOKEN0} with the running server's ids and tokens, so a
// corpus of real requests stays valid across runs.
std::string substitute_placeholders(std::string text);

// A connected loopback socket (aborts if the server does not accept).
int connect_to_server();
// Writes everything (stops quietly if the server closed first).
void write_all(int fd, const std::string& bytes);
// Reads until the server closes, `timeout_ms` pass without a byte, or
// `limit` bytes arrived (then stops reading).
std::string read_until_close(int fd, int timeout_ms, size_t limit = 1 << 20);
// Sends `bytes` on a fresh connection, half-closes, reads the answer, closes.
std::string exchange(const std::string& bytes, int timeout_ms);
// Checks that what the server sent is HTTP responses (or nothing), none a
// 500 Internal Server Error (the code of a bug the server survived).
void check_http_answer(const std::string& answer);

// A masked client frame (RFC 6455 §5.2): FIN set, the given opcode.
std::string websocket_frame(uint8_t opcode, const std::string& payload, uint32_t mask_key);

}  // namespace meeple::fuzz

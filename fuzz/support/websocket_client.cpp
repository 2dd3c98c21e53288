#include "fuzz/support/websocket_client.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "fuzz/support/check.h"
#include "fuzz/support/server_harness.h"

namespace meeple::fuzz {

void websocket_exchange(const std::string& bytes) {
  const ServerUnderTest& s = server_under_test();
  const int fd = connect_to_server();
  write_all(fd, "GET /ws/tables/" + s.reversi_id + "?token=" + s.reversi_token0 +
                    " HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n");
  // The 101 answer's header; the snapshot frame may follow in the same read.
  std::string answer;
  char c;
  while (answer.find("\r\n\r\n") == std::string::npos) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n < 0 && errno == EINTR) continue;  // libFuzzer's timer signal
    if (n != 1) break;
    answer += c;
  }
  FUZZ_CHECK(answer.rfind("HTTP/1.1 101", 0) == 0, "the WebSocket handshake failed: %s",
             answer.c_str());
  write_all(fd, bytes);
  ::shutdown(fd, SHUT_WR);
  (void)read_until_close(fd, 5000);
  ::close(fd);
}

}  // namespace meeple::fuzz

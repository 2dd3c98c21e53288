#include "server/log.h"

#include <cstdio>
#include <mutex>
#include <string>

namespace meeple::server {

void log_line(std::string_view message) {
  static std::mutex mu;
  std::string line = "meeple serve: ";
  line.append(message);
  line += '\n';
  std::lock_guard lock(mu);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace meeple::server

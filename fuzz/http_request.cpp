// The server's HTTP request handling: each input is written raw to a fresh
// loopback connection of the in-process server (support/server_harness.h),
// which is then half-closed and read until the server closes it. Inputs may
// name the harness's tables with {TABLE}, {TOKEN0}, {TOKEN1}, {RISK} and
// {RISK_TOKEN0}. The server must answer with HTTP (or nothing), never 500,
// and survive: a crash, a sanitizer report or a hang ends the run.
#include "fuzz/support/server_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace meeple::fuzz;
  const std::string request =
      substitute_placeholders(std::string(reinterpret_cast<const char*>(data), size));
  check_http_answer(exchange(request, 5000));
  return 0;
}

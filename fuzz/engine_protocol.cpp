// The engine protocol (cli/engine_session.h), line by line: the input is a
// session's standard input. Every line must get one JSON answer with "ok",
// and never "internal" (the session's catch-all for a bug it survived).
//
// Only the time a line may take is bounded: "bot" requests think at level 1
// at most (level 10 thinks for seconds), and a session reads 64 lines.
#include <sstream>

#include "cli/engine_session.h"
#include "fuzz/support/check.h"

using namespace meeple;

namespace {

// The line as the session will see it, with a bot's level capped.
std::string bounded(const std::string& line) {
  json req = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!req.is_object() || !req.contains("cmd") || req["cmd"] != "bot") return line;
  if (!req.contains("level") || (req["level"].is_number() && req["level"].get<double>() > 1))
    req["level"] = 1;
  return req.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cli::EngineSession session;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  int lines = 0;
  for (std::string line; lines < 64 && std::getline(in, line); ++lines) {
    const std::string answer = session.handle_line(bounded(line));
    FUZZ_CHECK(answer.find('\n') == std::string::npos, "an answer spans lines");
    const json reply = json::parse(answer, nullptr, /*allow_exceptions=*/false);
    FUZZ_CHECK(reply.is_object() && reply.contains("ok") && reply["ok"].is_boolean(),
               "the answer is not a JSON object with \"ok\": %s", answer.c_str());
    if (!reply["ok"].get<bool>())
      FUZZ_CHECK(reply["error"]["code"] != "internal", "an internal error: %s", answer.c_str());
    if (session.quit_requested()) break;
  }
  return 0;
}

#include "core/json_depth.h"

#include <fmt/format.h>

namespace meeple {

bool json_text_deeper_than(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

Result<nlohmann::json> parse_json_text(std::string_view text, std::string_view subject, int limit) {
  if (json_text_deeper_than(text, limit)) {
    return invalid_argument(
        fmt::format("{} is nested deeper than {} levels of arrays and objects", subject, limit));
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return invalid_argument(fmt::format("{} is not valid JSON", subject));
  return j;
}

bool json_depth_at_most(const nlohmann::json& v, int limit) {
  if (!v.is_structured()) return true;
  if (limit == 0) return false;
  for (const auto& x : v) {
    if (!json_depth_at_most(x, limit - 1)) return false;
  }
  return true;
}

}  // namespace meeple

#include "core/json_depth.h"

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

bool json_depth_at_most(const nlohmann::json& v, int limit) {
  if (!v.is_structured()) return true;
  if (limit == 0) return false;
  for (const auto& x : v) {
    if (!json_depth_at_most(x, limit - 1)) return false;
  }
  return true;
}

}  // namespace meeple

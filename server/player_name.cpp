#include "server/player_name.h"

#include <fmt/format.h>

#include "server/safe_text.h"

namespace meeple::server {

Result<std::string> player_name(const json& v, const std::string& field) {
  if (!v.is_string())
    return invalid_argument(
        fmt::format("'{}' must be a name (a string), got {}", field, printable(dump_json(v))));
  std::string name = v.get<std::string>();
  const auto first = name.find_first_not_of(' ');
  name =
      first == std::string::npos ? "" : name.substr(first, name.find_last_not_of(' ') - first + 1);
  if (name.size() > kMaxNameBytes)
    return invalid_argument(fmt::format("'{}' is {} bytes long; a name has at most {}", field,
                                        name.size(), kMaxNameBytes));
  // printable() escapes control characters and bytes that are not UTF-8:
  // a name it leaves alone has neither.
  if (printable(name, kMaxNameBytes) != name)
    return invalid_argument(fmt::format(
        "'{}' must be UTF-8 text without control characters, got \"{}\"", field, printable(name)));
  // Nor the invisible controls that reorder or hide text around a name
  // (C1 controls; bidirectional embeddings, overrides and isolates, which
  // could make one name read as another). Right-to-left letters are fine.
  for (size_t i = 0; i + 1 < name.size(); ++i) {
    const auto b0 = static_cast<unsigned char>(name[i]);
    const auto b1 = static_cast<unsigned char>(name[i + 1]);
    const auto b2 = i + 2 < name.size() ? static_cast<unsigned char>(name[i + 2]) : 0;
    const bool c1 = b0 == 0xC2 && b1 >= 0x80 && b1 <= 0x9F;
    const bool bidi = b0 == 0xE2 && ((b1 == 0x80 && b2 >= 0xAA && b2 <= 0xAE) ||
                                     (b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9));
    if (c1 || bidi)
      return invalid_argument(fmt::format(
          "'{}' holds an invisible control character (at byte {}); a name is plain text", field,
          i));
  }
  return name;
}

}  // namespace meeple::server

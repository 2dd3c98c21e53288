#include "cli/json_input.h"

#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "core/json_depth.h"

namespace meeple::cli {

Result<json> read_json_input(const std::string& path) {
  std::stringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream f(path);
    if (!f) return not_found("cannot open " + path);
    text << f.rdbuf();
  }
  if (json_text_deeper_than(text.str())) {
    return invalid_argument(
        fmt::format("{} nests arrays and objects deeper than {} levels", path, kMaxJsonDepth));
  }
  json doc = json::parse(text.str(), nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return invalid_argument(path + " is not valid JSON");
  return doc;
}

}  // namespace meeple::cli

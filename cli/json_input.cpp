#include "cli/json_input.h"

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
  return parse_json_text(text.str(), path);
}

}  // namespace meeple::cli

// Reading a JSON document named on the command line (a file, or `-` for
// standard input), shared by replay, verify and play --load.
#pragma once

#include <string>

#include "core/game.h"

namespace meeple::cli {

// The parsed document; errors: not_found (cannot open) or invalid_argument
// (not JSON), each naming the path.
Result<json> read_json_input(const std::string& path);

}  // namespace meeple::cli

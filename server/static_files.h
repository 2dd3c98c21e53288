// Static files of the web UI (web/): path checks and content types.
//
// Only files below the web root are served; any path with "..", a
// backslash or a NUL is refused, and "/" means index.html. The UI routes
// with the URL fragment (#/table/...), so no server-side fallback is needed.
#pragma once

#include <optional>
#include <string>

namespace meeple::server {

struct StaticFile {
  std::string body;
  std::string content_type;
};

// The file for a request path, or nothing (404).
std::optional<StaticFile> load_static(const std::string& web_root, const std::string& path);
// The default web root: MEEPLE_WEB_DIR compiled in (the source tree's web/).
std::string default_web_root();

}  // namespace meeple::server

// Static files of the web UI (web/): which request paths name a file, and
// content types.
//
// A request path (already %-decoded) is split into components; empty ones
// ("//") are dropped, and ".", "..", any component starting with "." and
// any with a backslash or NUL are refused, so the path can only descend
// from the web root ("/" means index.html). The joined path is then
// resolved with every symbolic link (std::filesystem::canonical) and must
// still lie under the resolved web root, component by component, and be a
// regular file with an extension the UI uses (.html, .js, .css, ...): a
// link out of the root, /proc, the database, or anything else is refused.
// The UI routes with the URL fragment (#/table/...), so no server-side
// fallback is needed.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace meeple::server {

struct StaticFile {
  std::string body;
  std::string content_type;
};

// The file for a request path, or nothing (404). `hidden` lists files that
// are never served even under the root (the database and its side files).
std::optional<StaticFile> load_static(const std::string& web_root, const std::string& path,
                                      const std::vector<std::string>& hidden = {});
// The default web root: MEEPLE_WEB_DIR compiled in (the source tree's web/).
std::string default_web_root();

}  // namespace meeple::server

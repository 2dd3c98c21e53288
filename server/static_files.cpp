#include "server/static_files.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace meeple::server {

namespace fs = std::filesystem;

namespace {

constexpr std::uintmax_t kMaxFileBytes = 4 * 1024 * 1024;

// Content types of the files the UI is made of; any other extension is
// not served.
std::optional<std::string> content_type(const std::string& ext) {
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".json") return "application/json";
  if (ext == ".png") return "image/png";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".md" || ext == ".txt") return "text/plain; charset=utf-8";
  return std::nullopt;
}

// The path below the root that `path` names, or nothing if it would not
// stay below it.
std::optional<fs::path> relative_path(const std::string& path) {
  if (path.empty() || path[0] != '/') return std::nullopt;
  fs::path rel;
  size_t start = 1;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string part = path.substr(start, end - start);
    start = end + 1;
    if (part.empty()) continue;  // "//" is "/"
    if (part[0] == '.' || part.find('\\') != std::string::npos ||
        part.find('\0') != std::string::npos)
      return std::nullopt;
    rel /= part;
  }
  if (rel.empty()) rel = "index.html";
  return rel;
}

// True if `p` is `root` or below it, comparing whole components.
bool is_under(const fs::path& root, const fs::path& p) {
  auto r = root.begin();
  auto q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (r->empty()) continue;  // a trailing separator
    if (q == p.end() || *q != *r) return false;
  }
  return true;
}

}  // namespace

std::string default_web_root() {
#ifdef MEEPLE_WEB_DIR
  return MEEPLE_WEB_DIR;
#else
  return "web";
#endif
}

std::optional<StaticFile> load_static(const std::string& web_root, const std::string& path,
                                      const std::vector<std::string>& hidden) {
  const auto rel = relative_path(path);
  if (!rel) return std::nullopt;
  if (!content_type(rel->extension().string())) return std::nullopt;
  std::error_code ec;
  const fs::path root = fs::canonical(web_root, ec);
  if (ec) return std::nullopt;
  // Every link resolved: the file must still be under the root.
  const fs::path file = fs::canonical(root / *rel, ec);
  if (ec || !is_under(root, file) || !fs::is_regular_file(file, ec)) return std::nullopt;
  // The type of what is served, not of the name asked for (a link "x.js"
  // to a file of another kind).
  const auto type = content_type(file.extension().string());
  if (!type) return std::nullopt;
  for (const auto& h : hidden) {
    if (fs::weakly_canonical(h, ec) == file) return std::nullopt;
  }
  if (fs::file_size(file, ec) > kMaxFileBytes || ec) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return StaticFile{ss.str(), *type};
}

}  // namespace meeple::server

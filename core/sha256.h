// SHA-256 (FIPS 180-4), our own small implementation, so that core can check
// a table's commit-reveal seed (core/verify.h) without linking a crypto
// library: the server, `meeple verify`, fuzz targets and the Python bindings
// all compute the same digest. Not for secrets (no constant-time claims);
// the server still draws its secrets from OpenSSL (server/crypto.h).
#pragma once

#include <string>
#include <string_view>

namespace meeple {

// Lower-case hex SHA-256 of the bytes of `data` (64 characters).
std::string sha256_hex(std::string_view data);

}  // namespace meeple

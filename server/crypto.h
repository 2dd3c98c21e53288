// Small cryptographic helpers for the server: SHA-256 in hex and secrets
// from the operating system's CSPRNG (both through OpenSSL).
//
// Used for two things:
//  * commit-reveal of the match seed (design.md "Determinism and the match
//    log"): a table publishes sha256_hex(decimal seed) when it starts and
//    reveals the seed when it ends;
//  * seat tokens: a token is 128 random bits in hex, stored only as its
//    SHA-256, and compared in constant time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace meeple::server {

// Lower-case hex SHA-256 of the bytes of `data`.
std::string sha256_hex(std::string_view data);
// `bytes` random bytes from the CSPRNG, as lower-case hex (2*bytes chars).
std::string random_hex(int bytes);
// A random 64-bit number from the CSPRNG (match seeds).
uint64_t random_u64();
// Equality that takes the same time wherever the strings differ.
bool constant_time_equal(std::string_view a, std::string_view b);

}  // namespace meeple::server

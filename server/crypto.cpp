#include "server/crypto.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <stdexcept>

namespace meeple::server {

namespace {

std::string to_hex(const unsigned char* p, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out(2 * n, '0');
  for (size_t i = 0; i < n; ++i) {
    out[2 * i] = digits[p[i] >> 4];
    out[2 * i + 1] = digits[p[i] & 15];
  }
  return out;
}

void fill_random(unsigned char* p, int n) {
  // RAND_bytes only fails when the OS entropy source is broken; a server that
  // cannot make secrets must not make guessable ones instead.
  if (RAND_bytes(p, n) != 1) throw std::runtime_error("the system random generator failed");
}

}  // namespace

std::string sha256_hex(std::string_view data) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (EVP_Digest(data.data(), data.size(), digest, &len, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return to_hex(digest, len);
}

std::string random_hex(int bytes) {
  unsigned char buf[64];
  if (bytes <= 0 || bytes > 64) throw std::invalid_argument("random_hex: 1..64 bytes");
  fill_random(buf, bytes);
  return to_hex(buf, static_cast<size_t>(bytes));
}

uint64_t random_u64() {
  unsigned char buf[8];
  fill_random(buf, 8);
  uint64_t v = 0;
  for (unsigned char b : buf) v = (v << 8) | b;
  return v;
}

bool constant_time_equal(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace meeple::server

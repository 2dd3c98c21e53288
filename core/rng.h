// The match RNG: SplitMix64 (one 64-bit word of state) with our own range
// reduction, so a seed gives the same dice on every compiler and platform.
//
// Why not <random>: the standard distributions (uniform_int_distribution,
// shuffle) are implementation-defined and differ between libstdc++, libc++
// and MSVC, which would break replays made elsewhere. SplitMix64 (Steele,
// Lea, Flood 2014; the seeding generator of xoshiro) passes BigCrush, costs a
// few cycles, and its whole state is one integer that JSON carries exactly
// (as a decimal string, because JSON numbers lose bits above 2^53).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "core/status.h"

namespace meeple {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform integer in [0, n), n > 0. Lemire's multiply-and-reject method:
  // unbiased, and the rejection is rare (probability < n / 2^64).
  uint64_t below(uint64_t n) {
    assert(n > 0);
    __extension__ using u128 =
        unsigned __int128;  // GCC/Clang; __extension__ keeps -Wpedantic quiet
    u128 m = static_cast<u128>(next()) * n;
    uint64_t low = static_cast<uint64_t>(m);
    if (low < n) {
      const uint64_t threshold = (0 - n) % n;
      while (low < threshold) {
        m = static_cast<u128>(next()) * n;
        low = static_cast<uint64_t>(m);
      }
    }
    return static_cast<uint64_t>(m >> 64);
  }

  // Uniform double in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Index drawn with the given (non-negative, not all zero) weights.
  // Deterministic: a single unit() draw against the running sum.
  size_t pick(std::span<const double> weights);

  // Fisher–Yates with below(): the same permutation everywhere.
  template <typename T>
  void shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      size_t j = static_cast<size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  uint64_t state() const { return state_; }
  void set_state(uint64_t s) { state_ = s; }

  // JSON form of a seed or state: a decimal string (exact above 2^53).
  static std::string to_string(uint64_t v) { return std::to_string(v); }
  // Accepts a decimal string or a non-negative JSON-safe number's text.
  static Result<uint64_t> parse(const std::string& text);

 private:
  uint64_t state_;
};

// Mixes a value into a 64-bit hash (used to build state hashes and to derive
// independent seeds, e.g. a search RNG from the match seed).
inline uint64_t mix64(uint64_t h, uint64_t v) {
  uint64_t z = h ^ (v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace meeple

#include "core/rng.h"

#include <charconv>

namespace meeple {

size_t Rng::pick(std::span<const double> weights) {
  assert(!weights.empty());
  double total = 0;
  for (double w : weights) total += w;
  assert(total > 0);
  const double target = unit() * total;
  double run = 0;
  for (size_t i = 0; i < weights.size(); ++i) {
    run += weights[i];
    if (target < run) return i;
  }
  // Rounding can leave target == total: the last positive weight takes it.
  for (size_t i = weights.size(); i-- > 0;)
    if (weights[i] > 0) return i;
  return weights.size() - 1;
}

Result<uint64_t> Rng::parse(const std::string& text) {
  uint64_t v = 0;
  const char* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || p != end)
    return invalid_argument("seed '" + text + "' is not an unsigned 64-bit decimal integer");
  return v;
}

}  // namespace meeple

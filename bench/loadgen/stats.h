// Latency statistics shared by the load generators.
#pragma once

#include <algorithm>
#include <vector>

namespace meeple::loadgen {

// The p-quantile (0..1) of the samples by the nearest-rank rule; 0 for none.
inline double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t i = std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())));
  return v[i];
}

}  // namespace meeple::loadgen

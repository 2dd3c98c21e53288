// Transposition table for the Reversi searcher: fixed size, allocated once.
//
// An entry keeps the full position (both masks, so a hit is never a hash
// collision), a lower and an upper bound on its value, the depth those
// bounds were searched to, and the best move found. Buckets hold two
// entries: the first is kept for the deepest search (replaced only by an
// equal or deeper one, or by anything once it is from an older search), the
// second always takes the newest result. Depth-preferred plus always-replace
// is the classic two-tier scheme (Breuker, Uiterwijk, van den Herik 1994).
//
// The midgame search and the exact solver use separate tables because their
// values are in different units (evaluation units vs disc margins).
//
// Memory: probes are the solver's main cost after move generation (each one
// a likely cache miss; perf put a third of solve_deep's time on them). So a
// bucket is one cache line (it was 48 bytes, half the buckets straddled two
// lines), large tables ask the kernel for transparent huge pages (fewer TLB
// misses), and prefetch() lets the solver start a child's load early.
#pragma once

#include <cstdint>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

#include "games/reversi/bitboard.h"

namespace meeple::reversi {

struct TtEntry {
  Bitboard P = 0, O = 0;
  int16_t lower = 0, upper = 0;
  uint8_t depth = 0;
  uint8_t move = 0xFF;  // best move square, 0xFF none
  uint8_t age = 0;
  uint8_t used = 0;
};

class TranspositionTable {
 public:
  static constexpr uint8_t kNoMove = 0xFF;

  explicit TranspositionTable(size_t bytes) {
    size_t buckets = 1;
    while (buckets * 2 * sizeof(Bucket) <= bytes) buckets *= 2;
    table_.reserve(buckets);  // large: mapped, not yet touched
    advise_huge_pages(table_.data(), buckets * sizeof(Bucket));
    table_.resize(buckets);
    mask_ = buckets - 1;
  }

  void clear() {
    for (auto& b : table_) b = Bucket{};
    age_ = 0;
  }
  // Marks the start of a new search: older entries become replaceable.
  void new_search() { ++age_; }

  static uint64_t hash(Bitboard P, Bitboard O) {
    uint64_t h = P * 0x9E3779B97F4A7C15ull;
    h ^= (O + (h >> 29)) * 0xC2B2AE3D27D4EB4Full;
    return h ^ (h >> 32);
  }

  // Starts loading (P, O)'s bucket into the cache; probe() it later.
  void prefetch(Bitboard P, Bitboard O) const { __builtin_prefetch(&table_[hash(P, O) & mask_]); }

  // The entry for (P, O), or nullptr.
  const TtEntry* probe(Bitboard P, Bitboard O) const {
    const Bucket& b = table_[hash(P, O) & mask_];
    for (const TtEntry& e : b.e)
      if (e.used && e.P == P && e.O == O) return &e;
    return nullptr;
  }

  // Stores the result of a search of (P, O) to `depth` in window
  // (alpha, beta) that returned `score` with best move `move`.
  void store(Bitboard P, Bitboard O, int depth, int alpha, int beta, int score, int move) {
    Bucket& b = table_[hash(P, O) & mask_];
    TtEntry* slot;
    if (b.e[0].used && b.e[0].P == P && b.e[0].O == O) {
      slot = &b.e[0];
    } else if (b.e[1].used && b.e[1].P == P && b.e[1].O == O) {
      slot = &b.e[1];
    } else if (!b.e[0].used || b.e[0].age != age_ || b.e[0].depth <= depth) {
      b.e[1] = b.e[0];  // the displaced deep entry survives one more round
      slot = &b.e[0];
      slot->used = 0;
    } else {
      slot = &b.e[1];
      slot->used = 0;
    }
    if (slot->used && slot->depth > depth) return;  // keep the deeper result
    if (!slot->used || slot->depth != depth) {
      slot->P = P;
      slot->O = O;
      slot->lower = -32767;
      slot->upper = 32767;
      slot->move = kNoMove;
      slot->used = 1;
      slot->depth = static_cast<uint8_t>(depth);
    }
    if (score < beta) slot->upper = static_cast<int16_t>(score);
    if (score > alpha) slot->lower = static_cast<int16_t>(score);
    if (score >= beta || score > alpha || slot->move == kNoMove) {
      if (move >= 0) slot->move = static_cast<uint8_t>(move);
    }
    if (slot->lower > slot->upper) {  // stale bound from an unstable search
      slot->lower = slot->upper = static_cast<int16_t>(score);
    }
    slot->age = age_;
  }

 private:
  struct alignas(64) Bucket {
    TtEntry e[2];
  };
  static_assert(sizeof(Bucket) == 64, "a bucket is one cache line");

  // A hint only: without transparent huge pages the table works the same.
  static void advise_huge_pages([[maybe_unused]] void* data, [[maybe_unused]] size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr uintptr_t kPage = 4096;
    const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kPage - 1) & ~(kPage - 1);
    const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kPage - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#endif
  }
  std::vector<Bucket> table_;
  size_t mask_ = 0;
  uint8_t age_ = 0;
};

}  // namespace meeple::reversi

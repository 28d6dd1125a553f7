// Trail: the undo log that makes backtracking cheap.
//
// Every reversible piece of state is an 8-byte slot. Before a slot changes for the
// first time in a search node, its old bytes are pushed here; pop_level() writes
// them back in reverse order. Nothing is copied per node beyond what changed.
// At depth 0 (the root, before any choice) nothing is recorded: the root is never
// restored to an earlier state, so model posting and root propagation are free.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace prune {

class Trail {
public:
    // Records the current 8 bytes at `slot` so that pop_level() can restore them.
    void save(void* slot) {
        if (level_starts_.empty()) return;
        Entry e;
        e.slot = slot;
        std::memcpy(&e.old_bytes, slot, sizeof e.old_bytes);
        entries_.push_back(e);
    }

    void push_level() {
        level_starts_.push_back(entries_.size());
        ++stamp_;
    }

    void pop_level() {
        if (entries_.size() > high_water_) high_water_ = entries_.size();
        const std::size_t start = level_starts_.back();
        level_starts_.pop_back();
        for (std::size_t i = entries_.size(); i > start; --i) {
            const Entry& e = entries_[i - 1];
            std::memcpy(e.slot, &e.old_bytes, sizeof e.old_bytes);
        }
        entries_.resize(start);
        ++stamp_;
    }

    std::size_t depth() const { return level_starts_.size(); }
    // The most undo entries held at once so far (as of the last pop_level()): what
    // SearchOptions::trail_reserve must be for such a run not to grow the log.
    std::size_t high_water() const { return entries_.size() > high_water_ ? entries_.size() : high_water_; }

    // Changes at every push and pop. State that remembers the stamp of its last save
    // saves at most once per node (see TrailedInt).
    std::uint64_t stamp() const { return stamp_; }

    // Pre-sizes the undo log so that search does not allocate while it grows.
    void reserve(std::size_t entries, std::size_t levels) {
        entries_.reserve(entries);
        level_starts_.reserve(levels);
    }

private:
    // The old bytes as two 32-bit halves, not a std::uint64_t: an entry is then 12
    // bytes on a 32-bit target, not 16 (no padding to align them), and 16 on a 64-bit
    // one as before. (memcpy copies them either way.)
    struct Entry {
        void* slot;
        std::uint32_t old_bytes[2];
    };
    std::vector<Entry> entries_;
    std::vector<std::size_t> level_starts_;
    std::size_t high_water_ = 0;
    std::uint64_t stamp_ = 1;
};

// A 64-bit integer restored on backtracking, saved at most once per search node.
class TrailedInt {
public:
    TrailedInt() = default;
    explicit TrailedInt(std::int64_t v) : value_(v) {}
    std::int64_t get() const { return value_; }
    operator std::int64_t() const { return value_; }
    void set(Trail& trail, std::int64_t v) {
        if (stamp_ != trail.stamp()) {
            trail.save(&value_);
            stamp_ = trail.stamp();
        }
        value_ = v;
    }

private:
    std::int64_t value_ = 0;
    std::uint64_t stamp_ = 0;
};

}  // namespace prune

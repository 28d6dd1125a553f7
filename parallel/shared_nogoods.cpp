#include "parallel/shared_nogoods.hpp"

#include <algorithm>

namespace prune {

class SharedNogoods::Port final : public NogoodExchange {
public:
    Port(SharedNogoods& log, std::size_t worker) : log_(log), worker_(worker) {
        facts_.reserve(log.facts_.size());
        entries_.reserve(log.entries_.size());
    }
    std::size_t max_size() const override { return log_.max_size_; }
    void offer(const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) override {
        log_.append(worker_, facts, size, lbd, bound);
    }
    void receive(Receiver& to) override {
        copy_news();
        for (const Entry& e : entries_) to.take(facts_.data() + e.start, e.size, e.lbd, e.bound);
    }

private:
    // The other workers' entries since the last visit that are still whole in the
    // rings, copied out under the lock (their `start` rewritten into facts_).
    void copy_news() {
        facts_.clear();
        entries_.clear();
        const std::lock_guard<std::mutex> lock(log_.mutex_);
        const std::uint64_t entry_ring = log_.entries_.size(), fact_ring = log_.facts_.size();
        const std::uint64_t first = std::max(read_, log_.entries_written_ > entry_ring ? log_.entries_written_ - entry_ring : 0);
        for (std::uint64_t n = first; n < log_.entries_written_; ++n) {
            Entry e = log_.entries_[n % entry_ring];
            if (e.worker == worker_ || log_.facts_written_ - e.start > fact_ring) continue;  // its own, or overwritten
            const std::uint64_t start = facts_.size();
            for (std::uint32_t k = 0; k < e.size; ++k) facts_.push_back(log_.facts_[(e.start + k) % fact_ring]);
            e.start = start;
            entries_.push_back(e);
        }
        read_ = log_.entries_written_;
    }

    SharedNogoods& log_;
    std::size_t worker_;
    std::uint64_t read_ = 0;     // entries read so far
    std::vector<Fact> facts_;    // the news, at most a ring of each
    std::vector<Entry> entries_;
};

SharedNogoods::SharedNogoods(std::size_t workers, std::size_t max_size, std::size_t capacity)
    : max_size_(std::min(max_size, capacity)), facts_(std::max<std::size_t>(capacity, 1)),
      entries_(std::max<std::size_t>(capacity / 4, 1)) {
    for (std::size_t k = 0; k < workers; ++k) ports_.push_back(std::make_unique<Port>(*this, k));
}

SharedNogoods::~SharedNogoods() = default;

NogoodExchange& SharedNogoods::port(std::size_t worker) { return *ports_[worker]; }

void SharedNogoods::append(std::size_t worker, const Fact* facts, std::size_t size, std::uint32_t lbd, std::int64_t bound) {
    if (size > max_size_) return;
    const std::lock_guard<std::mutex> lock(mutex_);
    const std::uint64_t fact_ring = facts_.size();
    entries_[entries_written_ % entries_.size()] = Entry{facts_written_, static_cast<std::uint32_t>(size), lbd, bound, worker};
    ++entries_written_;
    for (std::size_t k = 0; k < size; ++k) facts_[(facts_written_ + k) % fact_ring] = facts[k];
    facts_written_ += size;
}

}  // namespace prune

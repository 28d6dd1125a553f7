// ActivityHeap: the items 0..n-1 (variables, or literals) in a binary heap by their
// activity, most active on top, ties to the lower index (MiniSat's order heap). Each
// item's place is kept, so a bumped item moves up in O(log n). The activities belong
// to the caller; the heap reads them and must hear of each increase (increased()).
// Items leave lazily: the caller pops those no longer open when they reach the top
// and inserts them again when a backjump reopens them. Nothing allocates after
// reset().
#pragma once
#include <cstddef>
#include <vector>

namespace prune {

class ActivityHeap {
public:
    explicit ActivityHeap(const std::vector<double>& activity) : activity_(activity) {}

    void reset(std::size_t items) {
        heap_.clear();
        heap_.reserve(items);
        place_.assign(items, -1);
    }
    bool empty() const { return heap_.empty(); }
    std::size_t size() const { return heap_.size(); }
    int operator[](std::size_t at) const { return heap_[at]; }  // heap_[0]: the top
    bool contains(int item) const { return place_[static_cast<std::size_t>(item)] >= 0; }

    void insert(int item) {
        place_[static_cast<std::size_t>(item)] = static_cast<int>(heap_.size());
        heap_.push_back(item);
        sift_up(heap_.size() - 1);
    }
    // Removes the top and returns it.
    int pop() {
        const int top = heap_[0];
        place_[static_cast<std::size_t>(top)] = -1;
        const int last = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) {
            heap_[0] = last;
            place_[static_cast<std::size_t>(last)] = 0;
            sift_down(0);
        }
        return top;
    }
    // After item's activity grew.
    void increased(int item) {
        const int at = place_[static_cast<std::size_t>(item)];
        if (at >= 0) sift_up(static_cast<std::size_t>(at));
    }
    // After the activities were scaled down together: the order between items that
    // rounding made equal is now their index, which the heap has to be told.
    void rebuild() {
        for (std::size_t at = heap_.size() / 2; at-- > 0;) sift_down(at);
    }

private:
    bool before(int a, int b) const {
        const double x = activity_[static_cast<std::size_t>(a)], y = activity_[static_cast<std::size_t>(b)];
        return x > y || (x == y && a < b);
    }
    void sift_up(std::size_t at) {
        const int item = heap_[at];
        while (at > 0) {
            const std::size_t parent = (at - 1) / 2;
            if (!before(item, heap_[parent])) break;
            heap_[at] = heap_[parent];
            place_[static_cast<std::size_t>(heap_[at])] = static_cast<int>(at);
            at = parent;
        }
        heap_[at] = item;
        place_[static_cast<std::size_t>(item)] = static_cast<int>(at);
    }
    void sift_down(std::size_t at) {
        const int item = heap_[at];
        for (;;) {
            std::size_t child = 2 * at + 1;
            if (child >= heap_.size()) break;
            if (child + 1 < heap_.size() && before(heap_[child + 1], heap_[child])) ++child;
            if (!before(heap_[child], item)) break;
            heap_[at] = heap_[child];
            place_[static_cast<std::size_t>(heap_[at])] = static_cast<int>(at);
            at = child;
        }
        heap_[at] = item;
        place_[static_cast<std::size_t>(item)] = static_cast<int>(at);
    }

    const std::vector<double>& activity_;
    std::vector<int> heap_;
    std::vector<int> place_;  // per item: its index in heap_, or -1
};

}  // namespace prune

"""A sum tree over non-negative weights: set one weight and draw an index by weight, each in
O(log n), so that picking the next seed costs the same at 500,000 pool entries as at 5,000.

The leaves sit at [capacity, 2 * capacity); each inner node holds the sum of its two children, which
are recomputed (not adjusted by a difference) so that no rounding accumulates over a long campaign.
The nodes are a Python list: a walk reads one node per level, and a list's items are read several
times faster than a numpy array's.
"""

from __future__ import annotations

import numpy as np


class SumTree:
    def __init__(self, capacity: int = 64) -> None:
        self.capacity = max(1, 1 << (capacity - 1).bit_length())
        self.nodes = [0.0] * (2 * self.capacity)
        self.count = 0

    def __len__(self) -> int:
        return self.count

    def total(self) -> float:
        return self.nodes[1]

    def append(self, weight: float) -> None:
        if self.count == self.capacity:
            self.rebuild(np.concatenate([self.weights(), [weight]]))
            return
        self.count += 1
        self.set(self.count - 1, weight)

    def set(self, index: int, weight: float) -> None:
        nodes = self.nodes
        node = index + self.capacity
        nodes[node] = weight
        node >>= 1
        while node:
            nodes[node] = nodes[2 * node] + nodes[2 * node + 1]
            node >>= 1

    def weights(self) -> np.ndarray:
        return np.asarray(self.nodes[self.capacity:self.capacity + self.count])

    def rebuild(self, weights: np.ndarray) -> None:
        """All weights at once, in O(n)."""
        count = len(weights)
        if count > self.capacity:
            self.capacity = 1 << (count - 1).bit_length()
        nodes = np.zeros(2 * self.capacity)
        nodes[self.capacity:self.capacity + count] = weights
        self.count = count
        level = self.capacity
        while level > 1:
            nodes[level // 2:level] = nodes[level:2 * level:2] + nodes[level + 1:2 * level:2]
            level //= 2
        self.nodes = nodes.tolist()

    def find(self, point: float) -> int:
        """The index whose span of the cumulative weights holds `point` (0 <= point < total), as
        bisecting the running sums would find it."""
        nodes, node = self.nodes, 1
        while node < self.capacity:
            left = 2 * node
            if point < nodes[left]:
                node = left
            else:
                point -= nodes[left]
                node = left + 1
        index = node - self.capacity
        # Rounding can carry a point just past the last positive weight.
        while index >= self.count or (nodes[index + self.capacity] <= 0 and index > 0):
            index -= 1
        return index

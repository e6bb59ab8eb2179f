/// Layers a thread keeps once drawn, for looks that come again: the most recently used first, within a count and a
/// size. A look is kept the second time a thread draws it, not the first: a flood of rings that never repeat their
/// look (random sizes or colors) would otherwise copy every one out for nothing, and churn the heap with it.
final class KeptLayers<Key: Hashable, Layer> {
    /// Layers of at most this size are kept (in the unit the caller gives sizes in).
    let largestLayer: Int
    /// At most this much a thread keeps in all.
    let sizePerThread: Int
    /// At most this many layers a thread keeps.
    let layersPerThread: Int
    /// How many looks drawn once a thread remembers (without their layers), to keep them when they come again.
    let lookMemory = 16

    private var layers: [(key: Key, layer: Layer, size: Int)] = []
    private var seen: [Key] = []
    /// How many times `layer(for:)` found a layer (for tests: that a kept layer was used).
    private(set) var found = 0

    init(largestLayer: Int, sizePerThread: Int, layersPerThread: Int) {
        self.largestLayer = largestLayer
        self.sizePerThread = sizePerThread
        self.layersPerThread = layersPerThread
    }

    /// The layer kept for `key`, moved to the front; nil if none is.
    func layer(for key: Key) -> Layer? {
        guard let index = layers.firstIndex(where: { $0.key == key }) else { return nil }
        let kept = layers.remove(at: index)
        layers.insert(kept, at: 0)
        found += 1
        return kept.layer
    }

    /// Whether the layer of `key` and `size`, about to be drawn, is worth keeping: the look was drawn before. Notes
    /// it otherwise.
    func shouldKeep(_ key: Key, size: Int) -> Bool {
        guard size <= largestLayer else { return false }
        if let index = seen.firstIndex(of: key) {
            seen.remove(at: index)
            return true
        }
        seen.insert(key, at: 0)
        if seen.count > lookMemory { seen.removeLast() }
        return false
    }

    /// Keeps `layer` for `key`, dropping the least recently used layers beyond `layersPerThread` and
    /// `sizePerThread`.
    func keep(_ layer: Layer, size: Int, for key: Key) {
        guard size <= largestLayer else { return }
        layers.removeAll { $0.key == key }
        layers.insert((key, layer, size), at: 0)
        var total = 0
        var count = 0
        for kept in layers {
            if count == layersPerThread || total + kept.size > sizePerThread { break }
            total += kept.size
            count += 1
        }
        layers.removeLast(layers.count - count)
    }
}

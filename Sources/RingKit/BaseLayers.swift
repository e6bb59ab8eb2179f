/// The part of a one-ring image that does not change with its value — the background and the track — kept per
/// thread once drawn, so that a miss for the next value of the same ring starts from a copy of it and draws only the
/// progress and the label. A copy gives the very pixels that drawing would (the same raster on the same empty
/// surface): `RingPainter.base(_:draw:)` checks nothing else.
///
/// A look is kept the second time a thread draws it, not the first: a flood of rings that never repeat their look
/// (random sizes or colors) would otherwise copy every one out for nothing, and churn the heap with it.
final class BaseLayers {
    /// What the layer's pixels depend on: the surface, the background, and the track's color and outline in device
    /// pixels (`nil` outline: no track).
    struct Key: Hashable {
        var width: Int
        var height: Int
        var rowPixels: Int
        var background: RGBAColor?
        var track: RGBAColor?
        var outline: CoveragePath?
    }

    /// Layers of at most this many pixels are kept (a 256 px ring at scale 1, 128 px at scale 2): 256 KiB each.
    static let largestLayer = 256 * 256
    /// At most this many pixels a thread keeps in all (512 KiB): a 256 px look and a few smaller ones.
    static let pixelsPerThread = 2 * largestLayer
    /// At most this many layers a thread keeps, the most recently used first: the rings a dashboard asks for in turn.
    static let layersPerThread = 4
    /// How many looks drawn once a thread remembers (without their pixels), to keep them when they come again.
    static let lookMemory = 16

    private var layers: [(key: Key, pixels: [UInt32])] = []
    private var seen: [Key] = []

    static let perThread = ThreadLocal { BaseLayers() }

    /// The pixels kept for `key`, moved to the front; nil if none are.
    func pixels(for key: Key) -> [UInt32]? {
        guard let index = layers.firstIndex(where: { $0.key == key }) else { return nil }
        let layer = layers.remove(at: index)
        layers.insert(layer, at: 0)
        return layer.pixels
    }

    /// Whether the pixels of `key`, just drawn, are worth keeping: the look was drawn before. Notes it otherwise.
    func shouldKeep(_ key: Key, pixels count: Int) -> Bool {
        guard count <= Self.largestLayer else { return false }
        if let index = seen.firstIndex(of: key) {
            seen.remove(at: index)
            return true
        }
        seen.insert(key, at: 0)
        if seen.count > Self.lookMemory { seen.removeLast() }
        return false
    }

    /// Keeps `pixels` for `key`, dropping the least recently used layers beyond `layersPerThread` and
    /// `pixelsPerThread`.
    func keep(_ pixels: [UInt32], for key: Key) {
        guard pixels.count <= Self.largestLayer else { return }
        layers.removeAll { $0.key == key }
        layers.insert((key, pixels), at: 0)
        var total = 0
        var count = 0
        for layer in layers {
            if count == Self.layersPerThread || total + layer.pixels.count > Self.pixelsPerThread { break }
            total += layer.pixels.count
            count += 1
        }
        layers.removeLast(layers.count - count)
    }
}

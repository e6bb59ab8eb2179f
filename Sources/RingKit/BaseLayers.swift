/// The part of a one-ring image that does not change with its value — the background and the track — kept per
/// thread once drawn, so that a miss for the next value of the same ring starts from a copy of it and draws only the
/// progress and the label. A copy gives the very pixels that drawing would (the same raster on the same empty
/// surface): `RingPainter.base(_:draw:)` checks nothing else.
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
    /// This many layers a thread keeps, the most recently used first: the rings a dashboard asks for in turn.
    static let layersPerThread = 4

    private var layers: [(key: Key, pixels: [UInt32])] = []

    static let perThread = ThreadLocal { BaseLayers() }

    /// The pixels kept for `key`, moved to the front; nil if none are.
    func pixels(for key: Key) -> [UInt32]? {
        guard let index = layers.firstIndex(where: { $0.key == key }) else { return nil }
        let layer = layers.remove(at: index)
        layers.insert(layer, at: 0)
        return layer.pixels
    }

    /// Keeps `pixels` for `key`, dropping the least recently used layer beyond `layersPerThread`.
    func keep(_ pixels: [UInt32], for key: Key) {
        guard pixels.count <= Self.largestLayer else { return }
        layers.removeAll { $0.key == key }
        layers.insert((key, pixels), at: 0)
        if layers.count > Self.layersPerThread { layers.removeLast() }
    }
}

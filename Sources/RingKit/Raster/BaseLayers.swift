/// The part of a one-ring or one-bar image that does not change with its value — the background and the track — kept
/// per thread once drawn, so that a miss for the next value of the same ring or bar starts from a copy of it and draws
/// only the progress and the label. A copy gives the very pixels that drawing would (the same raster on the same empty
/// surface): `RingPainter.base(_:draw:)` checks nothing else.
enum BaseLayers {
    /// What the layer's pixels depend on: the surface, the background, and the track's color and outline in device
    /// pixels (`nil` outline: no track).
    struct Key: Hashable {
        var width: Int
        var height: Int
        var rowPixels: Int
        var background: RGBAColor?
        var track: RGBAColor?
        var outline: CoveragePath?
        /// A bar's track, where the key is a bar's (`outline` is then nil).
        var bar: BarTrack? = nil
    }

    /// What a bar's track depends on besides its color: its box in CSS pixels and the scale to device pixels.
    struct BarTrack: Hashable {
        var length: Double
        var y: Double
        var height: Double
        var radius: Double
        var scale: Double
    }

    /// Layers (sized in pixels) of at most 256 × 256 pixels (a 256 px ring at scale 1, 128 px at scale 2: 256 KiB
    /// each), at most 4 a thread (the rings a dashboard asks for in turn) and 512 KiB in all (a 256 px look and a few
    /// smaller ones).
    static let perThread = ThreadLocal {
        KeptLayers<Key, [UInt32]>(largestLayer: 256 * 256, sizePerThread: 2 * 256 * 256, layersPerThread: 4)
    }
}

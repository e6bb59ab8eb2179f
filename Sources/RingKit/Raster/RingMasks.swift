/// The coverage of whole rings (annuli), kept per thread: a progress arc covers whole quarters of its ring wherever
/// its ends are not, and there it covers exactly what the ring does (`RingPainter.stroke`).
enum RingMasks {
    /// The image's size and the ring's centre and edges, in device pixels.
    struct Key: Hashable {
        var width: Int
        var height: Int
        var center: Int
        var inner: Double
        var outer: Double
    }

    /// A ring's coverage, a byte a pixel (`width` a row), and in each row, left of the centre and right of it, the
    /// columns that hold any, `lo ..< hi`, and within them the longest run of whole coverage, `fullLo ..< fullHi`:
    /// `spans[8 y + 4 h ..< 8 y + 4 h + 4]` is lo, fullLo, fullHi, hi for half `h` (0 left, 1 right).
    struct Mask {
        var coverage: [UInt8]
        var spans: [Int32]
    }

    /// Masks (sized in pixels) of at most 256 × 256 pixels (larger rings are stroked whole), at most 8 a thread (the
    /// rings of a few looks), 256 KiB of coverage in all (and 32 bytes of spans a row).
    static let perThread = ThreadLocal {
        KeptLayers<Key, Mask>(largestLayer: 256 * 256, sizePerThread: 4 * 256 * 256, layersPerThread: 8)
    }
}

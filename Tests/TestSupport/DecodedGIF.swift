import Foundation

/// A GIF decoded by a real decoder, Pillow (Debian's python3-pil, through `/usr/bin/python3` and
/// `Fixtures/gif_frames.py`): every frame as a viewer shows it, disposal applied, and how long it shows.
public struct DecodedGIF: Sendable {
    /// One picture of the animation.
    public struct Frame: Sendable {
        public let width: Int
        public let height: Int
        /// Row-major, straight alpha: a pixel is clear (alpha 0) or opaque, as GIF has it.
        public let pixels: [Pixel]
        /// Milliseconds it shows.
        public let duration: Int

        /// The pixel at column x, row y.
        public subscript(x: Int, y: Int) -> Pixel { pixels[y * width + x] }
    }

    public let frames: [Frame]
    /// The loop count of a NETSCAPE2.0 extension; nil without one (the animation plays once).
    public let loop: Int?

    /// Decodes `gif`; throws with Pillow's message when it refuses the bytes.
    public init(_ gif: [UInt8]) throws {
        let script = packageRoot.appendingPathComponent("Tests/TestSupport/Fixtures/gif_frames.py").path
        let run = try ExternalCommand.run("/usr/bin/python3", [script], input: gif)
        guard run.status == 0 else { throw TestFailure("Pillow refused the GIF: \(run.errors)") }
        var rest = run.output[...]
        func line() throws -> [Substring] {
            guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { throw TestFailure("short decoder output") }
            let text = String(decoding: rest[..<end], as: UTF8.self)
            rest = rest[(end + 1)...]
            return text.split(separator: " ")
        }
        let head = try line()
        guard head.count == 4, head[0] == "FRAMES", let count = Int(head[1]) else {
            throw TestFailure("unexpected decoder output \(head)")
        }
        loop = Int(head[3])
        var frames: [Frame] = []
        for _ in 0..<count {
            let fields = try line().compactMap { Int($0) }
            guard fields.count == 3 else { throw TestFailure("unexpected frame line") }
            let (width, height) = (fields[0], fields[1])
            let bytes = Array(rest.prefix(width * height * 4))
            guard bytes.count == width * height * 4 else { throw TestFailure("short frame") }
            rest = rest.dropFirst(bytes.count)
            let pixels = stride(from: 0, to: bytes.count, by: 4).map {
                Pixel(bytes[$0], bytes[$0 + 1], bytes[$0 + 2], bytes[$0 + 3])
            }
            frames.append(Frame(width: width, height: height, pixels: pixels, duration: fields[2]))
        }
        self.frames = frames
    }
}

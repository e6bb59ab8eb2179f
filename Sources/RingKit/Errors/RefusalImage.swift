/// The image that answers a refused request: the kind the request asked for (a badge's error is a badge, so it sits
/// in a README line like the badge it replaces; a ring's is a card of the ring's width, a bar's a card of the bar's
/// width and at least its height), sized from the request's own `size`, `width`, `height` and `scale` where those
/// are readable, stating the problem.
public struct RefusalImage: Sendable, Hashable {
    public let kind: Drawing.Kind
    public let message: String
    /// The requested `size` (rings) or `width` (bars), or the default when it is missing or itself refused.
    public let size: Int
    /// The requested image height (bars), the least height of the error card; 0 for the others.
    public let minimumHeight: Int
    /// The requested `scale` for a PNG, lowered until the image's longer side × scale is within
    /// `ImageLimits.pixelEdge`, as every image's must be.
    public let scale: Int

    /// Reads `size` and `scale` leniently (the first value within range), as the request may be refused for them.
    public init(message: String, for request: Drawing.Request, format: ImageFormat) {
        kind = request.kind
        self.message = message
        switch request.kind {
        case .bar:
            size = Self.looseInteger("width", in: request.query, range: BarSpec.Limits.width) ?? BarSpec().width
            minimumHeight = Self.looseInteger("height", in: request.query, range: BarSpec.Limits.height) ?? 0
        case .ring, .badge:
            size = Self.looseInteger("size", in: request.query, range: RingSpec.Limits.size) ?? RingSpec().size
            minimumHeight = 0
        }
        let wanted = format == .png ? Self.looseInteger("scale", in: request.query, range: ImageLimits.scale) ?? 1 : 1
        let edge: Int
        switch kind {
        case .ring, .bar:
            let layout = ErrorImage.Layout(message: message, size: size, minimumHeight: minimumHeight)
            edge = Swift.max(layout.width, layout.height)
        case .badge:
            edge = BadgeRenderer.errorLayout(message: message).width
        }
        scale = Swift.max(1, Swift.min(wanted, ImageLimits.pixelEdge / Swift.max(edge, 1)))
    }

    /// The image's bytes.
    public func render(_ format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch (kind, format) {
        case (.ring, .svg): ErrorImage.svg(message: message, size: size)
        case (.bar, .svg): ErrorImage.svg(message: message, size: size, minimumHeight: minimumHeight)
        case (.badge, .svg): BadgeRenderer.errorSVG(message: message)
        case (.ring, .png): try ErrorImage.png(message: message, size: size, scale: scale)
        case (.bar, .png): try ErrorImage.png(message: message, size: size, minimumHeight: minimumHeight, scale: scale)
        case (.badge, .png): try BadgeRenderer.errorPNG(message: message, scale: scale)
        }
    }

    /// A parameter read leniently to size the error image: the first `name=` integer within range, or nil.
    static func looseInteger(_ name: String, in query: Substring, range: ClosedRange<Int>) -> Int? {
        for pair in query.split(separator: "&") {
            guard pair.hasPrefix(name + "="), let n = Int(pair.dropFirst(name.count + 1)), range.contains(n) else {
                continue
            }
            return n
        }
        return nil
    }
}

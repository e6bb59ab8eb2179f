/// The image that answers a refused request: the kind the request asked for (a badge's error is a badge, so it sits
/// in a README line like the badge it replaces; a ring's, a bar's or a sparkline's is a card of the image's own width and height),
/// sized from the request's own `size`, `width`, `height` and `scale` where those are readable, stating the problem
/// on the lines that fit (see `ErrorImage.Layout`).
public struct RefusalImage: Sendable, Hashable {
    public let kind: Drawing.Kind
    public let message: String
    /// The requested `size` (rings) or `width` (bars), or the default when it is missing or itself refused.
    public let size: Int
    /// The requested image height: a ring's `size`, a bar's `height` (or its default); 0 for badges.
    public let height: Int
    /// The requested `scale` for a raster, lowered until the image's longer side × scale is within
    /// `ImageLimits.pixelEdge`, as every image's must be.
    public let scale: Int
    /// A badge's requested `style` (the first one that names a style), so its error sits level with the badges
    /// beside it; `flat` when there is none or it is the refused parameter.
    public let style: BadgeSpec.Style
    /// A badge's left text: the requested `label` where it is one a badge takes, else `error`.
    public let badgeLabel: String
    /// What a badge's right half says: a few words, such as `invalid max` or `inaccessible`.
    public let brief: String

    /// Reads `size` and `scale` leniently (the first value within range), as the request may be refused for them.
    /// `brief` is what an error badge says (`ParameterError.brief`, `LiveError.brief`).
    public init(message: String, for request: Drawing.Request, format: ImageFormat, brief: String? = nil) {
        kind = request.kind
        self.message = message
        self.brief = brief ?? "invalid"
        badgeLabel = request.kind == .badge ? Self.looseLabel(in: request.query, message: message) : "error"
        (size, height) = request.kind.type.refusalFrame(in: request.query)
        style = request.kind == .badge ? Self.looseStyle(in: request.query) : .flat
        let wanted = format.isRaster ? Self.looseInteger("scale", in: request.query, range: ImageLimits.scale) ?? 1 : 1
        let edge: Int
        if kind == .badge {
            edge = BadgeRenderer.errorLayout(message: message, label: badgeLabel, brief: brief, style: style).width
        } else {
            let layout = ErrorImage.Layout(message: message, width: size, height: height)
            edge = Swift.max(layout.width, layout.height)
        }
        scale = Swift.max(1, Swift.min(wanted, ImageLimits.pixelEdge / Swift.max(edge, 1)))
    }

    /// The image's bytes.
    public func render(_ format: ImageFormat) throws(RenderError) -> [UInt8] {
        // A badge's error is a badge; every other kind's is a card of its own size.
        switch (kind == .badge, format) {
        case (false, .svg): ErrorImage.svg(message: message, size: size, height: height)
        case (true, .svg): BadgeRenderer.errorSVG(message: message, label: badgeLabel, brief: brief, style: style)
        case (false, .png): try ErrorImage.png(message: message, size: size, height: height, scale: scale)
        case (true, .png):
            try BadgeRenderer.errorPNG(message: message, label: badgeLabel, brief: brief, style: style, scale: scale)
        default:
            try RasterEncoding.encode(surface(), as: format, matte: RGBAColor(0xff, 0xff, 0xff))
        }
    }

    /// The error drawn on a surface, for the raster formats other than PNG; the caller destroys it.
    private func surface() throws(RenderError) -> OpaquePointer {
        kind == .badge
            ? try BadgeRenderer.errorSurface(
                message: message, label: badgeLabel, brief: brief, style: style, scale: scale)
            : try ErrorImage.surface(message: message, size: size, height: height, scale: scale)
    }

    /// The first `style=` that names a badge style, or `flat`.
    static func looseStyle(in query: Substring) -> BadgeSpec.Style {
        for pair in query.split(separator: "&") where pair.hasPrefix("style=") {
            if let style = BadgeSpec.Style(rawValue: String(pair.dropFirst(6))) { return style }
        }
        return .flat
    }

    /// The badge's `label`, read leniently for its error badge: the first `label=` that a badge takes, unless the
    /// message is about the label itself; `error` otherwise.
    static func looseLabel(in query: Substring, message: String) -> String {
        guard !message.hasPrefix("label:") else { return "error" }
        for pair in query.split(separator: "&") where pair.hasPrefix("label=") {
            guard let text = try? QueryParameters(query: "v=" + pair.dropFirst(6)).value("v"), !text.isEmpty,
                (try? ParameterReader.checkText(text, of: "label", maximumLength: BadgeSpec.Limits.labelLength))
                    != nil
            else { return "error" }
            return text
        }
        return "error"
    }

    /// A parameter read leniently to size the error image: the first `name=` integer within range, or nil.
    public static func looseInteger(_ name: String, in query: Substring, range: ClosedRange<Int>) -> Int? {
        for pair in query.split(separator: "&") {
            guard pair.hasPrefix(name + "="), let n = Int(pair.dropFirst(name.count + 1)), range.contains(n) else {
                continue
            }
            return n
        }
        return nil
    }
}

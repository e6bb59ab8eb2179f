import RingKit

/// What an image route draws, parsed from its request: a ring or a badge. The cache, the HTTP caching headers and
/// the error images treat both alike; only parsing, the key and the renderers differ.
enum Drawing: Sendable {
    case ring(RingSpec)
    case badge(BadgeSpec)

    /// Which kind of drawing a route asks for, before its parameters are read.
    enum Kind: Sendable, Hashable {
        case ring
        case badge
    }

    /// The parameters of one image request, still percent-encoded.
    struct Request: Sendable {
        var kind: Kind
        var query: Substring
        /// `{label}` of `/badge/{label}/{value}.svg`.
        var pathLabel: String? = nil
        /// `{value}` of `/ring/{value}.svg` or `/badge/{label}/{value}.svg`.
        var pathValue: String? = nil
    }

    static func parse(_ request: Request) throws(RingSpecError) -> Drawing {
        switch request.kind {
        case .ring:
            .ring(try RingSpec.parse(query: request.query, pathValue: request.pathValue))
        case .badge:
            .badge(
                try BadgeSpec.parse(query: request.query, pathLabel: request.pathLabel, pathValue: request.pathValue))
        }
    }

    var cacheSeconds: Int? {
        switch self {
        case .ring(let spec): spec.cacheSeconds
        case .badge(let spec): spec.cacheSeconds
        }
    }

    /// The longer side of the PNG in pixels: what its drawing time grows with.
    var pixelEdge: Int {
        switch self {
        case .ring(let spec): spec.size * spec.scale
        case .badge(let spec): BadgeLayout(spec).width * spec.scale
        }
    }

    /// Equal for equal images of this format, and never equal between a ring and a badge.
    func canonicalKey(for format: ImageFormat) -> String {
        switch self {
        case .ring(let spec): spec.canonicalKey(for: format)
        case .badge(let spec): spec.canonicalKey(for: format)
        }
    }

    func render(_ format: ImageFormat) throws -> [UInt8] {
        switch (self, format) {
        case (.ring(let spec), .svg): SVGRenderer.render(spec)
        case (.ring(let spec), .png): try PNGRenderer.render(spec)
        case (.badge(let spec), .svg): BadgeRenderer.svg(spec)
        case (.badge(let spec), .png): try BadgeRenderer.png(spec)
        }
    }
}

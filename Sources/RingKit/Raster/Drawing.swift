/// What an image URL draws, parsed: a ring, a badge, a bar or a sparkline. The one dispatch the service and `progress-rings render`
/// share: parsing, the canonical key and the renderers differ by kind; caching, headers and errors do not.
public enum Drawing: Sendable, Hashable {
    case ring(RingSpec)
    case badge(BadgeSpec)
    case bar(BarSpec)
    case spark(SparkSpec)

    /// Which kind of drawing a route asks for, before its parameters are read.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case ring
        case badge
        case bar
        case spark
    }

    /// The parameters of one image request, still percent-encoded.
    public struct Request: Sendable, Hashable {
        public var kind: Kind
        public var query: Substring
        /// `{label}` of `/badge/{label}/{value}.svg`.
        public var pathLabel: String?
        /// `{value}` of `/ring/{value}.svg`, `/bar/{value}.svg` or `/badge/{label}/{value}.svg`, without the one `%`
        /// (`%25`) it may end in: `/badge/coverage/72%25.svg` is `72`, as a reader writes a percentage.
        public var pathValue: String?
        /// Whose URL language the query was written in: this service's, or another's translated into it.
        public var dialect: Dialect
        /// Numbers read from a source (a live value's value and max), given to the spec as numbers.
        public var read: [ReadNumber]

        public init(
            kind: Kind, query: Substring, pathLabel: String? = nil, pathValue: String? = nil, dialect: Dialect = .own,
            read: [ReadNumber] = []
        ) {
            self.kind = kind
            self.query = query
            self.pathLabel = pathLabel
            self.pathValue = pathValue.map(Self.withoutPercentSign)
            self.dialect = dialect
            self.read = read
        }

        private static func withoutPercentSign(_ value: String) -> String {
            if value.hasSuffix("%25") { return String(value.dropLast(3)) }
            if value.hasSuffix("%") { return String(value.dropLast()) }
            return value
        }
    }

    /// The URL languages an image route accepts.
    public enum Dialect: Sendable, Hashable {
        /// This service's parameters.
        case own
        /// progress-bar.dev's `/{progress}/?title=&scale=…`, translated by `ProgressBarDev`.
        case progressBarDev
    }

    /// Reads and validates every parameter of the request's kind.
    public static func parse(_ request: Request) throws(ParameterError) -> Drawing {
        switch request.kind {
        case .ring:
            .ring(try RingSpec.parse(query: request.query, pathValue: request.pathValue, read: request.read))
        case .badge:
            .badge(
                try BadgeSpec.parse(
                    query: request.query, pathLabel: request.pathLabel, pathValue: request.pathValue,
                    read: request.read))
        case .bar:
            .bar(try BarSpec.parse(query: request.query, pathValue: request.pathValue, read: request.read))
        case .spark:
            .spark(try SparkSpec.parse(query: request.query))
        }
    }

    public var kind: Kind {
        switch self {
        case .ring: .ring
        case .badge: .badge
        case .bar: .bar
        case .spark: .spark
        }
    }

    /// The `cacheSeconds` the URL asked for; `nil` means the server's default.
    public var cacheSeconds: Int? {
        switch self {
        case .ring(let spec): spec.cacheSeconds
        case .badge(let spec): spec.cacheSeconds
        case .bar(let spec): spec.series.cacheSeconds
        case .spark(let spec): spec.series.cacheSeconds
        }
    }

    /// The longer side of the PNG in pixels: what its drawing time and memory grow with.
    public var pixelEdge: Int {
        switch self {
        case .ring(let spec): spec.size * spec.scale
        case .badge(let spec): BadgeLayout(spec).width * spec.scale
        case .bar(let spec): Swift.max(spec.width, spec.imageHeight) * spec.series.scale
        case .spark(let spec): Swift.max(spec.width, spec.height) * spec.series.scale
        }
    }

    /// Equal for equal images of this format, and never equal between two kinds.
    public func canonicalKey(for format: ImageFormat) -> String {
        switch self {
        case .ring(let spec): spec.canonicalKey(for: format)
        case .badge(let spec): spec.canonicalKey(for: format)
        case .bar(let spec): spec.canonicalKey(for: format)
        case .spark(let spec): spec.canonicalKey(for: format)
        }
    }

    /// The image's bytes; identical drawings give identical bytes.
    public func render(_ format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch (self, format) {
        case (.ring(let spec), .svg): SVGRenderer.render(spec)
        case (.ring(let spec), .png): try PNGRenderer.render(spec)
        case (.badge(let spec), .svg): BadgeRenderer.svg(spec)
        case (.badge(let spec), .png): try BadgeRenderer.png(spec)
        case (.bar(let spec), .svg): BarRenderer.svg(spec)
        case (.bar(let spec), .png): try BarRenderer.png(spec)
        case (.spark(let spec), .svg): SparkRenderer.svg(spec)
        case (.spark(let spec), .png): try SparkRenderer.png(spec)
        }
    }

    /// The PNG's drawn ARGB32 surface before encoding, so benchmarks can time drawing and encoding apart, and the
    /// encoder `render(.png)` puts it through; the caller destroys the surface.
    package func pngSurface() throws(RenderError) -> (surface: OpaquePointer, encoder: PNGEncoder) {
        switch self {
        case .ring(let spec): try PNGRenderer.surface(spec)
        case .badge(let spec): (try BadgeRenderer.surface(spec), .tuned)
        case .bar(let spec): (try BarRenderer.surface(spec), .tuned)
        case .spark(let spec): (try SparkRenderer.surface(spec), .tuned)
        }
    }
}

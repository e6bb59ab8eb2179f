/// What an image URL draws, parsed: a ring, a badge, a bar or a sparkline (any `ImageKind`). The one dispatch the
/// service and `progress-rings render` share: parsing, the canonical key and the renderers differ by kind; caching,
/// headers, errors and the raster formats' encoding do not.
public struct Drawing: Sendable, Hashable {
    /// The spec, whatever its kind: what every method below dispatches through.
    public let image: any ImageKind

    /// The drawing of `image`.
    public init(_ image: some ImageKind) { self.image = image }

    public static func == (a: Drawing, b: Drawing) -> Bool { AnyHashable(a.image) == AnyHashable(b.image) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(image)) }

    /// Which kind of drawing a route asks for, before its parameters are read: the one list of kinds. A new kind is a
    /// case here and its type below; its routes, metrics labels, builder fields, error image and render flag follow.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case ring
        case badge
        case bar
        case spark

        /// The spec type that reads, keys and draws this kind.
        public var type: any ImageKind.Type {
            switch self {
            case .ring: RingSpec.self
            case .badge: BadgeSpec.self
            case .bar: BarSpec.self
            case .spark: SparkSpec.self
            }
        }

        /// Its bit in the parameter table's `ImageParameter.Kinds`.
        public var parameterKind: ImageParameter.Kinds { type.parameterKind }

        /// The kind whose bit `parameterKind` is.
        public init?(parameterKind: ImageParameter.Kinds) {
            guard let kind = Self.allCases.first(where: { $0.parameterKind == parameterKind }) else { return nil }
            self = kind
        }
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
        /// Set where the value (stored or live) is older than its `staleAfter`: its time, milliseconds since 1970.
        /// The image is drawn in its stale look (`StaleLook`).
        public var staleSince: Int64? = nil
        /// The value's time and the request's (stored and live values): what `{age}`, `{time}` and `{date}` write.
        public var clock: ValueClock? = nil
        /// The stored values the templates write besides the image's own (`{@tests.failed}`), by name: read by the
        /// server, as the value is (`TemplateValues`).
        public var named: [String: Double] = [:]
        /// The stored name the value was read from (`value=@tests`), where it is one: what a badge's `preset` reads
        /// the siblings of (`tests.failed`, `tests.skipped`).
        public var valueName: String? = nil

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
        Drawing(try request.kind.type.parse(request))
    }

    public var kind: Kind { type(of: image).kind }

    /// The `cacheSeconds` the URL asked for; `nil` means the server's default.
    public var cacheSeconds: Int? { image.cacheSeconds }

    /// The `refresh` the URL asked for: the seconds of its `Refresh` header; `nil` when none.
    public var refresh: Int? { image.refresh }

    /// The longer side of the PNG in pixels: what its drawing time and memory grow with.
    public var pixelEdge: Int { image.pixelEdge }

    /// Equal for equal images of this format, and never equal between two kinds.
    public func canonicalKey(for format: ImageFormat) -> String { image.canonicalKey(for: format) }

    /// The image's bytes; identical drawings give identical bytes. Every raster format encodes the same drawn
    /// surface (`ImageKind.raster()`).
    public func render(_ format: ImageFormat) throws(RenderError) -> [UInt8] {
        switch format {
        case .svg: return image.svg()
        case .png:
            let raster = try image.raster()
            return try raster.encoder.encode(consuming: raster.surface)
        case .gif:
            return try GIFAnimation.gif(of: image, matte: image.matte)
        default:
            // Any other still raster format: the one drawn surface, through its encoder.
            return try RasterEncoding.encode(image.raster().surface, as: format, matte: image.matte)
        }
    }

    /// The PNG's drawn ARGB32 surface before encoding, so benchmarks can time drawing and encoding apart, and the
    /// encoder `render(.png)` puts it through; the caller destroys the surface.
    package func pngSurface() throws(RenderError) -> (surface: OpaquePointer, encoder: PNGEncoder) {
        let raster = try image.raster()
        return (raster.surface, raster.encoder)
    }
}

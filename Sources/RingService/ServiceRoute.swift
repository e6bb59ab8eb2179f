import RingKit

/// What a request path names. Matching is on the raw path: `/ring%2Esvg` is no route.
enum ServiceRoute: Sendable, Hashable {
    /// `/ring.svg`, `/ring.png`, and `/ring` (format from Accept, `negotiated`).
    case ring(ImageFormat?)
    /// `/ring/{value}.svg|png`, with the value still percent-encoded.
    case ringValue(Substring, ImageFormat)
    /// `/`, the builder page.
    case builder
    /// `/examples`, the gallery.
    case examples
    case healthz
    case readyz
    case metrics
    case notFound

    init(path: Substring) {
        switch path {
        case "/ring.svg": self = .ring(.svg)
        case "/ring.png": self = .ring(.png)
        case "/ring": self = .ring(nil)
        case "/": self = .builder
        case "/examples": self = .examples
        case "/healthz": self = .healthz
        case "/readyz": self = .readyz
        case "/metrics": self = .metrics
        default:
            self = Self.ringValue(path) ?? .notFound
        }
    }

    private static func ringValue(_ path: Substring) -> ServiceRoute? {
        guard path.hasPrefix("/ring/") else { return nil }
        let rest = path.dropFirst(6)
        let format: ImageFormat
        if rest.hasSuffix(".svg") {
            format = .svg
        } else if rest.hasSuffix(".png") {
            format = .png
        } else {
            return nil
        }
        let value = rest.dropLast(4)
        guard !value.isEmpty, !value.contains("/") else { return nil }
        return .ringValue(value, format)
    }

    /// The label of this route in metrics: the pattern, never the request's own text.
    var metricsLabel: MetricsRoute {
        switch self {
        case .ring(.some(.svg)): .ringSVG
        case .ring(.some(.png)): .ringPNG
        case .ring(.none): .ring
        case .ringValue: .ringValue
        case .builder: .builder
        case .examples: .examples
        case .healthz: .healthz
        case .readyz: .readyz
        case .metrics: .metrics
        case .notFound: .notFound
        }
    }
}

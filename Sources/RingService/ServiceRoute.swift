import RingKit

/// What a request path names. Matching is on the raw path: `/ring%2Esvg` is no route.
enum ServiceRoute: Sendable, Hashable {
    /// `/ring.svg`, `/ring.png`, and `/ring` (format from Accept, `negotiated`).
    case ring(ImageFormat?)
    /// `/ring/{value}.svg|png`, with the value still percent-encoded.
    case ringValue(Substring, ImageFormat)
    /// `/badge.svg`, `/badge.png`.
    case badge(ImageFormat)
    /// `/badge/{label}/{value}.svg|png`, both segments still percent-encoded.
    case badgePath(label: Substring, value: Substring, ImageFormat)
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
        case "/badge.svg": self = .badge(.svg)
        case "/badge.png": self = .badge(.png)
        case "/": self = .builder
        case "/examples": self = .examples
        case "/healthz": self = .healthz
        case "/readyz": self = .readyz
        case "/metrics": self = .metrics
        default:
            self = Self.ringValue(path) ?? Self.badgePath(path) ?? .notFound
        }
    }

    private static func ringValue(_ path: Substring) -> ServiceRoute? {
        guard path.hasPrefix("/ring/"), let (value, format) = imageName(path.dropFirst(6)) else { return nil }
        guard !value.contains("/") else { return nil }
        return .ringValue(value, format)
    }

    private static func badgePath(_ path: Substring) -> ServiceRoute? {
        guard path.hasPrefix("/badge/"), let (rest, format) = imageName(path.dropFirst(7)) else { return nil }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        return .badgePath(label: segments[0], value: segments[1], format)
    }

    /// `name.svg` or `name.png` with a non-empty name: the name and the format.
    private static func imageName(_ file: Substring) -> (Substring, ImageFormat)? {
        let format: ImageFormat
        if file.hasSuffix(".svg") {
            format = .svg
        } else if file.hasSuffix(".png") {
            format = .png
        } else {
            return nil
        }
        let name = file.dropLast(4)
        return name.isEmpty ? nil : (name, format)
    }

    /// The label of this route in metrics: the pattern, never the request's own text.
    var metricsLabel: MetricsRoute {
        switch self {
        case .ring(.some(.svg)): .ringSVG
        case .ring(.some(.png)): .ringPNG
        case .ring(.none): .ring
        case .ringValue: .ringValue
        case .badge(.svg): .badgeSVG
        case .badge(.png): .badgePNG
        case .badgePath: .badgePath
        case .builder: .builder
        case .examples: .examples
        case .healthz: .healthz
        case .readyz: .readyz
        case .metrics: .metrics
        case .notFound: .notFound
        }
    }
}

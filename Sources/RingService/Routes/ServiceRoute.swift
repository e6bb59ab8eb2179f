import HTTPServer
import RingKit

/// What a request names. Matching is on the raw path: `/ring%2Esvg` is no route.
enum ServiceRoute: Sendable, Hashable {
    /// Every image route: what to draw (still percent-encoded), in which format, and whether the format was
    /// negotiated from `Accept` (then the answer says `Vary: Accept`).
    case image(Drawing.Request, ImageFormat, varyAccept: Bool)
    /// `/badge.json`: the shields endpoint document of the badge the query draws.
    case badgeDocument(Drawing.Request)
    /// `/`, the builder page.
    case builder
    /// `/examples`, the gallery.
    case examples
    /// `/parameters`, the parameter reference.
    case parameters
    /// `/embed/{image path}`: the page that shows that image and follows it; the image's path (`/ring.svg`).
    case embed(Substring)
    /// `/rings.js`: the URL writer and `<progress-ring>`, as an ES module.
    case ringsModule
    /// `/values/{name}` and `/values/{name}/history`: the name as sent, checked by the handler.
    case values(name: Substring, history: Bool)
    case healthz
    case readyz
    case metrics
    /// `OPTIONS *`: a question about the server in general (RFC 9110 §9.3.7).
    case serverOptions
    case notFound

    init(_ request: HTTPRequest) {
        if request.target == "*" {
            self = .serverOptions
            return
        }
        let path = request.path
        switch path {
        case "/ring.svg": self = .image(.init(kind: .ring, query: request.query), .svg, varyAccept: false)
        case "/ring.png": self = .image(.init(kind: .ring, query: request.query), .png, varyAccept: false)
        case "/ring":
            let format = ContentNegotiation.format(accept: request.headers.values(.accept))
            self = .image(.init(kind: .ring, query: request.query), format, varyAccept: true)
        case "/badge.json": self = .badgeDocument(.init(kind: .badge, query: request.query))
        case "/": self = .builder
        case "/examples": self = .examples
        case "/parameters": self = .parameters
        case "/rings.js": self = .ringsModule
        case "/healthz": self = .healthz
        case "/readyz": self = .readyz
        case "/metrics": self = .metrics
        default:
            self =
                Self.kindPath(path, query: request.query)
                ?? Self.valuePath(path, prefix: "/ring/", kind: .ring, query: request.query)
                ?? Self.valuePath(path, prefix: "/bar/", kind: .bar, query: request.query)
                ?? Self.badgePath(path, query: request.query) ?? Self.progressBarDev(path, query: request.query)
                ?? Self.valuesPath(path) ?? Self.embedPath(request) ?? .notFound
        }
    }

    /// `/embed` in front of an image route's path: `/embed/ring.svg`, `/embed/badge/coverage/87.png`; `/embed` alone
    /// is the ring's SVG (`/embed?value=72` shows `/ring.svg?value=72`). Anything else after it (another page,
    /// `/embed/embed/…`, `//host/…`) is no route.
    private static func embedPath(_ request: HTTPRequest) -> ServiceRoute? {
        let image: Substring
        if request.path == "/embed" {
            image = "/ring.svg"
        } else {
            guard request.path.hasPrefix("/embed/") else { return nil }
            image = request.path.dropFirst(6)
        }
        var inner = request
        inner.target = String(image) + (request.query.isEmpty ? "" : "?" + request.query)
        guard case .image = ServiceRoute(inner) else { return nil }
        return .embed(image)
    }

    /// `/{kind}.{format}` for every kind and format but `/ring.svg` and `/ring.png`, matched first: `/badge.svg`,
    /// `/spark.png`.
    private static func kindPath(_ path: Substring, query: Substring) -> ServiceRoute? {
        guard let (name, format) = imageName(path.dropFirst()), let kind = Drawing.Kind(rawValue: String(name)) else {
            return nil
        }
        return .image(.init(kind: kind, query: query), format, varyAccept: false)
    }

    /// `/ring/{value}.svg|png` and `/bar/{value}.svg|png`.
    private static func valuePath(
        _ path: Substring, prefix: String, kind: Drawing.Kind, query: Substring
    ) -> ServiceRoute? {
        guard path.hasPrefix(prefix), let (value, format) = imageName(path.dropFirst(prefix.utf8.count)) else {
            return nil
        }
        guard !value.contains("/") else { return nil }
        return .image(.init(kind: kind, query: query, pathValue: String(value)), format, varyAccept: false)
    }

    /// `/badge/{label}/{value}.svg|png`.
    private static func badgePath(_ path: Substring, query: Substring) -> ServiceRoute? {
        guard path.hasPrefix("/badge/"), let (rest, format) = imageName(path.dropFirst(7)) else { return nil }
        let segments = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count == 2, !segments[0].isEmpty, !segments[1].isEmpty else { return nil }
        let request = Drawing.Request(
            kind: .badge, query: query, pathLabel: String(segments[0]), pathValue: String(segments[1]))
        return .image(request, format, varyAccept: false)
    }

    /// `/values/{name}` and `/values/{name}/history`; a deeper path is no route.
    private static func valuesPath(_ path: Substring) -> ServiceRoute? {
        guard path.hasPrefix("/values/") else { return nil }
        var name = path.dropFirst(8)
        let history = name.hasSuffix("/history")
        if history { name = name.dropLast(8) }
        // Any other path under /values/ (`/values/x/`) is the values API's to refuse, in JSON, naming the name.
        return .values(name: name, history: history)
    }

    /// `/{progress}/`, progress-bar.dev's URL shape (a number, then a slash), drawn as a bar (see `ProgressBarDev`).
    private static func progressBarDev(_ path: Substring, query: Substring) -> ServiceRoute? {
        guard path.count > 2, path.hasSuffix("/"), let first = path.utf8.dropFirst().first,
            first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
        else { return nil }
        let progress = path.dropFirst().dropLast()
        guard !progress.contains("/") else { return nil }
        let request = Drawing.Request(
            kind: .bar, query: Substring(ProgressBarDev.barQuery(progress: progress, query: query)),
            pathValue: nil, dialect: .progressBarDev)
        return .image(request, .svg, varyAccept: false)
    }

    /// `name.svg`, `name.png` (any `ImageFormat`'s extension) with a non-empty name: the name and the format.
    private static func imageName(_ file: Substring) -> (Substring, ImageFormat)? {
        guard let dot = file.lastIndex(of: "."), dot > file.startIndex,
            let format = ImageFormat(rawValue: String(file[file.index(after: dot)...]))
        else { return nil }
        return (file[..<dot], format)
    }

    /// The label of this route in metrics: the pattern, never the request's own text.
    var metricsLabel: MetricsRoute {
        switch self {
        case .image(let request, let format, let varyAccept):
            switch (request.kind, format) {
            case (.ring, _) where varyAccept: .ring
            case (.ring, _) where request.pathValue != nil: .ringValue
            case (.badge, _) where request.pathLabel != nil: .badgePath
            case (.bar, _) where request.dialect == .progressBarDev: .progressBarDev
            case (.bar, _) where request.pathValue != nil: .barValue
            case (let kind, let format): .image(kind, format)
            }
        case .badgeDocument: .badgeJSON
        case .builder: .builder
        case .examples: .examples
        case .parameters: .parameters
        case .embed: .embed
        case .ringsModule: .ringsModule
        case .values(_, let history): history ? .valueHistory : .values
        case .healthz: .healthz
        case .readyz: .readyz
        case .metrics: .metrics
        case .serverOptions: .serverOptions
        case .notFound: .notFound
        }
    }
}

import RingKit

/// The routes as metrics name them, a closed set so label cardinality stays bounded.
enum MetricsRoute: Sendable, Hashable {
    /// `/ring.svg`, `/badge.png`, `/spark.svg`: every kind in every format, as `Drawing.Kind` and `ImageFormat` list
    /// them.
    case image(Drawing.Kind, ImageFormat)
    case ring, ringValue, badgePath, badgeJSON, barValue
    case progressBarDev
    case builder, examples, parameters, embed, ringsModule
    case values, valueHistory
    case healthz, readyz, metrics
    case serverOptions, notFound

    var label: String {
        switch self {
        case .image(let kind, let format): "/\(kind.rawValue).\(format.rawValue)"
        case .ring: "/ring"
        case .ringValue: "/ring/{value}"
        case .badgePath: "/badge/{label}/{value}"
        case .badgeJSON: "/badge.json"
        case .barValue: "/bar/{value}"
        case .progressBarDev: "/{progress}/"
        case .builder: "/"
        case .examples: "/examples"
        case .parameters: "/parameters"
        case .embed: "/embed/{image}"
        case .ringsModule: "/rings.js"
        case .values: "/values/{name}"
        case .valueHistory: "/values/{name}/history"
        case .healthz: "/healthz"
        case .readyz: "/readyz"
        case .metrics: "/metrics"
        case .serverOptions: "*"
        case .notFound: "unmatched"
        }
    }
}

/// The routes as metrics name them, a closed set so label cardinality stays bounded.
enum MetricsRoute: Int, Sendable, Hashable, CaseIterable {
    case ringSVG, ringPNG, ring, ringValue, badgeSVG, badgePNG, badgePath, badgeJSON, barSVG, barPNG, barValue
    case progressBarDev
    case sparkSVG, sparkPNG
    case builder, examples, parameters
    case values, valueHistory
    case healthz, readyz, metrics
    case serverOptions, notFound

    var label: String {
        switch self {
        case .ringSVG: "/ring.svg"
        case .ringPNG: "/ring.png"
        case .ring: "/ring"
        case .ringValue: "/ring/{value}"
        case .badgeSVG: "/badge.svg"
        case .badgePNG: "/badge.png"
        case .badgePath: "/badge/{label}/{value}"
        case .badgeJSON: "/badge.json"
        case .barSVG: "/bar.svg"
        case .barPNG: "/bar.png"
        case .barValue: "/bar/{value}"
        case .progressBarDev: "/{progress}/"
        case .sparkSVG: "/spark.svg"
        case .sparkPNG: "/spark.png"
        case .builder: "/"
        case .examples: "/examples"
        case .parameters: "/parameters"
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

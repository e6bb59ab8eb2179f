/// The badge parameters, in the order the canonical key lists them. Any other name in a query is ignored.
public enum BadgeParameter: String, Sendable, Hashable, CaseIterable, ParameterName {
    case label, labelColor, color, thresholds, value, min, max, decimals, style, scale, cacheSeconds, icon, theme
}

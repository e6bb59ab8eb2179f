/// The ring parameters this version reads, in the order validation visits them and the canonical key lists them.
///
/// Any other name in a query is ignored. A new parameter becomes a case here, a field of `RingSpec`, a step in
/// `RingSpec(parameters:)` and an entry in the canonical key.
public enum RingParameter: String, Sendable, Hashable, CaseIterable {
    case value, min, max, size, thickness, color, track, background, textColor, cap, arc, start, direction, label
    case decimals, fontSize, fontWeight, animate, scale, title, cacheSeconds, theme
    case thresholds, gradient
}

import RingKit

/// The shields endpoint document of what a badge shows (`/badge.json`): its label, its right text, its two colors
/// its style and its named logo, so shields.io draws the same badge from it. Colors are written as hex (`#a4a61d`), which shields
/// and this service read alike; a `theme=auto` badge gives its light colors.
struct BadgeDocument: Sendable, Hashable {
    let label: String
    let message: String
    let color: String
    let labelColor: String
    let style: String
    /// The Simple Icons slug of a named logo, and its color when the URL gave one.
    let namedLogo: String?
    let logoColor: String?

    init(_ spec: BadgeSpec) {
        let spec = spec.normalized()
        label = spec.label
        message = spec.valueText
        color = spec.valueColor.hex
        labelColor = spec.labelColor.hex
        style = spec.style.rawValue
        if case .named(let slug) = spec.logo?.source {
            namedLogo = slug
            logoColor = spec.logoColor?.hex
        } else {
            namedLogo = nil
            logoColor = nil
        }
    }

    /// The document, its members in the schema's order, ending in a newline.
    var json: String {
        var members = [
            ("label", label), ("message", message), ("color", color), ("labelColor", labelColor), ("style", style),
        ]
        if let namedLogo { members.append(("namedLogo", namedLogo)) }
        if let logoColor { members.append(("logoColor", logoColor)) }
        return "{\"schemaVersion\": 1, "
            + members.map { ConfigurationSetting.jsonString($0.0) + ": " + ConfigurationSetting.jsonString($0.1) }
            .joined(separator: ", ") + "}\n"
    }
}

extension ImageParameter {
    /// The logo before a badge's label: a Simple Icons slug or a custom SVG, and its color.
    static let logo: [ImageParameter] = [
        .init(
            "logo", .badge, .text,
            docs: .init(
                "a [Simple Icons](https://simpleicons.org) slug (`github`, `python`) drawn 14 px high before the label, "
                    + "as shields.io draws it; or a custom logo `data:image/svg+xml;base64,…` (see [logos](#logos))",
                default: "none",
                accepted: "a Simple Icons slug, or an SVG data URI of at most \(CustomLogo.maxBytes / 1024) KiB"),
            field: .init(
                "Badge",
                "A Simple Icons slug (github, python), drawn before the label; or data:image/svg+xml;base64,… of at "
                    + "most 8 KiB.", placeholder: "github"),
            badge: .init(
                19,
                read: { reader, spec throws(ParameterError) in spec.logo = try reader.logo() },
                key: { spec, _ in spec.logo.map { PercentDecoding.encode($0.parameterText) } })),
        .init(
            "logoColor", .badge, .color,
            docs: .init(
                "color of a named logo; by default shields.io's: the brand color, or `whitesmoke` where the brand "
                    + "color is dark (`#333` on `social` where it is light)",
                default: "the brand's", accepted: "color"),
            field: .init(
                "Badge", "Color of a named logo. Default: the brand color, whitesmoke where that is dark.",
                placeholder: "whitesmoke", picker: "#f5f5f5"),
            badge: .init(
                20,
                read: { reader, spec throws(ParameterError) in spec.logoColor = try reader.color(of: "logoColor") },
                key: { spec, _ in spec.logoColor.map { String($0.hex.dropFirst()) } })),
    ]
}

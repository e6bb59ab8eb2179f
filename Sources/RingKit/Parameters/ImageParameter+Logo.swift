extension ImageParameter {
    /// A logo and its color: before a badge's label, in a ring's hole, at a bar's left end.
    static let logo: [ImageParameter] = [
        .init(
            "logo", .all, .text,
            docs: .init(
                "a [Simple Icons](https://simpleicons.org) slug (`github`) or a custom logo "
                    + "`data:image/svg+xml;base64,…`, drawn in the ring's hole above the label (alone and larger with "
                    + "`label=none`), or at a bar's left end (see [logos](#logos))",
                default: "none",
                accepted: "a Simple Icons slug, or an SVG data URI of at most \(CustomLogo.maxBytes / 1024) KiB"),
            badgeDocs: .init(
                "a [Simple Icons](https://simpleicons.org) slug (`github`, `python`) drawn 14 px high before the label, "
                    + "as shields.io draws it; or a custom logo `data:image/svg+xml;base64,…` (see [logos](#logos))",
                default: "none",
                accepted: "a Simple Icons slug, or an SVG data URI of at most \(CustomLogo.maxBytes / 1024) KiB"),
            field: .init(
                "Logo",
                "A Simple Icons slug (github, python), drawn before a badge's label, in a ring's hole or at a bar's "
                    + "left end; or data:image/svg+xml;base64,… of at most 5 KiB.", placeholder: "github"),
            ring: .init(
                32,
                read: { reader, spec throws(ParameterError) in spec.logo = try reader.logo() },
                key: { spec, _ in spec.logo.map { PercentDecoding.encode($0.parameterText) } }),
            badge: .init(
                19,
                read: { reader, spec throws(ParameterError) in spec.logo = try reader.logo() },
                key: { spec, _ in spec.logo.map { PercentDecoding.encode($0.parameterText) } })),
        .init(
            "logoColor", .all, .color,
            docs: .init(
                "color of a named logo; by default its brand color, or `whitesmoke` (`#333`) where a dark (light) "
                    + "brand color would not show on what is behind it", default: "the brand's", accepted: "a color"),
            badgeDocs: .init(
                "color of a named logo; by default shields.io's: the brand color, or `whitesmoke` where the brand "
                    + "color is dark (`#333` on `social` where it is light)",
                default: "the brand's", accepted: "color"),
            field: .init(
                "Logo", "Color of a named logo. Default: the brand color, whitesmoke where that is dark.",
                placeholder: "whitesmoke", picker: "#f5f5f5"),
            ring: .init(
                33,
                read: { reader, spec throws(ParameterError) in spec.logoColor = try reader.color(of: "logoColor") },
                key: { spec, _ in spec.logoColor.map { String($0.hex.dropFirst()) } }),
            badge: .init(
                20,
                read: { reader, spec throws(ParameterError) in spec.logoColor = try reader.color(of: "logoColor") },
                key: { spec, _ in spec.logoColor.map { String($0.hex.dropFirst()) } })),
    ]
}

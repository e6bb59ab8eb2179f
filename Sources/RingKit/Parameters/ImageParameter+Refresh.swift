extension ImageParameter {
    /// `refresh`: seconds after which a page showing the image should fetch it again. It shapes the response's
    /// headers (`Refresh: N`, for `<embed>` and `<iframe>` users) and the embed page's rhythm, never the image, so no
    /// format's key holds it.
    static let refresh = ImageParameter(
        "refresh", [.all, .spark], .integer,
        docs: .init(
            "seconds after which a page showing the image fetches it again: the answer carries `Refresh: N`, and "
                + "[the embed page](embed.md) refetches on it (never sooner than the image's max-age)",
            default: "none", accepted: "integer \(range(ImageLimits.refresh))"),
        field: .init(
            "Output",
            "Seconds between fetches of a page that follows the image (the embed snippet), "
                + "\(range(ImageLimits.refresh)); never sooner than the image's max-age.",
            placeholder: "none"),
        ring: .init(
            38, .headersOnly,
            read: { reader, spec throws(ParameterError) in
                spec.refresh = try reader.integer(of: "refresh", in: ImageLimits.refresh)
            }, key: { spec, _ in spec.refresh.map { String($0) } }),
        badge: .init(
            26, .headersOnly,
            read: { reader, spec throws(ParameterError) in
                spec.refresh = try reader.integer(of: "refresh", in: ImageLimits.refresh)
            }, key: { spec, _ in spec.refresh.map { String($0) } }))
}

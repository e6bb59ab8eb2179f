extension ImageParameter {
    /// `matte`: what a GIF's translucent pixels are laid over, since GIF has one transparent color and no partial
    /// transparency. Only the GIF's key holds it, and only when it is not the default white, so the keys of URLs
    /// without it are those they had before it existed.
    static let matte = ImageParameter(
        "matte", [.all, .spark], .color,
        docs: .init(
            "what a GIF's translucent pixels (anti-aliased edges over a transparent background) are laid over: the "
                + "color of the page it will be shown on", default: "`#ffffff`",
            accepted: "an opaque color; other formats ignore it (but still check it)"),
        field: .init(
            "Output", "GIF only: the page color translucent edges are laid over (GIF has no partial transparency).",
            placeholder: "#ffffff"),
        ring: .init(
            37, .gif,
            read: { reader, spec throws(ParameterError) in spec.matte = try opaqueMatte(reader) },
            key: { spec, _ in spec.matte == white ? nil : RingSpec.text(spec.matte) }),
        badge: .init(
            25, .gif,
            read: { reader, spec throws(ParameterError) in spec.matte = try opaqueMatte(reader) },
            key: { spec, _ in spec.matte == white ? nil : RingSpec.text(spec.matte) }))

    /// The default matte, left out of keys: white.
    private static let white = RGBAColor(0xff, 0xff, 0xff)

    private static func opaqueMatte(_ reader: ParameterReader) throws(ParameterError) -> RGBAColor {
        let color = try reader.color(of: "matte")!
        guard color.alpha == 255 else {
            throw ParameterError(
                parameter: "matte", value: color.hex,
                reason: "is translucent; a matte is an opaque color, the page's (GIF has no partial transparency)")
        }
        return color
    }
}

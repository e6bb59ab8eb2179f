extension BadgeSpec: ImageKind {
    public static var kind: Drawing.Kind { .badge }
    public static var parameterKind: ImageParameter.Kinds { .badge }
    public static var parameterNames: [String] { parameterRows.names }
    /// A badge's error is a badge (`BadgeRenderer.errorLayout`), whose width its text sets: only `size` is read.
    public static func refusalFrame(in query: Substring) -> (width: Int, height: Int) {
        (RefusalImage.looseInteger("size", in: query, range: RingSpec.Limits.size) ?? RingSpec().size, 0)
    }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> BadgeSpec {
        try parse(
            query: request.query, pathLabel: request.pathLabel, pathValue: request.pathValue, read: request.read,
            staleSince: request.staleSince, clock: request.clock,
            named: request.named, valueName: request.valueName)
    }
    public var cssSize: (width: Int, height: Int) {
        let layout = BadgeLayout(self)
        return (layout.width, layout.height)
    }
    public var pixelEdge: Int { BadgeLayout(self).width * scale }
    public func svg() -> [UInt8] { BadgeRenderer.svg(self) }
    public func raster() throws(RenderError) -> Raster { Raster(try BadgeRenderer.surface(self)) }
}

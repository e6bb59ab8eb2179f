extension RingSpec: ImageKind {
    public static var kind: Drawing.Kind { .ring }
    public static var parameterKind: ImageParameter.Kinds { .ring }
    public static var parameterNames: [String] { parameterRows.names }
    public static func refusalFrame(in query: Substring) -> (width: Int, height: Int) {
        let size = RefusalImage.looseInteger("size", in: query, range: Limits.size) ?? RingSpec().size
        return (size, size)
    }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> RingSpec {
        try parse(
            query: request.query, pathValue: request.pathValue, read: request.read, staleSince: request.staleSince,
            clock: request.clock,
            named: request.named)
    }
    public var cssSize: (width: Int, height: Int) { (size, size) }
    public var pixelEdge: Int { size * scale }
    public func svg() -> [UInt8] { SVGRenderer.render(self) }
    public func raster() throws(RenderError) -> Raster {
        let drawn = try PNGRenderer.surface(self)
        return Raster(drawn.surface, encoder: drawn.encoder)
    }
    public var animationSeconds: Double { animate.isFinite ? Swift.min(Swift.max(animate, 0), 10) : 0 }
    public func raster(revealing share: Double) throws(RenderError) -> Raster {
        let drawn = try PNGRenderer.surface(self, reveal: share)
        return Raster(drawn.surface, encoder: drawn.encoder)
    }
}

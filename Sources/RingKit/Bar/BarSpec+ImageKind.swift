extension BarSpec: ImageKind {
    public static var kind: Drawing.Kind { .bar }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> BarSpec {
        try parse(
            query: request.query, pathValue: request.pathValue, read: request.read, staleSince: request.staleSince,
            clock: request.clock)
    }
    public var cacheSeconds: Int? { series.cacheSeconds }
    public var cssSize: (width: Int, height: Int) { (width, imageHeight) }
    public var pixelEdge: Int { Swift.max(width, imageHeight) * series.scale }
    public func svg() -> [UInt8] { BarRenderer.svg(self) }
    public func raster() throws(RenderError) -> Raster { Raster(try BarRenderer.surface(self)) }
    public var animationSeconds: Double { series.animationSeconds }
    public func raster(revealing share: Double) throws(RenderError) -> Raster {
        Raster(try BarRenderer.surface(self, reveal: share))
    }
    public var matte: RGBAColor { series.matte }
}

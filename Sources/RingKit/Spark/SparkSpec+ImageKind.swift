extension SparkSpec: ImageKind {
    public static var kind: Drawing.Kind { .spark }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> SparkSpec {
        try parse(query: request.query, staleSince: request.staleSince, clock: request.clock)
    }
    public var cacheSeconds: Int? { series.cacheSeconds }
    public var cssSize: (width: Int, height: Int) { (width, height) }
    public var pixelEdge: Int { Swift.max(width, height) * series.scale }
    public func svg() -> [UInt8] { SparkRenderer.svg(self) }
    public func raster() throws(RenderError) -> Raster { Raster(try SparkRenderer.surface(self)) }
    public var matte: RGBAColor { series.matte }
}

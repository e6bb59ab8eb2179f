extension BarSpec: ImageKind {
    public static var kind: Drawing.Kind { .bar }
    public static var parameterKind: ImageParameter.Kinds { .bar }
    public static var parameterNames: [String] { sharedRows.names + parameterRows.names }
    public static var ownParameters: [ImageParameter] { parameterTable.map(\.row) }
    public static func refusalFrame(in query: Substring) -> (width: Int, height: Int) {
        (
            RefusalImage.looseInteger("width", in: query, range: Limits.width) ?? BarSpec().width,
            RefusalImage.looseInteger("height", in: query, range: Limits.height) ?? BarSpec().height
        )
    }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> BarSpec {
        try parse(
            query: request.query, pathValue: request.pathValue, read: request.read, staleSince: request.staleSince,
            clock: request.clock,
            named: request.named)
    }
    public var cacheSeconds: Int? { series.cacheSeconds }
    public var refresh: Int? { series.refresh }
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

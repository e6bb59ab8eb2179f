extension SparkSpec: ImageKind {
    public static var kind: Drawing.Kind { .spark }
    public static var parameterKind: ImageParameter.Kinds { .spark }
    public static var parameterNames: [String] { sharedRows.names + parameterRows.names }
    public static var ownParameters: [ImageParameter] { parameterTable.map(\.row) }
    public static func refusalFrame(in query: Substring) -> (width: Int, height: Int) {
        (
            RefusalImage.looseInteger("width", in: query, range: Limits.width) ?? SparkSpec().width,
            RefusalImage.looseInteger("height", in: query, range: Limits.height) ?? SparkSpec().height
        )
    }
    public static func parse(_ request: Drawing.Request) throws(ParameterError) -> SparkSpec {
        try parse(
            query: request.query, staleSince: request.staleSince, clock: request.clock,
            named: request.named)
    }
    public var cacheSeconds: Int? { series.cacheSeconds }
    public var refresh: Int? { series.refresh }
    public var cssSize: (width: Int, height: Int) { (width, height) }
    public var pixelEdge: Int { Swift.max(width, height) * series.scale }
    public func svg() -> [UInt8] { SparkRenderer.svg(self) }
    public func raster() throws(RenderError) -> Raster { Raster(try SparkRenderer.surface(self)) }
    public var matte: RGBAColor { series.matte }
}

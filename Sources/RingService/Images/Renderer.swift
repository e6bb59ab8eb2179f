import RingKit

/// How the service turns an image request into bytes: parse the parameters, then draw. The service holds one; tests
/// inject their own to count parses or make a render fail.
protocol Renderer: Sendable {
    func parse(_ request: Drawing.Request) throws(ParameterError) -> Drawing
    func render(_ drawing: Drawing, as format: ImageFormat) throws(RenderError) -> [UInt8]
}

/// The production renderer: RingKit's parsers and renderers.
struct RingKitRenderer: Renderer {
    func parse(_ request: Drawing.Request) throws(ParameterError) -> Drawing {
        try Drawing.parse(request)
    }

    func render(_ drawing: Drawing, as format: ImageFormat) throws(RenderError) -> [UInt8] {
        try drawing.render(format)
    }
}

/// What one kind of image (a ring, a badge, a bar, a sparkline) implements: how its spec is read from a request, its
/// canonical key, its SVG and its drawn raster. `Drawing` holds one and writes everything else once over it: the
/// dispatch, the raster formats' encoding (a new output format encodes `raster()` its own way), caching and errors.
/// A new kind is its folder (spec, parsing, key, layout, renderers, its own parameters and its conformance,
/// `Spec+ImageKind.swift`) and a case of `Drawing.Kind` with its type: the parameter table, the builder, the error
/// images, the routes, the metrics and `progress-rings render` read everything else through this protocol.
public protocol ImageKind: Sendable, Hashable {
    /// The kind's name in routes and metrics.
    static var kind: Drawing.Kind { get }
    /// Its bit in the parameter table: the rows marked with it apply to it. A new kind declares a bit of its own
    /// beside its spec (`extension ImageParameter.Kinds`); `ParameterTableTests` checks that no two kinds share one.
    static var parameterKind: ImageParameter.Kinds { get }
    /// The names its spec reads from a query, in their key places (the service's live-value parameters left out).
    static var parameterNames: [String] { get }
    /// The parameters only this kind reads, declared in its folder with how it reads and keys them
    /// (`OwnParameter`): the parameter table (`ImageParameter.all`) gathers them from every kind.
    static var ownParameters: [ImageParameter] { get }
    /// The CSS width and height of its error image, read leniently (`RefusalImage.looseInteger`) from a query that
    /// may be refused for them.
    static func refusalFrame(in query: Substring) -> (width: Int, height: Int)
    /// Reads and validates every parameter of the request; the result is normalized.
    static func parse(_ request: Drawing.Request) throws(ParameterError) -> Self
    /// The `cacheSeconds` the URL asked for; `nil` means the server's default.
    var cacheSeconds: Int? { get }
    /// The `refresh` the URL asked for (`Refresh: N`); `nil` when none.
    var refresh: Int? { get }
    /// The image's width and height in CSS pixels (a raster has `scale` times as many).
    var cssSize: (width: Int, height: Int) { get }
    /// The longer side of the raster in pixels: what its drawing time and memory grow with.
    var pixelEdge: Int { get }
    /// Equal for equal images of this format, and never equal between two kinds.
    func canonicalKey(for format: ImageFormat) -> String
    /// The SVG document; identical specs give identical bytes.
    func svg() -> [UInt8]
    /// The drawn ARGB32 surface, flushed (a raster cannot follow the viewer's color scheme: `theme=auto` is drawn to
    /// read on light and dark pages), and the PNG encoder that suits it; the caller destroys the surface.
    func raster() throws(RenderError) -> Raster
    /// Seconds of the fill animation (`animate`): what a GIF plays as frames; 0 for a still image.
    var animationSeconds: Double { get }
    /// The raster with the progress drawn to `share` (0…1) of its final extent, as the SVG's animation shows it
    /// part way: a frame of the GIF. The label and colors are the value's.
    func raster(revealing share: Double) throws(RenderError) -> Raster
    /// What a GIF lays translucent pixels over (`matte`): GIF has no partial transparency.
    var matte: RGBAColor { get }
}

extension ImageKind {
    public static var ownParameters: [ImageParameter] { [] }
    public var animationSeconds: Double { 0 }
    public func raster(revealing share: Double) throws(RenderError) -> Raster { try raster() }
}

/// A drawn image before encoding: an ARGB32 Cairo surface the holder destroys, and the PNG encoder that suits it.
public struct Raster {
    package let surface: OpaquePointer
    package let encoder: PNGEncoder

    init(_ surface: OpaquePointer, encoder: PNGEncoder = .tuned) {
        self.surface = surface
        self.encoder = encoder
    }
}

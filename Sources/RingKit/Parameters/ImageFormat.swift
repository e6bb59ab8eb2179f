/// The image formats the renderers produce.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case svg
    case png
    /// Still, or with `animate` the fill animation as frames; one palette fit to the image, edges matted.
    case gif
    /// Lossless WebP of the PNG's pixels.
    case webp

    /// The exact Content-Type the contract names.
    public var contentType: String {
        switch self {
        case .svg: "image/svg+xml; charset=utf-8"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        }
    }

    /// Whether the format is pixels (every format but SVG): drawn on one surface, at `scale`, in the light theme.
    public var isRaster: Bool { self != .svg }
}

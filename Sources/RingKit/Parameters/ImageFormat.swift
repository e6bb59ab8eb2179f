/// The image formats the renderers produce.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case svg
    case png

    /// The exact Content-Type the contract names.
    public var contentType: String {
        switch self {
        case .svg: "image/svg+xml; charset=utf-8"
        case .png: "image/png"
        }
    }
}

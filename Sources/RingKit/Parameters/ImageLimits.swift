/// The bounds every image kind shares (rings, badges, bars), in one place for validation, messages and docs.
public enum ImageLimits {
    /// Digits after the point in a percentage.
    public static let decimals = 0...3
    /// Pixel density of a PNG.
    public static let scale = 1...4
    /// The largest PNG edge in pixels: an image's width (or height) × scale may not exceed it.
    public static let pixelEdge = 2048
    /// The longest `Cache-Control` max-age a URL may ask for, in seconds (a year).
    public static let cacheSeconds = 0...31_536_000
    /// The seconds a page that follows an image may wait between fetches (`refresh`): from a few seconds to a day.
    public static let refresh = 5...86_400
}

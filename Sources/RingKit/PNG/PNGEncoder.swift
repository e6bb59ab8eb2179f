import CCairo
import CPNG

/// How `PNGRenderer` turns Cairo's pixels into PNG bytes.
package enum PNGEncoder: Sendable, Hashable {
    /// The PNG row filters, for `.zlib`.
    package enum Filter: Int32, Sendable, Hashable, CaseIterable {
        case none = 0
        case sub = 1
        case up = 2
        case average = 3
        case paeth = 4
        /// Per row, the filter with the least sum of absolute differences (libpng's heuristic).
        case adaptive = 5
    }

    /// The zlib strategies that suit images.
    package enum Strategy: Int32, Sendable, Hashable, CaseIterable {
        case standard = 0
        case filtered = 1
        case huffmanOnly = 2
        case rle = 3
    }

    /// The production choice, picked with `ring-bench --encoders`: the scanline deflate, no row filter, no palette.
    case tuned
    /// The production choice for an image without text (a ring without a label): `tuned`, written as a palette PNG
    /// when the image has at most 256 distinct pixels. Rings drawn with exact coverage mostly have (about 200 at
    /// 128 px), but text alone brings more, so the colors are counted only where that pays.
    case shapes
    /// Our writer over zlib with explicit settings, for measurements; `palette` writes an image of at most 256
    /// distinct pixels with a palette.
    case zlib(level: Int, strategy: Strategy, filter: Filter, palette: Bool = false)
    /// Our writer over the scanline deflate (`Sources/CPNG/pr_deflate.c`), for measurements.
    case scanline(filter: Filter, palette: Bool)
    /// Cairo's own `cairo_surface_write_to_png_stream` (libpng defaults), the reference for size and speed.
    case cairo

    // Chosen with `ring-bench --encoders` (figures in docs/benchmarks.md, "Rendering"). Filters hurt: rings are
    // flat color and transparency, which deflate matches directly, while filtered anti-aliased edges become noise.
    // The scanline deflate finds those matches at the pixel to the left and above, where zlib searches hash chains.
    static let tunedFilter = Filter.none

    /// Encodes an ARGB32 image surface, already flushed.
    package func encode(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        switch self {
        case .tuned, .shapes:
            var options = pr_png_options(
                level: 0, strategy: 0, filter: PNGEncoder.tunedFilter.rawValue,
                deflater: Int32(PR_PNG_DEFLATE_SCANLINE), palette: self == .shapes ? 1 : 0)
            return try PNGEncoder.encode(surface, &options)
        case .zlib(let level, let strategy, let filter, let palette):
            var options = pr_png_options(
                level: Int32(Swift.min(Swift.max(level, 0), 9)), strategy: strategy.rawValue, filter: filter.rawValue,
                deflater: Int32(PR_PNG_DEFLATE_ZLIB), palette: palette ? 1 : 0)
            return try PNGEncoder.encode(surface, &options)
        case .scanline(let filter, let palette):
            var options = pr_png_options(
                level: 0, strategy: 0, filter: filter.rawValue, deflater: Int32(PR_PNG_DEFLATE_SCANLINE),
                palette: palette ? 1 : 0)
            return try PNGEncoder.encode(surface, &options)
        case .cairo:
            return try PNGEncoder.encodeWithCairo(surface)
        }
    }

    private static func encode(_ surface: OpaquePointer, _ options: inout pr_png_options) throws(RenderError) -> [UInt8]
    {
        let width = cairo_image_surface_get_width(surface)
        let height = cairo_image_surface_get_height(surface)
        let stride = cairo_image_surface_get_stride(surface)
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else {
            throw RenderError("PNG encoding: the surface has no pixels")
        }
        var length = 0
        guard let png = pr_png_encode_argb32(data, width, height, stride, &options, &length) else {
            throw RenderError("PNG encoding failed (\(width)×\(height))")
        }
        // Copied out at its exact size: the thread's buffer is reused, and a cached image should not keep slack.
        let bytes = Array(UnsafeBufferPointer(start: png, count: length))
        // Large images are drawn on worker threads that may never draw a small one, which was what gave the
        // thread's grown buffers back: give them back now.
        pr_png_release_large_buffers()
        return bytes
    }

    private static func encodeWithCairo(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            surface,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("Cairo PNG writer failed: \(String(cString: cairo_status_to_string(status)))")
        }
        return withExtendedLifetime(sink) { sink.bytes }
    }
}

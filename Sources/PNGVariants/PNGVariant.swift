import CCairo
import CPNG
import RingKit

/// Every way the benchmarks and tests encode a PNG: the product's two encoders, our writer with other settings (zlib
/// at a level and strategy, row filters, a palette), and Cairo's own writer, the reference for size and speed.
/// Outside the product: `ring-bench --encoders` chose `PNGEncoder.tuned` among these, and the tests check that every
/// setting of the writer decodes exactly.
package enum PNGVariant: Sendable, Hashable {
    /// The PNG row filters.
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

    /// One of the product's encoders.
    case product(PNGEncoder)
    /// Our writer over zlib with explicit settings; `palette` writes an image of at most 256 distinct pixels with a
    /// palette.
    case zlib(level: Int, strategy: Strategy, filter: Filter, palette: Bool = false)
    /// Our writer over the scanline deflate (`Sources/CPNG/pr_deflate.c`) with a row filter.
    case scanline(filter: Filter, palette: Bool)
    /// Cairo's own `cairo_surface_write_to_png_stream` (libpng defaults).
    case cairo

    package static let tuned = PNGVariant.product(.tuned)
    package static let shapes = PNGVariant.product(.shapes)

    /// Encodes an ARGB32 image surface, already flushed.
    package func encode(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        switch self {
        case .product(let encoder):
            return try encoder.encode(surface)
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
            return try Self.encodeWithCairo(surface)
        }
    }

    /// The PNG of `spec`, drawn as the product draws it and encoded this way.
    package func render(_ spec: RingSpec) throws(RenderError) -> [UInt8] {
        let drawn = try PNGRenderer.surface(spec)
        defer { cairo_surface_destroy(drawn.surface) }
        return try encode(drawn.surface)
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

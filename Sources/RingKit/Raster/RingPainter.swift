import CCairo
import Glibc

/// Paints the parts of a ring onto an ARGB32 Cairo surface: strokes, caps and fills with exact coverage
/// (`CoverageRaster`) straight into its pixels, and with Cairo what the raster leaves to it — text, and strokes
/// whose pieces would overlap (caps that reach round to each other, strokes wider than their diameter). Cairo and the
/// raster take turns on the same pixels; the painter tells Cairo when the pixels changed under it.
final class RingPainter {
    let surface: OpaquePointer
    let scale: Double
    let width: Int
    let height: Int
    let pixels: UnsafeMutablePointer<UInt32>
    let rowPixels: Int
    let raster: CoverageRaster
    private var context: OpaquePointer?
    /// Whether Cairo drew last (its pixels must be flushed before the raster writes) or the raster did (Cairo must
    /// be told before it draws).
    private var cairoDrewLast = false
    private var rasterDrewLast = false

    private static let rasters = ThreadLocal { CoverageRaster() }

    init(surface: OpaquePointer, scale: Double) {
        self.surface = surface
        self.scale = scale
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let data = cairo_image_surface_get_data(surface)!
        pixels = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        raster = Self.rasters.value
        raster.begin(width: width, height: height)
    }

    deinit {
        if let context { cairo_destroy(context) }
    }

    /// A Cairo context on the surface, in CSS pixels, for what the raster does not draw.
    var cairo: OpaquePointer {
        if rasterDrewLast {
            cairo_surface_mark_dirty(surface)
            rasterDrewLast = false
        }
        cairoDrewLast = true
        if let context { return context }
        let cr = cairo_create(surface)!
        cairo_scale(cr, scale, scale)
        context = cr
        return cr
    }

    /// Fills `path` (in device pixels) with `color` over what is there.
    func fill(_ path: CoveragePath, _ color: RGBAColor, onto target: UnsafeMutablePointer<UInt32>? = nil) {
        rasterWillDraw()
        raster.add(path)
        raster.paint(CoverageRaster.premultiplied(color), onto: target ?? pixels, rowPixels: rowPixels)
    }

    /// Hands the pixels from Cairo to the raster.
    private func rasterWillDraw() {
        if cairoDrewLast {
            cairo_surface_flush(surface)
            cairoDrewLast = false
        }
        rasterDrewLast = true
    }

    /// The whole image in `color`.
    func fillAll(_ color: RGBAColor) {
        let w = Double(width)
        let h = Double(height)
        fill(.polygon([.init(x: 0, y: 0), .init(x: w, y: 0), .init(x: w, y: h), .init(x: 0, y: h)]), color)
    }

    /// The stroke of ring geometry `g` on the circle of `radius` (CSS px) from the angle `from` through `sweep`
    /// degrees in the ring's direction, with `cap` (a whole turn has none), exactly if the raster can draw it.
    func stroke(
        _ g: RingGeometry, from: Double, sweep: Double, radius: Double, cap: RingSpec.Cap, color: RGBAColor,
        onto target: UnsafeMutablePointer<UInt32>? = nil
    ) -> Bool {
        guard let path = Self.strokePath(g, from: from, sweep: sweep, radius: radius, cap: cap, scale: scale) else {
            return false
        }
        fill(path, color, onto: target)
        return true
    }

    /// The outline of a stroke in device pixels, or nil when its pieces would overlap.
    static func strokePath(
        _ g: RingGeometry, from: Double, sweep: Double, radius: Double, cap: RingSpec.Cap, scale: Double
    ) -> CoveragePath? {
        let center = CoveragePath.Point(x: g.center * scale, y: g.center * scale)
        let r = radius * scale
        let half = g.thickness * scale / 2
        if sweep >= 360 {
            guard r >= half else { return nil }
            return .annulus(center: center, inner: r - half, outer: r + half)
        }
        let start = (from - 90) * Double.pi / 180
        let turn = sweep * Double.pi / 180
        // A counter-clockwise stroke covers the same angles as a clockwise one ending where it starts.
        return .stroke(
            center: center, radius: r, thickness: 2 * half, from: g.clockwise ? start : start - turn, sweep: turn,
            cap: cap)
    }

    /// Lays `layer` (premultiplied ARGB32 of this image's size) over the surface at `alpha`, as Cairo's
    /// paint-with-alpha of a group does.
    func composite(_ layer: UnsafeMutablePointer<UInt32>, alpha: UInt8) {
        if cairoDrewLast {
            cairo_surface_flush(surface)
            cairoDrewLast = false
        }
        rasterDrewLast = true
        let mask = CoverageRaster.premultiplied(RGBAColor(0, 0, 0, alpha)) >> 24
        for y in 0..<height {
            let row = pixels + y * rowPixels
            let source = layer + y * rowPixels
            for x in 0..<width where source[x] != 0 {
                let s = CoverageRaster.multiply(source[x], mask)
                row[x] = CoverageRaster.over(s, onto: row[x])
            }
        }
    }

    /// Draws what `draw` would onto the empty surface by copying the pixels this thread kept for `key`, or runs
    /// `draw` and keeps its pixels. Only for what the raster alone draws onto an empty surface, first.
    func base(_ key: BaseLayers.Key, draw: () -> Void) {
        let count = height * rowPixels
        let layers = BaseLayers.perThread.value
        if let kept = layers.layer(for: key), kept.count == count {
            kept.withUnsafeBufferPointer { pixels.update(from: $0.baseAddress!, count: count) }
            rasterDrewLast = true
            return
        }
        draw()
        if cairoDrewLast { cairo_surface_flush(surface) }
        if layers.shouldKeep(key, size: count) {
            layers.keep(Array(UnsafeBufferPointer(start: pixels, count: count)), size: count, for: key)
        }
    }

    /// Hands the pixels back to Cairo, drawn.
    func finish() {
        if rasterDrewLast { cairo_surface_mark_dirty(surface) }
        cairo_surface_flush(surface)
    }
}

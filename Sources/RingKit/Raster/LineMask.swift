import CCairo
import CPango

/// A laid-out line's glyphs as an 8-bit coverage mask, rendered once by Cairo and laid over later images in their
/// own color with pixman's arithmetic: the same pixels as drawing the line again (`KeptLineTests` compares them), at
/// a fraction of the cost of Pango's renderer and Cairo's glyph compositing (4.7 % of a miss flood's server CPU).
///
/// Exact where Cairo draws the line with one `cairo_show_glyphs` of 8-bit glyphs: the glyphs of one call meet in one
/// mask (added where they overlap) that is laid over the target once, in the source color, with the operator OVER.
/// So a line qualifies when it is one run of printable ASCII (DejaVu Sans holds all of it: one font, no color
/// glyphs), and a draw when it goes straight onto an ARGB32 image, unclipped, with a solid source and OVER.
final class LineMask {
    /// Where the line starts, in user space, and the transformation: the glyphs' device positions, which Cairo
    /// rounds to whole pixels, follow from these alone.
    struct Key: Hashable {
        let x: Double
        let y: Double
        let xx: Double
        let yx: Double
        let xy: Double
        let yy: Double
        let x0: Double
        let y0: Double
    }

    /// A larger mask (the label of a large image) is not made: such a line is drawn by Pango.
    static let maxBytes = 8192

    /// The device pixel of the target under the mask's first pixel.
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    /// Row after row, `width` bytes each.
    let coverage: [UInt8]

    /// Renders `layout`, whose top left is at `key.x, key.y` under `key`'s transformation, into a mask that covers
    /// its ink.
    init?(_ layout: OpaquePointer, _ key: Key) {
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let scale = Double(PANGO_SCALE)
        // The ink box's corners in device space, a pixel of margin around them (antialiasing, rounding).
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for (cx, cy) in [
            (ink.x, ink.y), (ink.x + ink.width, ink.y), (ink.x, ink.y + ink.height),
            (ink.x + ink.width, ink.y + ink.height),
        ] {
            let ux = key.x + Double(cx) / scale
            let uy = key.y + Double(cy) / scale
            let dx = key.xx * ux + key.xy * uy + key.x0
            let dy = key.yx * ux + key.yy * uy + key.y0
            minX = Swift.min(minX, dx)
            maxX = Swift.max(maxX, dx)
            minY = Swift.min(minY, dy)
            maxY = Swift.max(maxY, dy)
        }
        guard minX.isFinite, minY.isFinite, maxX - minX < 8192, maxY - minY < 8192 else { return nil }
        let left = Int(minX.rounded(.down)) - 2
        let top = Int(minY.rounded(.down)) - 2
        let width = Int(maxX.rounded(.up)) + 2 - left
        let height = Int(maxY.rounded(.up)) + 2 - top
        guard width * height <= Self.maxBytes else { return nil }
        (self.left, self.top, self.width, self.height) = (left, top, width, height)
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        // The target's transformation, and a device offset of whole pixels (set before the context is made, which
        // reads it): every glyph lands `left, top` pixels from where it lands in the target, rounded the same way.
        // (Moving the transformation instead changes the current point Pango reads back from Cairo in its last
        // bits, and with it a glyph's rounding.)
        cairo_surface_set_device_offset(surface, -Double(left), -Double(top))
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        var matrix = cairo_matrix_t(xx: key.xx, yx: key.yx, xy: key.xy, yy: key.yy, x0: key.x0, y0: key.y0)
        cairo_set_matrix(cr, &matrix)
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_move_to(cr, key.x, key.y)
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        let data = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(
            to: UInt32.self)
        var coverage = [UInt8](repeating: 0, count: width * height)
        coverage.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                for x in 0..<width { out[row * width + x] = UInt8(data[row * rowPixels + x] >> 24) }
            }
        }
        self.coverage = coverage
    }

    /// The key and target of a draw on `cr` the mask can stand in for, or nil when the line must be drawn by
    /// Pango: a group, a clip, another operator or source, or another kind of surface.
    static func target(_ cr: OpaquePointer, x: Double, y: Double) -> (Key, OpaquePointer, UInt32)? {
        guard let surface = cairo_get_target(cr), cairo_get_group_target(cr) == surface,
            cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
            cairo_get_operator(cr) == CAIRO_OPERATOR_OVER, let source = cairo_get_source(cr),
            cairo_pattern_get_type(source) == CAIRO_PATTERN_TYPE_SOLID
        else { return nil }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        guard offsetX == 0, offsetY == 0 else { return nil }
        // Unclipped: the clip's extents are the whole surface.
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_user_to_device(cr, &x1, &y1)
        cairo_user_to_device(cr, &x2, &y2)
        let width = Double(cairo_image_surface_get_width(surface))
        let height = Double(cairo_image_surface_get_height(surface))
        guard Swift.min(x1, x2) <= 0, Swift.min(y1, y2) <= 0, Swift.max(x1, x2) >= width, Swift.max(y1, y2) >= height
        else { return nil }
        var red = 0.0
        var green = 0.0
        var blue = 0.0
        var alpha = 0.0
        cairo_pattern_get_rgba(source, &red, &green, &blue, &alpha)
        func byte(_ value: Double) -> UInt8? {
            let scaled = value * 255
            return scaled == scaled.rounded() && scaled >= 0 && scaled <= 255 ? UInt8(scaled) : nil
        }
        // Colors come from RGBAColor, in 255ths; any other would round differently here.
        guard let r = byte(red), let g = byte(green), let b = byte(blue), let a = byte(alpha) else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let key = Key(
            x: x, y: y, xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy, x0: matrix.x0, y0: matrix.y0)
        return (key, surface, CoverageRaster.premultiplied(RGBAColor(r, g, b, a)))
    }

    /// Lays the mask over `surface` in `color` (premultiplied ARGB32), as pixman's OVER of a solid source through
    /// an 8-bit mask does, and tells Cairo which pixels changed.
    func paint(onto surface: OpaquePointer, color: UInt32) {
        guard color >> 24 != 0 else { return }
        let surfaceWidth = Int(cairo_image_surface_get_width(surface))
        let surfaceHeight = Int(cairo_image_surface_get_height(surface))
        let x0 = Swift.max(left, 0)
        let x1 = Swift.min(left + width, surfaceWidth)
        let y0 = Swift.max(top, 0)
        let y1 = Swift.min(top + height, surfaceHeight)
        guard x0 < x1, y0 < y1 else { return }
        cairo_surface_flush(surface)
        let rowPixels = Int(cairo_image_surface_get_stride(surface)) / 4
        let pixels = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!).assumingMemoryBound(
            to: UInt32.self)
        coverage.withUnsafeBufferPointer { coverage in
            for y in y0..<y1 {
                let row = pixels + y * rowPixels
                let masks = coverage.baseAddress! + (y - top) * width - left
                for x in x0..<x1 { CoverageRaster.lay(color, coverage: UInt32(masks[x]), onto: row + x) }
            }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }
}

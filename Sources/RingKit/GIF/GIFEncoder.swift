import CGif

/// Writes frames of matted pixels as a GIF89a through giflib: one global palette fit to every frame
/// (`ColorQuantizer`), LZW by giflib.
///
/// After the first frame, each frame holds only the rectangle that changed, its unchanged pixels transparent, and
/// leaves the previous picture in place (disposal "do not dispose"): a ring filling up changes a thin band a frame.
/// A pixel that turns clear again (an edge drawn a shade differently in the still last frame) is what such a frame
/// cannot say: the frame before it then takes that pixel into its rectangle and is cleared after it shows
/// (disposal "restore to background"), and the next frame draws that rectangle whole (`Region.plan`). No loop
/// extension: the animation plays once and stays on its last frame.
package enum GIFEncoder {
    /// One picture and how long it shows, in hundredths of a second.
    package struct Frame {
        /// `0x00RRGGBB` a pixel, or `ColorQuantizer.clear`; `width × height`, rows top down.
        var pixels: [UInt32]
        var delay: Int

        package init(pixels: [UInt32], delay: Int) {
            self.pixels = pixels
            self.delay = delay
        }
    }

    /// A pixel no color: clear in the image, or unchanged in a frame (`ColorQuantizer.clear`).
    package static let clear = ColorQuantizer.clear

    package static func encode(width: Int, height: Int, frames: [Frame]) throws(RenderError) -> [UInt8] {
        let animated = frames.count > 1
        let hasClear = animated || frames.contains { $0.pixels.contains(ColorQuantizer.clear) }
        let quantizer = ColorQuantizer(frames: frames.map(\.pixels), maxColors: hasClear ? 255 : 256)
        let clearIndex = UInt8(truncatingIfNeeded: quantizer.palette.count)
        let indexed = frames.map { quantizer.indices(of: $0.pixels, clearIndex: clearIndex) }
        let regions = Region.plan(indexed, width: width, height: height, clear: clearIndex)

        let sink = GIFByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), GIFByteSink.write, &error) else {
            throw RenderError("GIF encoding: giflib could not start (error \(error))")
        }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        EGifSetGifVersion(gif, true)
        try putScreen(gif, width: width, height: height, palette: quantizer.palette, extra: hasClear ? 1 : 0)
        for (frame, region) in zip(frames, regions) {
            if hasClear {
                let disposal =
                    animated ? (region.clearedAfter ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT) : DISPOSAL_UNSPECIFIED
                var control = GraphicsControlBlock(
                    DisposalMode: disposal,
                    UserInputFlag: false, DelayTime: Int32(frame.delay), TransparentColor: Int32(clearIndex))
                var bytes: [GifByteType] = [0, 0, 0, 0]
                let length = EGifGCBToExtension(&control, &bytes)
                guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), bytes) == GIF_OK else {
                    throw RenderError("GIF encoding: giflib refused a frame's control block")
                }
            }
            try region.put(gif)
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw RenderError("GIF encoding failed (error \(error))") }
        return sink.bytes
    }

    /// The global palette, padded to the power of two GIF needs, with `extra` entries after the colors (the
    /// transparent one).
    private static func putScreen(
        _ gif: UnsafeMutablePointer<GifFileType>, width: Int, height: Int, palette: [UInt32], extra: Int
    ) throws(RenderError) {
        var size = 2
        while size < palette.count + extra { size *= 2 }
        guard let map = GifMakeMapObject(Int32(size), nil) else { throw RenderError("GIF encoding: out of memory") }
        defer { GifFreeMapObject(map) }
        for index in 0..<size {
            let color = index < palette.count ? palette[index] : 0
            map.pointee.Colors[index] = GifColorType(
                Red: UInt8(color >> 16 & 0xFF), Green: UInt8(color >> 8 & 0xFF), Blue: UInt8(color & 0xFF))
        }
        guard EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map) == GIF_OK else {
            throw RenderError("GIF encoding: giflib refused the screen (\(width)×\(height))")
        }
    }
}

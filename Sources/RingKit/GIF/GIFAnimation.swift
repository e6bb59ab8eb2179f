import CCairo

/// The frames of an image's GIF: its raster as it is, or, with `animate`, the fill animation the SVG plays, as
/// frames: the progress revealed from nothing to the value along CSS's `ease-out` (the SVG's timing), the label and
/// colors those of the value throughout, as in the SVG; the last frame is the still image.
enum GIFAnimation {
    /// Frames a second, and the most frames one animation has: 15 a second reads as smooth motion for a fill, and
    /// 20 keeps a 10 s animation's bytes and drawing bounded (it steps every half second instead).
    static let framesPerSecond = 15.0
    static let maxSteps = 20
    /// The most pixels an animation's frames hold together while they are encoded (4 bytes each, and an index
    /// byte): 8 Mi, 40 MiB. Up to 512 × 512 px every animation has its steps; a 1024 px one has 8, a 2048 px one
    /// goes from empty to the value in one.
    static let pixelBudget = 8 << 20

    /// The GIF of `image`, its edges matted against `matte`.
    static func gif(of image: any ImageKind, matte: RGBAColor) throws(RenderError) -> [UInt8] {
        let seconds = image.animationSeconds
        let (width, height) = image.cssSize
        let scale = image.pixelEdge / Swift.max(1, width, height)
        let affordable = Swift.max(1, pixelBudget / Swift.max(1, width * height * scale * scale) - 1)
        let wanted = Swift.min(maxSteps, Swift.max(2, Int((seconds * framesPerSecond).rounded())))
        let steps = seconds > 0 ? Swift.min(wanted, affordable) : 0
        var frames: [GIFEncoder.Frame] = []
        var size = (width: 0, height: 0)
        for step in 0...steps {
            let time = steps == 0 ? 1 : Double(step) / Double(steps)
            let raster = try step == steps ? image.raster() : image.raster(revealing: EaseOut.progress(at: time))
            defer { cairo_surface_destroy(raster.surface) }
            let pixels = try RGBAImage(surface: raster.surface)
            size = (pixels.width, pixels.height)
            // Whole hundredths from the start, so the frames' delays add up to the animation's length.
            let shown =
                step == steps
                ? 0
                : Int((seconds * 100 * Double(step + 1) / Double(steps)).rounded())
                    - Int((seconds * 100 * time).rounded())
            frames.append(GIFEncoder.Frame(pixels: matted(pixels, against: matte), delay: shown))
        }
        return try GIFEncoder.encode(width: size.width, height: size.height, frames: frames)
    }

    /// Each pixel laid over `matte` (opaque) where it is translucent, `ColorQuantizer.clear` where it is clear:
    /// GIF has one transparent index and no partial transparency.
    static func matted(_ image: RGBAImage, against matte: RGBAColor) -> [UInt32] {
        let (mr, mg, mb) = (UInt32(matte.red), UInt32(matte.green), UInt32(matte.blue))
        return image.bytes.withUnsafeBufferPointer { bytes in
            [UInt32](unsafeUninitializedCapacity: image.width * image.height) { out, count in
                for index in 0..<(image.width * image.height) {
                    let (r, g, b, a) = (
                        UInt32(bytes[index * 4]), UInt32(bytes[index * 4 + 1]), UInt32(bytes[index * 4 + 2]),
                        UInt32(bytes[index * 4 + 3])
                    )
                    switch a {
                    case 0: out[index] = ColorQuantizer.clear
                    case 255: out[index] = r << 16 | g << 8 | b
                    default:
                        let rest = 255 - a
                        // Swift shifts before it divides: each channel is parenthesized whole.
                        let mattedRed = (r * a + mr * rest + 127) / 255
                        let mattedGreen = (g * a + mg * rest + 127) / 255
                        let mattedBlue = (b * a + mb * rest + 127) / 255
                        out[index] = mattedRed << 16 | mattedGreen << 8 | mattedBlue
                    }
                }
                count = image.width * image.height
            }
        }
    }
}
